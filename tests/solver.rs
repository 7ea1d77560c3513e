//! The exact solver ([`walak::solve::Solver`]) against a deliberately simple one, and against
//! itself with other tables, move orders and threads.
//!
//! **The simple solver** is written here from the rules (`docs/rules.md`) alone: plain negamax over
//! the whole game tree, each position valued by the final seed difference for the player to move
//! (reserves included), with no table, no move ordering, no pruning and no bounds. It shares no
//! code with the fast solver beyond the move itself, `Position::play` (the sowing, relay and
//! capture, which the golden vectors and `tests/rules.rs` check on their own). The legal moves,
//! the two endings, the repetition rule and the scoring are its own, and a test checks them
//! against `Game` over 3,000 random games. The repetition rule is kept the plainest way: a count of
//! every position's occurrences since the game began (the game's own history included), raised on
//! entering a position and lowered on leaving it, so nothing is assumed about which positions can
//! come back.
//!
//! **Its reach is not a seed count.** Without a table, a cycle of moves without a capture is
//! walked in every order the repetition rule allows, so a tree is either small or explodes (see
//! [`BUDGET`]). The simple solver gives up past 5,000 positions; such positions are counted and
//! skipped. It finishes every position with 1 or 2 seeds on the board, about half with 3, a
//! quarter with 4, one in eight with 5 or 6 and a few in a hundred with 7 to 12.
//!
//! **What is checked**: 2,373 positions of 1 to 12 seeds on the board, 863 from random games, 608
//! set up by hand and 902 one to four moves before random play ends in a third occurrence (their
//! history holds positions twice; in 176 a move repeats one a third time). In 1,156 of them a
//! third occurrence is reachable. For each, the fast solver (1 MB table) must give the same value,
//! the same value for every move, the same best moves, and a perfect line that, played out, ends
//! the game with that value; `value`, `best_moves` and `move_values` must agree too. `cargo test --release --test
//! solver -- --nocapture` prints these figures.
//!
//! **Beyond the simple solver's reach**, two tests check that the fast solver's values do
//! not depend on its table's size (1 MB or 1 GB), its threads or the order it tries moves in
//! (shuffled by four seeds), on positions of 9 to 22 seeds from games between club players.
//!
//! **Parker's rule sets** (`parker-walak`, `parker-kotu`; docs/rules.md, "The pussa family"): the
//! simple solver plays them too, with their own legal moves (tried through `Position::play`,
//! which refuses what their rules of single seeds, first turns and marked holes forbid, and
//! before the direction is chosen every hole in both directions), their repetition rule (the
//! board, the player to move, the marked holes and who has made a first turn) and their claim
//! (each row to its owner, a tied hole to who tied it). The last tests check it against `Game` on
//! random rounds of both, and the fast solver (and the search's exact mode) against it on about
//! 1,700 positions: near the end of random rounds and of round 3 of random matches (puta and naga
//! holes; Kotu-baendum's tied holes), set up by hand before and after the direction is chosen
//! (some their own mirror image, which the solver values in one direction only), and one to six
//! moves before random rounds that ended by a third occurrence (rare in Walak-pussa: about one
//! round in two hundred). `cargo test --release --test solver parker -- --nocapture` prints the
//! figures.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::HashMap;

use walak::computer::{choose_move, Level};
use walak::playout::{random_game, random_playout, Rng, SinceCapture};
use walak::rules::board::Seeds;
use walak::rules::marks::Marks;
use walak::rules::ruleset::{signed, Direction, RuleSet};
use walak::search::{Limits, Searcher};
use walak::solve::{Endgames, Solver};
use walak::{Ending, Game, Options, Position, Setup, Side};

/// A small random number generator of our own (xorshift64), so that the positions tested owe
/// nothing to the generator the solver shuffles its moves with.
struct Xorshift(u64);

impl Xorshift {
    fn new(seed: u64) -> Xorshift {
        // Any state but 0 works; spreading the seed makes neighbouring seeds start far apart.
        Xorshift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    /// A number in `0..n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn side(&mut self) -> Side {
        if self.below(2) == 0 {
            Side::South
        } else {
            Side::North
        }
    }
}

// The simple solver, from docs/rules.md.

/// What the repetition rule compares: the board and the player to move (in Parker's games also
/// the marked holes and who has made a first turn; today's rules mark none and count no turn).
type Seen = (Seeds, Side, Marks, [bool; 2]);

fn seen(position: &Position) -> Seen {
    let opened = Side::BOTH.map(|side| position.opened(side));
    (*position.seeds(), position.to_move(), *position.marks(), opened)
}

/// The seeds in a side's row: South's row is track holes 0..=6, North's 7..=13.
fn row(position: &Position, side: Side) -> u8 {
    let holes = match side {
        Side::South => 0..7,
        Side::North => 7..14,
    };
    position.seeds()[holes].iter().sum()
}

/// A side's reserve minus the opponent's, from reserves written `[south, north]`.
fn difference(reserves: [u8; 2], side: Side) -> i32 {
    let (south, north) = (reserves[0] as i32, reserves[1] as i32);
    match side {
        Side::South => south - north,
        Side::North => north - south,
    }
}

