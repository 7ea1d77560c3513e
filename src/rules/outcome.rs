//! How a game stands and how it ended: still playing or over, the way a round or game ended, and
//! who won; and the end-of-game rule itself, the one place that says when a game (or a round) ends
//! and what the seeds left on the board then give each side. The game, the random playouts, the
//! search and the solver all end games through it.

use serde::{Deserialize, Serialize};

use crate::rules::board::{Seeds, HOLES};
use crate::rules::marks::Marks;
use crate::rules::ruleset::RuleSet;
use crate::rules::side::Side;

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

/// A position met this many times since the last capture ends the game (or the round): the third
/// occurrence.
pub const REPETITIONS: usize = 3;

impl Ending {
    /// Whether a position ends the game, and how: met for the [`REPETITIONS`]th time, it ends by
    /// repetition even when its mover could move; otherwise it ends when its mover has no legal
    /// move. `None` while the game goes on. `has_move` is only asked when repetition has not ended
    /// the game, since finding the legal moves costs sowings.
    ///
    /// ```
    /// use walak::Ending;
    /// assert_eq!(Ending::of(3, || true), Some(Ending::Repetition));
    /// assert_eq!(Ending::of(1, || false), Some(Ending::NoMoves));
    /// assert_eq!(Ending::of(2, || true), None);
    /// ```
    #[inline(always)]
    pub fn of(occurrences: usize, has_move: impl FnOnce() -> bool) -> Option<Ending> {
        if occurrences >= REPETITIONS {
            Some(Ending::Repetition)
        } else if !has_move() {
            Some(Ending::NoMoves)
        } else {
            None
        }
    }

    /// Who takes the seeds left on the board when a game or round ends this way with `to_move` to
    /// move: the opponent of a player with no move takes them all; otherwise (a repetition) each
    /// side takes the seeds in its own row, which is `None`.
    #[inline]
    pub fn taker(self, to_move: Side) -> Option<Side> {
        match self {
            Ending::NoMoves => Some(to_move.opponent()),
            Ending::Repetition | Ending::MatchOver => None,
        }
    }

    /// What the seeds left on the board give the player to move more than the opponent when the
    /// game ends this way: all `on_board` of them to the opponent when the mover has no move, or
    /// the mover's row less the opponent's after a repetition. `on_board` is the seeds on `seeds`,
    /// which the search and the solver already know.
    ///
    /// ```
    /// use walak::{Ending, Side};
    /// let seeds = [1, 0, 0, 0, 0, 0, 2, 0, 0, 3, 0, 0, 0, 0];
    /// assert_eq!(Ending::Repetition.margin(&seeds, Side::South, 6), 0);
    /// assert_eq!(Ending::Repetition.margin(&seeds, Side::North, 6), 0);
    /// assert_eq!(Ending::NoMoves.margin(&seeds, Side::North, 6), -6);
    /// ```
    #[inline]
    pub fn margin(self, seeds: &Seeds, to_move: Side, on_board: i32) -> i32 {
        match self.taker(to_move) {
            Some(taker) if taker == to_move => on_board,
            Some(_) => -on_board,
            None => {
                let row = |side: Side| seeds[side.row()].iter().map(|&s| s as i32).sum::<i32>();
                row(to_move) - row(to_move.opponent())
            }
        }
    }

    /// [`Ending::margin`] by `rules`, with the board's marked holes: in Parker's games the claim
    /// at a round's end gives every hole to the player who tied it or else to its row's owner,
    /// however the round ended (as [`crate::Position`] claims it).
    ///
    /// ```
    /// use walak::rules::{marks::Marks, ruleset::RuleSet};
    /// use walak::{Ending, Side};
    /// let seeds = [1, 0, 0, 0, 0, 0, 2, 0, 0, 3, 0, 0, 0, 0];
    /// let mut marks = Marks::NONE;
    /// assert_eq!(Ending::NoMoves.margin_by(RuleSet::ParkerWalak, &seeds, &marks, Side::South, 6), 0);
    /// marks.tie(6, Side::North);
    /// assert_eq!(Ending::NoMoves.margin_by(RuleSet::ParkerKotu, &seeds, &marks, Side::South, 6), -4);
    /// assert_eq!(Ending::NoMoves.margin_by(RuleSet::MancalaWorld, &seeds, &Marks::NONE, Side::North, 6), -6);
    /// ```
    #[inline]
    pub fn margin_by(self, rules: RuleSet, seeds: &Seeds, marks: &Marks, to_move: Side, on_board: i32) -> i32 {
        if !rules.is_parker() {
            return self.margin(seeds, to_move, on_board);
        }
        (0..HOLES)
            .map(|hole| if marks.claimed_by(hole) == to_move { seeds[hole] as i32 } else { -(seeds[hole] as i32) })
            .sum()
    }
}
