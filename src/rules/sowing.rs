//! Relay sowing and the pearl-necklace capture: the heart of a move.
//!
//! This is the only implementation of sowing. It reports every step to a [`Sink`], so the same
//! code gives a search its result and an animation its trace.

use crate::rules::board::{Seeds, Track};
use crate::rules::trace::{Event, Sink};

/// A sowing still running after this many laps is endless, and the move is not legal.
pub const MAX_LAPS: u16 = 1000;

/// What a sowing did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sown {
    /// Hands sown; the first hand is lap 1.
    pub laps: u16,
    /// Seeds the mover captured.
    pub captured: u8,
    /// Holes captured along the necklace.
    pub beads: u8,
}

/// The sowing did not end within [`MAX_LAPS`] laps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Endless;

/// Sows the seeds of `from` with relay laps, then captures the necklace, on a copy of `seeds`.
///
/// Returns the board after the move (before any end-of-game claim) and what the sowing did.
/// `from` must be an in-play hole holding seeds. The events go to `sink` as they happen; after an
/// endless sowing they describe a move that is not legal and should be thrown away.
///
/// ```
/// use walak::rules::board::Track;
/// use walak::rules::sowing::sow;
/// // South's first hole at the start: 7 laps, one bead of 6 seeds.
/// let (board, sown) = sow(&[4; 14], &Track::full(), 0, &mut ()).unwrap();
/// assert_eq!(board, [2, 1, 7, 7, 7, 0, 7, 0, 0, 6, 1, 6, 6, 0]);
/// assert_eq!((sown.laps, sown.captured, sown.beads), (7, 6, 1));
/// ```
pub fn sow<S: Sink>(seeds: &Seeds, track: &Track, from: usize, sink: &mut S) -> Result<(Seeds, Sown), Endless> {
    let mut board = *seeds;
    let mut hand = board[from];
    debug_assert!(hand > 0 && track.is_in_play(from));
    board[from] = 0;
    sink.event(Event::Lift { hole: from as u8, seeds: hand });

    let mut last = from;
    let mut laps: u16 = 1;
    let empty = loop {
        while hand > 0 {
            last = track.next(last);
            board[last] += 1;
            hand -= 1;
            sink.event(Event::Drop { hole: last as u8 });
        }
        let next = track.next(last);
        if board[next] == 0 {
            sink.event(Event::SowingEnd { hole: next as u8, laps });
            break next;
        }
        if laps == MAX_LAPS {
            return Err(Endless);
        }
        laps += 1;
        hand = board[next];
        board[next] = 0;
        last = next;
        sink.event(Event::Relay { hole: next as u8, seeds: hand, lap: laps });
    };

    // The necklace: capture the hole beyond the empty one, then every second hole while the hole
    // between is empty and the one after holds seeds.
    let mut captured: u8 = 0;
    let mut beads: u8 = 0;
    let mut bead = track.next(empty);
    while board[bead] > 0 {
        let taken = board[bead];
        board[bead] = 0;
        captured += taken;
        beads += 1;
        sink.event(Event::Capture { hole: bead as u8, seeds: taken, bead: beads });
        let gap = track.next(bead);
        if board[gap] > 0 {
            break;
        }
        bead = track.next(gap);
    }
    Ok((board, Sown { laps, captured, beads }))
}