/// The moves of the player to move, each with the position it leads to. `play` refuses exactly
/// what the rules forbid (an empty hole, an endless sowing; in Parker's games also what their
/// rules of single seeds, first turns and marked holes forbid), so every hole number is simply
/// tried, and in a Parker game whose direction is not chosen yet, every hole in both directions.
fn moves(position: &Position) -> Vec<(u8, Position)> {
    let candidates: Vec<u8> = if position.rules().is_parker() && position.direction().is_none() {
        Direction::BOTH.into_iter().flat_map(|d| (1..=7).map(move |n| signed(n, d))).collect()
    } else {
        (1..=7).collect()
    };
    candidates.into_iter().filter_map(|mv| position.play(mv, &mut ()).ok().map(|(after, _)| (mv, after))).collect()
}

/// Parker's claim at the end of a round, however it ended: each player takes the seeds in his own
/// row, but a tied hole's go to the player who tied it.
fn parker_claim(position: &Position) -> [u8; 2] {
    let mut reserves = position.reserves();
    for (hole, &seeds) in position.seeds().iter().enumerate() {
        let owner = if hole < 7 { Side::South } else { Side::North };
        let taker = position.marks().tied_by(hole).unwrap_or(owner);
        reserves[taker.index()] += seeds;
    }
    reserves
}

/// Whether the game ends at `position`, met for the `occurrences`-th time, with `moves` its moves:
/// how it ends and the reserves `[south, north]` once the board is shared out.
fn ending(position: &Position, occurrences: u8, moves: &[(u8, Position)]) -> Option<(Ending, [u8; 2])> {
    let [south, north] = position.reserves();
    let (south_row, north_row) = (row(position, Side::South), row(position, Side::North));
    if position.rules().is_parker() {
        return if occurrences >= 3 {
            Some((Ending::Repetition, parker_claim(position)))
        } else if moves.is_empty() {
            Some((Ending::NoMoves, parker_claim(position)))
        } else {
            None
        };
    }
    if occurrences >= 3 {
        // The third occurrence: each player takes the seeds in their own row.
        Some((Ending::Repetition, [south + south_row, north + north_row]))
    } else if moves.is_empty() {
        // No legal move: the opponent takes every seed on the board.
        let on_board = south_row + north_row;
        let reserves = match position.to_move() {
            Side::South => [south, north + on_board],
            Side::North => [south + on_board, north],
        };
        Some((Ending::NoMoves, reserves))
    } else {
        None
    }
}

/// Plain negamax over the whole game tree: no table, no move ordering, no pruning, no bounds.
/// The line from the round's first position to the one being valued is kept as a count of each
/// position's occurrences, which is all the repetition rule looks at.
struct SimpleSolver {
    occurrences: HashMap<Seen, u8>,
    /// Positions valued so far.
    nodes: u64,
    /// Positions valued that were a third occurrence.
    repetitions: u64,
}

/// Positions the simple solver values before it gives up. Without a table, a cycle of moves
/// without a capture is walked in every order the repetition rule allows, so a tree is either
/// small or explodes: every tree of a fresh position tried here (from a random game or set up by
/// hand) had at most about 600 positions or more than 10,000, and those with a history that
/// already holds positions twice at most about 4,500. The budget tells the two kinds apart and
/// keeps a check to a few milliseconds.
const BUDGET: u64 = 5_000;

impl SimpleSolver {
    /// A solver for the game's position, counting the game's history in this round.
    fn new(game: &Game) -> SimpleSolver {
        let mut solver = SimpleSolver { occurrences: HashMap::new(), nodes: 0, repetitions: 0 };
        for position in game.round_positions() {
            solver.enter(position);
        }
        solver
    }

    fn enter(&mut self, position: &Position) {
        *self.occurrences.entry(seen(position)).or_insert(0) += 1;
    }

    fn leave(&mut self, position: &Position) {
        let key = seen(position);
        let count = self.occurrences.get_mut(&key).expect("a position left was entered");
        *count -= 1;
        if *count == 0 {
            self.occurrences.remove(&key);
        }
    }

    /// The final difference for the player to move at `position`, the last position of the
    /// line; `None` past the budget.
    fn value(&mut self, position: &Position) -> Option<i32> {
        self.nodes += 1;
        if self.nodes > BUDGET {
            return None;
        }
        let moves = moves(position);
        if let Some((ending, reserves)) = ending(position, self.occurrences[&seen(position)], &moves) {
            if ending == Ending::Repetition {
                self.repetitions += 1;
            }
            return Some(difference(reserves, position.to_move()));
        }
        let mut best = None;
        for (_, after) in &moves {
            best = best.max(Some(-self.value_after(after)?));
        }
        best
    }

    /// The value of the position a move leads to, for the player who moves there.
    fn value_after(&mut self, after: &Position) -> Option<i32> {
        self.enter(after);
        let value = self.value(after);
        self.leave(after);
        value
    }

    /// Every move of the game's position with its value for the player to move, by hole;
    /// `None` past the budget.
    fn move_values(&mut self, game: &Game) -> Option<Vec<(u8, i32)>> {
        moves(game.position()).iter().map(|(number, after)| Some((*number, -self.value_after(after)?))).collect()
    }
}

/// The endgame table the page and the tool ship (`www/endgames.bin`).
fn shipped_endgames() -> Endgames {
    static SHIPPED: std::sync::OnceLock<Endgames> = std::sync::OnceLock::new();
    SHIPPED
        .get_or_init(|| {
            let bytes = std::fs::read("www/endgames.bin").expect("www/endgames.bin is in the repository");
            Endgames::from_bytes(&bytes).expect("the shipped endgame table is whole")
        })
        .clone()
}

// Positions to check.

fn on_board(game: &Game) -> u32 {
    game.position().seeds().iter().map(|&s| s as u32).sum()
}

