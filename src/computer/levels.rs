//! The levels of the computer player, from a beginner to a master.
//!
//! The two lowest levels play like people rather than like a weakened search: a beginner can
//! follow a sowing for its first lap only and guesses where a relay ends, grabs what it sees and
//! never thinks about the reply; a casual player follows every sowing to its end and checks the
//! opponent's best capture in reply, and sometimes misjudges. The higher levels search.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::search::eval::Weights;
use crate::search::Limits;

/// How well the computer plays.
///
/// ```
/// use walak::computer::Level;
/// assert_eq!("club".parse::<Level>(), Ok(Level::Club));
/// assert_eq!(Level::ALL.map(Level::name), ["beginner", "casual", "club", "strong", "master", "perfect"]);
/// assert!("grandmaster".parse::<Level>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Sees one lap of a sowing, grabs what it sees, never looks at the reply.
    Beginner,
    /// Follows every sowing and checks the opponent's best reply; now and then misjudges.
    Casual,
    /// Looks four moves ahead.
    Club,
    /// Looks eight moves ahead and solves endgames of 8 seeds or fewer.
    Strong,
    /// Thinks for up to a second a move and solves endgames of 20 seeds or fewer.
    Master,
    /// Never gives away a seed of value: plays a move that keeps the exact value of the position,
    /// from the book or proved by the solver (see [`crate::solve::Perfect`]).
    Perfect,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 6] =
        [Level::Beginner, Level::Casual, Level::Club, Level::Strong, Level::Master, Level::Perfect];

    /// The levels that play by rule of thumb or by a limited search, weakest first: the strength
    /// ladder, where each beats the one below.
    pub const LADDER: [Level; 5] = [Level::Beginner, Level::Casual, Level::Club, Level::Strong, Level::Master];

    /// The strongest level.
    pub const STRONGEST: Level = Level::Perfect;

    /// The strongest level that searches within a time budget: hints, evaluations, and the
    /// perfect level's move when a proof takes too long.
    pub const STRONGEST_SEARCH: Level = Level::Master;

    /// The level's name, as people say it and as [`FromStr`] reads it.
    pub fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Casual => "casual",
            Level::Club => "club",
            Level::Strong => "strong",
            Level::Master => "master",
            Level::Perfect => "perfect",
        }
    }

    /// One sentence on how the level plays, for people choosing it.
    pub fn description(self) -> &'static str {
        match self {
            Level::Beginner => {
                "New to the game: follows a sowing for one lap, grabs what it sees, never thinks of the reply."
            }
            Level::Casual => "Knows the game: follows every relay, checks your best reply, and sometimes misjudges.",
            Level::Club => "A careful player: looks four moves ahead.",
            Level::Strong => "Looks eight moves ahead and plays endgames of 8 seeds or fewer perfectly.",
            Level::Master => {
                "Thinks up to a second a move, far ahead, and plays endgames of 20 seeds or fewer perfectly."
            }
            Level::Perfect => "Plays perfectly: it knows the exact result of every move and never gives away a seed.",
        }
    }

    /// The search a searching level runs; `None` for the human-like levels.
    pub fn limits(self) -> Option<Limits> {
        let weights = Weights::TUNED;
        match self {
            Level::Beginner | Level::Casual | Level::Perfect => None,
            Level::Club => Some(Limits { depth: 4, time_ms: None, exact_below: 0, weights }),
            Level::Strong => Some(Limits { depth: 8, time_ms: None, exact_below: 8, weights }),
            Level::Master => Some(Limits { depth: 64, time_ms: Some(1000.0), exact_below: 20, weights }),
        }
    }

    /// The level above this one, if any.
    pub fn next(self) -> Option<Level> {
        Level::ALL.iter().position(|&l| l == self).and_then(|i| Level::ALL.get(i + 1).copied())
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = String;

    fn from_str(s: &str) -> Result<Level, String> {
        let wanted = s.trim().to_ascii_lowercase();
        Level::ALL.into_iter().find(|level| level.name() == wanted).ok_or_else(|| {
            let names: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
            format!("'{s}' is not a level: use one of {}", names.join(", "))
        })
    }
}
