//! A search kept between moves, with its transposition table.

use crate::rules::game::Game;

use super::root;
use super::table::Table;
use super::{Limits, SearchResult, DEFAULT_TABLE_MB};

/// A search with its transposition table, kept between moves so that what one search learnt
/// helps the next. (A fresh searcher plays the same move for the same seed at the depth-limited
/// levels; a used one may play a different, usually better, move from what its table holds.)
pub struct Searcher {
    table: Table,
}

impl Default for Searcher {
    fn default() -> Searcher {
        Searcher::new(DEFAULT_TABLE_MB)
    }
}

impl Searcher {
    /// A searcher whose table takes at most `megabytes` MB.
    pub fn new(megabytes: usize) -> Searcher {
        Searcher { table: Table::new(megabytes) }
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
