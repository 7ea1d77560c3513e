//! Compact JSON text of any serde value, as `JSON.stringify` writes it: how the page's engine
//! hands its answers (a state, a move's trace, a link read) to JavaScript, which reads them with
//! `JSON.parse`. One pass of text in WebAssembly and one parse in JavaScript, instead of
//! serde-wasm-bindgen's call across for every field and a serializer of its own in the page's
//! engine. Numbers are whole (the engine's answers hold no others): a fraction is refused rather
//! than bring Rust's float printing into the page's engine.
//!
//! ```
//! use walak::format::json::to_text;
//! use walak::{Game, Options};
//! let mut game = Game::new(Options::default());
//! let trace = game.play(1).unwrap();
//! assert!(to_text(&trace).unwrap().starts_with(r#"[{"event":"lift","hole":0,"seeds":4},"#));
//! assert_eq!(to_text(&(Some("a\"b"), None::<u8>, -3)).unwrap(), r#"["a\"b",null,-3]"#);
//! assert!(to_text(&0.5).is_err());
//! ```

use std::fmt::{self, Write as _};

use serde::ser::{self, Serialize};

use super::write_text;

/// Writes `value` as compact JSON text.
pub fn to_text<T: Serialize + ?Sized>(value: &T) -> Result<String, Unwritable> {
    let mut text = String::new();
    value.serialize(Writer { text: &mut text })?;
    Ok(text)
}

/// What JSON cannot say, or this writer will not (a fraction, a map's key that is not text).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unwritable(String);

impl fmt::Display for Unwritable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Unwritable {}

impl ser::Error for Unwritable {
    fn custom<T: fmt::Display>(message: T) -> Unwritable {
        Unwritable(message.to_string())
    }
}

/// Writes into `text`; each compound value keeps whether it has written its first item.
struct Writer<'a> {
    text: &'a mut String,
}

impl<'a> Writer<'a> {
    fn raw(self, part: &str) -> Result<(), Unwritable> {
        self.text.push_str(part);
        Ok(())
    }

    fn number(self, n: impl fmt::Display) -> Result<(), Unwritable> {
        // Writing into a String cannot fail.
        let _ = write!(self.text, "{n}");
        Ok(())
    }

    fn string(self, s: &str) -> Result<(), Unwritable> {
        let _ = write!(self.text, "{}", Quoted(s));
        Ok(())
    }

    fn open(self, bracket: char, close: char) -> Compound<'a> {
        self.text.push(bracket);
        Compound { text: self.text, first: true, close }
    }

    /// An enum's variant with data: `{"variant":` and its inner array or object opened.
    fn open_variant(self, variant: &str, bracket: char, close: char) -> Variant<'a> {
        let _ = write!(self.text, "{{{}:", Quoted(variant));
        Variant(self.open(bracket, close))
    }
}

/// A string as JSON writes it, quoted and escaped.
struct Quoted<'a>(&'a str);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_text(f, self.0)
    }
}

/// An array or object being written.
pub struct Compound<'a> {
    text: &'a mut String,
    first: bool,
    close: char,
}

impl Compound<'_> {
    fn comma(&mut self) {
        if !self.first {
            self.text.push(',');
        }
        self.first = false;
    }

    fn item<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unwritable> {
        self.comma();
        value.serialize(Writer { text: self.text })
    }

    fn field<T: Serialize + ?Sized>(&mut self, name: &str, value: &T) -> Result<(), Unwritable> {
        self.comma();
        let _ = write!(self.text, "{}:", Quoted(name));
        value.serialize(Writer { text: self.text })
    }

    fn close(self) -> Result<(), Unwritable> {
        self.text.push(self.close);
        Ok(())
    }
}

/// An enum's variant with data, `{"name": …}`: its inner array or object, then the outer brace.
pub struct Variant<'a>(Compound<'a>);

/// Whole numbers of every width are written as their digits.
macro_rules! whole_numbers {
    ($($method:ident: $type:ty),*) => {$(
        fn $method(self, v: $type) -> Result<(), Unwritable> {
            self.number(v)
        }
    )*};
}

impl<'a> ser::Serializer for Writer<'a> {
    type Ok = ();
    type Error = Unwritable;
    type SerializeSeq = Compound<'a>;
    type SerializeTuple = Compound<'a>;
    type SerializeTupleStruct = Compound<'a>;
    type SerializeTupleVariant = Variant<'a>;
    type SerializeMap = Compound<'a>;
    type SerializeStruct = Compound<'a>;
    type SerializeStructVariant = Variant<'a>;

