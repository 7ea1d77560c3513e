//! The transposition table: what earlier searches learnt about a position, by key.
//!
//! Sized for a browser worker: 16 bytes an entry, two entries a bucket, a power of two of buckets
//! chosen from a budget in megabytes (4 MB by default).

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The value is exactly the score (as far as the stored depth sees).
    Exact,
    /// The value is at least the score (the search failed high).
    Lower,
    /// The value is at most the score (the search failed low).
    Upper,
}

/// Depth stored for a result that no evaluation touched: it holds at every depth.
pub(crate) const SOLVED: u8 = u8::MAX;

#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub key: u64,
    pub score: i16,
    /// The best move found (1..=7), 0 when none.
    pub best: u8,
    /// Plies searched below this position, or [`SOLVED`].
    pub depth: u8,
    pub bound: Bound,
    generation: u8,
}

const EMPTY: Entry = Entry { key: 0, score: 0, best: 0, depth: 0, bound: Bound::Upper, generation: 0 };

/// A fixed-size table of two-entry buckets: the first keeps the deepest result, the second the
/// most recent one.
pub(crate) struct Table {
    buckets: Vec<[Entry; 2]>,
    mask: usize,
    generation: u8,
}

impl Table {
    /// A table of at most `megabytes` MB (at least one bucket).
    pub fn new(megabytes: usize) -> Table {
        let bucket_bytes = std::mem::size_of::<[Entry; 2]>();
        let wanted = (megabytes.max(1) << 20) / bucket_bytes;
        let buckets = if wanted.is_power_of_two() { wanted } else { wanted.next_power_of_two() / 2 };
        Table { buckets: vec![[EMPTY; 2]; buckets], mask: buckets - 1, generation: 0 }
    }

    /// Marks the start of a new search, so that older entries give way first.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        (key >> 32) as usize & self.mask
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.buckets[self.bucket(key)].iter().find(|e| e.key == key && e.best != 0).copied()
    }

    #[inline]
    pub fn store(&mut self, key: u64, score: i32, best: u8, depth: u8, bound: Bound) {
        let generation = self.generation;
        let index = self.bucket(key);
        let bucket = &mut self.buckets[index];
        let entry = Entry { key, score: score as i16, best, depth, bound, generation };
        let deep = &bucket[0];
        if deep.key == key || deep.generation != generation || depth >= deep.depth {
            if deep.key != key && deep.best != 0 {
                // The deep slot's old result is still worth keeping as the recent one.
                bucket[1] = bucket[0];
            }
            bucket[0] = entry;
        } else {
            bucket[1] = entry;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_result_is_found_again_and_a_deeper_one_kept() {
        let mut table = Table::new(1);
        table.store(42, 7, 3, 4, Bound::Exact);
        let same_bucket = 42 + ((table.mask as u64 + 1) << 32);
        table.store(same_bucket, -5, 2, 1, Bound::Lower);
        let first = table.probe(42).unwrap();
        assert_eq!((first.score, first.best, first.depth, first.bound), (7, 3, 4, Bound::Exact));
        assert_eq!(table.probe(same_bucket).unwrap().score, -5);
        assert!(table.probe(43).is_none());
    }
}
