//! The opening book: the exact value of every move in the positions near the opening that take
//! too long to solve in a browser, computed once by `walak book` and shipped with the page.
//!
//! A book is text, one position per line: the record of moves from the opening (digits, empty for
//! the opening itself), `=`, and each legal move's value for the player to move. Lines starting
//! with `#` are comments. Records are from the mover's left, so the same book serves a game where
//! North moves first (the position is the mirror image, with the same values).
//!
//! ```
//! use walak::solve::Book;
//! use walak::{Game, Options};
//! let book = Book::parse("# the opening\n=1:6,2:6,3:0,4:0,5:0,6:-16,7:-44\n").unwrap();
//! let game = Game::new(Options::default());
//! assert_eq!(book.move_values(&game).unwrap()[5], (6, -16));
//! assert_eq!(Book::best(book.move_values(&game).unwrap()), (6, vec![1, 2]));
//! assert!(book.move_values(&Game::from_record("1", Options::default()).unwrap()).is_none());
//! assert!(Book::parse("12=1:x").is_err());
//! ```

use std::collections::HashMap;

use crate::rules::game::Game;
use crate::rules::position::Position;

/// Exact move values for positions reached from the opening, by record.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Book {
    entries: HashMap<String, Vec<(u8, i32)>>,
}

impl Book {
    /// Reads a book's text; a malformed line is refused with its number and what is wrong.
    pub fn parse(text: &str) -> Result<Book, String> {
        let mut entries = HashMap::new();
        for (index, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let bad = |why: &str| format!("line {} of the book: {why}", index + 1);
            let (record, values) = line.split_once('=').ok_or_else(|| bad("it has no '='"))?;
            if !record.bytes().all(|b| (b'1'..=b'7').contains(&b)) {
                return Err(bad("its record is not digits 1-7"));
            }
            let values = values
                .split(',')
                .map(|pair| {
                    let (hole, value) = pair.split_once(':')?;
                    let hole: u8 = hole.parse().ok().filter(|h| (1..=7).contains(h))?;
                    Some((hole, value.parse().ok()?))
                })
                .collect::<Option<Vec<(u8, i32)>>>()
                .ok_or_else(|| bad("its values are not hole:value pairs"))?;
            entries.insert(record.to_string(), values);
        }
        Ok(Book { entries })
    }

    /// Adds a position's move values (ascending by hole).
    pub fn insert(&mut self, record: &str, move_values: Vec<(u8, i32)>) {
        self.entries.insert(record.to_string(), move_values);
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The book as text, positions in the order of their records (shortest first), so that the
    /// same book always gives the same text.
    pub fn to_text(&self, comment: &str) -> String {
        let mut records: Vec<&String> = self.entries.keys().collect();
        records.sort_by(|a, b| a.len().cmp(&b.len()).then(a.cmp(b)));
        let mut text: String = comment.lines().map(|line| format!("# {line}\n")).collect();
        for record in records {
            text.push_str(&Book::line(record, &self.entries[record]));
            text.push('\n');
        }
        text
    }

    /// One position's line of the book: `RECORD=HOLE:VALUE,…`.
    pub fn line(record: &str, move_values: &[(u8, i32)]) -> String {
        let values: Vec<String> = move_values.iter().map(|(hole, v)| format!("{hole}:{v}")).collect();
        format!("{record}={}", values.join(","))
    }

    /// The move values the book holds for the game's position: only for a single game played
    /// from the opening (in rounds, values run to the end of the round, which the book does not
    /// hold).
    pub fn move_values(&self, game: &Game) -> Option<&[(u8, i32)]> {
        let first = game.round_positions().first()?;
        if game.options().rounds || *first != Position::start(first.to_move()) {
            return None;
        }
        self.entries.get(&game.record()).map(Vec::as_slice)
    }

    /// The best value among move values and the moves that reach it, ascending.
    pub fn best(move_values: &[(u8, i32)]) -> (i32, Vec<u8>) {
        let value = move_values.iter().map(|&(_, v)| v).max().unwrap_or(0);
        (value, move_values.iter().filter(|&&(_, v)| v == value).map(|&(hole, _)| hole).collect())
    }
}
