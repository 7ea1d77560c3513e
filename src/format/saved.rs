//! The game in progress as a page keeps it between visits: a small JSON document.
//!
//! ```text
//! {"version":1,"options":{"rounds":false,"first":"south"},"mode":"computer","side":"south",
//!  "level":"club","record":"7264","redo":"31","start":{"board":[…14],"reserves":[s,n],"to_move":"south"}}
//! ```
//!
//! `mode` is `two` (two players on one device), `computer`, or `link` (a game two people play by
//! sending each other links); `side` the person's side against the computer or the friend; `game`
//! a link game's id (there only, and there always); `level` the computer's level (optional); `record` the moves played and `redo` those
//! taken back that can be played again; `start` the position set up by hand the game began from
//! (absent for the opening; `round` and `in_play` in rounds). `options.rules` names the rule set
//! (`parker-walak` or `parker-kotu`; absent: today's rules), whose records are moves separated by
//! spaces (`"4+ 2 7"`), and whose position set up by hand may give the `direction` (`"+"` or
//! `"-"`) already chosen. Reading checks the shape, the
//! version, and with the engine that the game can be played; a saved game that cannot be read
//! says why.

use std::fmt;

use serde::Serialize;

use crate::computer::Level;
use crate::format::json::{Json, Number};
use crate::format::link_game::GameId;
use crate::rules::error::Unplayable;
use crate::rules::game::{Game, Options};
use crate::rules::record::parse_moves;
use crate::rules::ruleset::{Direction, RuleSet};
use crate::rules::setup::{Setup, StartPosition};
use crate::rules::side::Side;

/// The version of the saved-game format this engine writes and reads.
pub const SAVED_VERSION: u32 = 1;

/// Who plays the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Two people on one device.
    Two,
    /// A person against the computer.
    Computer,
    /// Two people apart, each on their own device, sending each other links.
    Link,
}

impl Mode {
    pub const ALL: [Mode; 3] = [Mode::Two, Mode::Computer, Mode::Link];

    /// The mode as the saved game writes it.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Two => "two",
            Mode::Computer => "computer",
            Mode::Link => "link",
        }
    }
}

/// A saved game.
///
/// ```
/// use walak::format::saved::{Mode, SavedGame};
/// let json = r#"{"version":1,"options":{"rounds":false,"first":"south"},"mode":"two","side":"south","record":"7264","redo":"13"}"#;
/// let saved = SavedGame::parse(json).unwrap();
/// assert_eq!(saved.mode, Mode::Two);
/// assert_eq!(saved.to_game().unwrap().record(), "7264");
/// assert_eq!(saved.to_json(), json);
/// let error = SavedGame::parse(&json.replace("7264", "7261")).unwrap_err();
/// assert_eq!(error.to_string(), "move 4 of the record is illegal: North's hole 1 is empty");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedGame {
    pub options: Options,
    pub mode: Mode,
    /// The person's side against the computer or the friend (kept in two-player games too, for
    /// the next game).
    pub side: Side,
    /// A link game's id, the same on both players' devices (`Some` exactly when the mode is `Link`).
    pub game: Option<GameId>,
    pub level: Option<Level>,
    /// The moves played.
    pub record: String,
    /// The moves taken back that can be played again, in playing order.
    pub redo: String,
    /// The position set up by hand the game began from; its `rounds` follows the options.
    pub start: Option<Setup>,
}

/// Why a saved game could not be read. The messages complete "The saved game could not be read: …".
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SavedError {
    /// Not JSON at all.
    NotData,
    /// JSON, but not an object.
    NotASavedGame,
    NoVersion,
    /// A later version of the game saved it (`version` as JavaScript writes the number).
    NewerVersion {
        version: String,
    },
    UnknownVersion {
        version: String,
    },
    NoOptions,
    BadOptions,
    UnknownMode,
    UnknownSide,
    UnknownLevel,
    /// A link game without its id, or with one that is not an id.
    BadGameId,
    /// `record` or `redo` is not a string of hole numbers 1 to 7.
    BadRecord,
    /// `start` is not a position's shape; whether the position is possible is the engine's to say.
    BadStart,
    /// The engine refuses the game: an impossible position or an illegal move.
    Unplayable {
        cause: Unplayable,
    },
}