fn play_random(game: &mut Game, rng: &mut Xorshift) {
    let legal = game.legal_moves();
    game.play(legal[rng.below(legal.len())]).expect("a legal move is accepted");
}

/// A game of random moves from the opening, South or North first, played until the board holds
/// at most `seeds` seeds; `None` if it ended first.
fn from_opening(rng: &mut Xorshift, seeds: u32) -> Option<Game> {
    let mut game = Game::new(Options { first: rng.side(), ..Options::default() });
    while !game.is_over() && on_board(&game) > seeds {
        play_random(&mut game, rng);
    }
    (!game.is_over()).then_some(game)
}

/// A position set up by hand: `seeds` seeds dropped in random holes, the rest of the 56 split at
/// random between the reserves, either side to move. It may be over at once.
fn set_up(rng: &mut Xorshift, seeds: u32) -> Game {
    let mut board = [0u8; 14];
    for _ in 0..seeds {
        board[rng.below(14)] += 1;
    }
    let south = rng.below(56 - seeds as usize + 1) as u8;
    Setup::new(board, [south, 56 - seeds as u8 - south], rng.side()).to_game().expect("56 seeds in all")
}

/// The game `back` moves before random play ends it by a third occurrence, if it does. One move
/// back, its history holds twice the position the next move leads to.
fn before_third_occurrence(mut game: Game, back: usize, rng: &mut Xorshift) -> Option<Game> {
    while !game.is_over() {
        play_random(&mut game, rng);
    }
    if game.result()?.0 != Ending::Repetition || game.plies().len() < back {
        return None;
    }
    for _ in 0..back {
        game.undo();
    }
    Some(game)
}

/// A game from the opening played by the club level on both sides after four random moves,
/// until the board holds at most `seeds` seeds; `None` if it ended first.
fn from_club_game(rng: &mut Xorshift, seeds: u32) -> Option<Game> {
    let mut game = Game::new(Options { first: rng.side(), ..Options::default() });
    for _ in 0..4 {
        play_random(&mut game, rng);
    }
    while !game.is_over() && on_board(&game) > seeds {
        let chosen = choose_move(&game, Level::Club, &|| 0.0, rng.next()).expect("the game goes on");
        game.play(chosen.number).expect("the level plays a legal move");
    }
    (!game.is_over()).then_some(game)
}

/// A game's origin, to find it again from a failure message.
fn describe(game: &Game) -> String {
    let first = game.round_positions()[0];
    format!(
        "{}: board {:?}, reserves {:?}, {:?} to move, then '{}'",
        game.rules(),
        first.seeds(),
        first.reserves(),
        first.to_move(),
        game.record()
    )
}

// Checking.

/// What the positions checked held.
#[derive(Debug, Default)]
struct Tally {
    checked: usize,
    /// Beyond the simple solver's budget, so not checked.
    beyond: usize,
    /// Positions checked and positions tried, by the seeds on the board.
    by_seeds: [(usize, usize); 32],
    /// The largest tree the simple solver searched.
    most_nodes: u64,
    /// Positions whose tree reaches a third occurrence.
    repetition: usize,
    /// Positions whose history already holds some position twice.
    twice_seen: usize,
    /// Positions with a move to a position the history holds twice.
    third_one_move_away: usize,
}

/// Solves the game's position both ways and checks that they agree on everything the fast
/// solver says. Positions beyond the simple solver's budget are counted and skipped.
fn check(game: &Game, tally: &mut Tally) -> bool {
    let mover = game.position().to_move();
    let origin = describe(game);
    tally.by_seeds[(on_board(game) as usize).min(31)].1 += 1;
    let mut simple = SimpleSolver::new(game);
    let Some(move_values) = simple.move_values(game) else {
        tally.beyond += 1;
        return false;
    };
    let value = move_values.iter().map(|&(_, v)| v).max().expect("a game that goes on has a move");
    let best: Vec<u8> = move_values.iter().filter(|&&(_, v)| v == value).map(|&(number, _)| number).collect();

    let solution = Solver::new(1).solve(game, true, &mut |_| true).expect("nothing stops the solve");
    assert_eq!(solution.value, value, "value of {origin}");
    assert_eq!(solution.move_values, move_values, "move values of {origin}");
    assert_eq!(solution.best, best, "best moves of {origin}");
    // The perfect line is a legal game to its end, and it ends with the value.
    let mut end = game.clone();
    for &number in &solution.line {
        end.play(number).unwrap_or_else(|error| panic!("line {:?} of {origin}: {error}", solution.line));
    }
    // (In a match, the values run to the end of the round.)
    let ended = end.is_over() || end.round() != game.round();
    assert!(ended, "line {:?} of {origin} does not end the game", solution.line);
    assert_eq!(difference(end.position().reserves(), mover), value, "line {:?} of {origin}", solution.line);
    // The quicker questions give the same answers.
    assert_eq!(Solver::new(1).value(game, &mut |_| true), Ok(value), "value alone of {origin}");
    let quick = Solver::new(1).best_moves(game, &mut |_| true).expect("nothing stops the solve");
    assert_eq!((quick.value, &quick.best), (value, &best), "best moves alone of {origin}");
    let values = Solver::new(1).move_values(game, &mut |_| true).expect("nothing stops the solve");
    assert_eq!((values.value, &values.move_values), (value, &move_values), "move values alone of {origin}");
    // Reading the shipped endgame table instead of searching those boards changes nothing.
    let read = Solver::new(1)
        .with_endgames(shipped_endgames())
        .solve(game, true, &mut |_| true)
        .expect("nothing stops the solve");
    assert_eq!((read.value, &read.move_values), (value, &move_values), "with the endgame table, {origin}");
    if game.rules().is_parker() {
        // The search solves small boards outright too, through the same moves and endings.
        let found = Searcher::new(1).search(game, &Limits::solve(), &|| 0.0, 0).expect("the game goes on");
        assert!(found.exact, "the search's solve of {origin} is not exact");
        assert_eq!(found.eval, value, "the search's value of {origin}");
        assert!(best.contains(&found.number), "the search's move {} of {origin}", found.number);
    }

    let history = SimpleSolver::new(game).occurrences;
    tally.checked += 1;
    tally.by_seeds[(on_board(game) as usize).min(31)].0 += 1;
    tally.most_nodes = tally.most_nodes.max(simple.nodes);
    tally.repetition += (simple.repetitions > 0) as usize;
    tally.twice_seen += history.values().any(|&count| count >= 2) as usize;
    tally.third_one_move_away +=
        moves(game.position()).iter().any(|(_, after)| history.get(&seen(after)) == Some(&2)) as usize;
    true
}

