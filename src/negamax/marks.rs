//! Marks: a small set of positions that may hold a few that are not in it, never leaves one out.
//!
//! The solver uses them to tell when a value proved after one history holds after another. The
//! repetition rule makes a position's value depend on the positions since the last capture, but
//! only on those the proof met again: a proof that met none of them holds after any history that
//! holds none of the positions it looked at. Marks keep that set of positions in one word.

/// One of 32 marks per position key, so a set of positions is a 32-bit word: a position whose
/// mark is absent is surely not in the set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Marks(pub u32);

impl Marks {
    /// No position.
    pub const NONE: Marks = Marks(0);
    /// Every position: what a value that depends on the whole history relies on.
    pub const ALL: Marks = Marks(u32::MAX);

    /// The mark of one position, from its key's top bits (the table's buckets use lower ones).
    #[inline]
    pub fn of(key: u64) -> Marks {
        Marks(1 << (key >> 59))
    }

    /// Both sets together.
    #[inline]
    pub fn with(self, other: Marks) -> Marks {
        Marks(self.0 | other.0)
    }

    /// Whether the two sets may share a position (false only when they surely do not).
    #[inline]
    pub fn meets(self, other: Marks) -> bool {
        self.0 & other.0 != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_meets_a_set_that_holds_it() {
        let (a, b) = (Marks::of(3 << 59), Marks::of(7 << 59));
        assert!(!a.meets(b));
        assert!(a.with(b).meets(b));
        assert!(Marks::ALL.meets(a));
        assert!(!Marks::NONE.meets(Marks::ALL));
    }
}
