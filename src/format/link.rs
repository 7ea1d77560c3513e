//! Links that carry a game in the address fragment, so that any static host serves them:
//!
//! ```text
//! walak=1&moves=7264131&at=5&rounds=1&first=north
//! walak=1&board=0.0.3.0.1.0.7.2.0.0.1.0.0.5&reserves=20.17&turn=south&moves=7
//! ```
//!
//! `walak` is the format's version; `moves` the record (digits 1–7); `at` how many of those moves
//! are played in the position shown (the rest can be redone); `rounds` (0 or 1) and `first`
//! (south or north) the options. A game may begin from a position set up by hand: `board` lists
//! the seeds of the 14 holes in track order joined by dots, `reserves` South's and North's,
//! `turn` the player to move, and in rounds `round` and `inplay` (14 digits, 0 for a hole out of
//! play). The move list's other lines may come too: `variations` lists them, each a whole record
//! from the start, joined by dots, in the move list's order, and `shown` says where the line of
//! `moves` goes among them (0, the default, when it is the main line). A move sent in a game two
//! people play by links carries `game`, the game's id (4 to 32 letters a–z and digits), and `you`,
//! the side of the person it is sent to; one never comes without the other. A link may also
//! write out the position a page shows first, `position`, so that it can draw it before its engine
//! has read the moves: the position `at` moves reach, or in a move of a game by links the one
//! before that move, which the receiver's page then plays. It gives the 14 holes' seeds in track
//! order joined by dots, South's and North's reserves, and the player to move, joined by `-`; in
//! rounds also the round and the holes in play (`0.0.0.0.0.1.6.5.1.2.12.1.12.0-6.10-south`,
//! `…-8.0-north-3-11111111111100`); in Parker's games then the round's direction (`ccw`, `cw`, or
//! `none` before its first move chooses it) and the 14 holes' marks in track order (`0` none, `1`
//! puta, `2` naga, `s` or `n` tied by South or North: `…-south-cw-00000000000000`). It must be that
//! position, and is written while the game goes on there (not while a match waits for a round's
//! direction), and not when it is the start (the opening or `board` says it already). A link may also carry every move's exact value in the position `at` moves reach,
//! `values`, as the page that wrote it had proved them, so that a page showing move values shows
//! them at once (and checks them as it proves them itself): by hole 1 to 7 joined by dots, a
//! whole number from -56 to 56 for a hole that can be played there and `x` for one that cannot
//! (`values=6.-2.x.4.x.x.0`), by today's rules, while the game goes on there, and never in a move
//! of a game by links. `rules` names the
//! rule set (`parker-walak` or `parker-kotu`; absent: today's rules): in Parker's games `moves`
//! and each variation are records in their notation, moves separated by spaces (`4+ 2 7`, which
//! a fragment writes `4%2B+2+7`), and `at` counts moves. A link is read strictly: anything
//! malformed, unknown, repeated or unplayable is an error that says what is wrong with it.

use std::fmt;

use serde::Serialize;

use crate::format::link_game::{GameId, LinkGame};
use crate::rules::error::{RecordError, Unplayable};
use crate::rules::game::{Game, Options};
use crate::rules::marks::{Marks, Short};
use crate::rules::record::parse_moves;
use crate::rules::ruleset::{Direction, RuleSet};
use crate::rules::setup::Setup;
use crate::rules::side::Side;

/// The version of the link format this engine writes and reads.
pub const LINK_VERSION: u32 = 1;

/// The parts a link may have.
const PARTS: [&str; 18] = [
    "walak",
    "moves",
    "at",
    "rounds",
    "first",
    "board",
    "reserves",
    "turn",
    "round",
    "inplay",
    "direction",
    "variations",
    "shown",
    "game",
    "you",
    "rules",
    "position",
    "values",
];

/// Every move's exact value in a position, by hole 1 to 7 (`None` where the hole cannot be
/// played): the final seed difference for the player to move, as `walak solve` gives its
/// `move_values`.
pub type MoveValues = [Option<i16>; 7];

/// The largest value a move can have: every seed of the game.
const MOST_VALUE: i16 = 56;

/// A game carried by a link: its options, the position it began from (`None` for the opening),
/// its whole line of moves, and how many of them are played in the position shown.
///
/// ```
/// use walak::format::link::Link;
/// let link = Link::parse("#walak=1&moves=7264131&at=5&rounds=1&first=north").unwrap();
/// assert_eq!((link.moves.as_str(), link.at), ("7264131", 5));
/// assert!(link.options.rounds);
/// let game = link.to_game().unwrap();
/// assert_eq!((game.record(), game.redo_moves()), ("72641".to_string(), "31".to_string()));
/// assert_eq!(link.to_fragment(), "walak=1&moves=7264131&at=5&rounds=1&first=north");
///
/// // A variation shown, the main line beside it.
/// let link = Link::parse("#walak=1&moves=3514&variations=3562&shown=1").unwrap();
/// assert_eq!((link.variations.clone(), link.shown), (vec!["3562".to_string()], 1));
///
/// // Parker's Walak-pussa: moves separated by spaces, the first with its direction.
/// let link = Link::parse("walak=1&rules=parker-walak&moves=4%2B+1+7&at=2").unwrap();
/// let game = link.to_game().unwrap();
/// assert_eq!((game.record(), game.redo_moves()), ("4+ 1".to_string(), "7".to_string()));
/// assert_eq!(link.to_fragment(), "walak=1&rules=parker-walak&moves=4%2B+1+7&at=2");
///
/// let error = Link::parse("walak=1&moves=7261").unwrap_err();
/// assert_eq!(error.to_string(),
///     "it describes a game that cannot be played: move 4 of the record is illegal: North's hole 1 is empty");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    pub options: Options,
    /// The position the game began from; its `rounds` follows the options.
    pub start: Option<Setup>,
    /// The whole line: the moves played, then those that can be redone.
    pub moves: String,
    /// How many of the moves are played in the position shown.
    pub at: usize,
    /// The move list's other lines, each a whole record from the start, in the list's order.
    pub variations: Vec<String>,
    /// Where the line of `moves` goes among `variations` in the move list (0: the main line).
    pub shown: usize,
    /// A move sent in a link game: the game's id and the receiver's side.
    pub link_game: Option<LinkGame>,
    /// The link writes out the position a page shows first (`position`, `first_shown`), for it
    /// to draw before it has read the moves: written while the game goes on there, unless it is
    /// the start.
    pub with_position: bool,
    /// Every move's value in the position `at` moves reach, as the page that wrote the link had
    /// proved them (`values`); a page checks them as it proves them itself.
    pub values: Option<MoveValues>,
}

