//! Live play between two browsers through the project's server: the server is the referee.
//! - [`message`]: what a browser may say to the server, read strictly, with a size limit;
//! - [`room`]: one game, its two seats held by secret tokens, and every move refereed by the rules;
//! - [`rooms`]: the rooms of one server, bounded in number, each gone once idle long enough;
//! - [`reason`]: every reason a frame is refused for, in one list.
//!
//! Plain Rust with no network in it: the server (`walak serve`) carries these over WebSockets,
//! and its tests and the fuzzing of the message reader reach them directly.

pub mod message;

pub mod room;

pub mod rooms;

pub mod reason;
