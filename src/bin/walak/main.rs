//! `walak`: the rules engine on the command line, for analysis, tests and benchmarks.
//! Every command prints JSON on stdout (book and puzzles: text); errors go to stderr, with exit
//! status 2 for a mistake in the arguments (and the usage) and 1 for a refused input.
//!
//! The tool's modules form layers, lowest first; a module names only those below its own, never
//! one beside it (`tests/layers.rs` checks it):
//! 1. `cli` (every command and flag, read by clap) and `json` (how a command prints): they name
//!    nothing of the tool;
//! 2. `usage` (what a mistake in the arguments is answered with) and `endgames` (the endgame
//!    table: `walak endgames`, and the table built in, which the solving commands read);
//! 3. the commands, none naming another: `rules` (state, moves, trace, picture), `bench`, `solve`, `book`,
//!    `puzzles`, `play` (bestmove, match), `soak`, `serve` (live play) and `load` (its load test);
//! 4. this file: read the arguments, run the command, print what it returns.
//!
//! Within `serve`: `random`, `hub`, `files` (the page's files' headers), `logs`, `metrics` and
//! `limits` (what one client address may do);
//! `store` (the rooms' interface) and `watch` (what is counted and logged); `memory`, `shared` (the
//! two stores) and `server` (what every connection shares); `connection` and `health` (`/healthz`,
//! `/metrics`); `serve/mod.rs`, which chooses the store. Within `load`: `tally`; `run`; `player`; `bad`; `load.rs`.

mod bench;
mod book;
mod cli;
mod endgames;
mod json;
mod load;
mod play;
mod puzzles;
mod rules;
mod serve;
mod soak;
mod solve;
mod usage;

use std::process::ExitCode;

use cli::Command;

fn main() -> ExitCode {
    let cli = match usage::read_args().and_then(|args| usage::parse(&args)) {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    let output = match cli.command {
        Command::State(args) => rules::state(args),
        Command::Moves(args) => rules::moves(args),
        Command::Trace(args) => rules::trace(args),
        Command::Picture(args) => rules::picture(args),
        Command::Bench(args) => bench::run(args),
        Command::Solve(args) => solve::run(args),
        Command::Endgames(args) => endgames::run(args),
        Command::Book(args) => book::run(args),
        Command::Puzzles(args) => puzzles::run(args),
        Command::Bestmove(args) => play::bestmove(args),
        Command::Match(args) => play::contest(args),
        Command::Soak(args) => soak::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Load(args) => load::run(args),
    };
    match output {
        Ok(text) => {
            if !text.is_empty() {
                println!("{text}");
            }
            ExitCode::SUCCESS
        }
        Err(refusal) => {
            eprintln!("walak: {refusal}");
            ExitCode::from(1)
        }
    }
}
