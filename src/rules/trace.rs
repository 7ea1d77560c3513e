//! The step-by-step trace of a move: what a hand on a wooden board does, event by event.
//!
//! The rules produce these events while they play (see [`Sink`]); nothing else computes them.
//! Replaying them onto a game's state, as an animation does, is [`crate::format::replay`]'s.

use serde::{Deserialize, Serialize};

use crate::rules::board::HOLES;
use crate::rules::marks::Short;
use crate::rules::outcome::Ending;
use crate::rules::ruleset::Direction;
use crate::rules::side::Side;

/// One step of a move. Holes are track indices 0..=13.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// Parker's games: the mover fixes the direction of sowing for the round (with the first move
    /// of a game, or before a later round's fill).
    Chosen { direction: Direction },
    /// The mover lifts every seed of the chosen hole.
    Lift { hole: u8, seeds: u8 },
    /// One seed from the hand falls into a hole.
    Drop { hole: u8 },
    /// Kotu-baendum: a seed passes over `hole`, which holds three.
    Skip { hole: u8 },
    /// The hand ran out and the hole to relay held seeds (the next hole; in Kotu-baendum the hole
    /// reached): they are lifted for lap `lap` (2, 3, …).
    Relay { hole: u8, seeds: u8, lap: u16 },
    /// Parker's games: the last seed fell into `hole`, which was empty (or is blocked or tied), and
    /// the move ends there with no capture after `laps` laps.
    Stop { hole: u8, why: Stop, laps: u16 },
    /// Kotu-baendum: the last seed made four in `hole` and the mover eats them.
    Eat { hole: u8, seeds: u8 },
    /// Kotu-baendum: the last seed made four in the end hole `hole`, which is tied to `side` for
    /// the rest of the round: never lifted, its seeds `side`'s at the round's end.
    Tie { hole: u8, side: Side },
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
    /// Parker's games: a round has ended and `side`, who lost it, chooses the direction of the next
    /// one before the holes are filled.
    Choosing { round: u16, side: Side },
    /// The hole's owner fills it from their reserve for the next round.
    Fill { hole: u8, seeds: u8 },
    /// Parker's games, from round 3: the loser's last one to three seeds made `hole` a short hole,
    /// and the winner takes `removed` seeds from `opposite` into their reserve.
    Short { hole: u8, short: Short, opposite: u8, removed: u8 },
    /// A new round begins with the given holes in play.
    RoundStart { round: u16, to_move: Side, in_play: [bool; HOLES] },
    /// The game (or the match) is over; `winner` is absent for a draw.
    GameOver { ending: Ending, winner: Option<Side> },
}

/// Why a Parker move stopped where its last seed fell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Stop {
    Empty,
    Puta,
    Naga,
    Tied,
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
