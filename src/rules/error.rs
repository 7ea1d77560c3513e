//! Errors as values, each with a message a player can act on.

use std::fmt;

use serde::Serialize;

use crate::rules::side::Side;
use crate::rules::sowing::MAX_LAPS;

/// Why a move was refused. A refused move changes nothing.
///
/// Serialized (as every error of the crate) with a `kind` naming the variant in snake case and
/// the variant's fields, so that a page can say it in its own words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum MoveError {
    /// The number is outside 1..=7.
    NoSuchHole { number: u8 },
    /// The hole holds no seeds.
    EmptyHole { side: Side, number: u8 },
    /// The hole is out of play this round (rounds mode).
    OutOfPlay { side: Side, number: u8 },
    /// The sowing would not end within the lap limit.
    Endless { side: Side, number: u8 },
    /// The game is already over.
    GameOver,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::NoSuchHole { number } => {
                write!(f, "there is no hole {number}: holes are numbered 1 to 7 from the mover's left")
            }
            MoveError::EmptyHole { side, number } => write!(f, "{side}'s hole {number} is empty"),
            MoveError::OutOfPlay { side, number } => write!(f, "{side}'s hole {number} is out of play this round"),
            MoveError::Endless { side, number } => write!(
                f,
                "{side}'s hole {number} starts an endless sowing (it does not end within {} laps), so it may not be played",
                MAX_LAPS
            ),
            MoveError::GameOver => write!(f, "the game is over: no more moves can be played"),
        }
    }
}

impl std::error::Error for MoveError {}

/// Why a game record (a string of move digits) could not be read or played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum RecordError {
    /// A character that is not a hole number 1..=7. `at` counts characters from 1.
    NotAMove { at: usize, found: char },
    /// Move number `at` (from 1) is not legal in the position it was played in.
    IllegalMove { at: usize, number: u8, error: MoveError },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::NotAMove { at, found } => {
                write!(f, "character {at} of the record, '{found}', is not a move: moves are the digits 1 to 7")
            }
            RecordError::IllegalMove { at, error, .. } => write!(f, "move {at} of the record is illegal: {error}"),
        }
    }
}

impl std::error::Error for RecordError {}

/// Why a position set up by hand was refused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SetupError {
    /// Board and reserves together do not hold the game's 56 seeds.
    SeedCount { found: u32 },
    /// Round numbers start at 1.
    RoundZero,
    /// A single game has one round only.
    RoundInSingleGame { round: u16 },
    /// Holes out of play exist only in rounds mode, from round 2 on.
    OutOfPlayInFirstRound,
    /// An out-of-play hole holds seeds.
    SeedsOutOfPlay { hole: usize },
    /// A side's holes in play must run from its left with no gap (they are filled from the left).
    InPlayNotFromLeft { side: Side },
    /// A side with no hole in play could not have started the round.
    NoHoleInPlay { side: Side },
    /// A list of the set-up (`part`: "board" or "in_play") does not have one entry per hole: it
    /// has `found`.
    Malformed { part: &'static str, found: usize },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::SeedCount { found } => {
                write!(f, "the board and reserves hold {found} seeds, but a game has exactly 56")
            }
            SetupError::RoundZero => write!(f, "rounds are numbered from 1"),
            SetupError::RoundInSingleGame { round } => {
                write!(f, "a single game has only one round, so it cannot be in round {round}")
            }
            SetupError::OutOfPlayInFirstRound => write!(
                f,
                "holes can be out of play only in rounds mode after the first round; here every hole must be in play"
            ),
            SetupError::SeedsOutOfPlay { hole } => write!(
                f,
                "{}'s hole {} is out of play but holds seeds",
                Side::owning(*hole),
                crate::rules::board::number_of(*hole)
            ),
            SetupError::InPlayNotFromLeft { side } => write!(
                f,
                "{side}'s holes in play must run from {side}'s left without a gap, because holes are filled from the left"
            ),
            SetupError::NoHoleInPlay { side } => {
                write!(f, "{side} has no hole in play, so the match would already be over")
            }
            SetupError::Malformed { part: "board", found } => write!(f, "the board must list 14 holes, not {found}"),
            SetupError::Malformed { part, found } => write!(f, "{part} must list 14 holes, not {found}"),
        }
    }
}

impl std::error::Error for SetupError {}

/// Why a game cannot be set up and played as described: the position it begins from is
/// impossible, or its record cannot be played from there.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Unplayable {
    Position(SetupError),
    Record(RecordError),
}

impl fmt::Display for Unplayable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unplayable::Position(error) => error.fmt(f),
            Unplayable::Record(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for Unplayable {}

impl From<SetupError> for Unplayable {
    fn from(error: SetupError) -> Unplayable {
        Unplayable::Position(error)
    }
}

impl From<RecordError> for Unplayable {
    fn from(error: RecordError) -> Unplayable {
        Unplayable::Record(error)
    }
}
