//! A computer player kept between moves: the search's table, so that what one search learnt
//! helps the next, and, once the perfect level first plays, the solver with its table and book.

use crate::rules::game::Game;
use crate::search::{Limits, SearchResult, Searcher, DEFAULT_TABLE_MB};
use crate::solve::Perfect;

use super::human;
use super::levels::Level;

/// The computer, at any level. (A fresh player plays the same move for the same seed at the
/// depth-limited levels; a used one may play a different, usually better, move from what its
/// table holds.)
pub struct Player {
    searcher: Searcher,
    /// The perfect level's solver and book, made when that level first plays.
    perfect: Option<Perfect>,
    /// The size of that solver's table, in MB.
    solver_mb: usize,
}

impl Default for Player {
    fn default() -> Player {
        Player::new(DEFAULT_TABLE_MB)
    }
}

impl Player {
    /// A player whose search table takes at most `megabytes` MB (the perfect level's solver has a
    /// table of its own, [`crate::solve::PERFECT_TABLE_MB`]).
    pub fn new(megabytes: usize) -> Player {
        Player { searcher: Searcher::new(megabytes), perfect: None, solver_mb: crate::solve::PERFECT_TABLE_MB }
    }

    /// Gives the perfect level's solver a table of `megabytes` MB instead (a small device wants a
    /// smaller one, a large one solves faster with more): from its next making, so only before it
    /// is first used.
    pub fn set_solver_table(&mut self, megabytes: usize) {
        self.solver_mb = megabytes.max(1);
    }

    /// The size of the perfect level's solver table, in MB.
    pub fn solver_table_mb(&self) -> usize {
        self.solver_mb
    }

    /// The perfect level's player (its solver, table and book), made when first asked for.
    pub fn perfect(&mut self) -> &mut Perfect {
        let megabytes = self.solver_mb;
        self.perfect.get_or_insert_with(|| Perfect::new(megabytes))
    }

    /// A search of the position within `limits`, with this player's table: see
    /// [`Searcher::search`].
    pub fn search(&mut self, game: &Game, limits: &Limits, clock: &dyn Fn() -> f64, seed: u64) -> Option<SearchResult> {
        self.searcher.search(game, limits, clock, seed)
    }

    /// The move `level` plays for the player to move: see [`super::choose_move`].
    pub fn choose(&mut self, game: &Game, level: Level, clock: &dyn Fn() -> f64, seed: u64) -> Option<SearchResult> {
        match level {
            Level::Beginner => human::beginner(game, seed),
            Level::Casual => human::casual(game, seed),
            Level::Perfect => {
                self.perfect().choose(game, clock, seed)?.or_else(|| {
                    // Not proved in time: the strongest search's move, which says it is not exact.
                    let limits = Level::STRONGEST_SEARCH.limits().expect("the strongest search has limits");
                    self.search(game, &limits, clock, seed)
                })
            }
            _ => self.search(game, &level.limits().expect("a searching level has limits"), clock, seed),
        }
    }
}
