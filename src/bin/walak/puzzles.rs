//! `walak puzzles`: puzzles from real games between the computer levels, each proved exactly.
//!
//! Games are played between the levels that do not depend on the clock (beginner, casual, club
//! and strong, in pairs, each side of each pair), from a few random opening moves. Positions of
//! each game with a middling number of seeds on the board are solved in a shuffled order, each
//! with every move's exact value, until the game has given one puzzle with South to move and one
//! with North (or runs out of positions). Every choice comes from `--seed`, and values are exact,
//! so the same command always prints the same file, whatever the table size or threads.

use std::collections::HashSet;
use std::time::Instant;

use walak::computer::contest::{opening, play_game, Contender};
use walak::computer::Level;
use walak::playout::Rng;
use walak::rules::board::{board_seeds, Seeds};
use walak::solve::Solver;
use walak::trainer::puzzles::{self, Features, Puzzle, Rejection, LINE_PLIES};
use walak::RuleSet;
use walak::{Game, Options, Side};

use crate::cli::PuzzlesArgs;

/// `walak puzzles`: the puzzles file, on stdout.
pub fn run(args: PuzzlesArgs) -> Result<String, String> {
    let plan = Plan {
        count: args.count as usize,
        seed: args.seed,
        threshold: args.threshold as i32,
        table_mb: args.solver.table_mb as usize,
        threads: args.solver.thread_count(),
    };
    let found = generate(&plan)?;
    Ok(puzzles::write(&found, &header(&plan)).trim_end().to_string())
}

/// What to make.
struct Plan {
    count: usize,
    seed: u64,
    threshold: i32,
    table_mb: usize,
    threads: usize,
}

/// The pairs of levels that play, in turn; each pair plays two games in a row, sides swapped.
/// Only levels whose moves do not depend on the clock, so that the games are the same every run.
const PAIRINGS: [(Level, Level); 8] = [
    (Level::Beginner, Level::Casual),
    (Level::Casual, Level::Club),
    (Level::Club, Level::Strong),
    (Level::Beginner, Level::Club),
    (Level::Casual, Level::Strong),
    (Level::Club, Level::Club),
    (Level::Casual, Level::Casual),
    (Level::Strong, Level::Strong),
];

/// Random moves before the levels take over, so that the games differ (as in `walak match`).
const OPENING_PLIES: usize = 4;

/// Positions with fewer seeds on the board are too plain to be puzzles.
const MIN_SEEDS: u32 = 8;
/// Positions with more seeds on the board take too long to solve.
const MAX_SEEDS: u32 = 34;

/// Games tried at most for each puzzle asked for, before giving up.
const GAMES_PER_PUZZLE: usize = 20;

/// Counts for the progress lines and the summary.
#[derive(Default)]
struct Tally {
    games: usize,
    solved: usize,
    /// Positions solved that were not puzzles, by why.
    one_move: usize,
    several_best: usize,
    losing: usize,
    close_second: usize,
}

impl Tally {
    fn reject(&mut self, rejection: Rejection) {
        *match rejection {
            Rejection::OneMove => &mut self.one_move,
            Rejection::SeveralBest => &mut self.several_best,
            Rejection::Losing => &mut self.losing,
            Rejection::CloseSecond { .. } => &mut self.close_second,
        } += 1;
    }
}

/// Plays games and collects puzzles until `plan.count`, reporting each game on stderr.
fn generate(plan: &Plan) -> Result<Vec<Puzzle>, String> {
    let started = Instant::now();
    let mut solver = Solver::new(plan.table_mb).threads(plan.threads).with_endgames(crate::endgames::shipped());
    let mut seen: HashSet<(Seeds, Side)> = HashSet::new();
    let mut puzzles: Vec<Puzzle> = Vec::new();
    let mut tally = Tally::default();
    while puzzles.len() < plan.count {
        if tally.games >= plan.count.max(1) * GAMES_PER_PUZZLE {
            return Err(format!("only {} puzzles in {} games", puzzles.len(), tally.games));
        }
        let index = tally.games as u64;
        tally.games += 1;
        let (south, north) = players(index);
        let record = game_record(plan.seed, index, &south, &north);
        let found = puzzles_of_game(&record, plan, &mut solver, &mut seen, &mut tally);
        let room = plan.count - puzzles.len();
        puzzles.extend(found.into_iter().take(room));
        eprintln!(
            "walak puzzles: game {} ({} v {}, {} moves): {} positions solved, {} puzzles of {}, {:.0} s",
            tally.games,
            south.name(),
            north.name(),
            record.len(),
            tally.solved,
            puzzles.len(),
            plan.count,
            started.elapsed().as_secs_f64()
        );
    }
    eprintln!(
        "walak puzzles: {} puzzles from {} games in {:.0} s; {} positions solved, not puzzles: {} with one move, \
         {} with several best, {} losing, {} with a second best less than {} seeds behind",
        puzzles.len(),
        tally.games,
        started.elapsed().as_secs_f64(),
        tally.solved,
        tally.one_move,
        tally.several_best,
        tally.losing,
        tally.close_second,
        plan.threshold
    );
    puzzles::assign_ids(&mut puzzles);
    Ok(puzzles)
}

