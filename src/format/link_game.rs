//! A game two people play by sending each other links: each link carries the game's id and the
//! side of the player it is sent to, and a link opened where the game is kept either continues
//! that game in place or, when it tells another story, is kept beside it.
//!
//! The rule for meeting a kept game ([`meet`]) is the whole of the merging: the page keeps what it
//! says and never merges two games otherwise.
//!
//! ```
//! use walak::format::link_game::{meet, GameLine, Meeting};
//! use walak::Options;
//! let kept = GameLine { start: None, options: Options::default(), moves: "3514" };
//! let reply = GameLine { moves: "35142", ..kept.clone() };
//! assert_eq!(meet(&kept, &reply), Meeting::Continues { from: 4 });
//! assert_eq!(meet(&kept, &kept), Meeting::Same);
//! assert_eq!(meet(&reply, &kept), Meeting::Behind);
//! let take_back = GameLine { moves: "3516", ..kept.clone() };
//! assert_eq!(meet(&kept, &take_back), Meeting::Differs { from: 3 });
//! ```

use std::fmt;

use serde::Serialize;

use crate::rules::game::Options;
use crate::rules::setup::Setup;
use crate::rules::side::Side;

/// The id of a link game: 4 to 32 lowercase letters `a`–`z` and digits, the same on both
/// players' devices.
///
/// ```
/// use walak::format::link_game::GameId;
/// assert_eq!(GameId::parse("mj3k2x9q").unwrap().as_str(), "mj3k2x9q");
/// assert!(GameId::parse("MJ3K").is_none());
/// assert!(GameId::parse("abc").is_none());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(transparent)]
pub struct GameId(String);

impl GameId {
    pub const MIN_LEN: usize = 4;
    pub const MAX_LEN: usize = 32;

    /// The id written as `text`, or `None` when it is not one.
    pub fn parse(text: &str) -> Option<GameId> {
        let fits = (GameId::MIN_LEN..=GameId::MAX_LEN).contains(&text.len());
        (fits && text.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())).then(|| GameId(text.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// What makes a link a move in a link game: the game's id, and the side of the person the link
/// is sent to (the player to move next).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkGame {
    pub id: GameId,
    pub you: Side,
}

/// A game's line as two players' copies of it are compared: where it began, its options and its
/// moves from there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameLine<'a> {
    /// The position set up by hand the game began from, or `None` for the opening.
    pub start: Option<&'a Setup>,
    pub options: Options,
    pub moves: &'a str,
}

/// How a link's line meets the line of the same game kept here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Meeting {
    /// The same moves: nothing to change.
    Same,
    /// The link's moves are the first moves of the kept line: an older link, nothing new in it.
    Behind,
    /// The link's line carries the kept line on: its moves after the first `from` are new here.
    Continues { from: usize },
    /// The lines part after `from` moves (a move taken back, another line), or the games began
    /// differently (`from` 0): they are two games.
    Differs { from: usize },
}

/// How `link` meets `kept`, two copies of a game with the same id.
///
/// Only a line that carries the kept one on, from the same start with the same options, may be
/// brought into it: anything else is another game, kept beside it.
pub fn meet(kept: &GameLine, link: &GameLine) -> Meeting {
    if kept.start != link.start || kept.options != link.options {
        return Meeting::Differs { from: 0 };
    }
    let shared = shared_moves(kept.moves, link.moves);
    match (shared == kept.moves.len(), shared == link.moves.len()) {
        (true, true) => Meeting::Same,
        (true, false) => Meeting::Continues { from: shared },
        (false, true) => Meeting::Behind,
        (false, false) => Meeting::Differs { from: shared },
    }
}

/// How many first moves two lines share.
fn shared_moves(a: &str, b: &str) -> usize {
    a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count()
}

/// The lines of a kept game's move list (main line first) after a link's lines came in: a kept
/// line that a link's line carries on is replaced by it, in its place; the link's other lines
/// follow, in their order. A line that another holds (its first moves) is not listed twice.
///
/// ```
/// use walak::format::link_game::merge_lines;
/// let kept = ["3514".to_string(), "3562".to_string()];
/// let link = ["35142".to_string(), "36".to_string(), "356".to_string()];
/// assert_eq!(merge_lines(&kept, &link), ["35142", "3562", "36"]);
/// ```
pub fn merge_lines(kept: &[String], link: &[String]) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for line in kept.iter().chain(link) {
        if line.is_empty() || lines.iter().any(|held| held.starts_with(line.as_str())) {
            continue;
        }
        match lines.iter_mut().find(|held| line.starts_with(held.as_str())) {
            Some(held) => *held = line.clone(),
            None => lines.push(line.clone()),
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(moves: &str) -> GameLine<'_> {
        GameLine { start: None, options: Options::default(), moves }
    }

    #[test]
    fn a_reply_continues_the_kept_game_from_its_last_move() {
        assert_eq!(meet(&line(""), &line("3")), Meeting::Continues { from: 0 });
        assert_eq!(meet(&line("35"), &line("35142")), Meeting::Continues { from: 2 });
    }

    #[test]
    fn the_same_link_twice_changes_nothing() {
        assert_eq!(meet(&line("3514"), &line("3514")), Meeting::Same);
        assert_eq!(meet(&line(""), &line("")), Meeting::Same);
    }

    #[test]
    fn an_older_link_is_behind() {
        assert_eq!(meet(&line("3514"), &line("35")), Meeting::Behind);
        assert_eq!(meet(&line("3514"), &line("")), Meeting::Behind);
    }

    #[test]
    fn a_take_back_or_another_line_differs_where_they_part() {
        assert_eq!(meet(&line("3514"), &line("3516")), Meeting::Differs { from: 3 });
        assert_eq!(meet(&line("3514"), &line("41")), Meeting::Differs { from: 0 });
    }

    #[test]
    fn games_begun_differently_never_merge() {
        let rounds = Options { rounds: true, ..Options::default() };
        let first_north = Options { first: Side::North, ..Options::default() };
        for options in [rounds, first_north] {
            let other = GameLine { options, ..line("35142") };
            assert_eq!(meet(&line("35"), &other), Meeting::Differs { from: 0 });
        }
        let setup = Setup::new([0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1], [30, 24], Side::South);
        let from_position = GameLine { start: Some(&setup), ..line("") };
        assert_eq!(meet(&line(""), &from_position), Meeting::Differs { from: 0 });
        assert_eq!(meet(&from_position, &from_position.clone()), Meeting::Same);
    }

    #[test]
    fn ids_are_short_lowercase_words() {
        assert!(GameId::parse("abcd").is_some());
        assert!(GameId::parse(&"a".repeat(32)).is_some());
        for bad in ["", "abc", &"a".repeat(33), "ab-cd", "abcé", "ab cd"] {
            assert!(GameId::parse(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn merged_lines_keep_the_kept_order_and_never_repeat() {
        let lines = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(merge_lines(&lines(&["35"]), &lines(&["3514"])), ["3514"]);
        assert_eq!(merge_lines(&lines(&["3514", "36"]), &lines(&["3514", "36"])), ["3514", "36"]);
        assert_eq!(merge_lines(&lines(&["3514"]), &lines(&["3516"])), ["3514", "3516"]);
        // A link line that carries on two kept lines at once carries on the first.
        assert_eq!(merge_lines(&lines(&["35", "351"]), &lines(&["3514"])), ["3514"]);
        assert_eq!(merge_lines(&lines(&[]), &lines(&["", "1"])), ["1"]);
    }
}