/// Why a link could not be opened. The message completes "This link could not be opened: …".
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum LinkError {
    /// The fragment carries no game: it is empty or has no `walak` part.
    NotALink,
    /// The version is not a whole number.
    VersionNotANumber {
        found: String,
    },
    /// A later version of the game made the link.
    NewerVersion {
        version: String,
    },
    /// A version before the first (0).
    UnknownVersion {
        version: String,
    },
    /// Parts this version does not know, in the order written.
    UnknownParts {
        parts: Vec<String>,
    },
    /// A part given more than once: which one to believe cannot be known.
    RepeatedPart {
        part: String,
    },
    /// Character `at` (from 1) of the moves is not a hole number.
    NotAMove {
        at: usize,
        found: char,
    },
    RoundsNotABoolean {
        found: String,
    },
    FirstNotASide {
        found: String,
    },
    /// `at` is not a number from 0 to the number of moves.
    AtOutOfRange {
        found: String,
        moves: usize,
    },
    /// Parts of a position without its board.
    NoBoard {
        parts: Vec<String>,
    },
    BadBoard,
    BadReserves,
    /// `turn` is missing (`found` empty) or not a side.
    TurnNotASide {
        found: String,
    },
    /// A round or holes in play for a game that is not played in rounds.
    RoundWithoutRounds,
    BadRound {
        found: String,
    },
    BadInPlay,
    /// A direction that is not `+` or `-`, or one given with today's rules, which have none.
    BadDirection {
        found: String,
    },
    /// Variation `number` (from 1) is not a line of hole numbers.
    BadVariation {
        number: usize,
    },
    /// Variation `number` (from 1) cannot be played from the game's start.
    UnplayableVariation {
        number: usize,
        cause: Unplayable,
    },
    /// `shown` is not a number from 0 to the number of variations.
    ShownOutOfRange {
        found: String,
        lines: usize,
    },
    /// `game` is not a game's id.
    BadGameId {
        found: String,
    },
    /// `you` is not a side.
    YouNotASide {
        found: String,
    },
    /// `rules` names no rule set.
    UnknownRules {
        found: String,
    },
    /// Parker's notation: move `at` (from 1) of the moves is not a move.
    BadMove {
        at: usize,
        found: String,
    },
    /// One of `game` and `you` without the other.
    HalfALinkGame {
        missing: String,
    },
    /// The engine refuses the game: an impossible position or an illegal move.
    Unplayable {
        position: bool,
        cause: Unplayable,
    },
    /// `position` is not written as the page writes it.
    BadPosition,
    /// `position` is not the position the moves reach, or the game shown is over.
    PositionDiffers,
    /// `values` is not a value for each hole that can be played where the link opens, and `x` for
    /// each that cannot, or comes where a link carries none.
    BadValues,
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::NotALink => write!(f, "it does not carry a game"),
            LinkError::VersionNotANumber { found } => write!(f, "its version \"{found}\" is not a number"),
            LinkError::NewerVersion { version } => write!(
                f,
                "it was made by a newer version of the game (link version {version}); reload the page to update it"
            ),
            LinkError::UnknownVersion { version } => write!(f, "its version {version} is not known"),
            LinkError::UnknownParts { parts } => {
                write!(f, "it has parts this game does not know ({})", parts.join(", "))
            }
            LinkError::RepeatedPart { part } => write!(f, "it gives \"{part}\" more than once"),
            LinkError::NotAMove { at, found } => {
                write!(f, "character {at} of its moves, \"{found}\", is not a hole number 1 to 7")
            }
            LinkError::RoundsNotABoolean { found } => write!(f, "its \"rounds\" must be 0 or 1, not \"{found}\""),
            LinkError::FirstNotASide { found } => write!(f, "its \"first\" must be south or north, not \"{found}\""),
            LinkError::AtOutOfRange { found, moves } => {
                write!(f, "its position \"at={found}\" is not a number from 0 to {moves}")
            }
            LinkError::NoBoard { parts } => write!(f, "it has {} but no board", parts.join(", ")),
            LinkError::BadBoard => write!(f, "its board must list the seeds of 14 holes as numbers joined by dots"),
            LinkError::BadReserves => {
                write!(f, "its reserves must be two numbers joined by a dot (South's, then North's)")
            }
            LinkError::TurnNotASide { found } => write!(f, "its \"turn\" must be south or north, not \"{found}\""),
            LinkError::RoundWithoutRounds => write!(f, "it gives a round, but the game is not played in rounds"),
            LinkError::BadRound { found } => write!(f, "its round \"{found}\" is not a number from 1"),
            LinkError::BadInPlay => write!(f, "its holes in play must be 14 digits, 1 in play and 0 out"),
            LinkError::BadDirection { found } => {
                write!(f, "its direction \"{found}\" is not + or - of a position by Parker's rules")
            }
            LinkError::BadVariation { number } => {
                write!(f, "its variation {number} is not a line of hole numbers 1 to 7")
            }
            LinkError::UnplayableVariation { number, cause } => {
                write!(f, "its variation {number} cannot be played: {cause}")
            }
            LinkError::ShownOutOfRange { found, lines } => {
                write!(f, "its \"shown={found}\" is not a number from 0 to {lines}")
            }
            LinkError::BadGameId { found } => {
                write!(f, "its game \"{found}\" is not a game's id (4 to 32 letters a to z and digits)")
            }
            LinkError::YouNotASide { found } => write!(f, "its \"you\" must be south or north, not \"{found}\""),
            LinkError::UnknownRules { found } => write!(
                f,
                "its rules \"{found}\" are not known: they must be mancala-world, parker-walak or parker-kotu"
            ),
            LinkError::BadMove { at, found } => write!(
                f,
                "move {at} of its moves, \"{found}\", is not a move: a hole 1 to 7, with + or - where it chooses the direction"
            ),
            LinkError::HalfALinkGame { missing } => {
                write!(f, "it is a move in a game by links, but has no \"{missing}\"")
            }
            LinkError::Unplayable { position, cause } => {
                let what = if *position { "a position" } else { "a game" };
                write!(f, "it describes {what} that cannot be played: {cause}")
            }
            LinkError::BadPosition => write!(
                f,
                "its position must list the seeds of 14 holes, the two reserves and the player to move, joined by dashes"
            ),
            LinkError::PositionDiffers => write!(f, "the position it shows is not the one its moves reach"),
            LinkError::BadValues => write!(
                f,
                "its move values must be 7, joined by dots: a whole number from -56 to 56 for each hole that can be played there, x for each that cannot"
            ),
        }
    }
}

impl std::error::Error for LinkError {}

