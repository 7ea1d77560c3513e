//! The board: fourteen holes on one track, sown in one direction, and which of them are in play.

use crate::rules::ruleset::Direction;
use crate::rules::side::Side;

/// Holes on the board.
pub const HOLES: usize = 14;
pub use crate::rules::side::ROW;
/// Seeds in a game.
pub const TOTAL_SEEDS: u32 = 56;
/// Seeds in each hole at the start of a game (and of a round, for every filled hole).
pub const SEEDS_PER_HOLE: u8 = 4;

/// Seed counts of the fourteen holes in track order.
pub type Seeds = [u8; HOLES];

/// The track hole of a move written in the notation: the mover's hole `number` 1..=7 from the
/// mover's own left. `None` when the number is outside 1..=7.
///
/// ```
/// use walak::{rules::board::hole_of, Side};
/// assert_eq!(hole_of(Side::South, 1), Some(0));
/// assert_eq!(hole_of(Side::North, 1), Some(7));
/// assert_eq!(hole_of(Side::North, 8), None);
/// ```
pub fn hole_of(side: Side, number: u8) -> Option<usize> {
    (1..=ROW as u8).contains(&number).then(|| side.row().start + number as usize - 1)
}

/// The notation number (1..=7 from the owner's left) of a track hole.
pub fn number_of(hole: usize) -> u8 {
    (hole % ROW) as u8 + 1
}

/// The holes that take part in sowing this round, with each hole's successor in the direction of
/// sowing.
///
/// In a single game every hole is in play. In rounds mode holes a player could not fill are out
/// of play: sowing, relay and captures pass over them as if they were not on the track. Today's
/// rules always sow counterclockwise; Parker's games sow the way the first player chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Track {
    in_play: [bool; HOLES],
    next: [u8; HOLES],
    direction: Direction,
}

impl Track {
    /// Every hole in play, counterclockwise.
    pub fn full() -> Track {
        Track::new([true; HOLES]).expect("a full track has holes in play")
    }

    /// A counterclockwise track over the given holes; `None` when no hole is in play.
    pub fn new(in_play: [bool; HOLES]) -> Option<Track> {
        Track::toward(in_play, Direction::Counterclockwise)
    }

    /// A track over the given holes, sown in `direction`; `None` when no hole is in play.
    ///
    /// ```
    /// use walak::rules::{board::Track, ruleset::Direction};
    /// let mut in_play = [true; 14];
    /// in_play[13] = false;
    /// let track = Track::toward(in_play, Direction::Clockwise).unwrap();
    /// assert_eq!((track.next(0), track.next(1)), (12, 0));
    /// ```
    pub fn toward(in_play: [bool; HOLES], direction: Direction) -> Option<Track> {
        if !in_play.contains(&true) {
            return None;
        }
        let step = match direction {
            Direction::Counterclockwise => 1,
            Direction::Clockwise => HOLES - 1,
        };
        let mut next = [0u8; HOLES];
        for (hole, slot) in next.iter_mut().enumerate() {
            let mut n = (hole + step) % HOLES;
            while !in_play[n] {
                n = (n + step) % HOLES;
            }
            *slot = n as u8;
        }
        Some(Track { in_play, next, direction })
    }

    /// The same holes sown the other way, or the same way.
    pub fn turned(&self, direction: Direction) -> Track {
        if direction == self.direction {
            *self
        } else {
            Track::toward(self.in_play, direction).expect("a track has holes in play")
        }
    }

    /// The next hole in play after `hole` in the direction of sowing.
    #[inline]
    pub fn next(&self, hole: usize) -> usize {
        self.next[hole] as usize
    }

    pub fn direction(&self) -> Direction {
        self.direction
    }

    pub fn in_play(&self) -> [bool; HOLES] {
        self.in_play
    }

    pub fn is_in_play(&self, hole: usize) -> bool {
        self.in_play[hole]
    }
}

/// Seeds in a side's row.
pub fn row_seeds(seeds: &Seeds, side: Side) -> u32 {
    seeds[side.row()].iter().map(|&s| s as u32).sum()
}

/// Seeds on the whole board.
pub fn board_seeds(seeds: &Seeds) -> u32 {
    seeds.iter().map(|&s| s as u32).sum()
}
