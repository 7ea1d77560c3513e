//! Relay sowing and the pearl-necklace capture: the heart of a move, for every rule set.
//!
//! This is the only implementation of sowing. It reports every step to a [`Sink`], so the same
//! code gives a search its result and an animation its trace.

use crate::rules::board::{Seeds, Track, HOLES};
use crate::rules::marks::{Marks, Short};
use crate::rules::ruleset::RuleSet;
use crate::rules::side::Side;
use crate::rules::trace::{Event, Sink, Stop};

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

/// Sows the seeds of `from` by today's rules (counterclockwise on `track`, or as `track` runs),
/// with relay laps, then captures the necklace, on a copy of `seeds`: [`sow_by`] with
/// [`RuleSet::MancalaWorld`] and no marked hole.
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
#[inline]
pub fn sow<S: Sink>(seeds: &Seeds, track: &Track, from: usize, sink: &mut S) -> Result<(Seeds, Sown), Endless> {
    let (board, _, sown) = sow_by(RuleSet::MancalaWorld, seeds, Marks::NONE, track, from, sink)?;
    Ok((board, sown))
}

/// Kotu-baendum's end holes, which a last seed making four ties rather than eats: the ends of
/// the two rows on the board, whether or not the holes beside them are in play.
const END_HOLES: u16 = 1 << 0 | 1 << 6 | 1 << 7 | 1 << 13;

/// The one sowing of every rule set: lifts `from` and sows its seeds along `track` (in the
/// direction it runs), relaying lap after lap, then captures, on a copy of `seeds` and `marks`.
/// The mover is the owner of `from`.
///
/// The rule sets differ only where the hand runs out:
/// - **mancala-world**: the next hole holding seeds is lifted; before an empty one the sowing
///   ends and the necklace is captured beyond it.
/// - **parker-walak**: a last seed into an empty (or puta or naga) hole ends the move; otherwise as
///   today, puta and naga holes counting as empty and never captured.
/// - **parker-kotu**: seeds pass over holes of three (not the last seed); the hole reached is
///   lifted; a last seed making four eats them, or ties an end hole to the mover; a last seed
///   into an empty, tied, puta or naga hole ends the move.
///
/// ```
/// use walak::rules::{board::Track, marks::Marks, ruleset::{Direction, RuleSet}, sowing::sow_by};
/// // Parker's Walak-pussa, South's hole 1 counterclockwise from the start: three laps, then the
/// // last seed falls into the emptied hole and the move ends.
/// let (board, _, sown) = sow_by(RuleSet::ParkerWalak, &[4; 14], Marks::NONE, &Track::full(), 0, &mut ()).unwrap();
/// assert_eq!(board, [1, 5, 5, 5, 5, 0, 5, 5, 5, 5, 0, 5, 5, 5]);
/// assert_eq!((sown.laps, sown.captured), (3, 0));
/// // Kotu-baendum: the hole reached is lifted.
/// let track = Track::full().turned(Direction::Counterclockwise);
/// let (board, _, _) = sow_by(RuleSet::ParkerKotu, &[4; 14], Marks::NONE, &track, 0, &mut ()).unwrap();
/// assert_eq!(board, [1, 5, 5, 5, 0, 5, 5, 5, 5, 0, 5, 5, 5, 5]);
/// ```
#[inline(always)]
pub fn sow_by<S: Sink>(
    rules: RuleSet,
    seeds: &Seeds,
    marks: Marks,
    track: &Track,
    from: usize,
    sink: &mut S,
) -> Result<(Seeds, Marks, Sown), Endless> {
    let mut board = *seeds;
    let mut marks = marks;
    let mut hand = board[from];
    debug_assert!(hand > 0 && track.is_in_play(from));
    board[from] = 0;
    sink.event(Event::Lift { hole: from as u8, seeds: hand });
    // Puta and naga holes count as empty and are never captured; today's rules have none.
    // (A move ties at most one hole, as its last act, so the marks read during the sowing are the
    // ones it began with.)
    let start = marks;
    let blocked = |hole: usize| rules.is_parker() && start.is_blocked(hole);
    let mut sown = Sown { laps: 1, captured: 0, beads: 0 };

    let mut last = from;
    let empty = loop {
        if rules == RuleSet::ParkerKotu {
            // Holes of three are passed over, except by the hand's last seed.
            let mut passed = 0;
            while hand > 0 {
                last = track.next(last);
                if hand > 1 && board[last] == 3 && !marks.is_fixed(last) {
                    passed += 1;
                    if passed > HOLES {
                        // Every hole holds three: no hole may take the seed.
                        return Err(Endless);
                    }
                    sink.event(Event::Skip { hole: last as u8 });
                    continue;
                }
                passed = 0;
                board[last] += 1;
                hand -= 1;
                sink.event(Event::Drop { hole: last as u8 });
            }
        } else {
            while hand > 0 {
                last = track.next(last);
                board[last] += 1;
                hand -= 1;
                sink.event(Event::Drop { hole: last as u8 });
            }
        }

        let relay = match rules {
            RuleSet::MancalaWorld | RuleSet::ParkerWalak => {
                if rules == RuleSet::ParkerWalak && (board[last] == 1 || blocked(last)) {
                    let why = match marks.blocked(last) {
                        Some(Short::Puta) => Stop::Puta,
                        Some(Short::Naga) => Stop::Naga,
                        _ => Stop::Empty,
                    };
                    sink.event(Event::Stop { hole: last as u8, why, laps: sown.laps });
                    return Ok((board, marks, sown));
                }
                let next = track.next(last);
                if board[next] == 0 || blocked(next) {
                    sink.event(Event::SowingEnd { hole: next as u8, laps: sown.laps });
                    break next;
                }
                next
            }
            RuleSet::ParkerKotu => {
                let why = if marks.tied_by(last).is_some() {
                    Some(Stop::Tied)
                } else if let Some(short) = marks.blocked(last) {
                    Some(if short == Short::Puta { Stop::Puta } else { Stop::Naga })
                } else if board[last] == 1 {
                    Some(Stop::Empty)
                } else if board[last] == 4 {
                    let mover = Side::owning(from);
                    if END_HOLES >> last & 1 == 1 {
                        marks.tie(last, mover);
                        sink.event(Event::Tie { hole: last as u8, side: mover });
                        Some(Stop::Tied)
                    } else {
                        board[last] = 0;
                        sown.captured = 4;
                        sink.event(Event::Eat { hole: last as u8, seeds: 4 });
                        return Ok((board, marks, sown));
                    }
                } else {
                    None
                };
                if let Some(why) = why {
                    sink.event(Event::Stop { hole: last as u8, why, laps: sown.laps });
                    return Ok((board, marks, sown));
                }
                last
            }
        };

        if sown.laps == MAX_LAPS {
            return Err(Endless);
        }
        sown.laps += 1;
        hand = board[relay];
        board[relay] = 0;
        last = relay;
        sink.event(Event::Relay { hole: relay as u8, seeds: hand, lap: sown.laps });
    };

    // The necklace: capture the hole beyond the empty one, then every second hole while the hole
    // between is empty and the one after holds seeds.
    let mut bead = track.next(empty);
    while board[bead] > 0 && !blocked(bead) {
        let taken = board[bead];
        board[bead] = 0;
        sown.captured += taken;
        sown.beads += 1;
        sink.event(Event::Capture { hole: bead as u8, seeds: taken, bead: sown.beads });
        let gap = track.next(bead);
        if board[gap] > 0 && !blocked(gap) {
            break;
        }
        bead = track.next(gap);
    }
    Ok((board, marks, sown))
}