impl Link {
    /// Reads a link's fragment (with or without its `#`), and checks with the engine that its
    /// game can be played. Parts are decoded as a browser's `URLSearchParams` decodes them.
    pub fn parse(fragment: &str) -> Result<Link, LinkError> {
        let text = fragment.strip_prefix('#').unwrap_or(fragment);
        let parts = Parts::decode(text);
        let version = parts.get("walak").ok_or(LinkError::NotALink)?;
        check_version(version)?;
        let unknown: Vec<String> =
            parts.pairs.iter().map(|(key, _)| key).filter(|key| !PARTS.contains(&key.as_str())).cloned().collect();
        if !unknown.is_empty() {
            return Err(LinkError::UnknownParts { parts: unknown });
        }
        if let Some(part) = PARTS.iter().find(|part| parts.count(part) > 1) {
            return Err(LinkError::RepeatedPart { part: part.to_string() });
        }

        let rules = match parts.get("rules") {
            None => RuleSet::MancalaWorld,
            Some(name) => RuleSet::named(name).ok_or_else(|| LinkError::UnknownRules { found: name.to_string() })?,
        };
        let moves = parts.get("moves").unwrap_or("").to_string();
        if rules.is_parker() {
            if let Err(RecordError::NotAParkerMove { at, found }) = parse_moves(&moves, rules) {
                return Err(LinkError::BadMove { at, found });
            }
        } else if let Some((i, found)) = moves.chars().enumerate().find(|(_, c)| !('1'..='7').contains(c)) {
            return Err(LinkError::NotAMove { at: i + 1, found });
        }
        let count = move_words(&moves, rules).len();
        let rounds = match parts.get("rounds").unwrap_or("0") {
            "0" => false,
            "1" => true,
            found => return Err(LinkError::RoundsNotABoolean { found: found.to_string() }),
        };
        let first = parts.get("first").unwrap_or("south");
        let first = Side::named(first).ok_or_else(|| LinkError::FirstNotASide { found: first.to_string() })?;
        let at = match parts.get("at") {
            None => count,
            Some(found) => whole_number(found)
                .filter(|&at| at <= count)
                .ok_or_else(|| LinkError::AtOutOfRange { found: found.to_string(), moves: count })?,
        };
        let start = read_start(&parts, rounds, rules)?;
        let variations: Vec<String> = match parts.get("variations") {
            None => Vec::new(),
            Some(text) => text.split('.').map(str::to_string).collect(),
        };
        let bad_line = |line: &String| match rules {
            RuleSet::MancalaWorld => line.is_empty() || !line.chars().all(|c| ('1'..='7').contains(&c)),
            _ => parse_moves(line, rules).map_or(true, |moves| moves.is_empty()),
        };
        if let Some(i) = variations.iter().position(bad_line) {
            return Err(LinkError::BadVariation { number: i + 1 });
        }
        let shown = match parts.get("shown") {
            None => 0,
            Some(found) => whole_number(found)
                .filter(|&shown| shown <= variations.len())
                .ok_or_else(|| LinkError::ShownOutOfRange { found: found.to_string(), lines: variations.len() })?,
        };
        let link_game = read_link_game(&parts)?;
        let written =
            parts.get("position").map(|text| ShownPosition::read(text, rounds, rules).ok_or(LinkError::BadPosition));
        let written = written.transpose()?;
        let with_position = written.is_some();
        let values = parts.get("values").map(|text| read_values(text).ok_or(LinkError::BadValues)).transpose()?;
        let link = Link {
            options: Options { rounds, first, rules },
            start,
            moves,
            at,
            variations,
            shown,
            link_game,
            with_position,
            values,
        };
        let game = link.to_game().map_err(|cause| LinkError::Unplayable { position: link.start.is_some(), cause })?;
        if link.values.is_some_and(|values| !link.values_fit(&values, &game)) {
            return Err(LinkError::BadValues);
        }
        if written.is_some_and(|written| link.first_shown(game).as_ref().and_then(ShownPosition::of) != Some(written)) {
            return Err(LinkError::PositionDiffers);
        }
        for (i, line) in link.variations.iter().enumerate() {
            let variation = Link {
                moves: line.clone(),
                at: move_words(line, rules).len(),
                variations: Vec::new(),
                shown: 0,
                link_game: None,
                with_position: false,
                values: None,
                ..link.clone()
            };
            variation.to_game().map_err(|cause| LinkError::UnplayableVariation { number: i + 1, cause })?;
        }
        Ok(link)
    }

    /// The fragment of this link, without the `#`; parts at their defaults are left out.
    pub fn to_fragment(&self) -> String {
        let mut parts = vec![format!("walak={LINK_VERSION}")];
        if let Some(start) = &self.start {
            parts.push(format!("board={}", dotted(&start.board)));
            parts.push(format!("reserves={}", dotted(&start.reserves)));
            parts.push(format!("turn={}", start.to_move.name()));
            if self.options.rounds && start.round != 1 {
                parts.push(format!("round={}", start.round));
            }
            if let (true, Some(in_play)) = (self.options.rounds, &start.in_play) {
                parts.push(format!("inplay={}", in_play_digits(in_play)));
            }
            match start.direction.filter(|_| self.options.rules.is_parker()) {
                Some(Direction::Counterclockwise) => parts.push("direction=%2B".into()),
                Some(Direction::Clockwise) => parts.push("direction=-".into()),
                None => {}
            }
        }
        let rules = self.options.rules;
        if rules.is_parker() {
            parts.push(format!("rules={rules}"));
        }
        if self.start.is_none() || !self.moves.is_empty() {
            parts.push(format!("moves={}", record_part(&self.moves, rules)));
        }
        if self.at < move_words(&self.moves, rules).len() {
            parts.push(format!("at={}", self.at));
        }
        if self.options.rounds {
            parts.push("rounds=1".into());
        }
        if self.options.first != Side::South {
            parts.push(format!("first={}", self.options.first.name()));
        }
        if !self.variations.is_empty() {
            let lines: Vec<String> = self.variations.iter().map(|line| record_part(line, rules)).collect();
            parts.push(format!("variations={}", lines.join(".")));
        }
        if self.shown > 0 {
            parts.push(format!("shown={}", self.shown));
        }
        if let Some(LinkGame { id, you }) = &self.link_game {
            parts.push(format!("game={id}"));
            parts.push(format!("you={}", you.name()));
        }
        // The game, played once for both parts that need it.
        let game = (self.with_position || self.values.is_some()).then(|| self.to_game().ok()).flatten();
        let values = match (&self.values, &game) {
            (Some(values), Some(game)) if self.values_fit(values, game) => Some(write_values(values)),
            _ => None,
        };
        let shown = game.filter(|_| self.with_position).and_then(|game| self.first_shown(game));
        if let Some(position) = shown.as_ref().and_then(ShownPosition::of) {
            parts.push(format!("position={}", position.write()));
        }
        if let Some(values) = values {
            parts.push(format!("values={values}"));
        }
        parts.join("&")
    }

    /// Whether `values` can be those of the position `game` shows, the link's: by today's rules,
    /// outside a game by links (whose receiver sees the position after the move sent), a value
    /// for each hole that can be played there and none for the others.
    fn values_fit(&self, values: &MoveValues, game: &Game) -> bool {
        let legal = game.legal_moves();
        !self.options.rules.is_parker()
            && self.link_game.is_none()
            && !legal.is_empty()
            && (1..=7u8).all(|hole| match values[usize::from(hole - 1)] {
                Some(value) => value.abs() <= MOST_VALUE && legal.contains(&hole),
                None => !legal.contains(&hole),
            })
    }

    /// The game as a page first shows it, from `game`, the link's (`to_game`), unless that is its
    /// start (which the link says already): as it is, or in a move of a game by links one move
    /// back, the move sent then played before the receiver's eyes.
    fn first_shown(&self, mut game: Game) -> Option<Game> {
        if self.link_game.is_some() && !game.undo() {
            return None;
        }
        game.can_undo().then_some(game)
    }

    /// The move list's lines the link carries, in the list's order: `moves` among `variations`.
    ///
    /// ```
    /// use walak::format::link::Link;
    /// let link = Link::parse("walak=1&moves=3514&variations=3562.36&shown=1").unwrap();
    /// assert_eq!(link.lines(), ["3562", "3514", "36"]);
    /// ```
    pub fn lines(&self) -> Vec<String> {
        let mut lines = self.variations.clone();
        lines.insert(self.shown.min(lines.len()), self.moves.clone());
        lines
    }

