//! Errors as values, each with a message a player can act on.

use std::fmt;

use serde::Serialize;

use crate::rules::marks::Short;
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
    /// Parker's games: the first move of a game fixes the direction, so it carries a sign.
    DirectionNeeded { side: Side, number: u8 },
    /// Parker's games: the direction is fixed for the round, so later moves carry no sign.
    DirectionFixed { side: Side, number: u8 },
    /// Parker's games: a bare `+` or `-` chooses a new round's direction, and no round is
    /// waiting for one.
    NotChoosing,
    /// Parker's games: a round is waiting for `side`, who starts it, to choose the direction.
    Choosing { side: Side },
    /// Parker's games: a puta or naga hole is never lifted.
    Blocked { side: Side, number: u8, short: Short },
    /// Kotu-baendum: a tied hole is never lifted.
    Tied { side: Side, number: u8, by: Side },
    /// Kotu-baendum: a player's first turn of a round starts from an end hole (1 or 7).
    NotAnEndHole { side: Side, number: u8 },
    /// Parker's games: a single seed waits while a hole of two or more can be played.
    SingletonWaits { side: Side, number: u8 },
    /// Parker's games: of several single seeds, the one in the front hole (the last of the row in
    /// the direction of sowing) waits.
    FrontSingleton { side: Side, number: u8 },
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
            MoveError::DirectionNeeded { side, number } => write!(
                f,
                "{side}'s first move chooses the direction of sowing: write {number}+ (counterclockwise) or {number}- (clockwise)"
            ),
            MoveError::DirectionFixed { side, number } => write!(
                f,
                "the direction is already chosen for this round: write {side}'s move as {number}, without + or -"
            ),
            MoveError::NotChoosing => write!(f, "a bare + or - chooses the direction before a new round, and no round is waiting"),
            MoveError::Choosing { side } => write!(
                f,
                "a new round is waiting for {side} to choose the direction of sowing: + (counterclockwise) or - (clockwise)"
            ),
            MoveError::Blocked { side, number, short } => {
                write!(f, "{side}'s hole {number} is a {} hole: it is never lifted", short.name())
            }
            MoveError::Tied { side, number, by } => {
                write!(f, "{side}'s hole {number} is tied (to {by}): it is never lifted")
            }
            MoveError::NotAnEndHole { side, number } => write!(
                f,
                "{side}'s first turn of the round starts from an end hole, 1 or 7, not {number}"
            ),
            MoveError::SingletonWaits { side, number } => write!(
                f,
                "{side}'s hole {number} holds a single seed, which may not move while a hole of two or more can"
            ),
            MoveError::FrontSingleton { side, number } => write!(
                f,
                "{side}'s hole {number} is the front hole: its single seed waits while another single seed can move"
            ),
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
    /// Parker's notation: move number `at` (from 1), `found`, is not a move.
    NotAParkerMove { at: usize, found: String },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::NotAMove { at, found } => {
                write!(f, "character {at} of the record, '{found}', is not a move: moves are the digits 1 to 7")
            }
            RecordError::IllegalMove { at, error, .. } => write!(f, "move {at} of the record is illegal: {error}"),
            RecordError::NotAParkerMove { at, found } => write!(
                f,
                "move {at} of the record, '{found}', is not a move: write a hole 1 to 7, with + or - where it chooses the direction"
            ),
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
