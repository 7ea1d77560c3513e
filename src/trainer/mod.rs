//! Teaching the game: the lesson's steps ([`lesson`]) and the puzzles ([`puzzles`]).

pub mod lesson;

pub mod puzzles;