    fn serialize_bool(self, v: bool) -> Result<(), Unwritable> {
        self.raw(if v { "true" } else { "false" })
    }
    whole_numbers!(serialize_i8: i8, serialize_i16: i16, serialize_i32: i32, serialize_i64: i64, serialize_u8: u8,
        serialize_u16: u16, serialize_u32: u32, serialize_u64: u64);
    fn serialize_f32(self, v: f32) -> Result<(), Unwritable> {
        self.serialize_f64(v.into())
    }
    /// A whole number is written as one; anything else is refused (the engine's answers hold none).
    fn serialize_f64(self, v: f64) -> Result<(), Unwritable> {
        if v.fract() == 0.0 && v.abs() < 9007199254740992.0 {
            self.number(v as i64)
        } else {
            Err(Unwritable("a number that is not whole".into()))
        }
    }
    fn serialize_char(self, v: char) -> Result<(), Unwritable> {
        self.string(v.encode_utf8(&mut [0; 4]))
    }
    fn serialize_str(self, v: &str) -> Result<(), Unwritable> {
        self.string(v)
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<(), Unwritable> {
        let mut list = self.open('[', ']');
        for byte in v {
            list.item(byte)?;
        }
        list.close()
    }
    fn serialize_none(self) -> Result<(), Unwritable> {
        self.raw("null")
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Unwritable> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), Unwritable> {
        self.raw("null")
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Unwritable> {
        self.raw("null")
    }
    fn serialize_unit_variant(self, _name: &'static str, _index: u32, variant: &'static str) -> Result<(), Unwritable> {
        self.string(variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _name: &'static str, value: &T) -> Result<(), Unwritable> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), Unwritable> {
        let mut outer = self.open('{', '}');
        outer.field(variant, value)?;
        outer.close()
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Compound<'a>, Unwritable> {
        Ok(self.open('[', ']'))
    }
    fn serialize_tuple(self, _len: usize) -> Result<Compound<'a>, Unwritable> {
        Ok(self.open('[', ']'))
    }
    fn serialize_tuple_struct(self, _name: &'static str, _len: usize) -> Result<Compound<'a>, Unwritable> {
        Ok(self.open('[', ']'))
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Variant<'a>, Unwritable> {
        Ok(self.open_variant(variant, '[', ']'))
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Compound<'a>, Unwritable> {
        Ok(self.open('{', '}'))
    }
    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Compound<'a>, Unwritable> {
        Ok(self.open('{', '}'))
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Variant<'a>, Unwritable> {
        Ok(self.open_variant(variant, '{', '}'))
    }
}

/// A sequence, a tuple and a tuple struct are all written as arrays.
macro_rules! array_items {
    ($($kind:ident::$item:ident),*) => {$(
        impl ser::$kind for Compound<'_> {
            type Ok = ();
            type Error = Unwritable;
            fn $item<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unwritable> {
                self.item(value)
            }
            fn end(self) -> Result<(), Unwritable> {
                self.close()
            }
        }
    )*};
}

array_items!(SerializeSeq::serialize_element, SerializeTuple::serialize_element, SerializeTupleStruct::serialize_field);

/// A map's keys are text (the engine's maps are keyed by names and hole numbers written as text).
impl ser::SerializeMap for Compound<'_> {
    type Ok = ();
    type Error = Unwritable;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Unwritable> {
        self.comma();
        let mut written = String::new();
        key.serialize(Writer { text: &mut written })?;
        if !written.starts_with('"') {
            return Err(Unwritable(format!("a map's key must be text, not {written}")));
        }
        self.text.push_str(&written);
        self.text.push(':');
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unwritable> {
        value.serialize(Writer { text: self.text })
    }
    fn end(self) -> Result<(), Unwritable> {
        self.close()
    }
}

impl ser::SerializeStruct for Compound<'_> {
    type Ok = ();
    type Error = Unwritable;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, name: &'static str, value: &T) -> Result<(), Unwritable> {
        self.field(name, value)
    }
    fn end(self) -> Result<(), Unwritable> {
        self.close()
    }
}

impl Variant<'_> {
    /// The inner array or object closed, then the outer brace.
    fn finish(self) -> Result<(), Unwritable> {
        self.0.text.push(self.0.close);
        self.0.text.push('}');
        Ok(())
    }
}

impl ser::SerializeTupleVariant for Variant<'_> {
    type Ok = ();
    type Error = Unwritable;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unwritable> {
        self.0.item(value)
    }
    fn end(self) -> Result<(), Unwritable> {
        self.finish()
    }
}

impl ser::SerializeStructVariant for Variant<'_> {
    type Ok = ();
    type Error = Unwritable;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, name: &'static str, value: &T) -> Result<(), Unwritable> {
        self.0.field(name, value)
    }
    fn end(self) -> Result<(), Unwritable> {
        self.finish()
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::{Game, Options};

    #[test]
    fn the_engines_answers_read_back_as_serde_json_writes_them() {
        let mut game = Game::new(Options::default());
        for hole in [1, 5, 3] {
            let trace = game.play(hole).unwrap();
            assert_eq!(to_text(&trace).unwrap(), serde_json::to_string(&trace).unwrap());
        }
        let view = game.view();
        assert_eq!(to_text(&view).unwrap(), serde_json::to_string(&view).unwrap());
        let values: BTreeMap<String, i32> = [("3".to_string(), -2), ("7+".to_string(), 4)].into();
        assert_eq!(to_text(&values).unwrap(), r#"{"3":-2,"7+":4}"#);
    }

    #[test]
    fn variants_with_data_are_written_as_serde_json_writes_them() {
        #[derive(serde::Serialize)]
        enum Shape {
            Plain,
            One(u8),
            Pair(u8, &'static str),
            Named { hole: u8, seeds: Vec<u8> },
        }
        let shapes = [Shape::Plain, Shape::One(3), Shape::Pair(4, "lap"), Shape::Named { hole: 7, seeds: vec![1, 2] }];
        assert_eq!(to_text(&shapes).unwrap(), serde_json::to_string(&shapes).unwrap());
    }

    #[test]
    fn text_is_escaped_and_fractions_refused() {
        assert_eq!(to_text("tab\there \u{1} \"quoted\" \\").unwrap(), r#""tab\there \u0001 \"quoted\" \\""#);
        assert_eq!(to_text(&4.0).unwrap(), "4");
        assert!(to_text(&f64::NAN).is_err());
        let keyed: BTreeMap<u8, u8> = [(1, 2)].into();
        assert!(to_text(&keyed).is_err());
    }
}
