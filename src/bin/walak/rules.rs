//! The rules' own answers: `walak state` (a record's position), `walak moves` (every move's
//! outcome from a board) and `walak trace` (the events of one move), in the schemas of the golden
//! vectors.

use walak::format::view::move_outcomes;
use walak::rules::board::Track;
use walak::{Game, Options};

use crate::cli::{MovesArgs, StateArgs, TraceArgs};
use crate::json::to_json;

pub fn state(args: StateArgs) -> Result<String, String> {
    let game = Game::from_record(&args.moves, Options { rounds: args.rounds, ..Options::default() })
        .map_err(|e| e.to_string())?;
    Ok(to_json(&game.view()))
}

pub fn moves(args: MovesArgs) -> Result<String, String> {
    Ok(to_json(&move_outcomes(&args.board, &Track::full(), args.to_move)))
}

pub fn trace(args: TraceArgs) -> Result<String, String> {
    let hole = &args.hole;
    let number: u8 = hole.parse().map_err(|_| format!("'{hole}' is not a hole number 1 to 7"))?;
    let mut game = Game::from_record(&args.moves, Options { rounds: args.rounds, ..Options::default() })
        .map_err(|e| e.to_string())?;
    Ok(to_json(&game.play(number).map_err(|e| e.to_string())?))
}
