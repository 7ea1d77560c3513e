//! How a command prints what it found: one line of JSON on stdout.

use serde::Serialize;

pub fn to_json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("game values always serialize")
}
