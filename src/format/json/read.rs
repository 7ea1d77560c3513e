//! Typed values read out of a [`Json`] document: how the WebAssembly API reads the objects
//! JavaScript hands it (game options, a position set up by hand, a link), once `JSON.stringify`
//! has written them.
//!
//! Written by hand rather than through serde: serde's derived readers, one made for every type
//! and every reader, were a seventh of the page's engine, which every first visit waits for
//! (docs/measurements.md). The messages say what serde's would, in its words. Numbers stay exact
//! decimals: a whole number is read as one, any other is refused with its own digits, and no
//! floating-point number is ever printed.
//!
//! ```
//! use walak::format::json::{from_json, Json};
//! use walak::{Options, Side};
//! let options: Options = from_json(&Json::parse(r#"{"first": "north"}"#).unwrap()).unwrap();
//! assert_eq!(options, Options { rounds: false, first: Side::North, ..Options::default() });
//! let parker: Options = from_json(&Json::parse(r#"{"rules": "parker-kotu"}"#).unwrap()).unwrap();
//! assert_eq!(parker.rules, walak::rules::ruleset::RuleSet::ParkerKotu);
//! let wrong = from_json::<Options>(&Json::parse(r#"{"first": 1.5}"#).unwrap()).unwrap_err();
//! assert_eq!(wrong.to_string(), "invalid type: number 1.5, expected enum Side");
//! ```

use std::fmt;

use super::Json;
use crate::rules::game::Options;
use crate::rules::ruleset::{Direction, RuleSet};
use crate::rules::setup::{Setup, StartPosition};
use crate::rules::side::Side;

/// A value that can be read out of a JSON document.
pub trait FromJson: Sized {
    fn from_json(value: &Json) -> Result<Self, WrongShape>;
}

/// Reads a `T` from a parsed document.
pub fn from_json<T: FromJson>(value: &Json) -> Result<T, WrongShape> {
    T::from_json(value)
}

/// Why a document is not the value asked for, in serde's words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrongShape(String);

impl fmt::Display for WrongShape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for WrongShape {}

impl WrongShape {
    /// `found` is not of the type `expected` names ("u8", "a string", "struct Setup").
    pub fn invalid_type(found: &Json, expected: &str) -> WrongShape {
        WrongShape(format!("invalid type: {}, expected {expected}", Found(found)))
    }
}

/// What was found, as serde says it.
struct Found<'a>(&'a Json);

impl fmt::Display for Found<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Json::Null => f.write_str("null"),
            Json::Bool(b) => write!(f, "boolean `{b}`"),
            Json::Number(n) if n.as_whole().is_some() || n.as_integer().is_some() => write!(f, "integer `{n}`"),
            Json::Number(n) => write!(f, "number {n}"),
            Json::Text(text) => write!(f, "string {text:?}"),
            Json::List(_) => f.write_str("array"),
            Json::Object(_) => f.write_str("object"),
        }
    }
}

/// A whole number from 0 to `limit`; `what` names its type ("u8").
fn whole(value: &Json, limit: u64, what: &str) -> Result<u64, WrongShape> {
    let number = value.as_number().ok_or_else(|| WrongShape::invalid_type(value, what))?;
    let out_of_range = || WrongShape(format!("invalid value: integer `{number}`, expected {what}"));
    match (number.as_whole(), number.as_integer()) {
        (Some(n), _) if n <= limit => Ok(n),
        (Some(_), _) | (None, Some(_)) => Err(out_of_range()),
        (None, None) => Err(WrongShape::invalid_type(value, what)),
    }
}

impl FromJson for u8 {
    fn from_json(value: &Json) -> Result<u8, WrongShape> {
        Ok(whole(value, u8::MAX.into(), "u8")? as u8)
    }
}

impl FromJson for u16 {
    fn from_json(value: &Json) -> Result<u16, WrongShape> {
        Ok(whole(value, u16::MAX.into(), "u16")? as u16)
    }
}

impl FromJson for usize {
    fn from_json(value: &Json) -> Result<usize, WrongShape> {
        Ok(whole(value, usize::MAX as u64, "usize")? as usize)
    }
}

impl FromJson for bool {
    fn from_json(value: &Json) -> Result<bool, WrongShape> {
        value.as_bool().ok_or_else(|| WrongShape::invalid_type(value, "a boolean"))
    }
}

impl FromJson for String {
    fn from_json(value: &Json) -> Result<String, WrongShape> {
        value.as_str().map(str::to_string).ok_or_else(|| WrongShape::invalid_type(value, "a string"))
    }
}

/// `null` (or a member left out, as `undefined` is by `JSON.stringify`) is none.
impl<T: FromJson> FromJson for Option<T> {
    fn from_json(value: &Json) -> Result<Option<T>, WrongShape> {
        match value {
            Json::Null => Ok(None),
            value => T::from_json(value).map(Some),
        }
    }
}

