//! `walak solve`: the exact value of a position, its best moves, every move's value and a perfect
//! line, with progress on stderr for long solves.

use std::time::Instant;

use serde::Serialize;
use walak::solve::{Progress, Solution, Solver};
use walak::Game;

/// The JSON of `walak solve`: the solution's keys, then the time and what the values run to.
#[derive(Serialize)]
pub struct Solved {
    #[serde(flatten)]
    solution: Solution,
    seconds: f64,
    /// What the values run to: the end of the `game`, or of the current `round` in a match.
    until: &'static str,
}

/// Solves the game's position with a table of `table_mb` MB on `threads` threads.
pub fn solve(game: &Game, table_mb: usize, threads: usize, move_values: bool) -> Solved {
    let started = Instant::now();
    let mut last_report = 0.0;
    let mut report = |progress: &Progress| {
        let seconds = started.elapsed().as_secs_f64();
        // Quiet for short solves; then about once a second.
        if seconds >= 1.0 && seconds - last_report >= 1.0 {
            last_report = seconds;
            let subject = match progress.subject {
                None => "value".to_string(),
                Some(hole) => format!("value of hole {hole}"),
            };
            eprintln!(
                "walak solve: {:.1} M positions, {seconds:.1} s, {subject} between {} and {}",
                progress.nodes as f64 / 1e6,
                progress.lower,
                progress.upper
            );
        }
        true
    };
    let solution = Solver::new(table_mb)
        .threads(threads)
        .solve(game, move_values, &mut report)
        .expect("the solve is never stopped");
    Solved {
        solution,
        seconds: started.elapsed().as_secs_f64(),
        until: if game.options().rounds { "round" } else { "game" },
    }
}
