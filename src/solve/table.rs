//! The solver's table: proved bounds on the value of positions, by key.
//!
//! Every bound the solver stores is proved (no depth, no evaluation), so two bounds found for the
//! same key at different times both hold and are merged. A bound is stored either under the
//! position's own key, with the marks of the positions whose repetitions it relies on (it holds
//! after any history that has none of them), or under a key naming the history too. Both go to the
//! bucket of the position (its `place`), so one cache line answers for both. Entries are 16
//! bytes, four to a bucket of one cache line; a full bucket gives up the entry whose proof took the
//! least work, older solves' entries first. Several threads may share one table.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use crate::negamax::marks::Marks;

/// What the table knows of a position: its value lies in `lower..=upper`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Bounds {
    pub lower: i8,
    pub upper: i8,
    /// The move that proved the last bound (1..=7), 0 when none.
    pub best: u8,
    /// The positions whose repetitions the proof relied on: the bounds hold after any history
    /// since the last capture that holds none of them ([`Marks::ALL`] under a key that names
    /// the history itself).
    pub marks: Marks,
}

/// One entry: the bounds and their bookkeeping packed in `data`, and `check`, the key XOR `data`.
/// Threads read and write entries without locks; an entry torn by two writers fails its check
/// and is simply not found, so what is found was always stored whole.
struct Entry {
    check: AtomicU64,
    data: AtomicU64,
}

/// The fields packed in an entry's data: `lower` and `upper` in the first two bytes, then `best`
/// (3 bits), `work` (6), `generation` (6), a bit that marks the entry used (so that no stored
/// data is 0), and the marks in the top 32 bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Data {
    lower: i8,
    upper: i8,
    best: u8,
    /// About log2 of the nodes searched to prove the bounds: what the entry would cost to find again.
    work: u8,
    generation: u8,
    marks: Marks,
}

impl Data {
    fn pack(self) -> u64 {
        (self.lower as u8 as u64)
            | (self.upper as u8 as u64) << 8
            | (self.best as u64 & 7) << 16
            | (self.work.min(63) as u64) << 19
            | (self.generation as u64 & 63) << 25
            | 1 << 31
            | (self.marks.0 as u64) << 32
    }

    fn unpack(data: u64) -> Data {
        Data {
            lower: data as u8 as i8,
            upper: (data >> 8) as u8 as i8,
            best: (data >> 16) as u8 & 7,
            work: (data >> 19) as u8 & 63,
            generation: (data >> 25) as u8 & 63,
            marks: Marks((data >> 32) as u32),
        }
    }
}

const WAYS: usize = 4;

/// The size of a huge page on Linux (x86-64 and most others).
const HUGE_PAGE: usize = 2 << 20;

/// Asks Linux to back `len` bytes from `address` (a huge page's boundary, nothing written yet)
/// with huge pages. Only advice: a system that refuses keeps ordinary pages.
#[cfg(all(target_os = "linux", not(target_arch = "wasm32")))]
fn advise_huge_pages(address: usize, len: usize) {
    extern "C" {
        fn madvise(address: *mut std::ffi::c_void, len: usize, advice: i32) -> i32;
    }
    const MADV_HUGEPAGE: i32 = 14;
    // SAFETY: madvise neither reads nor writes memory of ours; on this range (inside an allocation we
    // own) the advice changes only how the kernel backs the pages, never what they hold.
    unsafe {
        madvise(address as *mut std::ffi::c_void, len, MADV_HUGEPAGE);
    }
}

#[cfg(not(all(target_os = "linux", not(target_arch = "wasm32"))))]
fn advise_huge_pages(_address: usize, _len: usize) {}

/// Four entries: one cache line.
#[repr(C, align(64))]
struct Bucket([Entry; WAYS]);

pub(crate) struct Table {
    /// The buckets in use are `count` from `start`: see [`Table::new`].
    buckets: Vec<Bucket>,
    start: usize,
    mask: usize,
    generation: u8,
}

