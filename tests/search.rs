//! The computer player: exact endgames against a plain minimax, the repetition rule inside the
//! search, legal and reproducible moves at every level.
#![cfg(not(target_arch = "wasm32"))]

use walak::computer::{choose_move, Level, Player};
use walak::playout::Rng;
use walak::rules::board::{board_seeds, Seeds};
use walak::search::{Limits, SearchResult, Searcher};
use walak::{Game, Options, Position, Setup, Side};

type Seen = (Seeds, Side);

fn row(position: &Position, side: Side) -> i32 {
    position.seeds()[side.row()].iter().map(|&s| s as i32).sum()
}

fn on_board(position: &Position) -> i32 {
    board_seeds(position.seeds()) as i32
}

/// What the rules give the player to move from here on, when the game ends now; `None` while it
/// goes on. `line` holds the positions since the last capture, this one last.
fn ending(position: &Position, line: &[Seen]) -> Option<i32> {
    let here = (*position.seeds(), position.to_move());
    if line.iter().filter(|&&seen| seen == here).count() >= 3 {
        return Some(row(position, position.to_move()) - row(position, position.to_move().opponent()));
    }
    position.legal_moves().is_empty().then(|| -on_board(position))
}

/// Minimax over the whole game tree, nothing else: the seeds the player to move wins from here on
/// more than the opponent. Only for the tiniest boards: without cut-offs the tree explodes.
fn pure_minimax(position: &Position, line: &mut Vec<Seen>) -> i32 {
    if let Some(value) = ending(position, line) {
        return value;
    }
    let mut best = i32::MIN;
    for number in position.legal_moves() {
        let (after, sown) = position.play(number, &mut ()).unwrap();
        best = best.max(sown.captured as i32 - after_move(&after, sown.captured, line, pure_minimax));
    }
    best
}

/// The same minimax with alpha-beta cut-offs and the one bound the rules give (nobody wins more
/// than the seeds left), and nothing else: no table, no move ordering, no depth limit, no history
/// keys. Alpha-beta returns exactly minimax's value for the root.
fn minimax(position: &Position, line: &mut Vec<Seen>, alpha: i32, beta: i32) -> i32 {
    if let Some(value) = ending(position, line) {
        return value;
    }
    let most = on_board(position);
    if alpha >= most {
        return most;
    }
    let mut alpha = alpha;
    let mut best = -most;
    for number in position.legal_moves() {
        let (after, sown) = position.play(number, &mut ()).unwrap();
        let c = sown.captured as i32;
        let value = c - after_move(&after, sown.captured, line, |p, l| minimax(p, l, c - beta, c - alpha));
        best = best.max(value);
        alpha = alpha.max(value);
        if alpha >= beta {
            break;
        }
    }
    best
}

/// The opponent's value after a move: a capture starts the count of positions afresh.
fn after_move(
    after: &Position,
    captured: u8,
    line: &mut Vec<Seen>,
    value: impl FnOnce(&Position, &mut Vec<Seen>) -> i32,
) -> i32 {
    let seen = (*after.seeds(), after.to_move());
    if captured > 0 {
        value(after, &mut vec![seen])
    } else {
        line.push(seen);
        let v = value(after, line);
        line.pop();
        v
    }
}

/// The positions of a game's record since its last capture, replayed independently of the search.
fn line_of(record: &str) -> Vec<Seen> {
    let mut game = Game::new(Options::default());
    let mut line = vec![(game.view().board, game.view().to_move)];
    for digit in record.chars() {
        let before = board_seeds(&game.view().board);
        game.play(digit.to_digit(10).unwrap() as u8).unwrap();
        let view = game.view();
        if board_seeds(&view.board) != before {
            line.clear();
        }
        line.push((view.board, view.to_move));
    }
    line
}

/// The final seed difference under perfect play, from the mover's side, reserves included.
fn true_result(position: &Position, line: &mut Vec<Seen>) -> i32 {
    let reserves = position.reserves();
    let mover = position.to_move();
    reserves[mover.index()] as i32 - reserves[mover.opponent().index()] as i32 + minimax(position, line, -100, 100)
}

fn solve(game: &Game) -> SearchResult {
    Searcher::new(1).search(game, &Limits::solve(), &|| 0.0, 0).expect("the game is not over")
}

/// A random position with `seeds` seeds on the board, the rest in random reserves.
fn random_position(rng: &mut Rng, seeds: u32) -> Game {
    loop {
        let mut board = [0u8; 14];
        for _ in 0..seeds {
            board[rng.below(14)] += 1;
        }
        let south = rng.below(56 - seeds as usize + 1) as u8;
        let to_move = if rng.below(2) == 0 { Side::South } else { Side::North };
        let game = Setup::new(board, [south, 56 - seeds as u8 - south], to_move).to_game().unwrap();
        if !game.is_over() {
            return game;
        }
    }
}

