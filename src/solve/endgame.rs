//! Endgame values: the exact value of every board with few seeds left, worked out once.
//!
//! Most of a solve's positions are late in the game: in the slowest positions of odd openings,
//! three quarters of the positions the solver visits hold ten seeds or fewer. Their values are few
//! enough to keep all of them (one byte each), so a solve that reaches such a board by a capture
//! reads its value instead of searching on.
//!
//! A value here is the seeds the board will give the player to move more than the opponent, as in
//! the rest of the solver, **right after a capture**: no earlier position can come back, so the
//! value depends on the board alone. Only boards of a single game (every hole in play) are kept;
//! a board with North to move is the same board turned round with South to move, and has the same
//! value, so only South's are kept.
//!
//! ```
//! use walak::solve::Endgames;
//! let endgames = Endgames::build(4, &mut |_| {});
//! // South to move with one seed in hole 7 and one in North's hole 7: the sowing carries
//! // South's seed over to North's hole 1, and both seeds end on North's side.
//! let mut seeds = [0; 14];
//! seeds[6] = 1;
//! seeds[13] = 1;
//! assert_eq!(endgames.value(&seeds, walak::Side::South), Some(-2));
//! // The bytes carry a check: a changed byte is refused.
//! let mut bytes = endgames.to_bytes();
//! assert_eq!(Endgames::from_bytes(&bytes).as_ref(), Ok(&endgames));
//! bytes[20] ^= 1;
//! assert!(Endgames::from_bytes(&bytes).is_err());
//! ```

use std::sync::Arc;

use crate::rules::board::{Seeds, HOLES};
use crate::rules::side::Side;

/// The most seeds on the board that any kept table may hold: what fits the binomial table below.
pub const MOST_SEEDS: u8 = 20;

/// `CHOOSE[n][k]` = n choose k, for the ranks of boards.
const CHOOSE: [[u64; HOLES + 1]; MOST_SEEDS as usize + HOLES + 1] = {
    let mut c = [[0u64; HOLES + 1]; MOST_SEEDS as usize + HOLES + 1];
    let mut n = 0;
    while n < c.len() {
        c[n][0] = 1;
        let mut k = 1;
        while k <= HOLES && k <= n {
            c[n][k] = c[n - 1][k - 1] + if k < n { c[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    c
};

/// Boards of fewer than `seeds` seeds over the 14 holes.
pub(crate) const fn boards_below(seeds: usize) -> usize {
    if seeds == 0 {
        0
    } else {
        CHOOSE[seeds + HOLES - 1][HOLES] as usize
    }
}

/// The magic that starts the bytes of a table, with the version of what they mean.
const MAGIC: &[u8; 8] = b"WALAKEG1";

/// Exact values of every board of at most [`Endgames::most`] seeds, South to move, right after a
/// capture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Endgames {
    most: u8,
    /// By [`Endgames::index`]: all boards of 0 seeds, then of 1, and so on. Shared: solvers on
    /// several threads read one copy.
    values: Arc<[i8]>,
}

impl Endgames {
    /// No boards at all: every lookup says `None`.
    pub fn none() -> Endgames {
        Endgames { most: 0, values: Arc::from([]) }
    }

    /// The most seeds a board kept here holds (0 for none).
    pub fn most(&self) -> u8 {
        self.most
    }

    /// A table of boards of up to `most` seeds from their values, in [`Endgames::index`] order.
    pub(crate) fn from_values(most: u8, values: &[i8]) -> Endgames {
        debug_assert_eq!(values.len(), boards_below(most as usize + 1));
        Endgames { most, values: Arc::from(values) }
    }

    /// The place of a board of `on_board` seeds among all boards, holes read from the mover's
    /// row first: the boards of fewer seeds, then this one's rank among those of as many.
    /// The rank counts the boards that come before it in the order [`next_board`] walks them.
    #[inline]
    pub(crate) fn index(seeds: &Seeds, to_move: Side, on_board: usize) -> usize {
        let start = to_move.row().start;
        // The board as 13 bars between 14 runs of seeds: bar j stands after the first j + 1 holes.
        let mut rank = 0u64;
        let mut sum = 0usize;
        for j in 0..HOLES - 1 {
            sum += seeds[(start + j) % HOLES] as usize;
            rank += CHOOSE[sum + j][j + 1];
        }
        boards_below(on_board) + rank as usize
    }

    /// The value of the board with `to_move` to play right after a capture, if it holds few
    /// enough seeds to be kept. Only for a single game's board (every hole in play).
    #[inline]
    pub fn value(&self, seeds: &Seeds, to_move: Side) -> Option<i32> {
        let on_board: usize = seeds.iter().map(|&s| s as usize).sum();
        self.value_of(seeds, to_move, on_board)
    }

    /// [`Endgames::value`] when the caller knows the seeds on the board.
    #[inline]
    pub(crate) fn value_of(&self, seeds: &Seeds, to_move: Side, on_board: usize) -> Option<i32> {
        (on_board <= self.most as usize && !self.values.is_empty())
            .then(|| self.values[Endgames::index(seeds, to_move, on_board)] as i32)
    }

    /// The table as bytes: the magic, the most seeds, the values, and a checksum of all before it.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(self.values.len() + 17);
        bytes.extend_from_slice(MAGIC);
        bytes.push(self.most);
        bytes.extend(self.values.iter().map(|&v| v as u8));
        let check = checksum(&bytes);
        bytes.extend_from_slice(&check.to_le_bytes());
        bytes
    }

    /// Reads [`Endgames::to_bytes`]; bytes of another version, cut short or changed are refused.
    pub fn from_bytes(bytes: &[u8]) -> Result<Endgames, String> {
        if bytes.len() < MAGIC.len() + 9 || &bytes[..MAGIC.len()] != MAGIC {
            return Err("not an endgame table of this version".into());
        }
        let (body, check) = bytes.split_at(bytes.len() - 8);
        if checksum(body).to_le_bytes() != check {
            return Err("the endgame table is damaged (its checksum does not match)".into());
        }
        let most = body[MAGIC.len()];
        let values = &body[MAGIC.len() + 1..];
        if most > MOST_SEEDS || values.len() != boards_below(most as usize + 1) {
            return Err(format!("the endgame table has {} values, not those of {most} seeds", values.len()));
        }
        Ok(Endgames { most, values: values.iter().map(|&v| v as i8).collect() })
    }
}

/// FNV-1a, 64 bits: enough to tell a damaged or cut file.
fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ b as u64).wrapping_mul(0x0100_0000_01b3))
}

/// Steps `board` to the next board of as many seeds (every board once, starting from all seeds
/// in the first hole); false after the last, all seeds in the last hole.
pub(crate) fn next_board(board: &mut Seeds) -> bool {
    let hole = board.iter().position(|&s| s > 0).unwrap_or(HOLES - 1);
    if hole == HOLES - 1 {
        return false;
    }
    let seeds = board[hole];
    board[hole] = 0;
    board[0] = seeds - 1;
    board[hole + 1] += 1;
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_board_of_a_seed_count_has_its_own_place() {
        for seeds in 0..=6usize {
            let mut board = [0u8; HOLES];
            board[0] = seeds as u8;
            let mut seen = vec![false; boards_below(seeds + 1) - boards_below(seeds)];
            loop {
                let index = Endgames::index(&board, Side::South, seeds) - boards_below(seeds);
                assert!(!seen[index], "{board:?} shares its place");
                seen[index] = true;
                if !next_board(&mut board) {
                    break;
                }
            }
            assert!(seen.iter().all(|&s| s), "{seeds} seeds: every place is taken");
        }
    }
}
