//! The step-by-step trace of a move: what a hand on a wooden board does, event by event.
//!
//! The rules produce these events while they play (see [`Sink`]); nothing else computes them.
//! Replaying them onto a game's state, as an animation does, is [`crate::format::replay`]'s.

use serde::{Deserialize, Serialize};

use crate::rules::board::HOLES;
use crate::rules::outcome::Ending;
use crate::rules::side::Side;

/// One step of a move. Holes are track indices 0..=13.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// The mover lifts every seed of the chosen hole.
    Lift { hole: u8, seeds: u8 },
    /// One seed from the hand falls into a hole.
    Drop { hole: u8 },
    /// The hand ran out and the next hole held seeds: they are lifted for lap `lap` (2, 3, …).
    Relay { hole: u8, seeds: u8, lap: u16 },
    /// The hand ran out before the empty `hole`: sowing ends after `laps` laps.
    SowingEnd { hole: u8, laps: u16 },
    /// A bead of the pearl necklace: the mover captures the seeds of `hole` into their reserve.
    /// `bead` counts from 1 along the chain.
    Capture { hole: u8, seeds: u8, bead: u8 },
    /// The move is over; `to` is to move.
    TurnPass { to: Side },
    /// At the end of a round or game, `side` takes the seeds left in `hole` into their reserve.
    Claim { hole: u8, seeds: u8, side: Side },
    /// A round of a match ended (rounds mode only; a single game ends with [`Event::GameOver`]).
    RoundEnd { round: u16, ending: Ending },
    /// The hole's owner fills it from their reserve for the next round.
    Fill { hole: u8, seeds: u8 },
    /// A new round begins with the given holes in play.
    RoundStart { round: u16, to_move: Side, in_play: [bool; HOLES] },
    /// The game (or the match) is over; `winner` is absent for a draw.
    GameOver { ending: Ending, winner: Option<Side> },
}

/// Receives the events of a move as the rules produce them.
///
/// Searching and benchmarking play with `()`, which ignores them at no cost; the trace of a move
/// is collected in a `Vec<Event>`.
pub trait Sink {
    fn event(&mut self, event: Event);
}

impl Sink for () {
    #[inline(always)]
    fn event(&mut self, _: Event) {}
}

impl Sink for Vec<Event> {
    fn event(&mut self, event: Event) {
        self.push(event);
    }
}
