//! Teaching the game: the lesson's steps ([`lesson`]), the puzzles ([`puzzles`]) and the
//! walk-through of what Parker's rule sets change ([`walkthrough`]).

pub mod lesson;

pub mod puzzles;

pub mod walkthrough;