/// Prints what a test checked: `cargo test --release --test solver -- --nocapture` shows it.
fn report(source: &str, tally: &Tally) {
    let by_seeds: Vec<String> = (0..tally.by_seeds.len())
        .filter(|&n| tally.by_seeds[n].1 > 0)
        .map(|n| format!("{n}: {} of {}", tally.by_seeds[n].0, tally.by_seeds[n].1))
        .collect();
    eprintln!(
        "{source}: {} positions checked (by seeds on the board: {}), {} beyond the simple solver; \
         a third occurrence reachable in {}, a position twice in the history in {}, one move away in {}; \
         largest simple tree {} positions",
        tally.checked,
        by_seeds.join(", "),
        tally.beyond,
        tally.repetition,
        tally.twice_seen,
        tally.third_one_move_away,
        tally.most_nodes
    );
}

#[test]
fn the_simple_solver_ends_a_game_as_the_game_does() {
    // Random games played to their end, from the opening, from later positions and from positions
    // set up by hand (some over at once), with the simple solver's bookkeeping following them.
    let mut rng = Xorshift::new(1);
    let (mut no_moves, mut repetitions) = (0, 0);
    for i in 0..3000u32 {
        let mut game = match i % 3 {
            0 => Game::new(Options { first: rng.side(), ..Options::default() }),
            1 => match from_opening(&mut rng, 4 + i % 12) {
                Some(game) => game,
                None => continue,
            },
            _ => set_up(&mut rng, 1 + i % 10),
        };
        let origin = describe(&game);
        let mut history = SimpleSolver::new(&game);
        // The game's position before the board is shared out: a set-up game may be over at once.
        let mut position = *game.round_positions().last().expect("a game has a position");
        let (ending, reserves) = loop {
            let moves = moves(&position);
            if let Some(end) = ending(&position, history.occurrences[&seen(&position)], &moves) {
                break end;
            }
            assert!(!game.is_over(), "{origin}: the game ended at '{}'", game.record());
            assert_eq!(game.position(), &position, "{origin}: the position at '{}'", game.record());
            let numbers: Vec<u8> = moves.iter().map(|&(number, _)| number).collect();
            assert_eq!(numbers, game.legal_moves(), "{origin}: the legal moves at '{}'", game.record());
            let (number, after) = moves[rng.below(moves.len())];
            game.play(number).expect("a legal move is accepted");
            history.enter(&after);
            position = after;
        };
        let winner = winner_of(reserves);
        assert_eq!(game.result(), Some((ending, winner)), "{origin}: the end at '{}'", game.record());
        assert_eq!(game.position().reserves(), reserves, "{origin}: the end at '{}'", game.record());
        match ending {
            Ending::NoMoves => no_moves += 1,
            _ => repetitions += 1,
        }
    }
    eprintln!("games ended with no move: {no_moves}, by a third occurrence: {repetitions}");
    assert!(no_moves >= 300 && repetitions >= 30, "{no_moves} and {repetitions} games of each ending");
}

#[test]
fn the_solvers_agree_on_positions_of_random_games() {
    // Random games from the opening, stopped once the board holds at most 2 to 12 seeds.
    let mut rng = Xorshift::new(2);
    let mut tally = Tally::default();
    for i in 0..6000 {
        if let Some(game) = from_opening(&mut rng, 2 + i % 11) {
            check(&game, &mut tally);
        }
    }
    report("random games", &tally);
    assert!(tally.checked >= 800 && tally.repetition >= 100, "{tally:?}");
}

#[test]
fn the_solvers_agree_on_positions_set_up_by_hand() {
    let mut rng = Xorshift::new(3);
    let mut tally = Tally::default();
    for i in 0..1500 {
        let game = set_up(&mut rng, 1 + i % 5);
        if !game.is_over() {
            check(&game, &mut tally);
        }
    }
    report("set up by hand", &tally);
    assert!(tally.checked >= 550 && tally.repetition >= 80, "{tally:?}");
}

