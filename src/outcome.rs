//! How a game stands and how it ended: still playing or over, the way a round or game ended, and
//! who won. The rules in [`crate::game`] decide these; [`crate::view`] shows them in JSON.

use serde::{Deserialize, Serialize};

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
    /// The result when `side` won, or a draw for `None`.
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