#[test]
fn the_reference_minimax_agrees_with_pure_minimax() {
    let mut rng = Rng::new(11);
    for _ in 0..300 {
        let seeds = 1 + rng.below(2) as u32;
        let game = random_position(&mut rng, seeds);
        let position = *game.position();
        let start = vec![(*position.seeds(), position.to_move())];
        assert_eq!(pure_minimax(&position, &mut start.clone()), minimax(&position, &mut start.clone(), -100, 100));
    }
}

#[test]
fn the_endgame_solver_matches_minimax_on_random_small_positions() {
    let mut rng = Rng::new(2024);
    for case in 0..400 {
        let seeds = 1 + rng.below(7) as u32;
        let game = random_position(&mut rng, seeds);
        let position = *game.position();
        let mut line = vec![(*position.seeds(), position.to_move())];
        let expected = true_result(&position, &mut line);
        let result = solve(&game);
        let view = game.view();
        assert_eq!(result.eval, expected, "case {case}: {:?} {:?} {:?}", view.board, view.reserves, view.to_move);
        assert!(result.exact, "case {case}: a solve is exact");

        // The move chosen achieves that value.
        let (after, sown) = position.play(result.number, &mut ()).unwrap();
        let mine = sown.captured as i32 - after_move(&after, sown.captured, &mut line, |p, l| minimax(p, l, -100, 100));
        let held = view.reserves[view.to_move.index()] as i32 - view.reserves[view.to_move.opponent().index()] as i32;
        assert_eq!(held + mine, expected, "case {case}: move {} is not the best", result.number);
    }
}

#[test]
fn the_endgame_solver_matches_minimax_at_the_end_of_real_games() {
    // Random games played down to a small board: the positions since the last capture count.
    let mut checked = 0;
    for seed in 0..60 {
        let mut rng = Rng::new(seed);
        let mut game = Game::new(Options::default());
        while !game.is_over() {
            if board_seeds(&game.view().board) <= 9 {
                let expected = true_result(game.position(), &mut line_of(&game.record()));
                assert_eq!(solve(&game).eval, expected, "after {}", game.record());
                checked += 1;
            }
            let legal = game.legal_moves();
            game.play(legal[rng.below(legal.len())]).unwrap();
        }
    }
    assert!(checked > 100, "only {checked} positions checked");
}

#[test]
fn a_repetition_is_scored_by_the_rule() {
    // One seed in each row, chasing each other round the board: the position comes back every
    // fourteen moves. In this game it has come twice already, so the next time ends the game with
    // each side taking its own row; set up fresh, the same position plays on longer.
    let record = "4163445346715367711223344556677";
    let game = Game::from_record(record, Options::default()).unwrap();
    let view = game.view();
    assert_eq!(view.board, [1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0]);
    assert_eq!((view.reserves, view.to_move), ([28, 26], Side::North));
    let fresh = Setup::new(view.board, view.reserves, view.to_move).to_game().unwrap();

    let mut line = line_of(record);
    assert_eq!(line.iter().filter(|&&seen| seen == (view.board, view.to_move)).count(), 2);
    let with_history = true_result(game.position(), &mut line);
    let without = true_result(fresh.position(), &mut vec![(view.board, view.to_move)]);
    assert_ne!(with_history, without, "the history changes the result");

    assert_eq!(solve(&game).eval, with_history);
    assert_eq!(solve(&fresh).eval, without);
    // The search at every level sees it too, not only the solver.
    for level in [Level::Strong, Level::Master] {
        assert_eq!(choose_move(&game, level, &|| 0.0, 1).unwrap().eval, with_history, "{level}");
    }
}

/// A clock that moves on `step` milliseconds each time it is read: time-limited searches stop
/// after a fixed amount of work, whatever the machine.
fn stepping_clock(step: f64) -> impl Fn() -> f64 {
    let now = std::cell::Cell::new(0.0);
    move || {
        now.set(now.get() + step);
        now.get()
    }
}

#[test]
fn every_level_plays_only_legal_moves() {
    for seed in 0..12u64 {
        for rounds in [false, true] {
            let mut rng = Rng::new(seed);
            let mut game = Game::new(Options { rounds, ..Options::default() });
            let mut player = Player::default();
            let mut plies = 0;
            while !game.is_over() && plies < 400 {
                let level = Level::LADDER[rng.below(Level::LADDER.len())];
                let clock = stepping_clock(100.0);
                let legal = game.legal_moves();
                let result = player.choose(&game, level, &clock, rng.next_u64()).expect("a move while playing");
                assert!(legal.contains(&result.number), "{level} chose {} after {}", result.number, game.record());
                // Random moves in between reach more kinds of positions.
                let number = if rng.below(2) == 0 { result.number } else { legal[rng.below(legal.len())] };
                game.play(number).unwrap();
                plies += 1;
            }
        }
    }
}

