//! The solver's table: proved bounds on the value of positions, by key.
//!
//! Every bound the solver stores is proved (no depth, no evaluation), so two bounds found for the
//! same key at different times both hold and are merged. Entries are 16 bytes, four to a bucket of
//! one cache line; a full bucket gives up the entry whose proof took the least work, older
//! solves' entries first. Several threads may share one table.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// What the table knows of a position: its value lies in `lower..=upper`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Bounds {
    pub lower: i8,
    pub upper: i8,
    /// The move that proved the last bound (1..=7), 0 when none.
    pub best: u8,
}

/// One entry: the bounds and their bookkeeping packed in `data`, and `check`, the key XOR `data`.
/// Threads read and write entries without locks; an entry torn by two writers fails its check
/// and is simply not found, so what is found was always stored whole.
struct Entry {
    check: AtomicU64,
    data: AtomicU64,
}

/// The fields packed in an entry's data, lowest byte first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Data {
    lower: i8,
    upper: i8,
    best: u8,
    /// About log2 of the nodes searched to prove the bounds: what the entry would cost to find again.
    work: u8,
    generation: u8,
}

impl Data {
    fn pack(self) -> u64 {
        // The last byte marks the entry used, so that no stored data is 0.
        u64::from_le_bytes([self.lower as u8, self.upper as u8, self.best, self.work, self.generation, 1, 0, 0])
    }

    fn unpack(data: u64) -> Data {
        let b = data.to_le_bytes();
        Data { lower: b[0] as i8, upper: b[1] as i8, best: b[2], work: b[3], generation: b[4] }
    }
}

const WAYS: usize = 4;

/// Four entries: one cache line.
#[repr(C, align(64))]
struct Bucket([Entry; WAYS]);

pub(crate) struct Table {
    buckets: Vec<Bucket>,
    mask: usize,
    generation: u8,
}

impl Table {
    /// A table of at most `megabytes` MB (at least one bucket).
    pub fn new(megabytes: usize) -> Table {
        let wanted = (megabytes.max(1) << 20) / std::mem::size_of::<Bucket>();
        let count = if wanted.is_power_of_two() { wanted } else { wanted.next_power_of_two() / 2 };
        let empty = || Entry { check: AtomicU64::new(0), data: AtomicU64::new(0) };
        let buckets = (0..count).map(|_| Bucket([empty(), empty(), empty(), empty()])).collect();
        Table { buckets, mask: count - 1, generation: 0 }
    }

    /// Marks the start of a new solve, so that older entries give way first.
    pub fn new_generation(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    #[inline]
    fn bucket(&self, key: u64) -> &[Entry; WAYS] {
        &self.buckets[(key >> 20) as usize & self.mask].0
    }

    /// The entry of `key` in `bucket` and its data, if there is one.
    #[inline]
    fn find(bucket: &[Entry; WAYS], key: u64) -> Option<(&Entry, Data)> {
        bucket.iter().find_map(|e| {
            let data = e.data.load(Relaxed);
            (e.check.load(Relaxed) ^ data == key && data != 0).then(|| (e, Data::unpack(data)))
        })
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Bounds> {
        Table::find(self.bucket(key), key).map(|(_, d)| Bounds { lower: d.lower, upper: d.upper, best: d.best })
    }

    /// Records that the value of `key` lies in `lower..=upper`, proved with `work` (log2 nodes).
    #[inline]
    pub fn store(&self, key: u64, lower: i32, upper: i32, best: u8, work: u8) {
        let generation = self.generation;
        let bucket = self.bucket(key);
        let mut data = Data { lower: lower as i8, upper: upper as i8, best, work, generation };
        let slot = match Table::find(bucket, key) {
            Some((entry, old)) => {
                // Both the old and the new bounds are proved: keep the tighter of each.
                data.lower = data.lower.max(old.lower);
                data.upper = data.upper.min(old.upper);
                if best == 0 {
                    data.best = old.best;
                }
                data.work = data.work.max(old.work);
                entry
            }
            None => {
                // The cheapest entry to find again goes; an older solve's entry counts as cheaper.
                let cost = |e: &Entry| {
                    let d = e.data.load(Relaxed);
                    if d == 0 {
                        return -1;
                    }
                    let d = Data::unpack(d);
                    d.work as i32 + if d.generation == generation { 64 } else { 0 }
                };
                bucket.iter().min_by_key(|e| cost(e)).expect("a bucket has entries")
            }
        };
        let packed = data.pack();
        slot.data.store(packed, Relaxed);
        slot.check.store(key ^ packed, Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_found_apart_are_merged_and_a_full_bucket_keeps_the_costly_entries() {
        let table = Table::new(1);
        table.store(42 << 20, -10, 4, 3, 5);
        table.store(42 << 20, -2, 8, 0, 1);
        assert_eq!(table.probe(42 << 20), Some(Bounds { lower: -2, upper: 4, best: 3 }));
        // Same bucket, different keys: the cheap one is the first to go.
        let same = |i: u64| (42 + i * (table.mask as u64 + 1)) << 20;
        for i in 1..WAYS as u64 {
            table.store(same(i), 0, 0, 1, 9);
        }
        table.store(same(9), 1, 1, 2, 9);
        assert!(table.probe(42 << 20).is_none());
        assert!((1..WAYS as u64).all(|i| table.probe(same(i)).is_some()));
        assert_eq!(table.probe(same(9)).map(|b| b.lower), Some(1));
    }
}
