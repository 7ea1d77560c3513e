//! The notation: a move is the mover's hole 1..=7 from their own left; a record is the string of
//! those digits.

use crate::rules::error::RecordError;

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
