//! The perfect player: moves that keep the exact value of the position, from the book near the
//! opening and from the solver elsewhere, within a time budget.
//!
//! ```
//! use walak::solve::Perfect;
//! use walak::{Game, Options};
//! // 28 seeds on the board: solved in a moment.
//! let game = Game::from_record("35141541", Options::default()).unwrap();
//! let choice = Perfect::new(16).choose(&game, &|| 0.0, 1).unwrap().unwrap();
//! assert_eq!((choice.number, choice.eval, choice.exact), (3, 0, true));
//! ```

use crate::rules::game::Game;
use crate::search::SearchResult;

use super::{Book, Progress, Solution, Solver};

/// How long the perfect player tries to prove its move before it plays the best one a search
/// finds instead (and says that it is not proven). The book covers the openings that take
/// longer in a browser; this is for hand-set positions with many seeds.
pub const PROOF_MS: f64 = 8_000.0;

/// The table a perfect player uses when none is asked for: what a browser's worker holds easily.
pub const PERFECT_TABLE_MB: usize = 32;

/// A solver with its table and the book, kept between moves.
pub struct Perfect {
    solver: Solver,
    book: Option<Book>,
}

impl Default for Perfect {
    fn default() -> Perfect {
        Perfect::new(PERFECT_TABLE_MB)
    }
}

impl Perfect {
    /// A perfect player whose table takes at most `megabytes` MB, on every core natively.
    pub fn new(megabytes: usize) -> Perfect {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Perfect { solver: Solver::new(megabytes).threads(cores), book: None }
    }

    /// Reads the values of boards with few seeds from `endgames` (see [`Solver::with_endgames`]).
    pub fn set_endgames(&mut self, endgames: super::Endgames) {
        self.solver.set_endgames(endgames);
    }

    /// Uses `book` for the positions it holds.
    pub fn set_book(&mut self, book: Book) {
        self.book = Some(book);
    }

    /// The move values for the player to move from the book, or solved within `budget_ms` of
    /// `clock` (only the value and best moves unless `move_values`), and whether they came from
    /// the book; `on_progress` hears how the solve goes. `None` when time ran out, or when
    /// `on_progress` asked to stop.
    pub fn solve(
        &mut self,
        game: &Game,
        move_values: bool,
        clock: &dyn Fn() -> f64,
        budget_ms: f64,
        on_progress: &mut dyn FnMut(&Progress) -> bool,
    ) -> Option<(Solution, bool)> {
        if let Some(solution) = self.from_book(game) {
            return Some((solution, true));
        }
        let started = clock();
        let mut observer = |progress: &Progress| clock() - started < budget_ms && on_progress(progress);
        let solved = if move_values {
            self.solver.move_values(game, &mut observer)
        } else {
            self.solver.best_moves(game, &mut observer)
        };
        solved.ok().map(|solution| (solution, false))
    }

    /// The move values the book holds for the game's position, as a solution, if it holds them.
    pub fn from_book(&self, game: &Game) -> Option<Solution> {
        let values = self.book.as_ref()?.move_values(game)?;
        let (value, best) = Book::best(values);
        Some(Solution { value, best, move_values: values.to_vec(), line: vec![], nodes: 0, rules: game.rules() })
    }

    /// The value alone for the player to move (no best moves: the cheapest proof), from the book
    /// or solved within `budget_ms` of `clock`: the value, the positions visited and whether it
    /// came from the book; `None` as for [`Perfect::solve`].
    pub fn value(
        &mut self,
        game: &Game,
        clock: &dyn Fn() -> f64,
        budget_ms: f64,
        on_progress: &mut dyn FnMut(&Progress) -> bool,
    ) -> Option<(i32, u64, bool)> {
        if let Some(values) = self.book.as_ref().and_then(|book| book.move_values(game)) {
            return Some((Book::best(values).0, 0, true));
        }
        let started = clock();
        let mut observer = |progress: &Progress| clock() - started < budget_ms && on_progress(progress);
        let value = self.solver.value(game, &mut observer).ok()?;
        Some((value, self.solver.nodes(), false))
    }

    /// The perfect move for the player to move, one of the best chosen by `seed`: `Some(None)`
    /// when it could not be proved within [`PROOF_MS`] of `clock`, `None` when the game is over.
    pub fn choose(&mut self, game: &Game, clock: &dyn Fn() -> f64, seed: u64) -> Option<Option<SearchResult>> {
        if game.is_over() {
            return None;
        }
        let Some((solution, _)) = self.solve(game, false, clock, PROOF_MS, &mut |_| true) else { return Some(None) };
        let number = solution.best[(seed % solution.best.len() as u64) as usize];
        Some(Some(SearchResult { number, eval: solution.value, depth: 0, nodes: solution.nodes, exact: true }))
    }
}
