//! The line of play since the last capture: what the repetition rule looks at.
//!
//! A capture takes seeds off the board for good, so no position before it can come back. The
//! repetition rule therefore only needs the positions since the last capture, from the real game
//! and then along the line being searched. They are kept as keys on one stack.

use super::marks::Marks;

/// Keys of the positions since the last capture, oldest first, with the current position last.
#[derive(Clone, Debug, Default)]
pub(crate) struct Line {
    keys: Vec<u64>,
    /// Where the current capture-free run starts in `keys`.
    run_start: usize,
    /// Wrapping sum of the keys in the current run (the current position included).
    run_sum: u64,
    /// The marks of the positions in the current run before the top one.
    before: Marks,
    /// `(run_start, run_sum, before)` to restore when the position on top is taken back.
    saved: Vec<(usize, u64, Marks)>,
}

impl Line {
    /// A line holding the positions of the game since its last capture, oldest first, the current
    /// position last.
    pub fn from_game(keys: &[u64]) -> Line {
        let mut line = Line::default();
        for (i, &key) in keys.iter().enumerate() {
            line.push(key, i == 0);
        }
        line
    }

    /// Adds a position reached by a move; `captured` starts a new run, since nothing before a
    /// capture can recur.
    #[inline]
    pub fn push(&mut self, key: u64, captured: bool) {
        self.saved.push((self.run_start, self.run_sum, self.before));
        if captured {
            self.run_start = self.keys.len();
            self.run_sum = 0;
            self.before = Marks::NONE;
        } else if let Some(&top) = self.keys.last() {
            self.before = self.before.with(Marks::of(top));
        }
        self.keys.push(key);
        self.run_sum = self.run_sum.wrapping_add(key);
    }

    /// Takes back the position on top.
    #[inline]
    pub fn pop(&mut self) {
        self.keys.pop();
        let (start, sum, before) = self.saved.pop().expect("pop matches push");
        self.run_start = start;
        self.run_sum = sum;
        self.before = before;
    }

    /// Positions on the line.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// The key of the position on top.
    #[inline]
    pub fn top(&self) -> u64 {
        *self.keys.last().unwrap_or(&0)
    }

    /// How often the position on top has occurred since the last capture, itself included.
    #[inline]
    pub fn occurrences(&self) -> usize {
        let Some(&top) = self.keys.last() else { return 0 };
        self.keys[self.run_start..].iter().filter(|&&k| k == top).count()
    }

    /// Whether the position on top is the first of its run: the game's first position, or one
    /// reached by a capture. No earlier position can come back after it.
    #[inline]
    pub fn is_fresh(&self) -> bool {
        self.run_start + 1 == self.keys.len()
    }

    /// The sum of the keys in the current run, the top position included: the history of a
    /// position reached from the top without a capture.
    #[inline]
    pub fn run_sum(&self) -> u64 {
        self.run_sum
    }

    /// The marks of the positions before the top one in the current run: none right after a
    /// capture.
    #[inline]
    pub fn before(&self) -> Marks {
        self.before
    }

    /// The sum of the keys before the top position in the current run: 0 right after a capture.
    #[inline]
    pub fn history(&self) -> u64 {
        self.run_sum.wrapping_sub(*self.keys.last().unwrap_or(&0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_capture_forgets_the_positions_before_it() {
        let mut line = Line::from_game(&[1, 2, 1]);
        assert_eq!(line.occurrences(), 2);
        assert_eq!(line.history(), 3);
        assert_eq!(line.before(), Marks::of(1).with(Marks::of(2)));
        line.push(2, false);
        assert_eq!(line.occurrences(), 2);
        line.push(1, true);
        assert_eq!(line.occurrences(), 1);
        assert_eq!(line.history(), 0);
        assert_eq!(line.before(), Marks::NONE);
        line.pop();
        assert_eq!(line.before(), Marks::of(1).with(Marks::of(2)));
        line.push(1, false);
        assert_eq!(line.occurrences(), 3);
        line.pop();
        line.pop();
        assert_eq!(line.history(), 3);
    }
}