    /// The game as the link shows it: `at` moves played and the rest ready to be redone.
    pub fn to_game(&self) -> Result<Game, Unplayable> {
        let mut game = match &self.start {
            None => Game::new(self.options),
            Some(setup) => {
                Setup { rounds: self.options.rounds, rules: self.options.rules, ..setup.clone() }.to_game()?
            }
        };
        let words = move_words(&self.moves, self.options.rules);
        let (played, ahead) = words.split_at(self.at.min(words.len()));
        game.play_record(&played.join(" "))?;
        game.set_redo(&ahead.join(" "))?;
        Ok(game)
    }
}

/// The position a link shows, as its `position` part writes it out.
#[derive(Clone, Debug, PartialEq, Eq)]
struct ShownPosition {
    board: [u8; 14],
    reserves: [u8; 2],
    to_move: Side,
    /// In rounds: the round and the holes in play.
    round: Option<(u16, [bool; 14])>,
    /// In Parker's games: the round's direction (`None` until its first move chooses it) and the
    /// marked holes.
    parker: Option<(Option<Direction>, Marks)>,
}

impl ShownPosition {
    /// The position `game` shows, while it goes on (a finished game has no one to move, and a
    /// match waiting for a round's direction no position to play from yet). A Parker hole both
    /// blocked and tied, which the part cannot write, leaves the position unwritten.
    fn of(game: &Game) -> Option<ShownPosition> {
        let position = game.position();
        let rounds = game.options().rounds;
        let parker = game.options().rules.is_parker().then(|| (position.direction(), *position.marks()));
        let writable = parker.map_or(true, |(_, marks)| (0..14).all(|hole| mark_letter(&marks, hole).is_some()));
        (!game.is_over() && !game.is_choosing() && writable).then(|| ShownPosition {
            board: *position.seeds(),
            reserves: position.reserves(),
            to_move: position.to_move(),
            round: rounds.then(|| (game.round(), position.track().in_play())),
            parker,
        })
    }

    /// `0.0.0.0.0.1.6.5.1.2.12.1.12.0-6.10-south`, in rounds with `-ROUND-INPLAY` after it, in
    /// Parker's games then with `-DIRECTION-MARKS`.
    fn read(text: &str, rounds: bool, rules: RuleSet) -> Option<ShownPosition> {
        let fields: Vec<&str> = text.split('-').collect();
        let (base, parker) = if rules.is_parker() {
            let (base, parker) = fields.split_at(fields.len().checked_sub(2)?);
            (base, Some((read_direction(parker[0])?, read_marks(parker[1])?)))
        } else {
            (fields.as_slice(), None)
        };
        let (board, reserves, turn, round) = match (base, rounds) {
            ([board, reserves, turn], false) => (board, reserves, turn, None),
            ([board, reserves, turn, round, in_play], true) => {
                let in_play = <[bool; 14]>::try_from(read_in_play(in_play)?).ok()?;
                (board, reserves, turn, Some((read_round(round)?, in_play)))
            }
            _ => return None,
        };
        Some(ShownPosition {
            board: <[u8; 14]>::try_from(counts(board)?).ok()?,
            reserves: <[u8; 2]>::try_from(counts(reserves)?).ok()?,
            to_move: Side::named(turn)?,
            round,
            parker,
        })
    }

    fn write(&self) -> String {
        let mut text = format!("{}-{}-{}", dotted(&self.board), dotted(&self.reserves), self.to_move.name());
        if let Some((round, in_play)) = self.round {
            text.push_str(&format!("-{round}-{}", in_play_digits(&in_play)));
        }
        if let Some((direction, marks)) = &self.parker {
            let direction = match direction {
                None => "none",
                Some(Direction::Counterclockwise) => "ccw",
                Some(Direction::Clockwise) => "cw",
            };
            let marks: String = (0..14).filter_map(|hole| mark_letter(marks, hole)).collect();
            text.push_str(&format!("-{direction}-{marks}"));
        }
        text
    }
}

/// A hole's mark as a Parker position writes it: `0` none, `1` puta and `2` naga (their seeds),
/// `s` or `n` tied by South or North; `None` for a hole both blocked and tied.
fn mark_letter(marks: &Marks, hole: usize) -> Option<char> {
    match (marks.blocked(hole), marks.tied_by(hole)) {
        (None, None) => Some('0'),
        (Some(Short::Puta), None) => Some('1'),
        (Some(Short::Naga), None) => Some('2'),
        (None, Some(Side::South)) => Some('s'),
        (None, Some(Side::North)) => Some('n'),
        _ => None,
    }
}

/// A Parker position's direction: `ccw` (counterclockwise, `+`), `cw` (clockwise, `-`) or `none`.
fn read_direction(text: &str) -> Option<Option<Direction>> {
    match text {
        "none" => Some(None),
        "ccw" => Some(Some(Direction::Counterclockwise)),
        "cw" => Some(Some(Direction::Clockwise)),
        _ => None,
    }
}

/// A Parker position's marked holes: 14 letters as [`mark_letter`] writes them.
fn read_marks(text: &str) -> Option<Marks> {
    if text.len() != 14 {
        return None;
    }
    let mut marks = Marks::NONE;
    for (hole, letter) in text.bytes().enumerate() {
        match letter {
            b'0' => {}
            b'1' => marks.block(hole, Short::Puta),
            b'2' => marks.block(hole, Short::Naga),
            b's' => marks.tie(hole, Side::South),
            b'n' => marks.tie(hole, Side::North),
            _ => return None,
        }
    }
    Some(marks)
}

/// The moves of a record as written: each digit by today's rules, each word (but a round's `/`)
/// in Parker's.
fn move_words(record: &str, rules: RuleSet) -> Vec<&str> {
    if rules.is_parker() {
        record.split_whitespace().filter(|word| *word != "/").collect()
    } else {
        record.char_indices().map(|(i, c)| &record[i..i + c.len_utf8()]).collect()
    }
}

/// A record as a fragment writes it: today's digits as they are; Parker's moves joined by `+`
/// (a space), their signs escaped.
fn record_part(record: &str, rules: RuleSet) -> String {
    if rules.is_parker() {
        move_words(record, rules).iter().map(|word| word.replace('+', "%2B")).collect::<Vec<_>>().join("+")
    } else {
        record.to_string()
    }
}

/// The link's version must be this one: a later one is a newer game's, an earlier one unknown.
fn check_version(version: &str) -> Result<(), LinkError> {
    if version.is_empty() || !version.bytes().all(|b| b.is_ascii_digit()) {
        return Err(LinkError::VersionNotANumber { found: version.to_string() });
    }
    // Compared as text, so that no number is too long to read.
    let digits = version.trim_start_matches('0');
    let ours = LINK_VERSION.to_string();
    match digits.len().cmp(&ours.len()).then_with(|| digits.cmp(&ours)) {
        std::cmp::Ordering::Equal => Ok(()),
        std::cmp::Ordering::Greater => Err(LinkError::NewerVersion { version: version.to_string() }),
        std::cmp::Ordering::Less => Err(LinkError::UnknownVersion { version: version.to_string() }),
    }
}

