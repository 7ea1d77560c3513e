//! What a browser and the live-play server say to each other: small JSON frames. What a browser
//! sends is read strictly: anything oversize, malformed or unknown is an error that says what is
//! wrong, for that client alone. What the server sends is written here too.
//!
//! ```json
//! {"type": "create", "options": {"rounds": false, "first": "south"}, "side": "south"}
//! {"type": "join", "room": "K7Q2M5XAK7Q2M5XA", "token": "…"}
//! {"type": "move", "ply": 4, "hole": 3}
//! {"type": "move", "ply": 0, "move": "4+"}
//! {"type": "resign"}
//! {"type": "rematch"}
//! {"type": "ping"}
//! ```
//!
//! `ply` is how many moves the sender had seen: a move sent twice, or crossed with the other
//! player's, is then refused rather than played on a position nobody chose it for. A room of
//! Parker's games has `"rules"` among its options (`parker-walak` or `parker-kotu`), and its
//! moves may be sent as `"move"` in their notation (`"4+"`, `"3"`, `"-"`) instead of `"hole"`.
//!
//! ```
//! use walak::live::message::{ClientMessage, MessageError};
//! let message = ClientMessage::parse(r#"{"type":"move","ply":4,"hole":3}"#).unwrap();
//! assert_eq!(message, ClientMessage::Move { ply: 4, hole: 3 });
//! assert_eq!(ClientMessage::parse(r#"{"type":"dance"}"#), Err(MessageError::UnknownType("dance".into())));
//! ```

use std::fmt;

use crate::format::json::Json;
use crate::rules::game::Options;
use crate::rules::record::parse_move;
use crate::rules::ruleset::{hole_number, move_direction, move_text, RuleSet};
use crate::rules::side::Side;

/// The longest frame read, in bytes: every message fits in a few hundred.
pub const MAX_FRAME: usize = 4096;

/// A room's code: 16 characters of base32 (`A`–`Z`, `2`–`7`), as the server makes them; any
/// other length is a malformed field, not a room that is gone.
pub const ROOM_CODE_LEN: std::ops::RangeInclusive<usize> = 16..=16;

/// A seat's token: 22 to 64 characters of base64url (at least 128 bits).
pub const TOKEN_LEN: std::ops::RangeInclusive<usize> = 22..=64;

/// A message from a browser.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClientMessage {
    /// Opens a room with `options`, the sender sitting at `side`.
    Create {
        options: Options,
        side: Side,
    },
    /// Enters room `room`: with a seat's `token`, takes that seat back; without, a free seat or a
    /// place among the spectators.
    Join {
        room: String,
        token: Option<String>,
    },
    /// Plays hole `hole` (1–7, from the mover's left) after `ply` moves.
    Move {
        ply: usize,
        hole: u8,
    },
    Resign,
    /// Asks for another game once this one is over, the sides swapped.
    Rematch,
    /// Asks for a `pong`: a page cannot see the protocol's pings, and hears by this that its
    /// socket still carries frames.
    Ping,
}

/// Why a frame could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MessageError {
    /// Longer than [`MAX_FRAME`] bytes.
    TooLong(usize),
    NotJson,
    /// JSON, but not an object with a string `type`.
    NoType,
    UnknownType(String),
    /// A field missing or of the wrong shape.
    BadField(&'static str),
}

impl fmt::Display for MessageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MessageError::TooLong(len) => write!(f, "the message is {len} bytes long; at most {MAX_FRAME} are read"),
            MessageError::NotJson => write!(f, "the message is not JSON"),
            MessageError::NoType => write!(f, "the message has no type"),
            MessageError::UnknownType(kind) => write!(f, "the message type \"{kind}\" is not known"),
            MessageError::BadField(field) => write!(f, "the message's \"{field}\" is missing or malformed"),
        }
    }
}

impl std::error::Error for MessageError {}

impl MessageError {
    /// The error's name in messages: `too_long`, `not_json`, `no_type`, `unknown_type`, `bad_field`.
    pub fn kind(&self) -> &'static str {
        match self {
            MessageError::TooLong(_) => "too_long",
            MessageError::NotJson => "not_json",
            MessageError::NoType => "no_type",
            MessageError::UnknownType(_) => "unknown_type",
            MessageError::BadField(_) => "bad_field",
        }
    }
}

