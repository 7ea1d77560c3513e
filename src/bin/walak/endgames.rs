//! `walak endgames`: the table of endgame values the solver reads, and the one this tool ships.

use std::time::Instant;

use serde::Serialize;
use walak::solve::Endgames;

use crate::cli::EndgamesArgs;
use crate::json::to_json;

/// `walak endgames`: the table made and written.
pub fn run(args: EndgamesArgs) -> Result<String, String> {
    Ok(to_json(&write(args.seeds as u8, &args.out)?))
}

/// The table the page fetches (`www/endgames.bin`, made by `walak endgames`), built into the tool
/// as well, so that every solve on the command line reads it.
const SHIPPED: &[u8] = include_bytes!("../../../www/endgames.bin");

/// The shipped table. A damaged one is a broken build, not a user's mistake.
pub fn shipped() -> Endgames {
    Endgames::from_bytes(SHIPPED).expect("the shipped endgame table is whole (tests/endgames.rs)")
}

/// A table `walak endgames` wrote, to solve with instead of the shipped one.
pub fn read(path: &str) -> Result<Endgames, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    Endgames::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))
}

/// What `walak endgames` prints once the table is written.
#[derive(Serialize)]
struct Written {
    seeds: u8,
    boards: usize,
    bytes: usize,
    seconds: f64,
}

/// Works out every board of up to `seeds` seeds and writes the table to `out`, with progress on
/// stderr about once a second.
fn write(seeds: u8, out: &str) -> Result<Written, String> {
    let started = Instant::now();
    let mut last = 0.0;
    let endgames = Endgames::build(seeds, &mut |built| {
        let seconds = started.elapsed().as_secs_f64();
        if seconds - last >= 1.0 {
            last = seconds;
            eprintln!(
                "walak endgames: {} seeds, {} of {} boards, {seconds:.1} s",
                built.seeds, built.done, built.total
            );
        }
    });
    let bytes = endgames.to_bytes();
    std::fs::write(out, &bytes).map_err(|e| format!("{out}: {e}"))?;
    let boards = bytes.len() - 17;
    Ok(Written { seeds: endgames.most(), boards, bytes: bytes.len(), seconds: started.elapsed().as_secs_f64() })
}
