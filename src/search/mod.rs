//! The heuristic search: iterative deepening negamax with alpha-beta, a transposition
//! table, move ordering, a time budget and a depth limit, and exact play in small endgames.
//!
//! # Scores
//!
//! The search scores a position by the seeds the player to move will still win from the board more
//! than the opponent: captures along the line, then at the end of the game what the rules hand
//! out (the whole board to the opponent of a player with no move; each side its own row on a third
//! repetition). Reserves are left out because they cannot change what happens next; the reported
//! [`SearchResult::eval`] adds them back, so it is the expected final seed difference.
//!
//! # Rules inside the search
//!
//! - A move is legal only if its sowing ends: endless sowings are never generated.
//! - Repetition is scored by the rule. The positions since the last capture (from the real game,
//!   then along the searched line) are counted, and the third occurrence ends the game with each
//!   side taking its own row. Because that makes a position's value depend on its history since
//!   the last capture, the table keys a position together with that history (see
//!   [`crate::negamax::keys::position_key`]); right after a capture the history is empty.
//! - Rounds mode: the end of the current round is the end of the search, scored like the end of a
//!   single game (the seeds each side holds). Who starts the next round and what it brings are not
//!   looked at.
//!
//! # Exactness
//!
//! A position with at most [`Limits::exact_below`] seeds on the board is solved outright: searched
//! to the end of the game with no depth limit. Any result that no evaluation touched holds at
//! every depth; the table stores it as solved, and at the root the search reports it as exact and
//! stops deepening. (Solving every small board met inside a deeper search was measured too: it
//! costs more time than it saves and loses games.)
//!
//! # Time
//!
//! The library never reads a clock of its own (the browser build has none): the caller passes a
//! function returning milliseconds, read every couple of thousand nodes.

mod alphabeta;
pub mod eval;
mod root;
mod searcher;
mod table;

use serde::Serialize;

use eval::Weights;

pub use searcher::Searcher;

/// The table's size when none is asked for: comfortable in a browser worker.
pub const DEFAULT_TABLE_MB: usize = 4;

/// The computer's choice for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SearchResult {
    /// The mover's hole to play, 1..=7 from their left.
    pub number: u8,
    /// The expected final seed difference, mover minus opponent, reserves included (in rounds
    /// mode: at the end of this round).
    pub eval: i32,
    /// Plies searched in the last completed pass; for a position solved outright, the longest
    /// line looked at; for the human-like levels, how far they look (1 or 2).
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// The evaluation is the true result under perfect play from both sides.
    pub exact: bool,
}

/// How far and how long to search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    /// The deepest iteration, in plies.
    pub depth: u32,
    /// Stop after this many milliseconds of the caller's clock; no limit when `None`.
    pub time_ms: Option<f64>,
    /// A position with at most this many seeds on the board is solved outright: searched to the
    /// end of the game, with no depth limit, in up to 60% of the time budget.
    pub exact_below: u32,
    pub weights: Weights,
}

impl Limits {
    /// A plain depth-limited search with the tuned evaluation and no endgame solving.
    pub fn depth(depth: u32) -> Limits {
        Limits { depth, time_ms: None, exact_below: 0, weights: Weights::TUNED }
    }

    /// Solve the position: no depth or time limit, every board searched to the end.
    pub fn solve() -> Limits {
        Limits { depth: 1000, time_ms: None, exact_below: crate::rules::board::TOTAL_SEEDS, weights: Weights::TUNED }
    }
}
