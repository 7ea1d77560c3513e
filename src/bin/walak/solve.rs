//! `walak solve`: the exact value of a position, its best moves, every move's value and a perfect
//! line, with progress on stderr for long solves.

use std::time::Instant;

use serde::Serialize;
use walak::solve::{Endgames, Progress, Solution, Solver, MAX_PLIES};
use walak::{Game, Options, Setup};

use crate::cli::SolveArgs;
use crate::endgames;
use crate::json::to_json;

/// `walak solve`: the position after the record, or the one set up by hand, solved.
pub fn run(args: SolveArgs) -> Result<String, String> {
    let want = match (args.no_move_values, args.value_only) {
        (_, true) => Want::ValueOnly,
        (true, false) => Want::BestMoves,
        (false, false) => Want::MoveValues,
    };
    let endgames = match (args.no_endgames, &args.endgames) {
        (true, _) => Endgames::none(),
        (false, None) => endgames::shipped(),
        (false, Some(path)) => endgames::read(path)?,
    };
    // Cli::check has made sure of a whole position or none.
    let game = match (args.board, args.reserves, args.to_move) {
        (Some(board), Some(reserves), Some(to_move)) => {
            Setup { rules: args.rules, direction: args.direction, ..Setup::new(board, reserves, to_move) }
                .to_game()
                .map_err(|e| e.to_string())?
        }
        _ => Game::from_record(&args.moves, Options { rounds: args.rounds, rules: args.rules, ..Options::default() })
            .map_err(|e| e.to_string())?,
    };
    Ok(to_json(&solve(&game, args.solver.table_mb as usize, args.solver.thread_count(), endgames, want)?))
}

/// The JSON of `walak solve`: the solution's keys, then the time and what the values run to.
#[derive(Serialize)]
struct Solved {
    #[serde(flatten)]
    solution: Solution,
    seconds: f64,
    /// What the values run to: the end of the `game`, or of the current `round` in a match.
    until: &'static str,
}

/// The JSON of `walak solve --value-only`: the value alone, the quickest proof.
#[derive(Serialize)]
struct Valued {
    value: i32,
    nodes: u64,
    seconds: f64,
    until: &'static str,
}

/// What `walak solve` is asked for beyond the value.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Want {
    ValueOnly,
    BestMoves,
    MoveValues,
}

/// Solves the game's position with a table of `table_mb` MB on `threads` threads, reading
/// `endgames`: its value alone, or a whole solution. Refused when a line of play runs deeper than
/// the solver's stack allows.
fn solve(game: &Game, table_mb: usize, threads: usize, endgames: Endgames, want: Want) -> Result<Output, String> {
    let started = Instant::now();
    let until = if game.options().rounds { "round" } else { "game" };
    let mut solver = Solver::new(table_mb).threads(threads).with_endgames(endgames);
    let mut report = reporter(started);
    let output = if want == Want::ValueOnly {
        solver.value(game, &mut report).map(|value| {
            Output::Value(Valued { value, nodes: solver.nodes(), seconds: started.elapsed().as_secs_f64(), until })
        })
    } else {
        solver
            .solve(game, want == Want::MoveValues, &mut report)
            .map(|solution| Output::Solution(Solved { solution, seconds: started.elapsed().as_secs_f64(), until }))
    };
    // The observer never stops the solve: only a line too deep does.
    output.map_err(|_| {
        debug_assert!(solver.went_too_deep());
        format!(
            "the solve gave up after {:.0} s: a line of play ran more than {MAX_PLIES} moves deep without ending, \
             deeper than the solver's stack allows",
            started.elapsed().as_secs_f64()
        )
    })
}

/// What `walak solve` prints.
#[derive(Serialize)]
#[serde(untagged)]
enum Output {
    Value(Valued),
    Solution(Solved),
}

/// Progress on stderr: quiet for short solves, then about once a second.
fn reporter(started: Instant) -> impl FnMut(&Progress) -> bool {
    let mut last_report = 0.0;
    move |progress: &Progress| {
        let seconds = started.elapsed().as_secs_f64();
        if seconds >= 1.0 && seconds - last_report >= 1.0 {
            last_report = seconds;
            let subject = match progress.subject {
                None => "value".to_string(),
                Some(hole) => format!("value of hole {hole}"),
            };
            let subject = match progress.direction {
                Some(direction) => format!("{subject}, {} direction", direction.sign()),
                None => subject,
            };
            eprintln!(
                "walak solve: {:.1} M positions, {seconds:.1} s, {subject} between {} and {}",
                progress.nodes as f64 / 1e6,
                progress.lower,
                progress.upper
            );
        }
        true
    }
}