/// The link game a move was sent in, if it was: `game` and `you` come together.
fn read_link_game(parts: &Parts) -> Result<Option<LinkGame>, LinkError> {
    let (id, you) = match (parts.get("game"), parts.get("you")) {
        (None, None) => return Ok(None),
        (Some(_), None) => return Err(LinkError::HalfALinkGame { missing: "you".into() }),
        (None, Some(_)) => return Err(LinkError::HalfALinkGame { missing: "game".into() }),
        (Some(id), Some(you)) => (id, you),
    };
    let id = GameId::parse(id).ok_or_else(|| LinkError::BadGameId { found: id.to_string() })?;
    let you = Side::named(you).ok_or_else(|| LinkError::YouNotASide { found: you.to_string() })?;
    Ok(Some(LinkGame { id, you }))
}

/// The position a link's game begins from: `None` for the opening.
fn read_start(parts: &Parts, rounds: bool, rules: RuleSet) -> Result<Option<Setup>, LinkError> {
    let Some(board) = parts.get("board") else {
        let stray: Vec<String> = ["reserves", "turn", "round", "inplay", "direction"]
            .iter()
            .filter(|p| parts.has(p))
            .map(|p| p.to_string())
            .collect();
        return if stray.is_empty() { Ok(None) } else { Err(LinkError::NoBoard { parts: stray }) };
    };
    let board = counts(board).filter(|b| b.len() == 14).ok_or(LinkError::BadBoard)?;
    let reserves = match parts.get("reserves") {
        None => [0, 0],
        Some(text) => counts(text).and_then(|r| <[u8; 2]>::try_from(r).ok()).ok_or(LinkError::BadReserves)?,
    };
    let turn = parts.get("turn").unwrap_or("");
    let to_move = Side::named(turn).ok_or_else(|| LinkError::TurnNotASide { found: turn.to_string() })?;
    if !rounds && (parts.has("round") || parts.has("inplay")) {
        return Err(LinkError::RoundWithoutRounds);
    }
    let round = match parts.get("round") {
        None => 1,
        Some(found) => read_round(found).ok_or_else(|| LinkError::BadRound { found: found.to_string() })?,
    };
    let in_play = match parts.get("inplay") {
        None => None,
        Some(digits) => Some(read_in_play(digits).ok_or(LinkError::BadInPlay)?),
    };
    // A `+` typed into an address reads as a space; the page writes `%2B`.
    let direction = match parts.get("direction") {
        None => None,
        Some(sign) => Some(match (sign, rules.is_parker()) {
            ("+" | " ", true) => Direction::Counterclockwise,
            ("-", true) => Direction::Clockwise,
            _ => return Err(LinkError::BadDirection { found: sign.to_string() }),
        }),
    };
    Ok(Some(Setup {
        board,
        reserves,
        to_move,
        rounds,
        round,
        in_play,
        direction,
        ..Setup::new([0; 14], [0, 0], to_move)
    }))
}

/// `6.-2.x.4.x.x.0`, as a link's `values` part writes every move's value: seven, a whole number
/// from -56 to 56 (no leading zero, no `-0`) or `x`.
///
/// ```
/// use walak::format::link::{read_values, write_values};
/// let values = read_values("x.x.x.x.x.-44.-44").unwrap();
/// assert_eq!(values, [None, None, None, None, None, Some(-44), Some(-44)]);
/// assert_eq!(write_values(&values), "x.x.x.x.x.-44.-44");
/// assert_eq!(read_values("x.x.x.x.x.-44"), None);
/// ```
pub fn read_values(text: &str) -> Option<MoveValues> {
    // (Plain loops over bytes: the page's engine reads and writes these, and iterator adapters
    // and integer formatting would cost it kilobytes.)
    let mut values = [None; 7];
    let mut parts = text.split('.');
    for value in values.iter_mut() {
        *value = read_value(parts.next()?)?;
    }
    parts.next().is_none().then_some(values)
}

/// One move's value: `x`, or a whole number from -56 to 56.
fn read_value(part: &str) -> Option<Option<i16>> {
    if part == "x" {
        return Some(None);
    }
    let (sign, digits) = match part.strip_prefix('-') {
        Some(digits) => (-1, digits),
        None => (1, part),
    };
    let digit = |b: u8| i16::from(b - b'0');
    let number = match *digits.as_bytes() {
        [b'0'] if sign > 0 => 0,
        [d @ b'1'..=b'9'] => digit(d),
        [tens @ b'1'..=b'9', ones @ b'0'..=b'9'] => digit(tens) * 10 + digit(ones),
        _ => return None,
    };
    (number <= MOST_VALUE).then_some(Some(sign * number))
}

/// Every move's value as a link's `values` part writes it (`read_values`); each at most 56 away
/// from 0.
pub fn write_values(values: &MoveValues) -> String {
    let mut text = String::with_capacity(24);
    for (i, value) in values.iter().enumerate() {
        if i > 0 {
            text.push('.');
        }
        let Some(value) = *value else {
            text.push('x');
            continue;
        };
        if value < 0 {
            text.push('-');
        }
        let size = value.unsigned_abs() as u8;
        if size >= 10 {
            text.push(char::from(b'0' + size / 10));
        }
        text.push(char::from(b'0' + size % 10));
    }
    text
}

/// A round: 1 to 9999, with no leading zero, as the page has always written it.
fn read_round(text: &str) -> Option<u16> {
    Some(text).filter(|t| (1..=4).contains(&t.len()) && !t.starts_with('0')).and_then(whole_number).map(|n| n as u16)
}

/// The holes in play: 14 digits, 1 in play and 0 out.
fn read_in_play(digits: &str) -> Option<Vec<bool>> {
    (digits.len() == 14 && digits.bytes().all(|b| b == b'0' || b == b'1'))
        .then(|| digits.bytes().map(|b| b == b'1').collect())
}

fn in_play_digits(in_play: &[bool]) -> String {
    in_play.iter().map(|&on| if on { '1' } else { '0' }).collect()
}

/// [4, 0, 12] → "4.0.12".
fn dotted(counts: &[u8]) -> String {
    counts.iter().map(u8::to_string).collect::<Vec<_>>().join(".")
}

/// "4.0.12" → [4, 0, 12]; `None` unless every part is a number of one or two digits.
fn counts(text: &str) -> Option<Vec<u8>> {
    let count = |part: &str| if (1..=2).contains(&part.len()) { whole_number(part).map(|n| n as u8) } else { None };
    text.split('.').map(count).collect()
}

/// A number written in ASCII digits only (no sign, no space); `None` when it is not one or is
/// too large to count anything.
fn whole_number(text: &str) -> Option<usize> {
    (!text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())).then(|| text.parse().ok()).flatten()
}

/// The name=value pairs of a fragment, decoded as `application/x-www-form-urlencoded`.
struct Parts {
    pairs: Vec<(String, String)>,
}

impl Parts {
    fn decode(text: &str) -> Parts {
        let pairs = text
            .split('&')
            .filter(|piece| !piece.is_empty())
            .map(|piece| {
                let (name, value) = piece.split_once('=').unwrap_or((piece, ""));
                (form_decode(name), form_decode(value))
            })
            .collect();
        Parts { pairs }
    }