/// A message from the server to a browser.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ServerMessage {
    /// The sender is in room `room`: their seat (`None`: a spectator), the token that holds it,
    /// and the game so far: the room's game `number` (one more at each rematch), its moves and
    /// who resigned it. Sent again to everyone when a rematch begins.
    Joined {
        room: String,
        seat: Option<Side>,
        token: Option<String>,
        options: Options,
        number: u32,
        moves: String,
        resigned: Option<Side>,
    },
    /// A move was played: now the game has `moves` moves.
    Moved { moves: usize, side: Side, hole: u8 },
    /// A side resigned.
    Resigned { side: Side },
    /// `side` asks for a rematch.
    Rematch { side: Side },
    /// Both players asked: game `number` begins, the sides swapped (each player is sent
    /// `joined` again with their new seat).
    Rematched { number: u32 },
    /// Which seats have someone connected.
    Presence { south: bool, north: bool },
    /// The sender's action was refused (`reason` the kind, `message` in words); nothing changed.
    Refused { reason: &'static str, message: String },
    /// The answer to a `ping`.
    Pong,
    /// The server cannot reach where its games are kept just now: nothing is lost, and each
    /// connection in a room is sent `joined` again once it can.
    Unavailable,
}

impl ServerMessage {
    /// The frame to send: compact JSON.
    ///
    /// ```
    /// use walak::live::message::ServerMessage;
    /// use walak::Side;
    /// let moved = ServerMessage::Moved { moves: 5, side: Side::North, hole: 3 };
    /// assert_eq!(moved.to_json(), r#"{"type":"moved","moves":5,"side":"north","hole":3}"#);
    /// ```
    pub fn to_json(&self) -> String {
        let text = |s: &str| Json::Text(s.to_string());
        let number = |n: u64| Json::Number(n.into());
        let side = |side: Side| text(side.name());
        let (kind, mut fields) = match self {
            ServerMessage::Joined { room, seat, token, options, number: game, moves, resigned } => (
                "joined",
                vec![
                    ("room", text(room)),
                    ("seat", seat.map_or_else(|| text("spectator"), side)),
                    ("token", token.as_deref().map_or(Json::Null, text)),
                    ("options", options_json(options)),
                    ("number", number(u64::from(*game))),
                    ("moves", text(moves)),
                    ("resigned", resigned.map_or(Json::Null, side)),
                ],
            ),
            ServerMessage::Moved { moves, side: mover, hole } => {
                let mut fields = vec![
                    ("moves", number(*moves as u64)),
                    ("side", side(*mover)),
                    ("hole", number(hole_number(*hole) as u64)),
                ];
                // Parker's moves that choose a direction say so in their notation.
                if move_direction(*hole).is_some() {
                    fields.push(("move", text(&move_text(*hole))));
                }
                ("moved", fields)
            }
            ServerMessage::Resigned { side: resigned } => ("resigned", vec![("side", side(*resigned))]),
            ServerMessage::Rematch { side: asker } => ("rematch", vec![("side", side(*asker))]),
            ServerMessage::Rematched { number: game } => ("rematched", vec![("number", number(u64::from(*game)))]),
            ServerMessage::Presence { south, north } => {
                ("presence", vec![("south", Json::Bool(*south)), ("north", Json::Bool(*north))])
            }
            ServerMessage::Refused { reason, message } => {
                ("refused", vec![("reason", text(reason)), ("message", text(message))])
            }
            ServerMessage::Pong => ("pong", vec![]),
            ServerMessage::Unavailable => ("unavailable", vec![]),
        };
        fields.insert(0, ("type", text(kind)));
        Json::Object(fields.into_iter().map(|(name, value)| (name.to_string(), value)).collect()).to_string()
    }
}

impl ClientMessage {
    /// Reads one frame.
    pub fn parse(frame: &str) -> Result<ClientMessage, MessageError> {
        if frame.len() > MAX_FRAME {
            return Err(MessageError::TooLong(frame.len()));
        }
        let value = Json::parse(frame).map_err(|_| MessageError::NotJson)?;
        let kind = value.get("type").and_then(Json::as_str).ok_or(MessageError::NoType)?;
        match kind {
            "create" => {
                let options = value.get("options").ok_or(MessageError::BadField("options"))?;
                let rounds = options.get("rounds").and_then(Json::as_bool).ok_or(MessageError::BadField("options"))?;
                let first = side(options.get("first")).ok_or(MessageError::BadField("options"))?;
                let rules = match options.get("rules") {
                    None => RuleSet::MancalaWorld,
                    Some(name) => name.as_str().and_then(RuleSet::named).ok_or(MessageError::BadField("options"))?,
                };
                let side = side(value.get("side")).ok_or(MessageError::BadField("side"))?;
                Ok(ClientMessage::Create { options: Options { rounds, first, rules }, side })
            }
            "join" => {
                let room = text(value.get("room"), ROOM_CODE_LEN, is_base32).ok_or(MessageError::BadField("room"))?;
                let token = match value.get("token") {
                    None | Some(Json::Null) => None,
                    Some(token) => {
                        Some(text(Some(token), TOKEN_LEN, is_base64url).ok_or(MessageError::BadField("token"))?)
                    }
                };
                Ok(ClientMessage::Join { room, token })
            }
            "move" => {
                let whole = |name| value.get(name).and_then(Json::as_number).and_then(|n| n.as_whole());
                let ply = whole("ply").filter(|&n| n <= u32::MAX as u64).ok_or(MessageError::BadField("ply"))?;
                // Any small number is read: whether it is a hole is the rules' to say.
                let hole = match value.get("move") {
                    Some(text) => text.as_str().and_then(parse_move).ok_or(MessageError::BadField("move"))?,
                    None => whole("hole").filter(|&n| n <= 255).ok_or(MessageError::BadField("hole"))? as u8,
                };
                Ok(ClientMessage::Move { ply: ply as usize, hole })
            }
            "resign" => Ok(ClientMessage::Resign),
            "rematch" => Ok(ClientMessage::Rematch),
            "ping" => Ok(ClientMessage::Ping),
            other => Err(MessageError::UnknownType(truncated(other))),
        }
    }
}

