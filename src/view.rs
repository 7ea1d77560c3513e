//! The state of a game as the outside sees it: the JSON schema shared by the command-line tool,
//! the WebAssembly API and the golden test vectors.

use serde::{Deserialize, Serialize};

use crate::board::HOLES;
use crate::side::Side;

/// Whether a game (or match) is still being played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Playing,
    GameOver,
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Winner {
    South,
    North,
    Draw,
}

impl Winner {
    pub fn from_side(side: Option<Side>) -> Winner {
        match side {
            Some(Side::South) => Winner::South,
            Some(Side::North) => Winner::North,
            None => Winner::Draw,
        }
    }
}

/// How a round or game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// The player to move had no legal move; the opponent took the seeds on the board.
    NoMoves,
    /// A position occurred for the third time; each player took the seeds in their own row.
    Repetition,
    /// Rounds mode: a player could not fill a hole at the start of a round.
    MatchOver,
}

/// A game's state, in exactly the schema of the `state` objects of the golden vectors.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StateView {
    /// Seeds per hole in track order: South's row from South's left, then North's from North's left.
    pub board: [u8; HOLES],
    /// Seeds held off the board: `[south, north]`.
    pub reserves: [u8; 2],
    /// Who moves next (after the end: who would have moved).
    pub to_move: Side,
    /// The round, from 1 (always 1 in a single game).
    pub round: u16,
    /// False for holes out of play this round.
    pub in_play: [bool; HOLES],
    pub status: Status,
    /// `None` while playing.
    pub winner: Option<Winner>,
    /// The legal moves of the player to move, as hole numbers 1..=7 from their left, ascending.
    pub legal: Vec<u8>,
}

/// The outcome of one move from a position, in the schema of the `moves` entries of the vectors.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveOutcome {
    /// The mover's hole, 1..=7 from their left.
    pub hole: u8,
    /// True when the sowing never ends (the move is not legal); the other fields are then absent.
    pub endless: bool,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub board: Option<[u8; HOLES]>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub captured: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub laps: Option<u16>,
}
