//! # Walak-pussa
//!
//! The rules of Walak-pussa, the two-row mancala of Sri Lanka: relay sowing lap after lap, and
//! captures that run on like beads taken off a pearl necklace. See `docs/rules.md` in the
//! repository for the full rules this crate implements.
//!
//! The crate is built in layers, each importing only the layers above it in this list, never one
//! below (`tests/layers.rs` checks this, and that no module imports another that imports it back):
//! 1. [`rules`]: the game itself, with no format, no computer and no web in it: holes and the
//!    track, the one implementation of a move's sowing and capture, positions, the end of a game,
//!    rounds, the trace of a move, and the game with its record;
//! 2. [`playout`]: random games at the cost of the rules, for benchmarks and the soak test;
//! 3. [`negamax`]: what the search and the solver share: a position's moves as children, keys,
//!    the line since the last capture and the step from a position to a child;
//! 4. [`search`]: the heuristic search (alpha-beta with an evaluation);
//! 5. [`solve`]: the exact solver, the opening book and the perfect player;
//! 6. [`computer`]: the computer player's levels, its human-like mistakes and matches;
//! 7. [`trainer`]: the lesson's steps and the puzzles;
//! 8. [`format`](mod@format): what the outside reads and writes: the JSON state, links, saved games and the
//!    JSON reader;
//! 9. [`live`]: live play's referee: rooms, seats held by tokens, and the messages a browser may
//!    send, with no network in it;
//! 10. `wasm` (WebAssembly builds only): the JavaScript API over all of them; `src/bin/walak`,
//!     the command-line tool, stands beside it.
//!
//! The rules core is plain Rust with no web dependency. The types most callers need are
//! re-exported here.
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

pub mod rules;

pub mod playout;

pub mod negamax;

pub mod search;

pub mod solve;

pub mod computer;

pub mod trainer;

pub mod format;

pub mod live;

#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use format::link::{Link, LinkError};
pub use format::saved::{SavedError, SavedGame};
pub use format::view::{MoveOutcome, StateView};
pub use rules::error::{MoveError, RecordError, SetupError, Unplayable};
pub use rules::game::{Game, Options};
pub use rules::outcome::{Ending, Status, Winner};
pub use rules::position::Position;
pub use rules::ruleset::{Direction, RuleSet};
pub use rules::setup::Setup;
pub use rules::side::Side;
pub use rules::trace::Event;
