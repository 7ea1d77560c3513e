//! Holes that are never lifted in Parker's games: the **puta** (one seed) and **naga** (two
//! seeds) holes of a short row in a later round of a match, which are never captured either, and
//! Kotu-baendum's **tied** holes, made four by a last seed and owned by the player who tied them.
//! Today's rules mark no hole.

use serde::{Deserialize, Serialize};

use crate::rules::side::Side;

/// The kind of a short hole filled from a loser's last seeds at the start of a later round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Short {
    /// One seed: blocked.
    Puta,
    /// Two seeds: blocked.
    Naga,
    /// Three seeds: an ordinary hole, but the winner still gives up three opposite it.
    Wala,
}

impl Short {
    /// The kind of a hole filled with `seeds` (1..=3).
    pub fn of(seeds: u8) -> Option<Short> {
        match seeds {
            1 => Some(Short::Puta),
            2 => Some(Short::Naga),
            3 => Some(Short::Wala),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Short::Puta => "puta",
            Short::Naga => "naga",
            Short::Wala => "wala",
        }
    }
}

/// The marked holes of a position, as bit sets over the track's holes (bit `h` for hole `h`).
///
/// ```
/// use walak::rules::marks::{Marks, Short};
/// use walak::Side;
/// let mut marks = Marks::NONE;
/// marks.block(3, Short::Naga);
/// marks.tie(13, Side::South);
/// assert!(marks.is_blocked(3) && marks.is_fixed(13) && !marks.is_blocked(13));
/// assert_eq!((marks.blocked(3), marks.tied_by(13)), (Some(Short::Naga), Some(Side::South)));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Marks {
    puta: u16,
    naga: u16,
    tied: [u16; 2],
}

impl Marks {
    pub const NONE: Marks = Marks { puta: 0, naga: 0, tied: [0, 0] };

    /// A puta or naga hole: it receives seeds but is never lifted nor captured, and every test of
    /// an empty hole counts it as empty.
    #[inline(always)]
    pub fn is_blocked(&self, hole: usize) -> bool {
        (self.puta | self.naga) >> hole & 1 == 1
    }

    /// A hole never lifted: blocked or tied.
    #[inline(always)]
    pub fn is_fixed(&self, hole: usize) -> bool {
        (self.puta | self.naga | self.tied[0] | self.tied[1]) >> hole & 1 == 1
    }

    /// Whether any hole is marked (never in today's rules, nor at the start of a round 1).
    #[inline(always)]
    pub fn any(&self) -> bool {
        (self.puta | self.naga | self.tied[0] | self.tied[1]) != 0
    }

    pub fn blocked(&self, hole: usize) -> Option<Short> {
        if self.puta >> hole & 1 == 1 {
            Some(Short::Puta)
        } else if self.naga >> hole & 1 == 1 {
            Some(Short::Naga)
        } else {
            None
        }
    }

    /// The holes `side` has tied, one bit per hole (bit `h` for hole `h`).
    #[inline]
    pub fn tied_holes(&self, side: Side) -> u16 {
        self.tied[side.index()]
    }

    /// The player who tied `hole`, if it is tied.
    pub fn tied_by(&self, hole: usize) -> Option<Side> {
        Side::BOTH.into_iter().find(|side| self.tied[side.index()] >> hole & 1 == 1)
    }

    /// Parker's games: the player who takes the seeds left in `hole` at the end of a round: the
    /// one who tied it, or else the owner of its row.
    #[inline]
    pub fn claimed_by(&self, hole: usize) -> Side {
        if self.tied[0] >> hole & 1 == 1 {
            Side::South
        } else if self.tied[1] >> hole & 1 == 1 {
            Side::North
        } else {
            Side::owning(hole)
        }
    }

    /// Marks a short hole of kind puta or naga (a wala is an ordinary hole and is not marked).
    pub fn block(&mut self, hole: usize, short: Short) {
        match short {
            Short::Puta => self.puta |= 1 << hole,
            Short::Naga => self.naga |= 1 << hole,
            Short::Wala => {}
        }
    }

    pub fn tie(&mut self, hole: usize, side: Side) {
        self.tied[side.index()] |= 1 << hole;
    }
}
