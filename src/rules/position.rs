//! A position: the seeds on the board, the reserves, the holes in play and the player to move.

use crate::rules::board::{hole_of, Seeds, Track, HOLES, ROW, SEEDS_PER_HOLE};
use crate::rules::error::MoveError;
use crate::rules::outcome::Ending;
use crate::rules::side::Side;
use crate::rules::sowing::{sow, Sown};
use crate::rules::trace::{Event, Sink};

/// Everything the next move depends on. Positions are small values: playing a move returns a new
/// one and leaves the old one as it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) seeds: Seeds,
    pub(crate) reserves: [u8; 2],
    pub(crate) track: Track,
    pub(crate) to_move: Side,
}

impl Position {
    /// The opening: four seeds in every hole, empty reserves, `first` to move.
    pub fn start(first: Side) -> Position {
        Position { seeds: [SEEDS_PER_HOLE; HOLES], reserves: [0, 0], track: Track::full(), to_move: first }
    }

    pub fn seeds(&self) -> &Seeds {
        &self.seeds
    }

    pub fn reserves(&self) -> [u8; 2] {
        self.reserves
    }

    pub fn track(&self) -> &Track {
        &self.track
    }

    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// Checks that the player to move may play their hole `number` (1..=7) and gives its track
    /// hole. Does not look for endless sowing; [`Position::play`] does.
    pub fn playable_hole(&self, number: u8) -> Result<usize, MoveError> {
        let hole = hole_of(self.to_move, number).ok_or(MoveError::NoSuchHole { number })?;
        if !self.track.is_in_play(hole) {
            return Err(MoveError::OutOfPlay { side: self.to_move, number });
        }
        if self.seeds[hole] == 0 {
            return Err(MoveError::EmptyHole { side: self.to_move, number });
        }
        Ok(hole)
    }

    /// Plays the mover's hole `number`, reporting each step to `sink`, and passes the turn.
    ///
    /// Ending the game when the next player cannot move is the game's business, not the
    /// position's: see [`crate::Game`].
    ///
    /// ```
    /// use walak::{Position, Side};
    /// let start = Position::start(Side::South);
    /// let (after, sown) = start.play(1, &mut ()).unwrap();
    /// assert_eq!(after.reserves(), [6, 0]);
    /// assert_eq!(after.to_move(), Side::North);
    /// assert_eq!(sown.laps, 7);
    /// assert!(start.play(8, &mut ()).is_err());
    /// ```
    pub fn play<S: Sink>(&self, number: u8, sink: &mut S) -> Result<(Position, Sown), MoveError> {
        let hole = self.playable_hole(number)?;
        let (seeds, sown) =
            sow(&self.seeds, &self.track, hole, sink).map_err(|_| MoveError::Endless { side: self.to_move, number })?;
        let mut reserves = self.reserves;
        reserves[self.to_move.index()] += sown.captured;
        let to_move = self.to_move.opponent();
        sink.event(Event::TurnPass { to: to_move });
        Ok((Position { seeds, reserves, track: self.track, to_move }, sown))
    }

    /// The mover's legal moves as hole numbers 1..=7, ascending: non-empty holes whose sowing ends.
    pub fn legal_moves(&self) -> Vec<u8> {
        (1..=ROW as u8).filter(|&n| self.is_legal(n)).collect()
    }

    pub fn is_legal(&self, number: u8) -> bool {
        match self.playable_hole(number) {
            Ok(hole) => sow(&self.seeds, &self.track, hole, &mut ()).is_ok(),
            Err(_) => false,
        }
    }

    pub fn has_legal_move(&self) -> bool {
        (1..=ROW as u8).any(|n| self.is_legal(n))
    }

    /// Moves every seed left on the board into a reserve: to `taker`, or to each hole's owner when
    /// `taker` is `None`.
    pub(crate) fn claim<S: Sink>(&mut self, taker: Option<Side>, sink: &mut S) {
        for hole in 0..HOLES {
            let seeds = self.seeds[hole];
            if seeds == 0 {
                continue;
            }
            let side = taker.unwrap_or(Side::owning(hole));
            self.seeds[hole] = 0;
            self.reserves[side.index()] += seeds;
            sink.event(Event::Claim { hole: hole as u8, seeds, side });
        }
    }

    /// The claim that ends a single game or a round: after `NoMoves` the player who still had
    /// moves takes the board; otherwise each side takes its own row.
    pub(crate) fn claim_at_end<S: Sink>(&mut self, ending: Ending, sink: &mut S) {
        self.claim(ending.taker(self.to_move), sink);
    }

    /// The side with more seeds in reserve (the winner of a single game once all are claimed), or
    /// `None` when both have as many.
    pub fn ahead(&self) -> Option<Side> {
        match self.reserves[0].cmp(&self.reserves[1]) {
            std::cmp::Ordering::Greater => Some(Side::South),
            std::cmp::Ordering::Less => Some(Side::North),
            std::cmp::Ordering::Equal => None,
        }
    }
}
