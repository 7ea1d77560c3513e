//! What every client of a load run shares: the servers, the players' seeds and thinking time,
//! the moment play begins and the one it ends, and the tally they all count into.

use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

use tokio::sync::watch;

use super::tally::Tally;

pub struct Run {
    pub urls: Vec<String>,
    pub seed: u64,
    pub think_ms: u64,
    /// Nothing goes on past this moment.
    pub deadline: Instant,
    /// Play begins (every room open and seated).
    pub go: watch::Sender<bool>,
    pub tally: Arc<Tally>,
    /// Out-of-turn moves the players may still send (bad-input runs).
    pub out_of_turn: AtomicI64,
    /// Whether each client says it comes from an address of its own (X-Forwarded-For).
    pub spread: bool,
    /// Every player is done: what else runs (the flood) stops.
    pub over: AtomicBool,
    seeds: AtomicU64,
}

impl Run {
    /// A run at `urls` until `deadline`, whose players may send `out_of_turn` moves out of turn.
    pub fn new(urls: Vec<String>, seed: u64, think_ms: u64, deadline: Instant, out_of_turn: i64) -> Run {
        Run {
            urls,
            seed,
            think_ms,
            deadline,
            go: watch::channel(false).0,
            tally: Arc::default(),
            out_of_turn: AtomicI64::new(out_of_turn),
            spread: false,
            over: AtomicBool::new(false),
            seeds: AtomicU64::new(1),
        }
    }

    /// A fresh seed for a client's random choices.
    pub fn next_seed(&self) -> u64 {
        self.seed ^ self.seeds.fetch_add(0x9E37_79B9, Ordering::Relaxed)
    }
}
