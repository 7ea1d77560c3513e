//! The computer player's search: iterative deepening negamax with alpha-beta, a transposition
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
//!   [`keys::position_key`]); right after a capture the history is empty.
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
pub mod contest;
pub mod eval;
pub(crate) mod history;
pub mod human;
pub mod keys;
pub mod levels;
pub(crate) mod line;
pub(crate) mod moves;
mod root;
mod table;

use serde::Serialize;

use crate::game::Game;

use eval::Weights;
use table::Table;

pub use levels::Level;

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
        Limits { depth: 1000, time_ms: None, exact_below: crate::board::TOTAL_SEEDS, weights: Weights::TUNED }
    }
}

/// A search with its transposition table, kept between moves so that what one search learnt
/// helps the next. (A fresh searcher plays the same move for the same seed at the depth-limited
/// levels; a used one may play a different, usually better, move from what its table holds.)
pub struct Searcher {
    table: Table,
    /// The perfect level's solver and book, made when that level first plays.
    perfect: Option<crate::solve::Perfect>,
}

impl Default for Searcher {
    fn default() -> Searcher {
        Searcher::new(DEFAULT_TABLE_MB)
    }
}

impl Searcher {
    /// A searcher whose table takes at most `megabytes` MB.
    pub fn new(megabytes: usize) -> Searcher {
        Searcher { table: Table::new(megabytes), perfect: None }
    }

    /// The perfect level's player (its solver, table and book), made when first asked for.
    pub fn perfect(&mut self) -> &mut crate::solve::Perfect {
        self.perfect.get_or_insert_with(crate::solve::Perfect::default)
    }

    /// The move a level plays: see [`choose_move`].
    pub fn choose(&mut self, game: &Game, level: Level, clock: &dyn Fn() -> f64, seed: u64) -> Option<SearchResult> {
        levels::choose(self, game, level, clock, seed)
    }

    /// Searches the position of `game` within `limits`, reading the time from `clock`
    /// (milliseconds). `seed` decides between moves that score the same. `None` when the game is
    /// over.
    ///
    /// ```
    /// use walak::search::{Limits, Searcher};
    /// use walak::{Game, Options};
    /// let game = Game::new(Options::default());
    /// let result = Searcher::default().search(&game, &Limits::depth(4), &|| 0.0, 1).unwrap();
    /// assert!((1..=7).contains(&result.number));
    /// assert_eq!(result.depth, 4);
    /// ```
    pub fn search(&mut self, game: &Game, limits: &Limits, clock: &dyn Fn() -> f64, seed: u64) -> Option<SearchResult> {
        root::think(&mut self.table, game, limits, clock, seed)
    }
}

/// The move `level` plays for the player to move, or `None` when the game is over. `clock` gives
/// milliseconds (only the timed level, master, depends on it); `seed` varies the human-like levels' mistakes and
/// the choice between equal moves, so that with the same seed a level plays the same move (timed
/// levels aside, whose depth depends on the machine).
///
/// ```
/// use walak::search::{choose_move, Level};
/// use walak::{Game, Options};
/// let game = Game::from_record("7264", Options::default()).unwrap();
/// let result = choose_move(&game, Level::Club, &|| 0.0, 7).unwrap();
/// assert!(game.legal_moves().contains(&result.number));
/// ```
pub fn choose_move(game: &Game, level: Level, clock: &dyn Fn() -> f64, seed: u64) -> Option<SearchResult> {
    Searcher::default().choose(game, level, clock, seed)
}

/// The strongest search's view of the position: its move and evaluation, for a hint.
pub fn hint(game: &Game, clock: &dyn Fn() -> f64) -> Option<SearchResult> {
    choose_move(game, Level::STRONGEST_SEARCH, clock, 0)
}
