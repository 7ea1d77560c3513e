//! The moves from a board: every legal sowing of the player to move, played out.
//!
//! The search needs each move's resulting board anyway (to know whether the move is legal at all,
//! a sowing has to run to its end), so moves are generated as finished children.

use crate::rules::board::{hole_of, Seeds, Track, ROW};
use crate::rules::position::allowed_holes;
use crate::rules::ruleset::RuleSet;
use crate::rules::side::Side;
use crate::rules::sowing::{sow, sow_by};

use super::round::{Round, State};

/// One legal move and the board it leaves.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Child {
    /// The mover's hole, 1..=7 from their left.
    pub number: u8,
    pub seeds: Seeds,
    pub captured: u8,
    /// What the position it leaves holds beyond the board (see [`State`]): 0 but in
    /// Kotu-baendum.
    pub state: State,
}

const NONE: Child = Child { number: 0, seeds: [0; 14], captured: 0, state: 0 };

/// The legal moves of `side`, in hole order: at most seven, so they live on the stack.
#[derive(Clone, Copy)]
pub(crate) struct Children {
    list: [Child; ROW],
    len: usize,
}

impl Children {
    /// The legal moves of `side` on `seeds` in a position of `round` whose state is `state`:
    /// [`Children::today`] by today's rules; in Parker's games the holes their rules allow
    /// ([`allowed_holes`]), sown by [`sow_by`], endless sowings left out.
    #[inline(always)]
    pub fn of(round: &Round, seeds: &Seeds, state: State, side: Side) -> Children {
        match round.rules {
            RuleSet::MancalaWorld => Children::today(seeds, &round.track, side),
            RuleSet::ParkerWalak => Children::parker::<{ RuleSet::ParkerWalak as u8 }>(round, seeds, state, side),
            RuleSet::ParkerKotu => Children::parker::<{ RuleSet::ParkerKotu as u8 }>(round, seeds, state, side),
        }
    }

    /// Parker's moves; `RULES` is the rule set's number, so that each is compiled with its own
    /// sowing.
    #[inline(never)]
    fn parker<const RULES: u8>(round: &Round, seeds: &Seeds, state: State, side: Side) -> Children {
        let rules = if RULES == RuleSet::ParkerKotu as u8 { RuleSet::ParkerKotu } else { RuleSet::ParkerWalak };
        let mut children = Children { list: [NONE; ROW], len: 0 };
        let marks = round.marks(state);
        let allowed = allowed_holes(rules, seeds, &marks, &round.track, side, Round::opened(state, side));
        for number in 1..=ROW as u8 {
            let hole = hole_of(side, number).expect("1..=7 is a hole");
            if allowed >> hole & 1 == 0 {
                continue;
            }
            if let Ok((board, after, sown)) = sow_by(rules, seeds, marks, &round.track, hole, &mut ()) {
                let state = if rules == RuleSet::ParkerKotu { Round::after_move(state, side, &after) } else { 0 };
                children.list[children.len] = Child { number, seeds: board, captured: sown.captured, state };
                children.len += 1;
            }
        }
        children
    }

    /// Plays every non-empty hole of `side` by today's rules; endless sowings are left out, as
    /// the rules say.
    #[inline]
    pub fn today(seeds: &Seeds, track: &Track, side: Side) -> Children {
        let mut children = Children { list: [NONE; ROW], len: 0 };
        for number in 1..=ROW as u8 {
            let hole = hole_of(side, number).expect("1..=7 is a hole");
            if seeds[hole] == 0 || !track.is_in_play(hole) {
                continue;
            }
            if let Ok((board, sown)) = sow(seeds, track, hole, &mut ()) {
                children.list[children.len] = Child { number, seeds: board, captured: sown.captured, state: 0 };
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
}
