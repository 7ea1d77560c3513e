//! A flood of rooms from one client address while the others play: connections that open rooms
//! as fast as the server lets a connection send (20 frames a second, 20 rooms a connection, then
//! another connection), from before the players' rooms open until their games end. The server
//! should refuse that address alone (`too_many_open`, `flood`), never the players.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::stream::SplitStream;
use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tokio_tungstenite::tungstenite::Message;

use super::player::{connect, create_frame};
use super::run::Run;
use super::tally::add;

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// One frame every 50 ms: the server's rate for a connection (20 a second), so that none is
/// refused for the connection's pace and every refusal is the address's.
const PACE: Duration = Duration::from_millis(50);
/// Rooms a connection may open (the server's limit): the next connection takes over.
const CREATES_PER_CONNECTION: u64 = 20;
/// How long the last creates of a connection have to be answered before it is closed.
const ANSWERS_WITHIN: Duration = Duration::from_secs(2);
/// The flooder's client number: one address for all its connections, apart from the players'
/// and the bad clients'.
const FLOODER: u64 = (1 << 23) | 0xFFFF;

/// Opens rooms on one connection after another until the players are done (`run.over`).
pub async fn flooder(run: Arc<Run>, id: usize) {
    let mut url = id;
    let flood = &run.tally.flood;
    while !run.over.load(Ordering::Relaxed) && Instant::now() < run.deadline {
        let Some((socket, _open)) = connect(&run, &mut url, FLOODER).await else { return };
        add(&flood.connections, 1);
        let (mut sink, stream) = socket.split();
        let answered = Arc::new(AtomicU64::new(0));
        let reader = tokio::spawn(count_answers(run.clone(), stream, answered.clone()));
        let mut pace = tokio::time::interval(PACE);
        let mut sent = 0;
        while sent < CREATES_PER_CONNECTION && !run.over.load(Ordering::Relaxed) && !reader.is_finished() {
            pace.tick().await;
            if sink.send(Message::Text(create_frame().to_string().into())).await.is_err() {
                break;
            }
            sent += 1;
            add(&flood.creates, 1);
        }
        let until = Instant::now() + ANSWERS_WITHIN;
        while answered.load(Ordering::Relaxed) < sent && !reader.is_finished() && Instant::now() < until {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        if reader.is_finished() {
            add(&flood.closed_by_server, 1);
        }
        let _ = sink.close().await;
        reader.abort();
    }
}

/// Counts the answers to the creates: rooms opened, and refusals by reason.
async fn count_answers(run: Arc<Run>, mut stream: SplitStream<Socket>, answered: Arc<AtomicU64>) {
    let flood = &run.tally.flood;
    while let Some(Ok(message)) = stream.next().await {
        let Message::Text(text) = message else { continue };
        let Ok(frame) = serde_json::from_str::<Value>(text.as_str()) else { continue };
        match frame["type"].as_str() {
            Some("joined") => add(&flood.opened, 1),
            Some("refused") => flood.refusal(frame["reason"].as_str().unwrap_or("?")),
            _ => continue,
        }
        answered.fetch_add(1, Ordering::Relaxed);
    }
}
