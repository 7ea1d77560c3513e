//! What the outside reads and writes, shaped from the rules and checked by them:
//! - [`view`]: the JSON schema of a game's state and of a move's outcome;
//! - [`replay`]: a move's trace replayed onto that state, checked event by event;
//! - [`json`]: a strict JSON reader and writer of the crate's own, with exact decimal numbers;
//! - [`link`]: a game carried by a link's fragment;
//! - [`link_game`]: a game two people play by links, and how a link meets the copy kept here;
//! - [`saved`]: the game a page keeps;
//! - [`svg`]: pictures of a position and of a move's steps, for articles and print.

pub mod json;

pub mod view;

pub mod replay;

pub mod link;

pub mod link_game;

pub mod saved;

pub mod svg;