impl<T: FromJson> FromJson for Vec<T> {
    fn from_json(value: &Json) -> Result<Vec<T>, WrongShape> {
        let items = value.as_list().ok_or_else(|| WrongShape::invalid_type(value, "a sequence"))?;
        items.iter().map(T::from_json).collect()
    }
}

/// A pair such as the reserves, `[south, north]`.
impl<T: FromJson> FromJson for [T; 2] {
    fn from_json(value: &Json) -> Result<[T; 2], WrongShape> {
        match value.as_list() {
            Some([first, second]) => Ok([T::from_json(first)?, T::from_json(second)?]),
            Some(items) => Err(WrongShape(format!("invalid length {}, expected an array of length 2", items.len()))),
            None => Err(WrongShape::invalid_type(value, "an array of length 2")),
        }
    }
}

/// One of the names of an enum of names only (a side, a rule set): `enum_name` says which enum.
fn named<T: Copy>(value: &Json, enum_name: &str, all: &[T], name: fn(T) -> &'static str) -> Result<T, WrongShape> {
    let text = value.as_str().ok_or_else(|| WrongShape::invalid_type(value, &format!("enum {enum_name}")))?;
    all.iter().copied().find(|item| name(*item) == text).ok_or_else(|| {
        let names: Vec<String> = all.iter().map(|item| format!("`{}`", name(*item))).collect();
        let expected = match names.as_slice() {
            [first, second] => format!("{first} or {second}"),
            names => format!("one of {}", names.join(", ")),
        };
        WrongShape(format!("unknown variant `{text}`, expected {expected}"))
    })
}

impl FromJson for Side {
    fn from_json(value: &Json) -> Result<Side, WrongShape> {
        named(value, "Side", &Side::BOTH, Side::name)
    }
}

impl FromJson for RuleSet {
    fn from_json(value: &Json) -> Result<RuleSet, WrongShape> {
        named(value, "RuleSet", &RuleSet::ALL, RuleSet::name)
    }
}

impl FromJson for Direction {
    fn from_json(value: &Json) -> Result<Direction, WrongShape> {
        named(value, "Direction", &Direction::BOTH, Direction::name)
    }
}

/// An object's members, read one by one as the type's fields; members it does not name are
/// skipped, whatever they hold.
pub struct Members<'a>(&'a Json);

impl<'a> Members<'a> {
    /// The members of `value`, which must be an object: `struct_name` names the type read.
    pub fn of(value: &'a Json, struct_name: &str) -> Result<Members<'a>, WrongShape> {
        match value {
            Json::Object(_) => Ok(Members(value)),
            other => Err(WrongShape::invalid_type(other, &format!("struct {struct_name}"))),
        }
    }

    /// The member `name`, if there is one; a field given twice is refused, as serde refuses it.
    fn member(&self, name: &str) -> Result<Option<&'a Json>, WrongShape> {
        let mut found = self.0.as_object().unwrap_or_default().iter().filter(|(key, _)| key == name);
        match (found.next(), found.next()) {
            (_, Some(_)) => Err(WrongShape(format!("duplicate field `{name}`"))),
            (member, None) => Ok(member.map(|(_, value)| value)),
        }
    }

    /// A member the type cannot do without.
    pub fn required<T: FromJson>(&self, name: &str) -> Result<T, WrongShape> {
        match self.member(name)? {
            Some(value) => T::from_json(value),
            None => Err(WrongShape(format!("missing field `{name}`"))),
        }
    }

    /// A member that may be left out, read as `default()` then.
    pub fn or_else<T: FromJson>(&self, name: &str, default: impl FnOnce() -> T) -> Result<T, WrongShape> {
        self.member(name)?.map_or_else(|| Ok(default()), T::from_json)
    }

    /// A member that may be left out, read as its type's default then.
    pub fn or_default<T: FromJson + Default>(&self, name: &str) -> Result<T, WrongShape> {
        self.or_else(name, T::default)
    }
}

impl FromJson for Options {
    fn from_json(value: &Json) -> Result<Options, WrongShape> {
        let members = Members::of(value, "Options")?;
        let default = Options::default();
        Ok(Options {
            rounds: members.or_else("rounds", || default.rounds)?,
            first: members.or_else("first", || default.first)?,
            rules: members.or_default("rules")?,
        })
    }
}

impl FromJson for Setup {
    fn from_json(value: &Json) -> Result<Setup, WrongShape> {
        let members = Members::of(value, "Setup")?;
        Ok(Setup {
            board: members.required("board")?,
            reserves: members.or_default("reserves")?,
            to_move: members.required("to_move")?,
            rounds: members.or_default("rounds")?,
            round: members.or_else("round", || 1)?,
            in_play: members.or_default("in_play")?,
            round_starter: members.or_default("round_starter")?,
            rules: members.or_default("rules")?,
            direction: members.or_default("direction")?,
        })
    }
}