impl fmt::Display for SavedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SavedError::NotData => write!(f, "it is not valid data"),
            SavedError::NotASavedGame => write!(f, "it is not a saved game"),
            SavedError::NoVersion => write!(f, "it has no version"),
            SavedError::NewerVersion { version } => write!(f, "it comes from a newer version of the game ({version})"),
            SavedError::UnknownVersion { version } => write!(f, "its version ({version}) is not known"),
            SavedError::NoOptions => write!(f, "its options are missing"),
            SavedError::BadOptions => write!(f, "its options are malformed"),
            SavedError::UnknownMode => write!(f, "its mode is unknown"),
            SavedError::UnknownSide => write!(f, "its side is unknown"),
            SavedError::UnknownLevel => write!(f, "its computer level is unknown"),
            SavedError::BadGameId => write!(f, "its link game has no valid id"),
            SavedError::BadRecord => write!(f, "its move record is malformed"),
            SavedError::BadStart => write!(f, "its starting position is malformed"),
            SavedError::Unplayable { cause } => cause.fmt(f),
        }
    }
}

impl std::error::Error for SavedError {}

impl SavedGame {
    /// Reads a saved game's JSON and checks with the engine that the game can be played.
    pub fn parse(json: &str) -> Result<SavedGame, SavedError> {
        let value = Json::parse(json).map_err(|_| SavedError::NotData)?;
        SavedGame::from_value(&value)
    }

    /// Reads a saved game already parsed as JSON, with the same checks as [`SavedGame::parse`].
    /// Fields the format does not know are ignored.
    pub fn from_value(value: &Json) -> Result<SavedGame, SavedError> {
        if value.as_object().is_none() {
            return Err(SavedError::NotASavedGame);
        }
        let version = value.get("version").and_then(Json::as_number).ok_or(SavedError::NoVersion)?;
        let current = Number::from(SAVED_VERSION);
        if *version > current {
            return Err(SavedError::NewerVersion { version: version.to_string() });
        }
        if *version != current {
            return Err(SavedError::UnknownVersion { version: version.to_string() });
        }
        let options = value.get("options").filter(|o| o.as_object().is_some()).ok_or(SavedError::NoOptions)?;
        let rounds = options.get("rounds").and_then(Json::as_bool).ok_or(SavedError::BadOptions)?;
        let first = options.get("first").and_then(side).ok_or(SavedError::BadOptions)?;
        let rules = match options.get("rules") {
            None => RuleSet::MancalaWorld,
            Some(name) => name.as_str().and_then(RuleSet::named).ok_or(SavedError::BadOptions)?,
        };
        let mode = value.get("mode").and_then(|m| named(Mode::ALL, Mode::name, m)).ok_or(SavedError::UnknownMode)?;
        let side = value.get("side").and_then(side).ok_or(SavedError::UnknownSide)?;
        let level = match value.get("level") {
            None => None,
            Some(level) => Some(named(Level::ALL, Level::name, level).ok_or(SavedError::UnknownLevel)?),
        };
        // Only a link game has an id; another game's is ignored, as fields the format does not know.
        let game = match mode {
            Mode::Link => {
                Some(value.get("game").and_then(Json::as_str).and_then(GameId::parse).ok_or(SavedError::BadGameId)?)
            }
            _ => None,
        };
        let record = value.get("record").and_then(|m| moves(m, rules)).ok_or(SavedError::BadRecord)?;
        let redo = value.get("redo").and_then(|m| moves(m, rules)).ok_or(SavedError::BadRecord)?;
        let start = match value.get("start") {
            None => None,
            Some(start) => {
                let mut setup = start_position(start).ok_or(SavedError::BadStart)?.setup(rounds);
                setup.rules = rules;
                setup.direction = match start.get("direction") {
                    None => None,
                    Some(sign) => Some(direction(sign).filter(|_| rules.is_parker()).ok_or(SavedError::BadStart)?),
                };
                Some(setup)
            }
        };
        let saved =
            SavedGame { options: Options { rounds, first, rules }, mode, side, game, level, record, redo, start };
        saved.to_game().map_err(|cause| SavedError::Unplayable { cause })?;
        Ok(saved)
    }

