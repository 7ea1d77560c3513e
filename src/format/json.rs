//! JSON as the engine needs it: a strict reader and a compact writer.
//!
//! The engine reads JSON for the saved game and, in its WebAssembly API, for the objects the page
//! hands it (read as typed values by [`from_json`]); it writes its answers to the page as JSON
//! text ([`to_text`]). A reader of its own keeps the WebAssembly
//! module small (a general JSON library more than doubled it), and it is fuzzed beside the
//! saved-game checks. It follows RFC 8259 as `JSON.parse` does, with two limits a saved game never
//! meets: nesting deeper than [`MAX_DEPTH`] and strings holding half of a surrogate pair are
//! refused rather than read.
//!
//! ```
//! use walak::format::json::Json;
//! let value = Json::parse(r#" {"record": "7264", "options": {"rounds": false}, "board": [4, 4.0, 4e0]} "#).unwrap();
//! assert_eq!(value.get("record").and_then(Json::as_str), Some("7264"));
//! assert_eq!(value.get("options").and_then(|o| o.get("rounds")).and_then(Json::as_bool), Some(false));
//! assert_eq!(value.to_string(), r#"{"record":"7264","options":{"rounds":false},"board":[4,4,4]}"#);
//! assert!(Json::parse("{'record': 7264}").is_err());
//! ```

use std::fmt::{self, Write as _};

mod number;
mod read;
mod write;
pub use number::{NotANumber, Number};
pub use read::{from_json, FromJson, Members, WrongShape};
pub use write::{to_text, Unwritable};

/// How deeply arrays and objects may nest; a saved game nests three levels.
pub const MAX_DEPTH: usize = 128;

/// A JSON value. Objects keep their members in the order written.
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Number(Number),
    Text(String),
    List(Vec<Json>),
    Object(Vec<(String, Json)>),
}

/// Text that is not JSON, with the byte offset where reading stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotJson {
    pub offset: usize,
}

impl fmt::Display for NotJson {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not JSON at byte {}", self.offset)
    }
}

impl std::error::Error for NotJson {}

impl Json {
    /// Reads one JSON value, with only whitespace around it.
    pub fn parse(text: &str) -> Result<Json, NotJson> {
        let mut reader = Reader { bytes: text.as_bytes(), at: 0 };
        let value = reader.value(0)?;
        reader.skip_space();
        if reader.at == reader.bytes.len() {
            Ok(value)
        } else {
            Err(reader.fail())
        }
    }

    /// A member of an object; the last one when a name is repeated, as `JSON.parse` keeps it.
    pub fn get(&self, name: &str) -> Option<&Json> {
        self.as_object()?.iter().rev().find(|(key, _)| key == name).map(|(_, value)| value)
    }

    pub fn as_object(&self) -> Option<&[(String, Json)]> {
        match self {
            Json::Object(members) => Some(members),
            _ => None,
        }
    }

    pub fn as_list(&self) -> Option<&[Json]> {
        match self {
            Json::List(items) => Some(items),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::Text(text) => Some(text),
            _ => None,
        }
    }

    pub fn as_number(&self) -> Option<&Number> {
        match self {
            Json::Number(n) => Some(n),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Json::Bool(b) => Some(*b),
            _ => None,
        }
    }
}

/// Compact JSON, as `JSON.stringify` writes it.
impl fmt::Display for Json {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Json::Null => f.write_str("null"),
            Json::Bool(b) => write!(f, "{b}"),
            Json::Number(n) => write!(f, "{n}"),
            Json::Text(text) => write_text(f, text),
            Json::List(items) => {
                f.write_char('[')?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_char(',')?;
                    }
                    write!(f, "{item}")?;
                }
                f.write_char(']')
            }
            Json::Object(members) => {
                f.write_char('{')?;
                for (i, (name, value)) in members.iter().enumerate() {
                    if i > 0 {
                        f.write_char(',')?;
                    }
                    write_text(f, name)?;
                    write!(f, ":{value}")?;
                }
                f.write_char('}')
            }
        }
    }
}