/// Who plays game `index`: the pairing's first level is South in even games, North in odd ones.
fn players(index: u64) -> (Contender, Contender) {
    let (a, b) = PAIRINGS[(index / 2) as usize % PAIRINGS.len()];
    let (a, b) = (Contender::Level(a), Contender::Level(b));
    if index % 2 == 0 {
        (a, b)
    } else {
        (b, a)
    }
}

/// The record of game `index`: a fair random opening, then the two players to the end. The
/// clock always reads 0, which only timed levels would notice.
fn game_record(seed: u64, index: u64, south: &Contender, north: &Contender) -> String {
    let start = opening(seed.wrapping_mul(0x1_0000_0000) ^ (index / 2), OPENING_PLIES);
    let game_seed = seed ^ index.wrapping_mul(0xA24B_AED4_963E_E407);
    play_game(RuleSet::MancalaWorld, south, north, &start, &|| 0.0, game_seed).record
}

/// At most one puzzle with South to move and one with North from the game `record`: its
/// positions with `MIN_SEEDS..=MAX_SEEDS` seeds on the board, not seen in an earlier game, solved
/// in an order shuffled by the plan's seed and the record.
fn puzzles_of_game(
    record: &str,
    plan: &Plan,
    solver: &mut Solver,
    seen: &mut HashSet<(Seeds, Side)>,
    tally: &mut Tally,
) -> Vec<Puzzle> {
    let mut candidates = candidates(record, seen);
    shuffle(&mut candidates, plan.seed ^ fnv(record));
    let mut found: Vec<Puzzle> = Vec::new();
    for game in candidates {
        let side = game.position().to_move();
        if found.iter().any(|p| side_to_move(p) == side) {
            continue;
        }
        seen.insert((*game.position().seeds(), side));
        let solution = solver.move_values(&game, &mut |_| true).expect("the solve is never stopped");
        tally.solved += 1;
        match puzzles::select(&solution.move_values, plan.threshold) {
            Ok(pick) => found.push(make_puzzle(&game, solution.move_values, pick.best, solver)),
            Err(rejection) => tally.reject(rejection),
        }
        if found.len() == 2 {
            break;
        }
    }
    found
}

/// The game's positions worth solving, in playing order: reached by the players (after the
/// random opening), not over, with `MIN_SEEDS..=MAX_SEEDS` seeds on the board, and not seen before.
fn candidates(record: &str, seen: &HashSet<(Seeds, Side)>) -> Vec<Game> {
    let mut game = Game::new(Options::default());
    let mut positions = Vec::new();
    let mut keys = HashSet::new();
    for digit in record.bytes() {
        game.play_into(digit - b'0', &mut ()).expect("a played game's record replays");
        let seeds = board_seeds(game.position().seeds());
        let key = (*game.position().seeds(), game.position().to_move());
        if game.plies().len() > OPENING_PLIES
            && !game.is_over()
            && (MIN_SEEDS..=MAX_SEEDS).contains(&seeds)
            && !seen.contains(&key)
            && keys.insert(key)
        {
            positions.push(game.clone());
        }
    }
    positions
}

/// The puzzle of a position that passed the selection rule: its line from the solver (whose
/// perfect line takes the first move in hole order that keeps the value, so the unique best) and
/// its rating. The id is given once every puzzle is known.
fn make_puzzle(game: &Game, move_values: Vec<(u8, i32)>, best: u8, solver: &mut Solver) -> Puzzle {
    let solution = solver.solve(game, false, &mut |_| true).expect("the solve is never stopped");
    assert_eq!(solution.line.first(), Some(&best), "the perfect line starts with the one best move");
    let line: String = solution.line_record().chars().take(LINE_PLIES).collect();
    let rating = puzzles::rating(&Features::measure(game, &move_values));
    Puzzle { id: String::new(), rating, record: game.record(), move_values, line }
}

fn side_to_move(puzzle: &Puzzle) -> Side {
    // South moves first, so South is to move after an even number of moves.
    if puzzle.record.len() % 2 == 0 {
        Side::South
    } else {
        Side::North
    }
}

/// Fisher–Yates with the project's seeded generator.
fn shuffle<T>(items: &mut [T], seed: u64) {
    let mut rng = Rng::new(seed);
    for i in (1..items.len()).rev() {
        items.swap(i, rng.below(i + 1));
    }
}

/// FNV-1a of a text, to mix a record into a seed.
fn fnv(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| (hash ^ byte as u64).wrapping_mul(0x0000_0100_0000_01b3))
}

/// The comment at the head of the file: what it holds and how to make it again.
fn header(plan: &Plan) -> String {
    format!(
        "Walak-pussa puzzles: positions from games between the computer levels where exactly one move\n\
         keeps the exact value (final seed difference for the player to move, reserves included), the\n\
         value is not a loss, and every other move gives away at least {} seeds. One puzzle a line:\n\
         ID RATING RECORD VALUES LINE (docs/puzzles.md), easiest first.\n\
         Made by: walak puzzles --count {} --seed {} --threshold {}",
        plan.threshold, plan.count, plan.seed, plan.threshold
    )
}
