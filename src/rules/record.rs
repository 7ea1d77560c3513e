//! The notation: a move is the mover's hole 1..=7 from their own left. By today's rules a record
//! is the string of those digits. In Parker's games the move that fixes the direction carries its
//! sign (`4+`, `4-`), a later round's direction is a bare `+` or `-`, and a record is the moves
//! separated by spaces (a `/` between rounds may be written and is ignored).

use crate::rules::error::RecordError;
use crate::rules::ruleset::{move_text, signed, Direction, RuleSet};

/// The moves of a record. Spaces are allowed between moves, for readability.
///
/// ```
/// use walak::rules::record::parse_record;
/// assert_eq!(parse_record("417 2").unwrap(), vec![4, 1, 7, 2]);
/// assert_eq!(parse_record("418").unwrap_err().to_string(),
///            "character 3 of the record, '8', is not a move: moves are the digits 1 to 7");
/// ```
pub fn parse_record(record: &str) -> Result<Vec<u8>, RecordError> {
    record
        .chars()
        .enumerate()
        .filter(|(_, c)| !c.is_whitespace())
        .map(|(i, c)| match c {
            '1'..='7' => Ok(c as u8 - b'0'),
            _ => Err(RecordError::NotAMove { at: i + 1, found: c }),
        })
        .collect()
}

/// The record of a list of moves.
///
/// ```
/// assert_eq!(walak::rules::record::digits(&[4, 1, 7, 2]), "4172");
/// ```
pub fn digits(moves: &[u8]) -> String {
    moves.iter().map(|&n| char::from(b'0' + n)).collect()
}

/// The moves of a record written by `rules`' notation.
///
/// ```
/// use walak::rules::{record::{parse_moves, record_text}, ruleset::RuleSet};
/// let moves = parse_moves("4+ 2 7 / - 3", RuleSet::ParkerWalak).unwrap();
/// assert_eq!(record_text(&moves, RuleSet::ParkerWalak), "4+ 2 7 - 3");
/// assert_eq!(parse_moves("417", RuleSet::MancalaWorld).unwrap(), vec![4, 1, 7]);
/// assert_eq!(parse_moves("4+ 9", RuleSet::ParkerKotu).unwrap_err().to_string(),
///            "move 2 of the record, '9', is not a move: write a hole 1 to 7, with + or - where it chooses the direction");
/// ```
pub fn parse_moves(record: &str, rules: RuleSet) -> Result<Vec<u8>, RecordError> {
    if !rules.is_parker() {
        return parse_record(record);
    }
    record
        .split_whitespace()
        .filter(|word| *word != "/")
        .enumerate()
        .map(|(i, word)| {
            parse_move(word).ok_or_else(|| RecordError::NotAParkerMove { at: i + 1, found: word.to_string() })
        })
        .collect()
}

/// One move of Parker's notation: `4`, `4+`, `4-`, `+` or `-`.
///
/// ```
/// use walak::rules::{record::parse_move, ruleset::{signed, Direction}};
/// assert_eq!(parse_move("4-"), Some(signed(4, Direction::Clockwise)));
/// assert_eq!(parse_move("+"), Some(signed(0, Direction::Counterclockwise)));
/// assert_eq!(parse_move("3"), Some(3));
/// assert_eq!(parse_move("8+"), None);
/// ```
pub fn parse_move(word: &str) -> Option<u8> {
    let mut chars = word.chars();
    let (first, second, rest) = (chars.next()?, chars.next(), chars.next());
    if rest.is_some() {
        return None;
    }
    match (first, second) {
        ('1'..='7', None) => Some(first as u8 - b'0'),
        ('1'..='7', Some(sign)) => Some(signed(first as u8 - b'0', Direction::of_sign(sign)?)),
        (sign, None) => Some(signed(0, Direction::of_sign(sign)?)),
        _ => None,
    }
}

/// A record in `rules`' notation: digits by today's rules, moves separated by spaces in Parker's.
pub fn record_text(moves: &[u8], rules: RuleSet) -> String {
    if rules.is_parker() {
        moves.iter().map(|&mv| move_text(mv)).collect::<Vec<_>>().join(" ")
    } else {
        digits(moves)
    }
}