fn write_text(f: &mut fmt::Formatter<'_>, text: &str) -> fmt::Result {
    f.write_char('"')?;
    for c in text.chars() {
        match c {
            '"' => f.write_str("\\\"")?,
            '\\' => f.write_str("\\\\")?,
            '\n' => f.write_str("\\n")?,
            '\r' => f.write_str("\\r")?,
            '\t' => f.write_str("\\t")?,
            c if (c as u32) < 0x20 => write!(f, "\\u{:04x}", c as u32)?,
            c => f.write_char(c)?,
        }
    }
    f.write_char('"')
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn fail(&self) -> NotJson {
        NotJson { offset: self.at }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn skip_space(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }

    /// Steps over `expected` if it comes next.
    fn eat(&mut self, expected: u8) -> bool {
        let found = self.peek() == Some(expected);
        self.at += usize::from(found);
        found
    }

    fn word(&mut self, word: &str, value: Json) -> Result<Json, NotJson> {
        if self.bytes[self.at..].starts_with(word.as_bytes()) {
            self.at += word.len();
            Ok(value)
        } else {
            Err(self.fail())
        }
    }

    fn value(&mut self, depth: usize) -> Result<Json, NotJson> {
        self.skip_space();
        match self.peek().ok_or_else(|| self.fail())? {
            b'n' => self.word("null", Json::Null),
            b't' => self.word("true", Json::Bool(true)),
            b'f' => self.word("false", Json::Bool(false)),
            b'"' => self.text().map(Json::Text),
            b'-' | b'0'..=b'9' => self.number(),
            b'[' if depth < MAX_DEPTH => self.list(depth + 1),
            b'{' if depth < MAX_DEPTH => self.object(depth + 1),
            _ => Err(self.fail()),
        }
    }

    fn list(&mut self, depth: usize) -> Result<Json, NotJson> {
        self.at += 1;
        let mut items = Vec::new();
        self.skip_space();
        if self.eat(b']') {
            return Ok(Json::List(items));
        }
        loop {
            items.push(self.value(depth)?);
            self.skip_space();
            if self.eat(b']') {
                return Ok(Json::List(items));
            }
            if !self.eat(b',') {
                return Err(self.fail());
            }
        }
    }

    fn object(&mut self, depth: usize) -> Result<Json, NotJson> {
        self.at += 1;
        let mut members = Vec::new();
        self.skip_space();
        if self.eat(b'}') {
            return Ok(Json::Object(members));
        }
        loop {
            self.skip_space();
            if self.peek() != Some(b'"') {
                return Err(self.fail());
            }
            let name = self.text()?;
            self.skip_space();
            if !self.eat(b':') {
                return Err(self.fail());
            }
            members.push((name, self.value(depth)?));
            self.skip_space();
            if self.eat(b'}') {
                return Ok(Json::Object(members));
            }
            if !self.eat(b',') {
                return Err(self.fail());
            }
        }
    }

    /// A number, kept as the decimal it is. Its grammar is [`Number`]'s: here it is the run of
    /// characters a number may hold (in valid JSON none of them can follow one), read as a whole.
    fn number(&mut self) -> Result<Json, NotJson> {
        let start = self.at;
        while matches!(self.peek(), Some(b'0'..=b'9' | b'-' | b'+' | b'.' | b'e' | b'E')) {
            self.at += 1;
        }
        // The bytes are ASCII digits and signs, so they are a `str`.
        let text = std::str::from_utf8(&self.bytes[start..self.at]).map_err(|_| self.fail())?;
        text.parse().map(Json::Number).map_err(|_| NotJson { offset: start })
    }

    fn text(&mut self) -> Result<String, NotJson> {
        self.at += 1;
        let mut text = String::new();
        loop {
            // Copy a run of plain characters at once; the input is a `str`, so runs that end at
            // a quote or backslash (both ASCII) are whole characters.
            let run = self.at;
            while matches!(self.peek(), Some(b) if b != b'"' && b != b'\\' && b >= 0x20) {
                self.at += 1;
            }
            text.push_str(std::str::from_utf8(&self.bytes[run..self.at]).map_err(|_| self.fail())?);
            match self.peek() {
                Some(b'"') => {
                    self.at += 1;
                    return Ok(text);
                }
                Some(b'\\') => {
                    self.at += 1;
                    text.push(self.escape()?);
                }
                _ => return Err(self.fail()),
            }
        }
    }

    fn escape(&mut self) -> Result<char, NotJson> {
        let c = match self.peek().ok_or_else(|| self.fail())? {
            b'"' => '"',
            b'\\' => '\\',
            b'/' => '/',
            b'b' => '\u{8}',
            b'f' => '\u{c}',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'u' => {
                self.at += 1;
                let unit = self.hex4()?;
                return match unit {
                    0xD800..=0xDBFF => {
                        // A high surrogate must be followed by the low one of its pair.
                        if !(self.eat(b'\\') && self.eat(b'u')) {
                            return Err(self.fail());
                        }
                        let low = self.hex4()?;
                        if !(0xDC00..=0xDFFF).contains(&low) {
                            return Err(self.fail());
                        }
                        let code = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00);
                        char::from_u32(code).ok_or_else(|| self.fail())
                    }
                    _ => char::from_u32(unit).ok_or_else(|| self.fail()),
                };
            }
            _ => return Err(self.fail()),
        };
        self.at += 1;
        Ok(c)
    }

    fn hex4(&mut self) -> Result<u32, NotJson> {
        let digits = self.bytes.get(self.at..self.at + 4).ok_or_else(|| self.fail())?;
        let mut unit = 0;
        for &d in digits {
            unit = unit * 16 + (d as char).to_digit(16).ok_or_else(|| self.fail())?;
        }
        self.at += 4;
        Ok(unit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Json {
        Json::parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"))
    }

    #[test]
    fn reads_every_kind_of_value() {
        assert_eq!(read("null"), Json::Null);
        assert_eq!(read(" true "), Json::Bool(true));
        assert_eq!(read("-0.5e1"), Json::Number("-5".parse().unwrap()));
        assert_eq!(read("[]"), Json::List(vec![]));
        assert_eq!(read(r#"{"a":[1,{}]}"#).get("a").and_then(Json::as_list).map(<[Json]>::len), Some(2));
        assert_eq!(read(r#""\"\\\/\b\f\n\r\t\u00e9\ud83c\udf30""#).as_str(), Some("\"\\/\u{8}\u{c}\n\r\té🌰"));
        assert_eq!(read("\"ශ්‍රී ලංකා\"").as_str(), Some("ශ්‍රී ලංකා"));
    }

    #[test]
    fn the_last_of_a_repeated_name_counts() {
        assert_eq!(read(r#"{"mode":"two","mode":"computer"}"#).get("mode").and_then(Json::as_str), Some("computer"));
    }

    #[test]
    fn refuses_what_json_parse_refuses() {
        for text in [
            "",
            " ",
            "nul",
            "True",
            "01",
            "1.",
            ".5",
            "+1",
            "1e",
            "--1",
            "0x10",
            "NaN",
            "Infinity",
            "[1,]",
            "[1 2]",
            "{\"a\" 1}",
            "{a:1}",
            "{\"a\":1,}",
            "'a'",
            "\"a",
            "\"\\x\"",
            "\"\\u12\"",
            "\"tab\there\"",
            "[] []",
            "\u{feff}{}",
        ] {
            assert!(Json::parse(text).is_err(), "{text:?} was read");
        }
    }

    #[test]
    fn refuses_what_a_rust_string_cannot_hold_or_nests_too_deep() {
        assert!(Json::parse(r#""\ud83c""#).is_err());
        assert!(Json::parse(r#""\udf30""#).is_err());
        let deep = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n));
        assert!(Json::parse(&deep(MAX_DEPTH)).is_ok());
        assert_eq!(Json::parse(&deep(MAX_DEPTH + 1)), Err(NotJson { offset: MAX_DEPTH }));
    }

    #[test]
    fn writes_what_it_reads() {
        let text = r#"{"version":1,"name":"a \"b\"\n\u0001","list":[true,null,-2,0.25],"empty":{}}"#;
        assert_eq!(read(text).to_string(), text);
    }
}
