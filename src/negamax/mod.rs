//! What the heuristic search ([`crate::search`]) and the exact solver ([`crate::solve`]) share:
//! both are negamax over the same game tree, with the same repetition rule.
//!
//! - [`keys`]: positions and histories as table keys;
//! - [`round`](mod@round): the rules a search plays by: what a round fixes, and what a position
//!   holds beyond its board (Parker's games);
//! - [`children`]: a position's legal moves, played out as the boards they leave;
//! - [`line`](mod@line): the positions since the last capture, which the repetition rule looks at;
//! - [`history`]: that line read from a real game;
//! - [`marks`]: small sets of positions, for telling when a value holds after another history;
//! - [`step`]: a move of the tree: the child's position pushed on the line, its value taken back
//!   into the mover's view, and the end of a game scored by the rules.

pub mod keys;

pub(crate) mod round;

pub mod children;

pub mod line;

pub mod history;

pub(crate) mod marks;

pub mod step;
