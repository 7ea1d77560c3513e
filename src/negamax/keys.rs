//! Position keys: Zobrist hashing of the seed count in every hole, the player to move and the
//! holes in play.
//!
//! A key names a board, not a game: the reserves do not change what can happen next, so they are
//! left out, and the search scores positions by the seeds still to be won (see [`super`]).

use crate::rules::board::{Seeds, Track, HOLES, TOTAL_SEEDS};
use crate::rules::side::Side;

const COUNTS: usize = TOTAL_SEEDS as usize + 1;

/// SplitMix64's finalizer: spreads the bits of `x` so that nearby numbers give unrelated keys.
/// It maps 0 to 0, which [`history_key`] relies on.
pub(crate) const fn mix(x: u64) -> u64 {
    let mut z = x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One random key per hole and seed count, fixed at compile time so keys are the same everywhere.
const HOLE_KEYS: [[u64; COUNTS]; HOLES] = {
    let mut keys = [[0u64; COUNTS]; HOLES];
    let mut state: u64 = 0x5741_4C41_4B5F_5055; // "WALAK_PU"
    let mut hole = 0;
    while hole < HOLES {
        let mut count = 1; // an empty hole adds nothing to the key
        while count < COUNTS {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            keys[hole][count] = mix(state);
            count += 1;
        }
        hole += 1;
    }
    keys
};

const NORTH_TO_MOVE: u64 = mix(0x4E4F_5254_485F_544F);

/// The key of the holes in play, so that boards of different rounds never share a key.
pub fn track_key(track: &Track) -> u64 {
    let mask = track.in_play().iter().enumerate().fold(0u64, |m, (i, &on)| m | ((on as u64) << i));
    mix(mask.wrapping_mul(0xD6E8_FEB8_6659_FD93))
}

/// The key of a board with `to_move` to play, on a track whose key is `track`.
///
/// ```
/// use walak::rules::board::Track;
/// use walak::negamax::keys::{position_key, track_key};
/// use walak::Side;
/// let track = track_key(&Track::full());
/// let start = position_key(&[4; 14], Side::South, track);
/// assert_ne!(start, position_key(&[4; 14], Side::North, track));
/// assert_eq!(start, position_key(&[4; 14], Side::South, track));
/// ```
#[inline]
pub fn position_key(seeds: &Seeds, to_move: Side, track: u64) -> u64 {
    let mut key = track;
    for (hole, &count) in seeds.iter().enumerate() {
        key ^= HOLE_KEYS[hole][count as usize];
    }
    if to_move == Side::North {
        key ^= NORTH_TO_MOVE;
    }
    key
}

/// The key under which the table stores a position reached after `history`, the sum of the keys
/// of the earlier positions since the last capture (0 when a capture has just been made).
///
/// Why the history is part of the key: the third occurrence of a position ends the game, so what
/// a position is worth depends on which positions came before it since the last capture (earlier
/// ones hold more seeds and can never come back). Keying on both keeps every stored value exact;
/// right after a capture the history is empty and transpositions are shared freely.
#[inline]
pub(crate) fn history_key(position: u64, history: u64) -> u64 {
    position ^ mix(history)
}