    /// The first value of `name`, as `URLSearchParams.get` gives it.
    fn get(&self, name: &str) -> Option<&str> {
        self.pairs.iter().find(|(key, _)| key == name).map(|(_, value)| value.as_str())
    }

    fn has(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    fn count(&self, name: &str) -> usize {
        self.pairs.iter().filter(|(key, _)| key == name).count()
    }
}

/// `+` is a space and `%XX` a byte; a `%` not followed by two hex digits stands for itself.
/// Bytes that are not UTF-8 become U+FFFD, as in a browser.
fn form_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |at: usize| bytes.get(at).and_then(|&b| (b as char).to_digit(16));
        match (bytes[i], hex(i + 1), hex(i + 2)) {
            (b'+', _, _) => out.push(b' '),
            (b'%', Some(high), Some(low)) => {
                out.push((high * 16 + low) as u8);
                i += 2;
            }
            (b, _, _) => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(fragment: &str) -> String {
        Link::parse(fragment).unwrap_err().to_string()
    }

    #[test]
    fn a_fragment_without_a_game_is_not_a_link() {
        for fragment in ["", "#", "#moves=12", "#&&", "#walak"] {
            let result = Link::parse(fragment);
            if fragment == "#walak" {
                assert_eq!(result.unwrap_err(), LinkError::VersionNotANumber { found: String::new() });
            } else {
                assert_eq!(result.unwrap_err(), LinkError::NotALink, "{fragment}");
            }
        }
    }

    #[test]
    fn the_opening_link_has_empty_moves() {
        let link = Link::parse("#walak=1").unwrap();
        let opening = Link {
            options: Options::default(),
            start: None,
            moves: String::new(),
            at: 0,
            variations: Vec::new(),
            shown: 0,
            link_game: None,
            with_position: false,
            values: None,
        };
        assert_eq!(link, opening);
        assert_eq!(link.to_fragment(), "walak=1&moves=");
        assert_eq!(Link::parse(&link.to_fragment()).unwrap(), link);
    }

    #[test]
    fn versions_are_read_as_numbers_of_any_length() {
        assert!(Link::parse("walak=001&moves=1").is_ok());
        assert!(error("walak=7&moves=12").contains("newer version of the game (link version 7)"));
        assert!(error("walak=123456789012345678901234567890").contains("newer version"));
        assert_eq!(error("walak=0"), "its version 0 is not known");
        assert_eq!(error("walak=one"), "its version \"one\" is not a number");
        assert_eq!(error("walak=-1"), "its version \"-1\" is not a number");
    }

    #[test]
    fn every_bad_part_says_what_is_wrong() {
        assert_eq!(error("walak=1&moves=12&colour=red&size=9"), "it has parts this game does not know (colour, size)");
        assert_eq!(error("walak=1&moves=12&moves=34"), "it gives \"moves\" more than once");
        assert_eq!(error("walak=1&moves=12x4"), "character 3 of its moves, \"x\", is not a hole number 1 to 7");
        assert_eq!(error("walak=1&moves=12&at=9"), "its position \"at=9\" is not a number from 0 to 2");
        assert_eq!(error("walak=1&moves=12&at=-1"), "its position \"at=-1\" is not a number from 0 to 2");
        assert!(error("walak=1&moves=12&at=99999999999999999999999").contains("at=9999"));
        assert_eq!(error("walak=1&moves=12&rounds=maybe"), "its \"rounds\" must be 0 or 1, not \"maybe\"");
        assert_eq!(error("walak=1&first=west"), "its \"first\" must be south or north, not \"west\"");
        assert_eq!(error("walak=1&turn=north&round=2"), "it has turn, round but no board");
    }

    const BOARD: &str = "0.0.3.0.1.0.7.2.0.0.1.0.0.5";

    #[test]
    fn a_position_link_is_checked_part_by_part() {
        assert!(error("walak=1&board=4.4.4&turn=south").starts_with("its board must list the seeds of 14 holes"));
        assert!(error("walak=1&board=0.0.3.0.1.0.7.2.0.0.1.0.0.123&turn=south").starts_with("its board"));
        assert_eq!(error(&format!("walak=1&board={BOARD}")), "its \"turn\" must be south or north, not \"\"");
        assert!(error(&format!("walak=1&board={BOARD}&reserves=20&turn=south")).starts_with("its reserves"));
        assert_eq!(
            error(&format!("walak=1&board={BOARD}&reserves=20.18&turn=south")),
            "it describes a position that cannot be played: the board and reserves hold 57 seeds, but a game has exactly 56"
        );
        assert_eq!(
            error(&format!("walak=1&board={BOARD}&reserves=20.17&turn=south&round=2")),
            "it gives a round, but the game is not played in rounds"
        );
        assert_eq!(
            error(&format!("walak=1&board={BOARD}&reserves=20.17&turn=south&moves=1")),
            "it describes a position that cannot be played: move 1 of the record is illegal: South's hole 1 is empty"
        );
        for round in ["0", "01", "10000", "x"] {
            let fragment = format!("walak=1&board={BOARD}&reserves=20.17&turn=south&rounds=1&round={round}");
            assert_eq!(error(&fragment), format!("its round \"{round}\" is not a number from 1"));
        }
        let fragment = format!("walak=1&board={BOARD}&reserves=20.17&turn=south&rounds=1&round=2&inplay=1111");
        assert_eq!(error(&fragment), "its holes in play must be 14 digits, 1 in play and 0 out");
    }

    #[test]
    fn a_position_link_round_trips() {
        let fragment = format!("walak=1&board={BOARD}&reserves=20.17&turn=south&moves=7");
        let link = Link::parse(&fragment).unwrap();
        assert_eq!(link.to_fragment(), fragment);
        let game = link.to_game().unwrap();
        assert_eq!(game.record(), "7");

        // A later round of a match, with North's last two holes out of play.
        let board = "4.4.4.4.4.4.4.4.4.4.4.4.0.0";
        let fragment = format!("walak=1&board={board}&reserves=8.0&turn=north&round=3&inplay=11111111111100&rounds=1");
        let link = Link::parse(&fragment).unwrap();
        assert_eq!(link.start.as_ref().unwrap().round, 3);
        assert_eq!(Link::parse(&link.to_fragment()).unwrap(), link);
        assert_eq!(link.to_game().unwrap().view().round, 3);
    }

    #[test]
    fn a_link_may_write_out_the_position_it_shows() {
        let link = Link { with_position: true, ..Link::parse("walak=1&moves=7264131&at=2").unwrap() };
        let fragment = link.to_fragment();
        assert_eq!(fragment, "walak=1&moves=7264131&at=2&position=0.0.0.0.0.1.6.5.1.2.12.1.12.0-6.10-south");
        assert_eq!(Link::parse(&fragment).unwrap(), link);
        // In rounds: the round and the holes in play too.
        let link = Link { with_position: true, ..Link::parse("walak=1&moves=72&rounds=1").unwrap() };
        assert!(link.to_fragment().ends_with("-6.10-south-1-11111111111111"), "{}", link.to_fragment());
        assert_eq!(Link::parse(&link.to_fragment()).unwrap(), link);
        // A finished game's link has no one to move: it is given no position.
        let mut game = Game::new(Options::default());
        while !game.is_over() {
            game.play(game.legal_moves()[0]).unwrap();
        }
        let over = Link::parse(&format!("walak=1&moves={}", game.record())).unwrap();
        assert!(!Link { with_position: true, ..over }.to_fragment().contains("position"));
        // Nor does a start shown before its moves: its board, or the opening, says it.
        let set_up = Link::parse(&format!("walak=1&board={BOARD}&reserves=20.17&turn=south&moves=7&at=0")).unwrap();
        assert!(!Link { with_position: true, ..set_up.clone() }.to_fragment().contains("position"));
        let played = Link { with_position: true, at: 1, ..set_up };
        assert!(played.to_fragment().contains("&position="), "{}", played.to_fragment());
        // A move of a game by links: the position before that move, which the receiver's page plays.
        let link_game = Some(LinkGame { id: GameId::parse("abcd1234").unwrap(), you: Side::North });
        let sent = Link { with_position: true, link_game, ..Link::parse("walak=1&moves=7264131&at=3").unwrap() };
        let fragment = sent.to_fragment();
        assert!(
            fragment.ends_with("&game=abcd1234&you=north&position=0.0.0.0.0.1.6.5.1.2.12.1.12.0-6.10-south"),
            "{fragment}"
        );
        assert_eq!(Link::parse(&fragment).unwrap(), sent);
        let first = Link { at: 1, ..sent };
        assert!(!first.to_fragment().contains("position"), "the opening, before the first move sent");
    }

    #[test]
    fn a_written_out_position_must_be_the_one_the_moves_reach() {
        let shown = "0.0.0.0.0.1.6.5.1.2.12.1.12.0-6.10-south";
        assert!(Link::parse(&format!("walak=1&moves=7264131&at=2&position={shown}")).is_ok());
        for (position, said) in [
            ("0.0.0.0.0.1.6.5.1.2.12.1.12.0-6.10-north", "the position it shows is not the one its moves reach"),
            ("4.4.4.4.4.4.4.4.4.4.4.4.4.4-0.0-south", "the position it shows is not the one its moves reach"),
            ("0.0.0.0.0.1.6.5.1.2.12.1.12-6.10-south", "its position must list the seeds of 14 holes"),
            ("0.0.0.0.0.1.6.5.1.2.12.1.12.0-6-south", "its position must list"),
            ("0.0.0.0.0.1.6.5.1.2.12.1.12.0-6.10-west", "its position must list"),
            ("0.0.0.0.0.1.6.5.1.2.12.1.12.0-6.10-south-1-11111111111111", "its position must list"),
            ("", "its position must list"),
        ] {
            let fragment = format!("walak=1&moves=7264131&at=2&position={position}");
            assert!(error(&fragment).starts_with(said), "{position}: {}", error(&fragment));
        }
        // In a move of a game by links, the position before the move sent: not the one after it.
        let sent = format!("walak=1&moves=7264131&at=2&game=abcd1234&you=north&position={shown}");
        assert_eq!(error(&sent), "the position it shows is not the one its moves reach");
        assert!(Link::parse(&sent.replace("at=2", "at=3")).is_ok());
        assert!(error("walak=1&moves=72&rounds=1&position=0.0.0.0.0.1.6.5.1.2.12.1.12.0-6.10-south-1-1111111111111x")
            .starts_with("its position must list"));
    }

    #[test]
    fn a_link_may_carry_its_move_values() {
        let fragment = "walak=1&moves=7264131&at=2&values=x.x.x.x.x.-44.-44";
        let link = Link::parse(fragment).unwrap();
        assert_eq!(link.values, Some([None, None, None, None, None, Some(-44), Some(-44)]));
        assert_eq!(link.to_fragment(), fragment);
        // Beside the position, after it.
        let both = Link { with_position: true, ..link };
        assert!(both
            .to_fragment()
            .ends_with("&position=0.0.0.0.0.1.6.5.1.2.12.1.12.0-6.10-south&values=x.x.x.x.x.-44.-44"));
        // At the opening too, and in a position set up by hand.
        assert!(Link::parse("walak=1&values=6.0.-2.1.-12.56.-56").is_ok());
        // Written only where they can be the position's: not for a finished game, Parker's, or a move sent.
        let wrong = Link { values: Some([Some(1); 7]), ..Link::parse("walak=1&moves=7264131&at=2").unwrap() };
        assert_eq!(wrong.to_fragment(), "walak=1&moves=7264131&at=2");
        let sent = Link {
            link_game: Some(LinkGame { id: GameId::parse("abcd1234").unwrap(), you: Side::North }),
            ..Link::parse(fragment).unwrap()
        };
        assert!(!sent.to_fragment().contains("values"), "{}", sent.to_fragment());
    }

    #[test]
    fn move_values_are_read_strictly() {
        let said = "its move values must be 7, joined by dots: a whole number from -56 to 56 for each hole that can be played there, x for each that cannot";
        for values in [
            "x.x.x.x.x.-44",
            "x.x.x.x.x.-44.-44.0",
            "x.x.x.x.x.-44.-044",
            "x.x.x.x.x.-44.57",
            "x.x.x.x.x.-0.1",
            "x.x.x.x.x.+4.1",
            "x.x.x.x.x.4.",
            "x.x.x.x.x.4.X",
            "",
            // A value for a hole that cannot be played, none for one that can.
            "1.x.x.x.x.-44.-44",
            "x.x.x.x.x.x.-44",
        ] {
            assert_eq!(error(&format!("walak=1&moves=7264131&at=2&values={values}")), said, "{values}");
        }
        assert_eq!(
            error("walak=1&moves=7264131&at=2&values=x.x.x.x.x.1.2&values=x.x.x.x.x.1.2"),
            "it gives \"values\" more than once"
        );
        // No one moves in a finished game; a move sent in a game by links shows another position.
        let over = "walak=1&board=0.0.0.0.0.0.0.0.0.0.0.0.0.0&reserves=28.28&turn=south";
        assert!(Link::parse(over).is_ok_and(|link| link.to_game().unwrap().is_over()));
        assert_eq!(error(&format!("{over}&values=x.x.x.x.x.x.x")), said);
        assert_eq!(error("walak=1&moves=7264131&at=2&game=abcd1234&you=north&values=x.x.x.x.x.-44.-44"), said);
        assert_eq!(error("walak=1&rules=parker-walak&moves=4%2B&values=1.1.1.1.1.1.1"), said);
    }

    #[test]
    fn a_parker_link_writes_out_its_direction_and_marked_holes() {
        // Games of both of Parker's rule sets, single and in rounds: every position met is written
        // out and read back, its direction and its blocked and tied holes too.
        let (mut directions, mut marked) = (0, 0);
        for rules in [RuleSet::ParkerWalak, RuleSet::ParkerKotu] {
            for rounds in [false, true] {
                let options = Options { rounds, rules, ..Options::default() };
                let mut game = Game::new(options);
                for ply in 0..400 {
                    if game.is_over() {
                        break;
                    }
                    let legal = game.legal_moves();
                    game.play(legal[(ply * 7 + 3) % legal.len()]).unwrap();
                    let link = Link {
                        options,
                        start: None,
                        moves: game.record(),
                        at: game.plies().len(),
                        variations: Vec::new(),
                        shown: 0,
                        link_game: None,
                        with_position: true,
                        values: None,
                    };
                    let fragment = link.to_fragment();
                    let Some((_, written)) = fragment.split_once("&position=") else { continue };
                    let fields: Vec<&str> = written.split('-').collect();
                    assert_eq!(fields.len(), if rounds { 7 } else { 5 }, "{fragment}");
                    directions += usize::from(fields[fields.len() - 2] != "none");
                    marked += usize::from(fields[fields.len() - 1] != "00000000000000");
                    assert_eq!(Link::parse(&fragment).unwrap(), link, "{fragment}");
                }
            }
        }
        assert!(directions > 0 && marked > 0, "{directions} directions, {marked} marked positions");
    }

    #[test]
    fn a_parker_position_must_be_the_one_its_moves_reach() {
        let link = Link { with_position: true, ..Link::parse("walak=1&rules=parker-walak&moves=4-+2").unwrap() };
        let fragment = link.to_fragment();
        let written = fragment.split_once("&position=").unwrap().1;
        assert!(written.ends_with("-south-cw-00000000000000"), "{written}");
        for (changed, said) in [
            (written.replace("-cw-", "-ccw-"), "the position it shows is not the one its moves reach"),
            (written.replace("-cw-", "-none-"), "the position it shows is not the one its moves reach"),
            (
                written.replace("-00000000000000", "-10000000000000"),
                "the position it shows is not the one its moves reach",
            ),
            (written.replace("-cw-", "-+-"), "its position must list"),
            (written.replace("-00000000000000", "-x0000000000000"), "its position must list"),
            (written.replace("-00000000000000", "-0000000000000"), "its position must list"),
            // Written as today's rules write it: a Parker game's position says more.
            (written.trim_end_matches("-cw-00000000000000").to_string(), "its position must list"),
        ] {
            let bad = format!("walak=1&rules=parker-walak&moves=4-+2&position={changed}");
            assert!(error(&bad).starts_with(said), "{changed}: {}", error(&bad));
        }
    }

    #[test]
    fn a_parker_position_keeps_its_direction() {
        let board = "4.4.4.4.4.4.4.4.4.4.4.4.4.4";
        // Set up with the direction already chosen: the next move is a bare hole, sown clockwise.
        let fragment = format!("walak=1&board={board}&reserves=0.0&turn=north&direction=-&rules=parker-walak&moves=2");
        let link = Link::parse(&fragment).unwrap();
        assert_eq!(link.start.as_ref().unwrap().direction, Some(Direction::Clockwise));
        assert_eq!(link.to_fragment(), fragment);
        let game = link.to_game().unwrap();
        assert_eq!(game.position().direction(), Some(Direction::Clockwise));
        // `%2B` as the page writes it, and a `+` typed by hand (read as a space).
        for sign in ["%2B", "+"] {
            let link =
                Link::parse(&format!("walak=1&board={board}&turn=south&direction={sign}&rules=parker-kotu")).unwrap();
            assert_eq!(link.start.unwrap().direction, Some(Direction::Counterclockwise));
        }
        // None yet: the first move chooses it.
        let link = Link::parse(&format!("walak=1&board={board}&turn=south&rules=parker-walak&moves=4-")).unwrap();
        assert_eq!(link.to_game().unwrap().position().direction(), Some(Direction::Clockwise));
        let refused = format!("its direction \"x\" is not + or - of a position by Parker's rules");
        assert_eq!(error(&format!("walak=1&board={board}&turn=south&direction=x&rules=parker-walak")), refused);
        assert_eq!(
            error(&format!("walak=1&board={board}&turn=south&direction=-")),
            "its direction \"-\" is not + or - of a position by Parker's rules"
        );
        assert_eq!(error("walak=1&direction=-&rules=parker-walak"), "it has direction but no board");
    }

    #[test]
    fn parts_are_decoded_as_a_browser_decodes_them() {
        let link = Link::parse("walak=%31&moves=7%326&first=nort%68").unwrap();
        assert_eq!((link.moves.as_str(), link.options.first), ("726", Side::North));
        assert_eq!(error("walak=1&moves=1+2"), "character 2 of its moves, \" \", is not a hole number 1 to 7");
        assert_eq!(
            error("walak=1&moves=%E2%82"),
            "character 1 of its moves, \"\u{FFFD}\", is not a hole number 1 to 7"
        );
        assert_eq!(form_decode("%zz%4"), "%zz%4");
    }

    #[test]
    fn variations_are_checked_and_round_trip() {
        let fragment = "walak=1&moves=3514&at=2&variations=3562.36&shown=1";
        let link = Link::parse(fragment).unwrap();
        assert_eq!(link.variations, ["3562", "36"]);
        assert_eq!(link.to_fragment(), fragment);
        assert_eq!(error("walak=1&moves=35&variations=36..1"), "its variation 2 is not a line of hole numbers 1 to 7");
        assert_eq!(error("walak=1&moves=35&variations=3x"), "its variation 1 is not a line of hole numbers 1 to 7");
        assert_eq!(
            error("walak=1&moves=35&variations=7261"),
            "its variation 1 cannot be played: move 4 of the record is illegal: North's hole 1 is empty"
        );
        assert_eq!(error("walak=1&moves=35&variations=36&shown=2"), "its \"shown=2\" is not a number from 0 to 1");
        assert_eq!(error("walak=1&moves=35&shown=1"), "its \"shown=1\" is not a number from 0 to 0");
    }

    #[test]
    fn a_move_in_a_link_game_carries_its_id_and_the_receivers_side() {
        let fragment = "walak=1&moves=3514&game=mj3k2x9q&you=north";
        let link = Link::parse(fragment).unwrap();
        let link_game = link.link_game.clone().unwrap();
        assert_eq!((link_game.id.as_str(), link_game.you), ("mj3k2x9q", Side::North));
        assert_eq!(link.to_fragment(), fragment);
        assert_eq!(error("walak=1&moves=35&game=mj3k2x9q"), "it is a move in a game by links, but has no \"you\"");
        assert_eq!(error("walak=1&moves=35&you=north"), "it is a move in a game by links, but has no \"game\"");
        assert_eq!(
            error("walak=1&moves=35&game=MJ3K&you=north"),
            "its game \"MJ3K\" is not a game's id (4 to 32 letters a to z and digits)"
        );
        assert_eq!(
            error("walak=1&moves=35&game=mj3k2x9q&you=east"),
            "its \"you\" must be south or north, not \"east\""
        );
        assert_eq!(error("walak=1&moves=35&game=abcd&game=abce&you=north"), "it gives \"game\" more than once");
    }

    #[test]
    fn errors_name_their_kind() {
        let kind = |fragment: &str| serde_json::to_value(Link::parse(fragment).unwrap_err()).unwrap();
        assert_eq!(kind("walak=7")["kind"], "newer_version");
        let unplayable = kind("walak=1&moves=7261");
        assert_eq!(unplayable["kind"], "unplayable");
        assert_eq!(unplayable["cause"]["kind"], "illegal_move");
        assert_eq!(unplayable["cause"]["error"]["kind"], "empty_hole");
    }
}
