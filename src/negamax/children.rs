//! The moves from a board: every legal sowing of the player to move, played out.
//!
//! The search needs each move's resulting board anyway (to know whether the move is legal at all,
//! a sowing has to run to its end), so moves are generated as finished children.

use crate::rules::board::{hole_of, Seeds, Track, ROW};
use crate::rules::side::Side;
use crate::rules::sowing::sow;

/// One legal move and the board it leaves.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Child {
    /// The mover's hole, 1..=7 from their left.
    pub number: u8,
    pub seeds: Seeds,
    pub captured: u8,
}

const NONE: Child = Child { number: 0, seeds: [0; 14], captured: 0 };

/// The legal moves of `side`, in hole order: at most seven, so they live on the stack.
#[derive(Clone, Copy)]
pub(crate) struct Children {
    list: [Child; ROW],
    len: usize,
}

impl Children {
    /// Plays every non-empty hole of `side`; endless sowings are left out, as the rules say.
    #[inline]
    pub fn of(seeds: &Seeds, track: &Track, side: Side) -> Children {
        let mut children = Children { list: [NONE; ROW], len: 0 };
        for number in 1..=ROW as u8 {
            let hole = hole_of(side, number).expect("1..=7 is a hole");
            if seeds[hole] == 0 || !track.is_in_play(hole) {
                continue;
            }
            if let Ok((board, sown)) = sow(seeds, track, hole, &mut ()) {
                children.list[children.len] = Child { number, seeds: board, captured: sown.captured };
                children.len += 1;
            }
        }
        children
    }

    pub fn as_slice(&self) -> &[Child] {
        &self.list[..self.len]
    }

    pub fn as_mut_slice(&mut self) -> &mut [Child] {
        &mut self.list[..self.len]
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn len(&self) -> usize {
        self.len
    }
}
