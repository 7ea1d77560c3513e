//! Playing in rounds: refilling the holes, choosing who starts, and ending the match, by today's
//! rules and by Parker's (where the loser of a round chooses the direction, fills in sowing order,
//! and from round 3 his last seeds make a short hole the winner answers opposite).

use crate::rules::board::{Seeds, HOLES, SEEDS_PER_HOLE};
use crate::rules::marks::{Marks, Short};
use crate::rules::ruleset::Direction;
use crate::rules::side::Side;

/// A side's row filled for a new round from `reserve` seeds: four per hole from the owner's left,
/// a deficient hole with the last one to three seeds, and empty holes out of play.
/// Returns the row's holes (in sowing order) and the seeds that stay in the reserve.
///
/// ```
/// use walak::rules::rounds::fill_row;
/// assert_eq!(fill_row(18), ([4, 4, 4, 4, 2, 0, 0], 0));
/// assert_eq!(fill_row(31), ([4; 7], 3));
/// ```
pub fn fill_row(reserve: u8) -> ([u8; 7], u8) {
    let mut row = [0u8; 7];
    let mut left = reserve;
    for hole in row.iter_mut() {
        let seeds = left.min(SEEDS_PER_HOLE);
        *hole = seeds;
        left -= seeds;
    }
    (row, left)
}

/// The board, holes in play and reserves at the start of a round, from the seeds each side holds.
pub fn refill(reserves: [u8; 2]) -> (Seeds, [bool; HOLES], [u8; 2]) {
    let mut seeds = [0u8; HOLES];
    let mut left = [0u8; 2];
    for side in Side::BOTH {
        let (row, rest) = fill_row(reserves[side.index()]);
        seeds[side.row()].copy_from_slice(&row);
        left[side.index()] = rest;
    }
    (seeds, seeds.map(|s| s > 0), left)
}

/// Who starts the next round: the side holding fewer seeds; on equal seeds, the side that did not
/// start the last round.
///
/// ```
/// use walak::{rules::rounds::next_starter, Side};
/// assert_eq!(next_starter([20, 36], Side::North), Side::South);
/// assert_eq!(next_starter([28, 28], Side::South), Side::North);
/// ```
pub fn next_starter(reserves: [u8; 2], last_starter: Side) -> Side {
    use std::cmp::Ordering::*;
    match reserves[0].cmp(&reserves[1]) {
        Less => Side::South,
        Greater => Side::North,
        Equal => last_starter.opponent(),
    }
}

/// The side that cannot fill even one hole, which loses the match.
pub fn match_loser(reserves: [u8; 2]) -> Option<Side> {
    Side::BOTH.into_iter().find(|side| reserves[side.index()] < SEEDS_PER_HOLE)
}

/// Parker's games: the side that loses the match when a round has ended with these reserves,
/// `loser` (who holds fewer seeds) to start the next one, which would be round `next_round`. He
/// must be able to sow: before round 2 fill one hole of four, later hold at least three seeds
/// (a wala; one or two seeds would make only a puta or naga hole, never lifted).
///
/// ```
/// use walak::{rules::rounds::parker_match_lost, Side};
/// assert_eq!(parker_match_lost([3, 53], Side::South, 2), true);
/// assert_eq!(parker_match_lost([3, 53], Side::South, 3), false);
/// assert_eq!(parker_match_lost([2, 54], Side::South, 3), true);
/// ```
pub fn parker_match_lost(reserves: [u8; 2], loser: Side, next_round: u16) -> bool {
    let need = if next_round <= 2 { SEEDS_PER_HOLE } else { 3 };
    reserves[loser.index()] < need
}

/// A short hole made at a Parker fill: the loser's `hole`, and the seeds the winner takes from his
/// hole `opposite` it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShortHole {
    pub hole: usize,
    pub short: Short,
    pub opposite: usize,
    pub removed: u8,
}

/// A round of Parker's games filled: the board, holes in play, reserves left, the puta and naga
/// holes marked, and the short hole with what the winner gave up opposite it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParkerFill {
    pub seeds: Seeds,
    pub in_play: [bool; HOLES],
    pub reserves: [u8; 2],
    pub marks: Marks,
    pub short: Option<ShortHole>,
}

/// Parker's fill for round `round` (2 or later), started by `loser`, who chose `direction`. The
/// winner puts four in each of his holes; the loser fills his row in sowing order, four a hole.
/// In round 2 what is left (one to three) stays in his reserve; from round 3 it goes into the next
/// hole, a puta (1), naga (2) or wala (3), and the winner takes as many from his hole opposite it.
/// Holes left empty are out of play.
///
/// ```
/// use walak::rules::{ruleset::Direction, rounds::parker_fill};
/// use walak::Side;
/// let fill = parker_fill([15, 41], Side::South, Direction::Counterclockwise, 3);
/// assert_eq!(fill.seeds, [4, 4, 4, 3, 0, 0, 0, 4, 4, 4, 1, 4, 4, 4]);
/// assert_eq!(fill.reserves, [0, 16]);
/// let fill = parker_fill([15, 41], Side::South, Direction::Counterclockwise, 2);
/// assert_eq!((fill.seeds, fill.reserves), ([4, 4, 4, 0, 0, 0, 0, 4, 4, 4, 4, 4, 4, 4], [3, 13]));
/// ```
pub fn parker_fill(reserves: [u8; 2], loser: Side, direction: Direction, round: u16) -> ParkerFill {
    let winner = loser.opponent();
    let mut seeds = [0u8; HOLES];
    let mut in_play = [false; HOLES];
    let mut left = reserves;
    for hole in winner.row() {
        seeds[hole] = SEEDS_PER_HOLE;
        in_play[hole] = true;
    }
    left[winner.index()] -= SEEDS_PER_HOLE * winner.row().len() as u8;
    // The loser's row in the order his sowing runs through it.
    let row = loser.row();
    let order: Vec<usize> = match direction {
        Direction::Counterclockwise => row.collect(),
        Direction::Clockwise => row.rev().collect(),
    };
    let mut marks = Marks::NONE;
    let mut short = None;
    for hole in order {
        let seeds_left = left[loser.index()];
        if seeds_left >= SEEDS_PER_HOLE {
            seeds[hole] = SEEDS_PER_HOLE;
        } else if seeds_left > 0 && round >= 3 {
            let kind = Short::of(seeds_left).expect("one to three seeds make a short hole");
            seeds[hole] = seeds_left;
            marks.block(hole, kind);
            let opposite = HOLES - 1 - hole;
            seeds[opposite] -= seeds_left;
            left[winner.index()] += seeds_left;
            short = Some(ShortHole { hole, short: kind, opposite, removed: seeds_left });
        } else {
            break;
        }
        left[loser.index()] -= seeds[hole];
        in_play[hole] = true;
    }
    ParkerFill { seeds, in_play, reserves: left, marks, short }
}