#[test]
fn the_solvers_agree_where_a_third_occurrence_is_near() {
    // Random play from positions of 3 to 8 seeds until a third occurrence ends the game, then one
    // to four moves back: the history holds positions twice, and one move back a move repeats one
    // of them a third time.
    let mut rng = Xorshift::new(4);
    let mut tally = Tally::default();
    for i in 0..20_000 {
        let seeds = 3 + i % 6;
        let start = if i % 2 == 0 { from_opening(&mut rng, seeds) } else { Some(set_up(&mut rng, seeds)) };
        let Some(start) = start.filter(|game| !game.is_over()) else { continue };
        if let Some(game) = before_third_occurrence(start, 1 + i as usize % 4, &mut rng) {
            check(&game, &mut tally);
        }
    }
    report("a third occurrence near", &tally);
    assert!(tally.checked >= 800 && tally.twice_seen >= 400 && tally.third_one_move_away >= 150, "{tally:?}");
}

#[test]
fn a_table_kept_from_one_solve_to_the_next_gives_the_same_values() {
    // A review solves the positions of one game one after another with one table, so bounds proved
    // after one history are met after another: the solver keeps a bound for every history only
    // when its proof met none of the run's earlier positions again. Near a third occurrence is
    // where that matters, so: the last one to six positions before random play ends in one, each
    // game's latest first, then earliest first, all with one 1 MB solver.
    let mut rng = Xorshift::new(7);
    let mut shared = Solver::new(1);
    let mut compared = 0;
    for i in 0..12_000 {
        let seeds = 3 + i % 6;
        let start = if i % 2 == 0 { from_opening(&mut rng, seeds) } else { Some(set_up(&mut rng, seeds)) };
        let Some(start) = start.filter(|game| !game.is_over()) else { continue };
        let Some(end) = before_third_occurrence(start, 0, &mut rng) else { continue };
        let backs: Vec<usize> = if i % 4 < 2 { (1..=6).collect() } else { (1..=6).rev().collect() };
        for back in backs {
            let mut game = end.clone();
            if game.plies().len() < back {
                continue;
            }
            for _ in 0..back {
                game.undo();
            }
            let Some(move_values) = SimpleSolver::new(&game).move_values(&game) else { continue };
            let solution = shared.solve(&game, true, &mut |_| true).expect("nothing stops the solve");
            assert_eq!(solution.move_values, move_values, "move values of {} with a kept table", describe(&game));
            compared += 1;
        }
    }
    eprintln!("a kept table: the same move values on {compared} positions");
    assert!(compared >= 2_000, "only {compared} positions compared");
}

/// Solves each game with every solver, each keeping its table from one game to the next, and
/// checks that they find the same value, move values and best moves as the first, and the same
/// best moves when asked for those alone. A game the first solver cannot solve within `nodes`
/// positions is left out, so that the test stays quick; returns how many games were compared.
fn same_values(games: &[Game], solvers: &mut [(&str, Solver)], nodes: u64) -> usize {
    let mut compared = Vec::new();
    for game in games {
        let ((reference, first), others) = solvers.split_first_mut().expect("solvers to compare");
        let Ok(expected) = first.solve(game, true, &mut |progress| progress.nodes < nodes) else { continue };
        for (name, solver) in others {
            let solution = solver.solve(game, true, &mut |_| true).expect("nothing stops the solve");
            assert_eq!(
                (solution.value, &solution.move_values, &solution.best),
                (expected.value, &expected.move_values, &expected.best),
                "{name} against {reference} on {}",
                describe(game)
            );
            // Best moves alone are found another way (one test per move, shared between threads).
            let quick = solver.best_moves(game, &mut |_| true).expect("nothing stops the solve");
            assert_eq!(
                (quick.value, &quick.best),
                (expected.value, &expected.best),
                "{name}'s best moves against {reference} on {}",
                describe(game)
            );
        }
        compared.push(on_board(game));
    }
    let names: Vec<&str> = solvers.iter().map(|(name, _)| *name).collect();
    eprintln!("{}: the same values on {} positions, seeds on the board {compared:?}", names.join(", "), compared.len());
    compared.len()
}

#[test]
fn the_value_does_not_depend_on_the_table_size_or_threads() {
    // Positions of games between club players once the board holds at most 20 to 26 seeds (often
    // fewer: the capture that passes the mark may take many).
    let mut rng = Xorshift::new(5);
    let games: Vec<Game> = (0..10).filter_map(|i| from_club_game(&mut rng, 20 + i % 7)).collect();
    let mut solvers = [
        ("1 MB", Solver::new(1)),
        ("1 GB", Solver::new(1024)),
        ("16 MB, 2 threads", Solver::new(16).threads(2)),
        ("16 MB, 2 threads, the endgame table", Solver::new(16).threads(2).with_endgames(shipped_endgames())),
    ];
    // Two million positions take the 1 MB solver about half a second.
    let compared = same_values(&games, &mut solvers, 2_000_000);
    assert!(compared >= 6, "only {compared} positions compared");
}

#[test]
fn the_value_does_not_depend_on_the_move_order() {
    // Shuffled at every position, the search loses most of its cut-offs (some 20-seed positions
    // take a hundred times longer), so these positions are smaller: at most 12 to 15 seeds.
    let mut rng = Xorshift::new(6);
    let games: Vec<Game> = (0..12).filter_map(|i| from_club_game(&mut rng, 12 + i % 4)).collect();
    let mut solvers = [
        ("best first", Solver::new(1)),
        ("shuffled by 1", Solver::new(16).shuffled(1)),
        ("shuffled by 2", Solver::new(16).shuffled(2)),
        ("shuffled by 3", Solver::new(16).shuffled(3)),
        ("shuffled by 4, 2 threads", Solver::new(16).shuffled(4).threads(2)),
        ("shuffled by 5, the endgame table", Solver::new(16).shuffled(5).with_endgames(shipped_endgames())),
    ];
    let compared = same_values(&games, &mut solvers, 2_000_000);
    assert!(compared >= 10, "only {compared} positions compared");
}

