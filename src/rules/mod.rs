//! The rules of the game, and nothing else: no format, no computer player, no web. Every other
//! part of the crate is built on these modules; they import none of it.
//!
//! Within the rules, each module imports only those listed before it:
//! - [`side`]: the two players and the row each owns;
//! - [`ruleset`]: the rule sets (today's and Parker's two), the direction of sowing and how a
//!   move that fixes it is written;
//! - [`board`]: holes, the track in the direction of sowing, holes in play, the notation;
//! - [`marks`]: Parker's holes that are never lifted: puta and naga holes, and tied holes;
//! - [`trace`]: the events of a move, as the rules report them;
//! - [`sowing`]: the one implementation of a move, for every rule set: relay sowing, the
//!   endless-sowing limit, the necklace capture, Kotu-baendum's passing, eating and tying;
//! - [`outcome`]: how a game stands and ended, and the end-of-game rule (when a game ends, and
//!   what the seeds left on the board give each side);
//! - [`error`]: errors as values, each with a message a player can act on;
//! - [`record`]: a game's moves in the game's notation;
//! - [`position`]: a position and its legal moves;
//! - [`rounds`]: refilling holes for a new round, who starts, the match's end;
//! - [`game`]: turns, repetition, the end of a game, rounds and the match; undo and redo;
//! - [`setup`]: games that begin from a position set up by hand, checked.

pub mod side;

pub mod ruleset;

pub mod board;

pub mod marks;

pub mod trace;

pub mod sowing;

pub mod outcome;

pub mod error;

pub mod record;

pub mod position;

pub mod rounds;

pub mod game;

pub mod setup;
