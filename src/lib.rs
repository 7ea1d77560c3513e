//! # Walak-pussa
//!
//! The rules of Walak-pussa, the two-row mancala of Sri Lanka: relay sowing lap after lap, and
//! captures that run on like beads taken off a pearl necklace. See `RULES.md` in the repository
//! for the full rules this crate implements.
//!
//! The core is plain Rust with no web dependency:
//! - [`board`]: holes, the track and the notation;
//! - [`sowing`]: the one implementation of a move's sowing and capture;
//! - [`position`]: a position and its legal moves;
//! - [`game`]: turns, repetition, the end of a game and the rounds of a match;
//! - [`outcome`]: how a game stands and ended: [`Status`], [`Ending`] and the [`Winner`];
//! - [`trace`]: the step-by-step events of a move, and their replay;
//! - [`setup`], [`record`]: games from a position or a record, checked;
//! - [`view`]: the JSON schema of a game's state, shaped from a [`Game`];
//! - [`link`], [`saved`]: games carried by a link and kept by a page, read strictly and checked;
//! - [`search`]: the computer player: levels, the search, its evaluation and exact endgames;
//! - [`puzzles`]: positions from real games with one best move, their file, selection and rating;
//!
//! The `wasm` module (WebAssembly builds only) exposes it to JavaScript.
//!
//! ```
//! use walak::{Game, Options, Side};
//! let mut game = Game::new(Options::default());
//! let trace = game.play(1).unwrap(); // South's leftmost hole
//! assert_eq!(game.view().board, [2, 1, 7, 7, 7, 0, 7, 0, 0, 6, 1, 6, 6, 0]);
//! assert_eq!(game.view().reserves, [6, 0]);
//! assert_eq!(game.view().to_move, Side::North);
//! assert!(trace.len() > 20);
//! ```

pub mod board;
pub mod error;
pub mod game;
pub mod json;
pub mod lesson;
pub mod link;
pub mod outcome;
pub mod playout;
pub mod position;
pub mod puzzles;
pub mod record;
pub mod rounds;
pub mod saved;
pub mod search;
pub mod setup;
pub mod side;
pub mod solve;
pub mod sowing;
pub mod trace;
pub mod view;

#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use error::{MoveError, RecordError, SetupError, Unplayable};
pub use game::{Game, Options};
pub use link::{Link, LinkError};
pub use outcome::{Ending, Status, Winner};
pub use position::Position;
pub use saved::{SavedError, SavedGame};
pub use setup::Setup;
pub use side::Side;
pub use trace::Event;
pub use view::{MoveOutcome, StateView};