impl Table {
    /// A table of at most `megabytes` MB (at least one bucket).
    pub fn new(megabytes: usize) -> Table {
        let wanted = (megabytes.max(1) << 20) / std::mem::size_of::<Bucket>();
        let count = if wanted.is_power_of_two() { wanted } else { wanted.next_power_of_two() / 2 };
        let empty = || Entry { check: AtomicU64::new(0), data: AtomicU64::new(0) };
        // Every probe lands on a random page of a large table, so address translation costs a
        // probe about as much as the memory itself. On Linux the table asks for huge pages
        // (2 MB), whose translations the processor keeps for the whole table: it is laid out
        // from a 2 MB boundary within a slightly larger allocation, advised before any of it
        // is written. Elsewhere, or where the system says no, it is an ordinary table.
        let size = std::mem::size_of::<Bucket>();
        let spare = if count * size >= HUGE_PAGE { HUGE_PAGE / size } else { 0 };
        let mut buckets: Vec<Bucket> = Vec::with_capacity(count + spare);
        let address = buckets.as_ptr() as usize;
        let start = if spare > 0 { (HUGE_PAGE - address % HUGE_PAGE) % HUGE_PAGE / size } else { 0 };
        if spare > 0 {
            advise_huge_pages(address + start * size, count * size);
        }
        buckets.extend((0..start + count).map(|_| Bucket([empty(), empty(), empty(), empty()])));
        Table { buckets, start, mask: count - 1, generation: 0 }
    }

    /// Marks the start of a new solve, so that older entries give way first.
    pub fn new_generation(&mut self) {
        self.generation = (self.generation + 1) & 63;
    }

    #[inline]
    fn bucket(&self, key: u64) -> &[Entry; WAYS] {
        &self.buckets[self.start + ((key >> 20) as usize & self.mask)].0
    }

    /// The entry of `key` in `bucket` and its data, if there is one.
    #[inline]
    fn find(bucket: &[Entry; WAYS], key: u64) -> Option<(&Entry, Data)> {
        bucket.iter().find_map(|e| {
            let data = e.data.load(Relaxed);
            (e.check.load(Relaxed) ^ data == key && data != 0).then(|| (e, Data::unpack(data)))
        })
    }

    /// Reads one word of the bucket of the position `place`, so that it is in the cache when it
    /// is probed: a node touches all its children's buckets first, with nothing between the
    /// reads, so that their memory latencies overlap instead of adding up (a probe's own branches
    /// stall the processor before it reaches the next probe). The caller passes the word to
    /// [`std::hint::black_box`] so the read is kept.
    #[inline(always)]
    pub fn touch(&self, place: u64) -> u64 {
        self.bucket(place)[0].data.load(Relaxed)
    }

    /// The bounds stored under `key` in the bucket of the position `place`.
    #[inline]
    pub fn probe(&self, place: u64, key: u64) -> Option<Bounds> {
        Table::find(self.bucket(place), key).map(|(_, d)| Bounds {
            lower: d.lower,
            upper: d.upper,
            best: d.best,
            marks: d.marks,
        })
    }

    /// Records in the bucket of the position `place` that the value of `key` lies within
    /// `bounds` (relying on the repetitions of the positions in their marks), proved with `work`
    /// (log2 nodes).
    #[inline]
    pub fn store(&self, place: u64, key: u64, bounds: Bounds, work: u8) {
        let generation = self.generation;
        let bucket = self.bucket(place);
        let Bounds { lower, upper, best, marks } = bounds;
        let mut data = Data { lower, upper, best, work, generation, marks };
        let slot = match Table::find(bucket, key) {
            Some((entry, old)) => {
                // Both the old and the new bounds are proved: keep the tighter of each, holding
                // where both hold.
                data.lower = data.lower.max(old.lower);
                data.upper = data.upper.min(old.upper);
                data.marks = data.marks.with(old.marks);
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
        let (a, b) = (Marks(1), Marks(4));
        table.store(42 << 20, 42 << 20, Bounds { lower: -10, upper: 4, best: 3, marks: a }, 5);
        table.store(42 << 20, 42 << 20, Bounds { lower: -2, upper: 8, best: 0, marks: b }, 1);
        assert_eq!(table.probe(42 << 20, 42 << 20), Some(Bounds { lower: -2, upper: 4, best: 3, marks: Marks(5) }));
        // Same bucket, different keys: the cheap one is the first to go.
        let same = |i: u64| (42 + i * (table.mask as u64 + 1)) << 20;
        for i in 1..WAYS as u64 {
            table.store(same(i), same(i), Bounds { lower: 0, upper: 0, best: 1, marks: Marks::NONE }, 9);
        }
        table.store(same(9), same(9), Bounds { lower: 1, upper: 1, best: 2, marks: Marks::ALL }, 9);
        assert!(table.probe(42 << 20, 42 << 20).is_none());
        assert!((1..WAYS as u64).all(|i| table.probe(same(i), same(i)).is_some()));
        assert_eq!(table.probe(same(9), same(9)).map(|b| (b.lower, b.marks)), Some((1, Marks::ALL)));
    }
}