#[test]
fn bounds_proved_after_one_history_hold_after_another() {
    // A bound that a search takes from a reply's table entry without searching the reply (an
    // enhanced transposition cut-off, or a move skipped as unable to beat alpha) relies on what
    // that entry relied on, and a table that forgets it offers the bound to histories it does not
    // hold for. So: positions one to eight moves before random play ends in a third occurrence,
    // each also reached after every shorter history (set up at a later position of the same run
    // and played on from there), kept where those histories change its move values; each such
    // group solved longest history first and back again, so that bounds proved after one history
    // are offered to the others, by solvers that each keep one small table through all the groups
    // and try moves in their own orders, each solution checked against the simple solver. Few
    // seeds on the board keep the proofs small, so that their marks meet few of the histories'
    // positions and the table keeps many bounds for every history.
    let mut rng = Xorshift::new(8);
    let mut games = Vec::new();
    for i in 0..STARTS {
        let seeds = 2 + i % 3;
        let start = if i % 2 == 0 { from_opening(&mut rng, seeds) } else { Some(set_up(&mut rng, seeds)) };
        let Some(start) = start.filter(|game| !game.is_over()) else { continue };
        let Some(end) = before_third_occurrence(start, 0, &mut rng) else { continue };
        for back in 1..=8 {
            if end.plies().len() < back {
                break;
            }
            let mut game = end.clone();
            for _ in 0..back {
                game.undo();
            }
            let (positions, plies) = (game.round_positions(), game.plies());
            let mut variants = Vec::new();
            for from in 0..positions.len() {
                let position = &positions[from];
                let mut variant = Setup::new(*position.seeds(), position.reserves(), position.to_move())
                    .to_game()
                    .expect("the same 56 seeds");
                for ply in &plies[plies.len() + 1 + from - positions.len()..] {
                    variant.play(ply.number).expect("the game's own move");
                }
                let Some(values) = SimpleSolver::new(&variant).move_values(&variant) else { continue };
                variants.push((variant, values));
            }
            if variants.iter().any(|(_, values)| *values != variants[0].1) {
                games.extend(variants.iter().cloned());
                games.extend(variants.into_iter().rev());
            }
        }
    }
    for mut solver in [Solver::new(1), Solver::new(1).shuffled(1)] {
        for (game, move_values) in &games {
            let origin = describe(game);
            let value = move_values.iter().map(|&(_, v)| v).max().expect("a game that goes on has a move");
            let solution = solver.solve(game, true, &mut |_| true).expect("nothing stops the solve");
            assert_eq!(solution.value, value, "value of {origin} after other histories");
            assert_eq!(&solution.move_values, move_values, "move values of {origin} after other histories");
            let mut end = game.clone();
            for &number in &solution.line {
                end.play(number).unwrap_or_else(|error| panic!("line {:?} of {origin}: {error}", solution.line));
            }
            assert!(end.is_over(), "line {:?} of {origin} does not end the game", solution.line);
            let mover = game.position().to_move();
            assert_eq!(difference(end.position().reserves(), mover), value, "line {:?} of {origin}", solution.line);
        }
    }
    eprintln!("bounds from other histories: the same values on {} positions, twice", games.len());
    assert!(games.len() >= 100_000, "only {} positions", games.len());
}

/// Random games that [`bounds_proved_after_one_history_hold_after_another`] starts from. Such
/// errors are rare: with the skip keeping only the reply's own mark, or the cut-off dropping the
/// reply's marks, the first wrong solution came at the 111,744th of the 112,000 or so positions
/// (start 6,326; the first solver for the cut-off, the second for the skip), and fewer starts miss
/// it.
const STARTS: u32 = 6_400;

#[test]
fn a_solve_stopped_again_and_again_and_asked_again_gives_the_same_values() {
    // The page solves in short slices: each slice asks again, with the table the last one filled,
    // and stops at the observer's next call. Going on from the table's bounds must give what one
    // solve gives.
    for record in ["7316254", "253276356", "16554652"] {
        let game = Game::from_record(record, Options::default()).expect("a legal record");
        let whole = Solver::new(16).solve(&game, true, &mut |_| true).expect("nothing stops the solve");
        let mut sliced = Solver::new(16);
        let mut slices = 0;
        let solution = loop {
            slices += 1;
            assert!(slices < 1_000, "{record}: no end after {slices} slices");
            if let Ok(solution) = sliced.solve(&game, true, &mut |_| false) {
                break solution;
            }
        };
        assert!(slices > 1, "{record} was solved in one slice: the test stops nothing");
        assert_eq!(
            (solution.value, &solution.move_values, &solution.best),
            (whole.value, &whole.move_values, &whole.best),
            "{record} in {slices} slices"
        );
    }
}

// Parker's rule sets.

/// A random game by `rules` (a single round, or a match in rounds), South or North first.
fn parker_game(rules: RuleSet, rounds: bool, rng: &mut Xorshift) -> Game {
    Game::new(Options { first: rng.side(), rules, rounds })
}

/// A single round of random moves by `rules`, played until the board holds at most `seeds` seeds;
/// `None` if it ended first.
fn parker_from_opening(rules: RuleSet, rng: &mut Xorshift, seeds: u32) -> Option<Game> {
    let mut game = parker_game(rules, false, rng);
    while !game.is_over() && on_board(&game) > seeds {
        play_random(&mut game, rng);
    }
    (!game.is_over()).then_some(game)
}