impl FromJson for StartPosition {
    fn from_json(value: &Json) -> Result<StartPosition, WrongShape> {
        let members = Members::of(value, "StartPosition")?;
        Ok(StartPosition {
            board: members.required("board")?,
            reserves: members.or_default("reserves")?,
            to_move: members.required("to_move")?,
            round: members.or_default("round")?,
            in_play: members.or_default("in_play")?,
            direction: members.or_default("direction")?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read<T: FromJson>(text: &str) -> Result<T, String> {
        from_json(&Json::parse(text).unwrap()).map_err(|e| e.to_string())
    }

    #[test]
    fn a_position_reads_as_serde_json_reads_it() {
        let text = r#"{"board": [0,0,0,0,0,0,1,0,0,0,0,0,0,1], "reserves": [30, 24.0], "to_move": "south",
                      "round": 2e0, "in_play": null, "unknown": {"skipped": [1.5, "x"]}, "also": -0.25}"#;
        let ours: StartPosition = read(text).unwrap();
        let theirs: StartPosition = serde_json::from_str(&text.replace("24.0", "24").replace("2e0", "2")).unwrap();
        assert_eq!(ours, theirs);
        let ours: Setup = read(text).unwrap();
        let theirs: Setup = serde_json::from_str(&text.replace("24.0", "24").replace("2e0", "2")).unwrap();
        assert_eq!(ours, theirs);
    }

    #[test]
    fn every_field_of_a_set_up_is_read() {
        let text = r#"{"board": [0,0,0,0,0,0,1,0,0,0,0,0,0,1], "reserves": [30, 24], "to_move": "north",
                      "rounds": true, "round": 3, "in_play": [true,true,true,true,true,true,true,
                      false,true,true,true,true,true,true], "round_starter": "south", "rules": "parker-walak",
                      "direction": "-"}"#;
        let ours: Setup = read(text).unwrap();
        let theirs: Setup = serde_json::from_str(text).unwrap();
        assert_eq!(ours, theirs);
        let ours: StartPosition = read(text).unwrap();
        let theirs: StartPosition = serde_json::from_str(text).unwrap();
        assert_eq!(ours, theirs);
        let options: Options = read(r#"{"rounds": true, "first": "north", "rules": "parker-kotu"}"#).unwrap();
        assert_eq!(options, Options { rounds: true, first: Side::North, rules: RuleSet::ParkerKotu });
    }

    #[test]
    fn wrong_values_say_what_was_found() {
        assert_eq!(read::<u8>("256").unwrap_err(), "invalid value: integer `256`, expected u8");
        assert_eq!(read::<u8>("-1").unwrap_err(), "invalid value: integer `-1`, expected u8");
        assert_eq!(read::<u8>("0.5").unwrap_err(), "invalid type: number 0.5, expected u8");
        assert_eq!(read::<u8>("1e30").unwrap_err(), "invalid type: number 1e+30, expected u8");
        assert_eq!(read::<u8>("null").unwrap_err(), "invalid type: null, expected u8");
        assert_eq!(read::<Side>(r#""east""#).unwrap_err(), "unknown variant `east`, expected `south` or `north`");
        assert_eq!(
            read::<RuleSet>(r#""oware""#).unwrap_err(),
            "unknown variant `oware`, expected one of `mancala-world`, `parker-walak`, `parker-kotu`"
        );
        assert_eq!(read::<Side>("7").unwrap_err(), "invalid type: integer `7`, expected enum Side");
        assert_eq!(read::<[u8; 2]>("[1, 2, 3]").unwrap_err(), "invalid length 3, expected an array of length 2");
        assert_eq!(read::<StartPosition>("[]").unwrap_err(), "invalid type: array, expected struct StartPosition");
        assert_eq!(read::<StartPosition>(r#"{"board": []}"#).unwrap_err(), "missing field `to_move`");
        assert_eq!(read::<bool>(r#""yes""#).unwrap_err(), r#"invalid type: string "yes", expected a boolean"#);
        assert_eq!(read::<String>("{}").unwrap_err(), "invalid type: object, expected a string");
        assert_eq!(read::<Vec<u8>>("true").unwrap_err(), "invalid type: boolean `true`, expected a sequence");
        assert_eq!(read::<Options>(r#"{"first": "north", "first": "south"}"#).unwrap_err(), "duplicate field `first`");
        assert!(read::<Options>(r#"{"unknown": 1, "unknown": 2}"#).is_ok());
    }

    #[test]
    fn options_may_be_absent() {
        assert_eq!(read::<Option<u8>>("null").unwrap(), None);
        assert_eq!(read::<Option<u8>>("7").unwrap(), Some(7));
        assert_eq!(read::<Options>("{}").unwrap(), Options::default());
        // A member that is there must be of its type, null too (only an absent one is the default).
        assert_eq!(read::<Options>(r#"{"rounds": null}"#).unwrap_err(), "invalid type: null, expected a boolean");
    }
}
