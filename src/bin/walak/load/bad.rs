//! Bad input while the games run: connections that send what no page sends (frames that are not
//! JSON, unknown types, malformed fields, binary frames, oversize frames, floods, a spectator's
//! moves into the running rooms) and count what comes back. The server should answer each for
//! that connection alone, or close that connection alone, and the games go on untouched.

use std::sync::Arc;
use std::time::Duration;

use futures_util::stream::SplitStream;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;
use walak::playout::Rng;

use super::player::{connect, RoomPlay};
use super::run::Run;
use super::tally::add;

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// 15 frames a second: within the server's rate (20 a second), so that each is answered.
const PACE: Duration = Duration::from_millis(67);
/// The most frames sent at once in a flood, which goes on until the server closes the
/// connection: beyond the burst (40) and the refusals tolerated (100).
const FLOOD: u64 = 400;
/// How long the server has to close a connection that sent an oversize frame or a flood.
const CLOSE_WITHIN: Duration = Duration::from_secs(5);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    NotJson,
    UnknownType,
    BadField,
    Binary,
    /// A spectator's move, resign or rematch in a running room.
    Spectator,
    NoSuchRoom,
    /// Over 4096 bytes: the server closes the connection.
    Oversize,
    /// More frames at once than the rate allows: refused, then the connection closed.
    Flood,
}

impl Kind {
    /// One kind at random, in the proportions of a hostile client's mixture (per thousand).
    fn draw(rng: &mut Rng) -> Kind {
        let weights = [
            (Kind::NotJson, 150),
            (Kind::UnknownType, 150),
            (Kind::BadField, 200),
            (Kind::Binary, 100),
            (Kind::Spectator, 250),
            (Kind::NoSuchRoom, 125),
            (Kind::Oversize, 20),
            (Kind::Flood, 5),
        ];
        let mut pick = rng.below(1000);
        for (kind, weight) in weights {
            if pick < weight {
                return kind;
            }
            pick -= weight;
        }
        Kind::NotJson
    }

    fn name(self) -> &'static str {
        match self {
            Kind::NotJson => "not_json",
            Kind::UnknownType => "unknown_type",
            Kind::BadField => "bad_field",
            Kind::Binary => "binary",
            Kind::Spectator => "spectator",
            Kind::NoSuchRoom => "no_such_room",
            Kind::Oversize => "oversize",
            Kind::Flood => "flood",
        }
    }

    /// Whether the server closes the connection for it.
    fn closes(self) -> bool {
        matches!(self, Kind::Oversize | Kind::Flood)
    }
}

/// Sends `quota` bad frames, opening a new connection whenever the server closes one.
pub async fn bad_client(run: Arc<Run>, id: usize, mut quota: u64, rooms: Arc<Vec<Arc<RoomPlay>>>) {
    let mut rng = Rng::new(run.seed ^ 0xBAD0_0000 ^ id as u64);
    let mut url = id;
    while quota > 0 && std::time::Instant::now() < run.deadline {
        // Bad clients from addresses apart from the players' (the top half of the numbers).
        let Some((socket, _open)) = connect(&run, &mut url, (1 << 23) | id as u64).await else { return };
        add(&run.tally.bad.connections, 1);
        let (mut sink, stream) = socket.split();
        let reader = tokio::spawn(count_answers(run.clone(), stream));
        // Watching a running game, so that a spectator's moves go into a real room.
        let watch = watch_frame(&rooms, &mut rng);
        let mut closing = None;
        if sink.send(Message::Text(watch.to_string().into())).await.is_ok() {
            while quota > 0 && !reader.is_finished() && std::time::Instant::now() < run.deadline {
                tokio::time::sleep(PACE).await;
                let kind = Kind::draw(&mut rng);
                let mut sent = 0;
                for frame in frames(kind, &mut rng) {
                    // A flood goes on until the server closes the connection.
                    if (sent % 10 == 0 && reader.is_finished()) || sink.send(frame).await.is_err() {
                        break;
                    }
                    sent += 1;
                }
                quota -= sent.min(quota);
                run.tally.bad.sent(kind.name(), sent);
                if kind == Kind::NoSuchRoom {
                    // The failed join left the room: watch one again.
                    let _ = sink.send(Message::Text(watch_frame(&rooms, &mut rng).to_string().into())).await;
                }
                if kind.closes() {
                    closing = Some(kind);
                    break;
                }
            }
        }
        let bad = &run.tally.bad;
        match closing {
            Some(_) => match tokio::time::timeout(CLOSE_WITHIN, reader).await {
                Ok(_) => add(&bad.closed, 1),
                Err(_) => add(&bad.not_closed, 1),
            },
            None if reader.is_finished() => add(&bad.unexpected_closes, 1),
            None => {
                let _ = sink.close().await;
                let _ = tokio::time::timeout(CLOSE_WITHIN, reader).await;
            }
        }
    }
}