    /// The JSON the page keeps.
    pub fn to_json(&self) -> String {
        self.to_value().to_string()
    }

    /// The document, in the order the page has always written its fields.
    pub fn to_value(&self) -> Json {
        let text = |s: &str| Json::Text(s.to_string());
        let side = |side: Side| text(side.name());
        let mut document = vec![
            ("version".to_string(), Json::Number(SAVED_VERSION.into())),
            (
                "options".to_string(),
                Json::Object(
                    [
                        ("rounds".to_string(), Json::Bool(self.options.rounds)),
                        ("first".to_string(), side(self.options.first)),
                    ]
                    .into_iter()
                    .chain(
                        self.options.rules.is_parker().then(|| ("rules".to_string(), text(self.options.rules.name()))),
                    )
                    .collect(),
                ),
            ),
            ("mode".to_string(), text(self.mode.name())),
            ("side".to_string(), side(self.side)),
        ];
        if let Some(id) = &self.game {
            document.push(("game".to_string(), text(id.as_str())));
        }
        if let Some(level) = self.level {
            document.push(("level".to_string(), text(level.name())));
        }
        document.push(("record".to_string(), text(&self.record)));
        document.push(("redo".to_string(), text(&self.redo)));
        if let Some(start) = &self.start {
            let start = start.start_position();
            let counts = |counts: &[u8]| Json::List(counts.iter().map(|&n| Json::Number(n.into())).collect());
            let mut position = vec![
                ("board".to_string(), counts(&start.board)),
                ("reserves".to_string(), counts(&start.reserves)),
                ("to_move".to_string(), side(start.to_move)),
            ];
            if let Some(round) = start.round {
                position.push(("round".to_string(), Json::Number(round.into())));
            }
            if let Some(in_play) = start.in_play {
                position.push(("in_play".to_string(), Json::List(in_play.into_iter().map(Json::Bool).collect())));
            }
            if let Some(direction) = start.direction {
                position.push(("direction".to_string(), text(&direction.sign().to_string())));
            }
            document.push(("start".to_string(), Json::Object(position)));
        }
        Json::Object(document)
    }

    /// The game as it was saved: the record played and the redo line ready to be played again.
    pub fn to_game(&self) -> Result<Game, Unplayable> {
        let mut game = match &self.start {
            None => Game::new(self.options),
            Some(setup) => {
                Setup { rounds: self.options.rounds, rules: self.options.rules, ..setup.clone() }.to_game()?
            }
        };
        game.play_record(&self.record)?;
        game.set_redo(&self.redo)?;
        Ok(game)
    }
}

fn side(value: &Json) -> Option<Side> {
    Side::named(value.as_str()?)
}

/// The one of `all` whose name is the text `value`.
fn named<T: Copy, const N: usize>(all: [T; N], name: fn(T) -> &'static str, value: &Json) -> Option<T> {
    let text = value.as_str()?;
    all.into_iter().find(|&item| name(item) == text)
}

/// A record as the page writes it: hole numbers 1 to 7 with no spaces by today's rules, Parker's
/// notation in theirs.
fn moves(value: &Json, rules: RuleSet) -> Option<String> {
    let text = value.as_str()?;
    let fits = if rules.is_parker() {
        parse_moves(text, rules).is_ok()
    } else {
        text.chars().all(|c| ('1'..='7').contains(&c))
    };
    fits.then(|| text.to_string())
}

/// `"+"` or `"-"`.
fn direction(value: &Json) -> Option<Direction> {
    let mut chars = value.as_str()?.chars();
    match (chars.next(), chars.next()) {
        (Some(sign), None) => Direction::of_sign(sign),
        _ => None,
    }
}

/// A whole number, written as JSON writes one (`4` or `4.0`), within `limit`.
fn whole(value: &Json, limit: u64) -> Option<u64> {
    value.as_number()?.as_whole().filter(|&n| n <= limit)
}

