//! The two players and the row each of them owns.

use std::fmt;
use std::ops::Range;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// Holes in one row: each side owns seven.
pub const ROW: usize = 7;

/// A player. South owns the row nearest to them (track holes 0..=6), North the other (7..=13).
///
/// ```
/// use walak::Side;
/// assert_eq!(Side::South.opponent(), Side::North);
/// assert_eq!("north".parse::<Side>(), Ok(Side::North));
/// assert_eq!(Side::North.row(), 7..14);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    South,
    North,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::South, Side::North];

    pub fn opponent(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// Index into per-side arrays such as the reserves: South 0, North 1.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The track indices of this side's row, from the owner's left (sowing order).
    pub fn row(self) -> Range<usize> {
        let first = self.index() * ROW;
        first..first + ROW
    }

    /// The side owning a track hole.
    pub fn owning(hole: usize) -> Side {
        if hole < ROW {
            Side::South
        } else {
            Side::North
        }
    }

    /// The side whose [`Side::name`] is exactly `name`, as links and saved games write it.
    pub fn named(name: &str) -> Option<Side> {
        Side::BOTH.into_iter().find(|side| side.name() == name)
    }

    pub fn name(self) -> &'static str {
        match self {
            Side::South => "south",
            Side::North => "north",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::South => "South",
            Side::North => "North",
        })
    }
}

impl FromStr for Side {
    type Err = String;

    /// Forgiving, for people typing: spaces around and capitals are allowed.
    fn from_str(s: &str) -> Result<Side, String> {
        Side::named(&s.trim().to_ascii_lowercase()).ok_or_else(|| format!("'{s}' is not a side: use south or north"))
    }
}