#[test]
fn a_finished_game_has_no_move_to_choose() {
    let mut rng = Rng::new(5);
    let game = walak::playout::random_game(Options::default(), &mut rng);
    assert!(game.is_over());
    for level in Level::ALL {
        assert_eq!(choose_move(&game, level, &|| 0.0, 0), None);
    }
}

#[test]
fn a_level_under_a_depth_limit_plays_the_same_move_for_the_same_seed() {
    for record in ["", "7264", "72641", "3514627"] {
        let game = Game::from_record(record, Options::default()).unwrap();
        for level in [Level::Beginner, Level::Casual, Level::Club, Level::Strong] {
            for seed in [0, 1, 99] {
                let first = choose_move(&game, level, &|| 0.0, seed).unwrap();
                let again = choose_move(&game, level, &|| 0.0, seed).unwrap();
                assert_eq!(first, again, "{level} after '{record}' with seed {seed}");
            }
        }
        // A timed level is reproducible too when its clock is.
        let master = |seed| choose_move(&game, Level::Master, &stepping_clock(50.0), seed).unwrap();
        assert_eq!(master(3), master(3));
    }
}

#[test]
fn the_depth_limit_and_the_time_budget_are_kept() {
    let game = Game::from_record("7264", Options::default()).unwrap();
    for depth in 1..=6 {
        let result = Searcher::default().search(&game, &Limits::depth(depth), &|| 0.0, 0).unwrap();
        assert_eq!(result.depth, depth);
    }
    // With a clock that moves 10 ms at every reading, a 100 ms budget allows about ten readings.
    let limits = Limits { time_ms: Some(100.0), ..Limits::depth(200) };
    let result = Searcher::default().search(&game, &limits, &stepping_clock(10.0), 0).unwrap();
    assert!(result.nodes < 20 * 2048, "{} nodes", result.nodes);
    assert!(!result.exact);
}

/// A clock that stands still for its first `reads` readings and then jumps far past any budget:
/// the search stops at a chosen point of its work.
fn stopping_clock(reads: u32) -> impl Fn() -> f64 {
    let count = std::cell::Cell::new(0);
    move || {
        count.set(count.get() + 1);
        if count.get() > reads {
            1e9
        } else {
            0.0
        }
    }
}

#[test]
fn a_search_stopped_partway_keeps_the_move_of_its_last_finished_pass() {
    // After "13" every finished pass from depth 20 to 25 plays hole 6, expecting South to finish
    // 16 to 18 seeds ahead; hole 7 only ties it at depth 23 as a bound (it cannot beat it). A
    // time budget running out in the pass at depth 24 once returned hole 7, "8 seeds behind":
    // that pass had searched hole 7 first, not the last pass's choice.
    let game = Game::from_record("13", Options::default()).unwrap();
    let limits = Limits { time_ms: Some(1000.0), ..Level::Master.limits().unwrap() };
    for reads in [420, 550, 700, 1000] {
        let result = Searcher::default().search(&game, &limits, &stopping_clock(reads), 0).unwrap();
        assert_eq!(result.number, 6, "stopped after {reads} readings: {result:?}");
        assert!(result.depth >= 23 && (15..=19).contains(&result.eval), "stopped after {reads} readings: {result:?}");
    }
}

#[test]
fn a_small_endgame_is_reported_exact() {
    let mut rng = Rng::new(77);
    for _ in 0..30 {
        let seeds = 6 + rng.below(6) as u32;
        let game = random_position(&mut rng, seeds);
        let master = choose_move(&game, Level::Master, &stepping_clock(1.0), 0).unwrap();
        assert!(master.exact);
        assert_eq!(master.eval, solve(&game).eval);
    }
}

#[test]
fn levels_have_names_people_use() {
    for level in Level::ALL {
        assert_eq!(level.name().parse::<Level>(), Ok(level));
        assert!(!level.description().is_empty());
    }
    assert_eq!(Level::ALL.first(), Some(&Level::Beginner));
    assert_eq!(Level::STRONGEST, Level::Perfect);
    assert_eq!(Level::STRONGEST_SEARCH, Level::Master);
    assert_eq!(Level::LADDER, Level::ALL[..5]);
    assert!("expert".parse::<Level>().unwrap_err().contains("beginner"));
}
