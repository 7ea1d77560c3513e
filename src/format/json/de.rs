//! Typed values read out of a [`Json`] document through serde: how the WebAssembly API reads the
//! objects JavaScript hands it (game options, a position set up by hand, a link), once
//! `JSON.stringify` has written them.
//!
//! Numbers stay exact decimals: a whole number is handed over as one, any other is refused with
//! its own digits. Nothing here formats a floating-point number (serde's own description of an
//! unexpected float would), which keeps Rust's float printing out of the page's engine.
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

use serde::de::value::{MapDeserializer, SeqDeserializer, StrDeserializer};
use serde::de::{self, Deserialize, Deserializer, Expected, IntoDeserializer, Unexpected, Visitor};

use super::{Json, Number};

/// Reads a `T` from a parsed document.
pub fn from_json<'de, T: Deserialize<'de>>(value: &'de Json) -> Result<T, WrongShape> {
    T::deserialize(value)
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

impl de::Error for WrongShape {
    fn custom<T: fmt::Display>(message: T) -> WrongShape {
        WrongShape(message.to_string())
    }

    fn invalid_type(found: Unexpected, expected: &dyn Expected) -> WrongShape {
        WrongShape(format!("invalid type: {}, expected {expected}", Described(found)))
    }

    fn invalid_value(found: Unexpected, expected: &dyn Expected) -> WrongShape {
        WrongShape(format!("invalid value: {}, expected {expected}", Described(found)))
    }
}

impl WrongShape {
    /// A number that is not a whole number in reach of an `i64` or a `u64`.
    fn not_whole(number: &Number, expected: &dyn Expected) -> WrongShape {
        WrongShape(format!("invalid type: number {number}, expected {expected}"))
    }
}

/// What was found, as serde says it, except a float: its value is never printed (see above), and
/// this reader never meets one anyway.
struct Described<'a>(Unexpected<'a>);

impl fmt::Display for Described<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Unexpected::Float(_) => f.write_str("floating point number"),
            Unexpected::Bool(b) => write!(f, "boolean `{b}`"),
            Unexpected::Unsigned(n) => write!(f, "integer `{n}`"),
            Unexpected::Signed(n) => write!(f, "integer `{n}`"),
            Unexpected::Char(c) => write!(f, "character `{c}`"),
            Unexpected::Str(s) => write!(f, "string {s:?}"),
            Unexpected::Unit => f.write_str("null"),
            Unexpected::Seq => f.write_str("array"),
            Unexpected::Map => f.write_str("object"),
            Unexpected::Other(other) => f.write_str(other),
            _ => f.write_str("value"),
        }
    }
}

impl<'de> IntoDeserializer<'de, WrongShape> for &'de Json {
    type Deserializer = &'de Json;

    fn into_deserializer(self) -> &'de Json {
        self
    }
}

impl<'de> Deserializer<'de> for &'de Json {
    type Error = WrongShape;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, WrongShape> {
        match self {
            Json::Null => visitor.visit_unit(),
            Json::Bool(b) => visitor.visit_bool(*b),
            Json::Number(n) => {
                if let Some(whole) = n.as_whole() {
                    visitor.visit_u64(whole)
                } else if let Some(negative) = n.as_integer() {
                    visitor.visit_i64(negative)
                } else {
                    Err(WrongShape::not_whole(n, &visitor))
                }
            }
            Json::Text(text) => visitor.visit_borrowed_str(text),
            Json::List(items) => {
                let mut items = SeqDeserializer::new(items.iter());
                let value = visitor.visit_seq(&mut items)?;
                items.end()?;
                Ok(value)
            }
            Json::Object(members) => {
                let mut members = MapDeserializer::new(members.iter().map(|(name, value)| (name.as_str(), value)));
                let value = visitor.visit_map(&mut members)?;
                members.end()?;
                Ok(value)
            }
        }
    }

    /// `null` (or a member left out, as `undefined` is by `JSON.stringify`) is none.
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, WrongShape> {
        match self {
            Json::Null => visitor.visit_none(),
            value => visitor.visit_some(value),
        }
    }

    /// An enum of names only (a side, a level): the name as a string.
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, WrongShape> {
        match self {
            Json::Text(text) => visitor.visit_enum(StrDeserializer::<WrongShape>::new(text)),
            other => other.deserialize_any(visitor),
        }
    }

    /// A member the type does not know is skipped, whatever it holds (a fraction too).
    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, WrongShape> {
        visitor.visit_unit()
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf unit
        unit_struct newtype_struct seq tuple tuple_struct map struct identifier
    }
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;

    use super::*;
    use crate::rules::setup::StartPosition;
    use crate::rules::side::Side;

    fn read<T: for<'de> Deserialize<'de>>(text: &str) -> Result<T, String> {
        from_json(&Json::parse(text).unwrap()).map_err(|e| e.to_string())
    }

    #[test]
    fn a_position_reads_as_serde_json_reads_it() {
        let text = r#"{"board": [0,0,0,0,0,0,1,0,0,0,0,0,0,1], "reserves": [30, 24.0], "to_move": "south",
                      "round": 2e0, "in_play": null, "unknown": {"skipped": [1.5, "x"]}, "also": -0.25}"#;
        let ours: StartPosition = read(text).unwrap();
        let theirs: StartPosition = serde_json::from_str(&text.replace("24.0", "24").replace("2e0", "2")).unwrap();
        assert_eq!(ours, theirs);
    }

    #[test]
    fn wrong_values_say_what_was_found() {
        assert_eq!(read::<u8>("256").unwrap_err(), "invalid value: integer `256`, expected u8");
        assert_eq!(read::<u8>("-1").unwrap_err(), "invalid value: integer `-1`, expected u8");
        assert_eq!(read::<u8>("0.5").unwrap_err(), "invalid type: number 0.5, expected u8");
        assert_eq!(read::<u8>("1e30").unwrap_err(), "invalid type: number 1e+30, expected u8");
        assert_eq!(read::<u8>("null").unwrap_err(), "invalid type: null, expected u8");
        assert_eq!(read::<Side>(r#""east""#).unwrap_err(), "unknown variant `east`, expected `south` or `north`");
        assert_eq!(read::<[u8; 2]>("[1, 2, 3]").unwrap_err(), "invalid length 3, expected 2 elements in sequence");
        assert_eq!(
            read::<StartPosition>("[]").unwrap_err(),
            "invalid length 0, expected struct StartPosition with 6 elements"
        );
        assert!(read::<StartPosition>(r#"{"board": []}"#).unwrap_err().contains("missing field `to_move`"));
        assert_eq!(read::<bool>(r#""yes""#).unwrap_err(), r#"invalid type: string "yes", expected a boolean"#);
    }

    #[test]
    fn options_may_be_absent() {
        assert_eq!(read::<Option<u8>>("null").unwrap(), None);
        assert_eq!(read::<Option<u8>>("7").unwrap(), Some(7));
        assert_eq!(read::<crate::Options>("{}").unwrap(), crate::Options::default());
    }
}
