//! The computer player: its levels, from a beginner who sees one lap of a sowing to the perfect
//! player, the human-like levels' mistakes, and matches between players to measure them.
//!
//! - [`levels`]: the levels, their names and how each plays;
//! - [`human`]: the two lowest levels, who play like people rather than like a weakened search;
//! - [`player`]: a player kept between moves: the search's table and, for the perfect level, the
//!   solver with the book;
//! - [`contest`]: games between two players, for the ladder and `walak match`.

pub mod contest;
pub mod human;
pub mod levels;
pub mod player;

use crate::rules::game::Game;
use crate::search::SearchResult;

pub use levels::Level;
pub use player::Player;

/// The move `level` plays for the player to move, or `None` when the game is over. `clock` gives
/// milliseconds (only the timed level, master, depends on it); `seed` varies the human-like levels' mistakes and
/// the choice between equal moves, so that with the same seed a level plays the same move (timed
/// levels aside, whose depth depends on the machine).
///
/// ```
/// use walak::computer::{choose_move, Level};
/// use walak::{Game, Options};
/// let game = Game::from_record("7264", Options::default()).unwrap();
/// let result = choose_move(&game, Level::Club, &|| 0.0, 7).unwrap();
/// assert!(game.legal_moves().contains(&result.number));
/// ```
pub fn choose_move(game: &Game, level: Level, clock: &dyn Fn() -> f64, seed: u64) -> Option<SearchResult> {
    Player::default().choose(game, level, clock, seed)
}

/// The strongest search's view of the position: its move and evaluation, for a hint.
pub fn hint(game: &Game, clock: &dyn Fn() -> f64) -> Option<SearchResult> {
    choose_move(game, Level::STRONGEST_SEARCH, clock, 0)
}