/// The shape of a starting position: 14 counts of 0 to 56, two reserves, the player to move, and
/// perhaps a round from 1 and 14 holes in play.
fn start_position(value: &Json) -> Option<StartPosition> {
    value.as_object()?;
    let counts = |name: &str, len: usize| -> Option<Vec<u8>> {
        let items = value.get(name)?.as_list()?;
        (items.len() == len).then(|| items.iter().map(|n| whole(n, 56).map(|n| n as u8)).collect()).flatten()
    };
    let board = counts("board", 14)?;
    let reserves = counts("reserves", 2)?;
    let to_move = side(value.get("to_move")?)?;
    let round = match value.get("round") {
        None => None,
        Some(n) => Some(whole(n, u16::MAX as u64).filter(|&n| n >= 1)? as u16),
    };
    let in_play = match value.get("in_play") {
        None => None,
        Some(flags) => {
            let flags = flags.as_list().filter(|f| f.len() == 14)?;
            Some(flags.iter().map(Json::as_bool).collect::<Option<Vec<bool>>>()?)
        }
    };
    Some(StartPosition { board, reserves: [reserves[0], reserves[1]], to_move, round, in_play, direction: None })
}

#[cfg(test)]
mod tests {
    use serde_json::{json, Value};

    use super::*;

    /// The document as written, read back by a JSON library of record.
    fn written(saved: &SavedGame) -> Value {
        serde_json::from_str(&saved.to_json()).unwrap()
    }

    fn saved() -> Value {
        json!({"version": 1, "options": {"rounds": false, "first": "south"}, "mode": "computer",
               "side": "north", "level": "club", "record": "7264", "redo": ""})
    }

    fn error(value: Value) -> String {
        SavedGame::parse(&value.to_string()).unwrap_err().to_string()
    }

    fn with(key: &str, value: Value) -> Value {
        let mut saved = saved();
        saved[key] = value;
        saved
    }

    #[test]
    fn a_saved_game_reads_back_as_written() {
        let game = SavedGame::parse(&saved().to_string()).unwrap();
        assert_eq!(game.level, Some(Level::Club));
        assert_eq!(game.side, Side::North);
        assert_eq!(SavedGame::parse(&game.to_json()).unwrap(), game);
        assert_eq!(written(&game), saved());
    }

    #[test]
    fn a_parker_game_keeps_its_rules_record_and_direction() {
        let document = json!({"version": 1, "options": {"rounds": true, "first": "south", "rules": "parker-kotu"},
                              "mode": "two", "side": "south", "record": "1- 7 2", "redo": "1"});
        let saved = SavedGame::parse(&document.to_string()).unwrap();
        assert_eq!(saved.options.rules, RuleSet::ParkerKotu);
        let game = saved.to_game().unwrap();
        assert_eq!((game.record(), game.redo_moves()), ("1- 7 2".to_string(), "1".to_string()));
        assert_eq!(written(&saved), document);
        // A position set up by hand with its direction already chosen.
        let from_position = json!({"version": 1, "options": {"rounds": false, "first": "south", "rules": "parker-walak"},
            "mode": "two", "side": "south", "record": "3", "redo": "",
            "start": {"board": [0,0,2,1,3,0,2,0,6,0,0,1,0,0], "reserves": [20, 21], "to_move": "south", "direction": "+"}});
        let saved = SavedGame::parse(&from_position.to_string()).unwrap();
        assert_eq!(saved.to_game().unwrap().view().reserves, [28, 21]);
        assert_eq!(written(&saved), from_position);
        assert_eq!(
            error(with("options", json!({"rounds": false, "first": "south", "rules": "chess"}))),
            error(with("options", json!({"rounds": false})))
        );
        assert!(error(json!({"version": 1, "options": {"rounds": false, "first": "south", "rules": "parker-walak"},
                             "mode": "two", "side": "south", "record": "4+ 9", "redo": ""}))
        .contains("record"));
    }