/// A match of random moves by `rules`, played into round 3 (where the loser's last seeds make
/// puta and naga holes) until the board holds at most `seeds` seeds; `None` if the match or the
/// round ended first.
fn parker_from_match(rules: RuleSet, rng: &mut Xorshift, seeds: u32) -> Option<Game> {
    let mut game = parker_game(rules, true, rng);
    while !game.is_over() && (game.round() < 3 || game.is_choosing() || on_board(&game) > seeds) {
        if game.round() > 3 {
            return None;
        }
        play_random(&mut game, rng);
    }
    (!game.is_over()).then_some(game)
}

/// A position by `rules` set up by hand, as [`set_up`] makes one, its direction chosen or not.
fn parker_set_up(rules: RuleSet, rng: &mut Xorshift, seeds: u32) -> Game {
    let mut board = [0u8; 14];
    for _ in 0..seeds {
        board[rng.below(14)] += 1;
    }
    let south = rng.below(56 - seeds as usize + 1) as u8;
    let direction = [None, None, Some(Direction::Counterclockwise), Some(Direction::Clockwise)][rng.below(4)];
    Setup { rules, direction, ..Setup::new(board, [south, 56 - seeds as u8 - south], rng.side()) }
        .to_game()
        .expect("56 seeds in all")
}

/// A position by `rules` set up by hand that is its own mirror image (each row read from its other
/// end), before the direction is chosen: `pairs` seeds and their mirror images. The solver values
/// one direction of such a position and mirrors it.
fn parker_symmetric(rules: RuleSet, rng: &mut Xorshift, pairs: u32) -> Game {
    let mut board = [0u8; 14];
    for _ in 0..pairs {
        let hole = rng.below(14);
        board[hole] += 1;
        board[hole / 7 * 7 + 6 - hole % 7] += 1;
    }
    let left = 56 - 2 * pairs as usize;
    let south = rng.below(left + 1) as u8;
    Setup { rules, ..Setup::new(board, [south, left as u8 - south], rng.side()) }.to_game().expect("56 seeds in all")
}

const PARKER: [RuleSet; 2] = [RuleSet::ParkerWalak, RuleSet::ParkerKotu];

#[test]
fn the_simple_solver_ends_a_parker_game_as_the_game_does() {
    for rules in PARKER {
        let mut rng = Xorshift::new(11);
        let (mut no_moves, mut repetitions, mut ties, mut blocked) = (0, 0, 0, 0);
        for i in 0..1200u32 {
            let mut game = match i % 4 {
                0 => parker_game(rules, false, &mut rng),
                1 => match parker_from_opening(rules, &mut rng, 4 + i % 12) {
                    Some(game) => game,
                    None => continue,
                },
                2 => match parker_from_match(rules, &mut rng, 56) {
                    Some(game) => game,
                    None => continue,
                },
                _ => parker_set_up(rules, &mut rng, 1 + i % 10),
            };
            let origin = describe(&game);
            let round = game.round();
            let mut history = SimpleSolver::new(&game);
            let mut position = *game.round_positions().last().expect("a game has a position");
            blocked += (0..14).any(|h| position.marks().blocked(h).is_some()) as u32;
            let (ending, reserves) = loop {
                let moves = moves(&position);
                if let Some(end) = ending(&position, history.occurrences[&seen(&position)], &moves) {
                    break end;
                }
                assert!(!game.is_over() && game.round() == round, "{origin}: the round ended at '{}'", game.record());
                assert_eq!(game.position(), &position, "{origin}: the position at '{}'", game.record());
                let numbers: Vec<u8> = moves.iter().map(|&(number, _)| number).collect();
                assert_eq!(numbers, game.legal_moves(), "{origin}: the legal moves at '{}'", game.record());
                let (number, after) = moves[rng.below(moves.len())];
                game.play(number).expect("a legal move is accepted");
                history.enter(&after);
                position = after;
            };
            ties += (0..14).any(|h| position.marks().tied_by(h).is_some()) as u32;
            if game.options().rounds {
                // The round is over: its end shows in the match's record of rounds, not as a result.
                assert!(game.is_over() || game.is_choosing(), "{origin}: the round goes on at '{}'", game.record());
                if game.is_choosing() {
                    assert_eq!(game.position().reserves(), reserves, "{origin}: the claim at '{}'", game.record());
                }
            } else {
                let winner = winner_of(reserves);
                assert_eq!(game.result(), Some((ending, winner)), "{origin}: the end at '{}'", game.record());
                assert_eq!(game.position().reserves(), reserves, "{origin}: the end at '{}'", game.record());
            }
            match ending {
                Ending::NoMoves => no_moves += 1,
                _ => repetitions += 1,
            }
        }
        eprintln!(
            "{rules}: rounds ended with no move: {no_moves}, by a third occurrence: {repetitions}; \
             with tied holes {ties}, with blocked holes {blocked}"
        );
        assert!(no_moves >= 300 && repetitions >= 3, "{rules}: {no_moves} and {repetitions} of each ending");
        // Rounds that end by a third occurrence, rare in Walak-pussa, followed move by move.
        for game in parker_repetitions(rules, 10) {
            let start = Game::new(game.options());
            let mut history = SimpleSolver::new(&start);
            let mut position = *start.position();
            for &number in &game.moves_played() {
                let moves = moves(&position);
                assert!(
                    ending(&position, history.occurrences[&seen(&position)], &moves).is_none(),
                    "{}",
                    describe(&game)
                );
                let (_, after) = moves.into_iter().find(|&(n, _)| n == number).expect("the game's move is legal");
                history.enter(&after);
                position = after;
            }
            let end = ending(&position, history.occurrences[&seen(&position)], &moves(&position));
            assert_eq!(end, Some((Ending::Repetition, game.position().reserves())), "{}", describe(&game));
        }
        assert!(blocked >= 50, "{rules}: only {blocked} rounds with puta or naga holes");
        if rules == RuleSet::ParkerKotu {
            assert!(ties >= 100, "only {ties} rounds with tied holes");
        }
    }
}