/// Counts the server's refusals until it closes the connection.
async fn count_answers(run: Arc<Run>, mut stream: SplitStream<Socket>) {
    while let Some(Ok(message)) = stream.next().await {
        match message {
            Message::Text(text) => {
                let Ok(frame) = serde_json::from_str::<Value>(text.as_str()) else { continue };
                if frame["type"] == "refused" {
                    run.tally.bad.answer(frame["reason"].as_str().unwrap_or("?"));
                }
            }
            Message::Close(_) => break,
            _ => {}
        }
    }
}

/// `join` of a random running room without a token: a spectator's place.
fn watch_frame(rooms: &[Arc<RoomPlay>], rng: &mut Rng) -> Value {
    let code = rooms[rng.below(rooms.len())].code();
    json!({"type":"join","room":code.unwrap_or_else(|| "A".repeat(16)),"token":null})
}

/// The frames of one bad sending of `kind`.
fn frames(kind: Kind, rng: &mut Rng) -> Vec<Message> {
    let text = |s: String| Message::Text(s.into());
    let one_of = |rng: &mut Rng, choices: &[&str]| choices[rng.below(choices.len())].to_string();
    match kind {
        Kind::NotJson => vec![text(one_of(rng, &["{", "walak", r#"{"type":"move""#, "\u{1}\u{7f}", "[1,2", "}{"]))],
        Kind::UnknownType => vec![text(one_of(
            rng,
            &[
                r#"{"type":"dance"}"#,
                r#"{"type":"MOVE","ply":0,"hole":3}"#,
                r#"{"type":""}"#,
                r#"{"type":"chat","text":"hi"}"#,
            ],
        ))],
        Kind::BadField => vec![text(one_of(
            rng,
            &[
                r#"{"type":"move","ply":-1,"hole":3}"#,
                r#"{"type":"move","ply":0,"hole":1000}"#,
                r#"{"type":"move","ply":"3","hole":3}"#,
                r#"{"type":"move","ply":1.5}"#,
                r#"{"type":"join","room":"lowercase"}"#,
                r#"{"type":"join","room":"AAAAAAAAAAAAAAAA","token":"short"}"#,
                r#"{"type":"create","options":{"rounds":false,"first":"south"},"side":"west"}"#,
                r#"{"type":"create","options":{"rounds":0,"first":"south"},"side":"south"}"#,
            ],
        ))],
        Kind::Binary => {
            vec![Message::Binary((0..1 + rng.below(64)).map(|_| rng.below(256) as u8).collect::<Vec<u8>>().into())]
        }
        Kind::Spectator => vec![text(match rng.below(4) {
            0 => r#"{"type":"resign"}"#.to_string(),
            1 => r#"{"type":"rematch"}"#.to_string(),
            _ => json!({"type":"move","ply":rng.below(40),"hole":1 + rng.below(7)}).to_string(),
        })],
        Kind::NoSuchRoom => {
            let code: String = (0..16).map(|_| b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"[rng.below(32)] as char).collect();
            vec![text(json!({"type":"join","room":code,"token":null}).to_string())]
        }
        Kind::Oversize => vec![text(format!(r#"{{"type":"resign","pad":"{}"}}"#, "x".repeat(5000 + rng.below(5000))))],
        Kind::Flood => (0..FLOOD).map(|_| text(r#"{"type":"move","ply":0,"hole":3}"#.to_string())).collect(),
    }
}