    #[test]
    fn every_malformed_part_says_what_is_wrong() {
        assert_eq!(SavedGame::parse("{not json").unwrap_err().to_string(), "it is not valid data");
        assert_eq!(error(json!([1, 2])), "it is not a saved game");
        assert_eq!(error(json!({"options": {}})), "it has no version");
        assert_eq!(error(with("version", json!("1"))), "it has no version");
        assert_eq!(error(with("version", json!(2))), "it comes from a newer version of the game (2)");
        assert_eq!(error(with("version", json!(2.0))), "it comes from a newer version of the game (2)");
        assert_eq!(error(with("version", json!(0.5))), "its version (0.5) is not known");
        assert_eq!(error(with("options", json!(null))), "its options are missing");
        assert_eq!(error(with("options", json!({"rounds": 1, "first": "south"}))), "its options are malformed");
        assert_eq!(error(with("options", json!({"rounds": true, "first": "east"}))), "its options are malformed");
        assert_eq!(error(with("mode", json!("three"))), "its mode is unknown");
        assert_eq!(error(with("side", json!(null))), "its side is unknown");
        assert_eq!(error(with("level", json!("grandmaster"))), "its computer level is unknown");
        assert_eq!(error(with("level", json!(null))), "its computer level is unknown");
        assert_eq!(error(with("record", json!("72 64"))), "its move record is malformed");
        assert_eq!(error(with("redo", json!(3))), "its move record is malformed");
        assert_eq!(error(with("start", json!({"board": [4, 4]}))), "its starting position is malformed");
    }

    #[test]
    fn the_engine_checks_the_game() {
        assert_eq!(error(with("redo", json!("61"))), "move 6 of the record is illegal: North's hole 1 is empty");
        let start = json!({"board": ([4u8; 14]), "reserves": [1, 0], "to_move": "south"});
        assert_eq!(error(with("start", start)), "the board and reserves hold 57 seeds, but a game has exactly 56");
        let start = json!({"board": ([4u8; 14]), "reserves": [0, 0], "to_move": "south", "round": 2});
        assert_eq!(error(with("start", start)), "a single game has only one round, so it cannot be in round 2");
    }

    #[test]
    fn a_game_from_a_position_keeps_it() {
        let start =
            json!({"board": [0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1], "reserves": [30, 24], "to_move": "south"});
        let value = with("start", start.clone());
        let mut value = value;
        value["record"] = json!("");
        value["redo"] = json!("7");
        let saved = SavedGame::parse(&value.to_string()).unwrap();
        assert_eq!(written(&saved)["start"], start);
        let mut game = saved.to_game().unwrap();
        assert!(game.redo().is_some());
        assert_eq!(game.record(), "7");
    }

    #[test]
    fn a_match_position_keeps_its_round_and_holes_in_play() {
        let mut in_play = [true; 14];
        in_play[12] = false;
        in_play[13] = false;
        let start = json!({"board": [4,4,4,4,4,4,4, 4,4,4,4,4,0,0], "reserves": [8, 0], "to_move": "north",
                           "round": 3, "in_play": in_play});
        let mut value = with("start", start.clone());
        value["options"] = json!({"rounds": true, "first": "south"});
        value["record"] = json!("");
        let saved = SavedGame::parse(&value.to_string()).unwrap();
        assert_eq!(saved.start.as_ref().unwrap().round, 3);
        assert_eq!(written(&saved)["start"], start);
        assert_eq!(SavedGame::parse(&saved.to_json()).unwrap(), saved);
    }

    #[test]
    fn a_link_game_keeps_its_id() {
        let mut value = with("mode", json!("link"));
        value["game"] = json!("mj3k2x9q");
        let saved = SavedGame::parse(&value.to_string()).unwrap();
        assert_eq!((saved.mode, saved.game.as_ref().map(GameId::as_str)), (Mode::Link, Some("mj3k2x9q")));
        assert_eq!(SavedGame::parse(&saved.to_json()).unwrap(), saved);
        assert_eq!(written(&saved)["game"], "mj3k2x9q");
        assert_eq!(error(with("mode", json!("link"))), "its link game has no valid id");
        value["game"] = json!("no");
        assert_eq!(error(value), "its link game has no valid id");
        // Another mode's id means nothing and is not written back.
        let two = SavedGame::parse(&with("game", json!("mj3k2x9q")).to_string()).unwrap();
        assert_eq!((&two.game, written(&two).get("game")), (&None, None));
    }

    #[test]
    fn errors_name_their_kind() {
        let kind = |value: Value| serde_json::to_value(SavedGame::parse(&value.to_string()).unwrap_err()).unwrap();
        assert_eq!(kind(with("mode", json!(0)))["kind"], "unknown_mode");
        let unplayable = kind(with("record", json!("7261")));
        assert_eq!(unplayable["kind"], "unplayable");
        assert_eq!(unplayable["cause"]["kind"], "illegal_move");
    }
}
