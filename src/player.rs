//! The computer's choice of move. The player itself lives in [`crate::search`]: levels from a
//! beginner to a master (see [`Level`]). This module keeps the one-argument entry point the page
//! has always called.

use crate::game::Game;

pub use crate::search::{choose_move as choose_level_move, hint, Level, SearchResult, Searcher};

/// The level [`choose_move`] plays: it needs no clock, so it plays the same everywhere.
pub const DEFAULT_LEVEL: Level = Level::Club;

/// The move the computer plays for the player to move at [`DEFAULT_LEVEL`], or `None` when the
/// game is over. `seed` varies the choice between equally good moves.
///
/// ```
/// use walak::{player::choose_move, Game, Options};
/// let game = Game::new(Options::default());
/// let hole = choose_move(&game, 1).unwrap();
/// assert!((1..=7).contains(&hole));
/// ```
pub fn choose_move(game: &Game, seed: u64) -> Option<u8> {
    crate::search::choose_move(game, DEFAULT_LEVEL, &|| 0.0, seed).map(|result| result.number)
}