/// The first `count` random rounds by `rules` (single rounds, South or North first) that end by a
/// third occurrence: found with the fast random playout and played again, the same game, through
/// the ordinary game (`tests/playout.rs` checks that they are the same).
fn parker_repetitions(rules: RuleSet, count: usize) -> Vec<Game> {
    let mut since_capture = SinceCapture::default();
    let mut found = Vec::new();
    for seed in 0u64.. {
        if found.len() == count {
            break;
        }
        let first = if seed % 2 == 0 { Side::South } else { Side::North };
        let played = random_playout(Position::opening(rules, first), &mut Rng::new(seed), &mut since_capture, |_| {});
        if played.ending == Ending::Repetition {
            let game = random_game(Options { first, rules, rounds: false }, &mut Rng::new(seed));
            assert_eq!(game.result().map(|r| r.0), Some(Ending::Repetition), "{rules}: seed {seed}");
            found.push(game);
        }
    }
    found
}

/// A position `back` moves before the end of a round of random moves by `rules`: of a single
/// round, or of round 3 of a match (where the loser's last seeds make puta and naga holes);
/// `None` if the round had fewer moves, or the match ended before round 3.
fn parker_near_end(rules: RuleSet, rounds: bool, rng: &mut Xorshift, back: usize) -> Option<Game> {
    let mut game = parker_game(rules, rounds, rng);
    let round = if rounds { 3 } else { 1 };
    while !game.is_over() && (game.round() < round || game.is_choosing()) {
        play_random(&mut game, rng);
    }
    let mut recent = std::collections::VecDeque::new();
    while !game.is_over() && game.round() == round {
        recent.push_back(game.clone());
        if recent.len() > back {
            recent.pop_front();
        }
        play_random(&mut game, rng);
    }
    (recent.len() == back).then(|| recent.pop_front()).flatten()
}

#[test]
fn the_solvers_agree_on_parker_positions() {
    for rules in PARKER {
        let mut rng = Xorshift::new(12);
        let mut games = Vec::new();
        for i in 0..1200u32 {
            let game = match i % 3 {
                0 => parker_near_end(rules, false, &mut rng, 1 + i as usize / 3 % 6),
                1 => parker_near_end(rules, true, &mut rng, 1 + i as usize / 3 % 6),
                _ => Some(parker_set_up(rules, &mut rng, 1 + i / 3 % 5)),
            };
            games.extend(game.filter(|game| !game.is_over()).map(|game| (i as usize % 3, game)));
        }
        let mut symmetric = 0;
        for i in 0..300u32 {
            let game = parker_symmetric(rules, &mut rng, 1 + i % 3);
            if !game.is_over() {
                symmetric += 1;
                games.push((2, game));
            }
        }
        // Rounds that ended by a third occurrence, one to six moves before their end.
        for game in parker_repetitions(rules, 20) {
            for back in 1..=6 {
                let mut near = game.clone();
                for _ in 0..back {
                    near.undo();
                }
                games.push((3, near));
            }
        }
        let mut tallies: [Tally; 4] = Default::default();
        let (mut tied, mut blocked, mut unchosen) = (0, 0, 0);
        for (source, game) in &games {
            if check(game, &mut tallies[*source]) {
                let marks = game.position().marks();
                tied += (0..14).any(|h| marks.tied_by(h).is_some()) as u32;
                blocked += (0..14).any(|h| marks.blocked(h).is_some()) as u32;
                unchosen += game.position().direction().is_none() as u32;
            }
        }
        let sources = [
            "near the end of a round",
            "near the end of a match's round 3",
            "set up by hand",
            "a third occurrence near",
        ];
        for (tally, source) in tallies.iter().zip(sources) {
            report(&format!("{rules}, {source}"), tally);
        }
        let checked: usize = tallies.iter().map(|t| t.checked).sum();
        let repetition: usize = tallies.iter().map(|t| t.repetition).sum();
        eprintln!(
            "{rules}: {checked} positions checked, a third occurrence reachable in {repetition}; \
             with tied holes {tied}, with puta or naga holes {blocked}, the direction to choose {unchosen}"
        );
        assert!(checked >= 600 && repetition >= 50 && blocked >= 80 && unchosen >= 80, "{rules}: {tallies:?}");
        assert!(symmetric >= 60, "{rules}: only {symmetric} positions that are their own mirror image");
        if rules == RuleSet::ParkerKotu {
            assert!(tied >= 300, "only {tied} positions with tied holes");
        }
    }
}

/// Who is ahead by the reserves (`None`: level).
fn winner_of(reserves: [u8; 2]) -> Option<Side> {
    match difference(reserves, Side::South) {
        d if d > 0 => Some(Side::South),
        d if d < 0 => Some(Side::North),
        _ => None,
    }
}
