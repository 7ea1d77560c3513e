//! What the heuristic search ([`crate::search`]) and the exact solver ([`crate::solve`]) share:
//! both are negamax over the same game tree, with the same repetition rule.
//!
//! - [`children`]: a position's legal moves, played out as the boards they leave;
//! - [`keys`]: positions and histories as table keys;
//! - [`line`](mod@line): the positions since the last capture, which the repetition rule looks at;
//! - [`history`]: that line read from a real game;
//! - [`marks`]: small sets of positions, for telling when a value holds after another history;
//! - [`step`]: a move of the tree: the child's position pushed on the line, its value taken back
//!   into the mover's view, and the end of a game scored by the rules.

pub mod children;

pub mod keys;

pub mod line;

pub mod history;

pub(crate) mod marks;

pub mod step;
