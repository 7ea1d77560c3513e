//! Playing in rounds: refilling the holes, choosing who starts, and ending the match.

use crate::rules::board::{Seeds, HOLES, SEEDS_PER_HOLE};
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