/// A room's options as frames write them: `rules` only for Parker's games.
pub fn options_json(options: &Options) -> Json {
    let mut fields = vec![
        ("rounds".to_string(), Json::Bool(options.rounds)),
        ("first".to_string(), Json::Text(options.first.name().to_string())),
    ];
    if options.rules.is_parker() {
        fields.push(("rules".to_string(), Json::Text(options.rules.name().to_string())));
    }
    Json::Object(fields)
}

fn side(value: Option<&Json>) -> Option<Side> {
    Side::named(value?.as_str()?)
}

/// A string of a length in `len` whose every byte passes `allowed`.
fn text(value: Option<&Json>, len: std::ops::RangeInclusive<usize>, allowed: fn(u8) -> bool) -> Option<String> {
    let text = value?.as_str()?;
    (len.contains(&text.len()) && text.bytes().all(allowed)).then(|| text.to_string())
}

fn is_base32(b: u8) -> bool {
    b.is_ascii_uppercase() || (b'2'..=b'7').contains(&b)
}

fn is_base64url(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'-' || b == b'_'
}

/// An unknown type as the error repeats it: short, so that an error never echoes a flood.
fn truncated(text: &str) -> String {
    text.chars().take(32).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_message_is_read() {
        let create = r#"{"type":"create","options":{"rounds":true,"first":"north"},"side":"north"}"#;
        assert_eq!(
            ClientMessage::parse(create),
            Ok(ClientMessage::Create {
                options: Options { rounds: true, first: Side::North, ..Options::default() },
                side: Side::North
            })
        );
        let token = "A".repeat(22);
        let join = format!(r#"{{"type":"join","room":"K7Q2M5XAK7Q2M5XA","token":"{token}"}}"#);
        assert_eq!(
            ClientMessage::parse(&join),
            Ok(ClientMessage::Join { room: "K7Q2M5XAK7Q2M5XA".into(), token: Some(token) })
        );
        assert_eq!(
            ClientMessage::parse(r#"{"type":"join","room":"K7Q2M5XAK7Q2M5XA"}"#),
            Ok(ClientMessage::Join { room: "K7Q2M5XAK7Q2M5XA".into(), token: None })
        );
        assert_eq!(ClientMessage::parse(r#"{"type":"resign"}"#), Ok(ClientMessage::Resign));
        assert_eq!(ClientMessage::parse(r#"{"type":"ping"}"#), Ok(ClientMessage::Ping));
    }

    #[test]
    fn bad_frames_say_what_is_wrong() {
        let parse = ClientMessage::parse;
        assert_eq!(parse(&"x".repeat(MAX_FRAME + 1)), Err(MessageError::TooLong(MAX_FRAME + 1)));
        assert_eq!(parse("{"), Err(MessageError::NotJson));
        assert_eq!(parse("[1]"), Err(MessageError::NoType));
        assert_eq!(parse(r#"{"type":3}"#), Err(MessageError::NoType));
        assert_eq!(
            parse(&format!(r#"{{"type":"{}"}}"#, "z".repeat(100))),
            Err(MessageError::UnknownType("z".repeat(32)))
        );
        assert_eq!(parse(r#"{"type":"join","room":"k7q2m9xa"}"#), Err(MessageError::BadField("room")));
        assert_eq!(parse(r#"{"type":"join","room":"K7Q2"}"#), Err(MessageError::BadField("room")));
        assert_eq!(parse(r#"{"type":"join","room":"K7Q2M5XAK7Q2M5XAK"}"#), Err(MessageError::BadField("room")));
        assert_eq!(
            parse(r#"{"type":"join","room":"K7Q2M5XAK7Q2M5XA","token":"short"}"#),
            Err(MessageError::BadField("token"))
        );
        assert_eq!(parse(r#"{"type":"move","ply":-1,"hole":3}"#), Err(MessageError::BadField("ply")));
        assert_eq!(parse(r#"{"type":"move","ply":1.5,"hole":3}"#), Err(MessageError::BadField("ply")));
        assert_eq!(parse(r#"{"type":"move","ply":1,"hole":1000}"#), Err(MessageError::BadField("hole")));
        assert_eq!(
            parse(r#"{"type":"create","options":{"rounds":0,"first":"south"},"side":"south"}"#),
            Err(MessageError::BadField("options"))
        );
        assert_eq!(
            parse(r#"{"type":"create","options":{"rounds":false,"first":"south"},"side":"west"}"#),
            Err(MessageError::BadField("side"))
        );
        assert_eq!(MessageError::BadField("hole").to_string(), "the message's \"hole\" is missing or malformed");
    }

    #[test]
    fn the_servers_messages_are_json_a_browser_reads() {
        let joined = ServerMessage::Joined {
            room: "K7Q2M5XAK7Q2M5XA".into(),
            seat: None,
            token: None,
            options: Options::default(),
            number: 1,
            moves: "35".into(),
            resigned: None,
        };
        assert_eq!(
            joined.to_json(),
            r#"{"type":"joined","room":"K7Q2M5XAK7Q2M5XA","seat":"spectator","token":null,"options":{"rounds":false,"first":"south"},"number":1,"moves":"35","resigned":null}"#
        );
        assert_eq!(ServerMessage::Rematched { number: 2 }.to_json(), r#"{"type":"rematched","number":2}"#);
        let refused = ServerMessage::Refused { reason: "not_your_turn", message: "it is \"not\" your turn".into() };
        let value = Json::parse(&refused.to_json()).unwrap();
        assert_eq!(value.get("message").and_then(Json::as_str), Some("it is \"not\" your turn"));
        assert_eq!(
            ServerMessage::Presence { south: true, north: false }.to_json(),
            r#"{"type":"presence","south":true,"north":false}"#
        );
        assert_eq!(ServerMessage::Resigned { side: Side::South }.to_json(), r#"{"type":"resigned","side":"south"}"#);
        assert_eq!(ServerMessage::Pong.to_json(), r#"{"type":"pong"}"#);
        assert_eq!(ServerMessage::Unavailable.to_json(), r#"{"type":"unavailable"}"#);
    }

    #[test]
    fn a_room_of_parkers_games_carries_its_rules_and_moves_in_their_notation() {
        use crate::rules::ruleset::{signed, Direction, RuleSet};
        let create =
            r#"{"type":"create","options":{"rounds":true,"first":"south","rules":"parker-kotu"},"side":"north"}"#;
        let options = Options { rounds: true, first: Side::South, rules: RuleSet::ParkerKotu };
        assert_eq!(ClientMessage::parse(create), Ok(ClientMessage::Create { options, side: Side::North }));
        let unknown = r#"{"type":"create","options":{"rounds":true,"first":"south","rules":"oware"},"side":"north"}"#;
        assert_eq!(ClientMessage::parse(unknown), Err(MessageError::BadField("options")));
        let first = signed(4, Direction::Counterclockwise);
        assert_eq!(
            ClientMessage::parse(r#"{"type":"move","ply":0,"move":"4+"}"#),
            Ok(ClientMessage::Move { ply: 0, hole: first })
        );
        assert_eq!(ClientMessage::parse(r#"{"type":"move","ply":0,"move":"44"}"#), Err(MessageError::BadField("move")));
        assert_eq!(
            ServerMessage::Moved { moves: 1, side: Side::South, hole: first }.to_json(),
            r#"{"type":"moved","moves":1,"side":"south","hole":4,"move":"4+"}"#
        );
        let joined = ServerMessage::Joined {
            room: "K7Q2M5XAK7Q2M5XA".into(),
            seat: Some(Side::South),
            token: None,
            options,
            number: 1,
            moves: "1- 7".into(),
            resigned: None,
        };
        assert!(joined.to_json().contains(r#""options":{"rounds":true,"first":"south","rules":"parker-kotu"}"#));
    }

    #[test]
    fn a_hole_out_of_range_is_the_rules_to_refuse() {
        assert_eq!(
            ClientMessage::parse(r#"{"type":"move","ply":0,"hole":9}"#),
            Ok(ClientMessage::Move { ply: 0, hole: 9 })
        );
    }
}
