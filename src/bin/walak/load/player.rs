//! One player of a load run: a WebSocket client that takes a seat and plays random legal moves
//! to the end of the game, as a page would. When its connection drops it opens another (to the
//! next server in the list), takes its seat back with its token and carries on from the
//! `joined` frame's record, checking that no move it had seen is lost or changed. When its
//! server is without its store (`unavailable`), it waits for the server's `joined`, then goes on
//! from that record as well.

use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::sync::watch;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;
use walak::playout::Rng;
use walak::{Game, Options, Side};

use super::run::Run;
use super::tally::{add, OpenSocket};

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A move not heard of for this long is asked about again (`join`).
const STALL: Duration = Duration::from_secs(15);
/// The longest wait for a WebSocket to open.
const CONNECT_WITHIN: Duration = Duration::from_secs(10);
/// After `unavailable`, how long to wait for the server's own `joined` before asking for the
/// room again: the server sends it once its store is back, so this is only a fallback.
const UNAVAILABLE_RETRY: Duration = Duration::from_secs(5);

/// What the two players of a room share: the room's code, when each move was sent (for the
/// relay latency the other player measures), and what each saw at the end.
pub struct RoomPlay {
    pub index: usize,
    pub code: watch::Sender<Option<String>>,
    sent: Mutex<HashMap<usize, Instant>>,
    records: Mutex<Vec<String>>,
    /// Where each player stands (creator, joiner), in words: what a room that never finished
    /// is reported with.
    status: Mutex<[String; 2]>,
}

impl RoomPlay {
    pub fn new(index: usize) -> RoomPlay {
        RoomPlay {
            index,
            code: watch::channel(None).0,
            sent: Mutex::default(),
            records: Mutex::default(),
            status: Mutex::default(),
        }
    }

    pub fn code(&self) -> Option<String> {
        self.code.borrow().clone()
    }

    /// Whether both players ended their game.
    pub fn finished(&self) -> bool {
        self.records.lock().expect("never poisoned").len() == 2
    }

    pub fn status(&self) -> String {
        let [creator, joiner] = self.status.lock().expect("never poisoned").clone();
        format!("room {} {}: creator {creator}; joiner {joiner}", self.index, self.code().unwrap_or_default())
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// Opens the room (`create`), as South.
    Creator,
    /// Takes the free seat with the room's code (`join` without a token).
    Joiner,
}

/// How a connection's conversation ended.
enum Ended {
    Over,
    Dropped,
    Failed(String),
}

struct Player {
    run: Arc<Run>,
    room: Arc<RoomPlay>,
    role: Role,
    /// Which of the run's servers to connect to next (an index, taken modulo their number).
    url: usize,
    token: Option<String>,
    side: Option<Side>,
    game: Game,
    rng: Rng,
    seated: bool,
    /// The place in the game (moves before it) of this player's move in flight, and when sent.
    in_flight: Option<(usize, Instant)>,
    move_at: Option<tokio::time::Instant>,
    /// Out-of-turn moves sent (bad-input runs) whose refusal has not come back yet.
    tests_unanswered: u32,
    /// Since when the server has said it cannot reach its store, with no `joined` since.
    waiting: Option<Instant>,
}

/// Plays the seat of `role` in `room` to the end of its game, then checks the game's record.
pub async fn play(run: Arc<Run>, room: Arc<RoomPlay>, role: Role) {
    let url = room.index + usize::from(role == Role::Joiner);
    let seed = run.seed ^ (room.index as u64) << 1 ^ u64::from(role == Role::Joiner);
    let mut player = Player {
        run,
        room,
        role,
        url,
        token: None,
        side: None,
        game: Game::new(Options::default()),
        rng: Rng::new(seed),
        seated: false,
        in_flight: None,
        move_at: None,
        tests_unanswered: 0,
        waiting: None,
    };
    match player.play_to_the_end().await {
        Ok(()) => player.finish().await,
        Err(words) => player.run.tally.error(format!("room {}: {words}", player.room.index)),
    }
}

impl Player {
    /// This player's client number: each room's two players their own.
    fn who(&self) -> u64 {
        self.room.index as u64 * 2 + u64::from(self.role == Role::Joiner)
    }

    async fn play_to_the_end(&mut self) -> Result<(), String> {
        let mut first = true;
        loop {
            let who = self.who();
            let (mut socket, _open) =
                connect(&self.run, &mut self.url, who).await.ok_or("no server could be reached")?;
            let hello = self.hello(first).await?;
            if !first {
                add(&self.run.tally.reconnects, 1);
            }
            first = false;
            if socket.send(Message::Text(hello.to_string().into())).await.is_err() {
                self.url += 1;
                continue;
            }
            match self.converse(&mut socket).await {
                Ended::Over => {
                    let _ = tokio::time::timeout(Duration::from_secs(2), socket.close(None)).await;
                    return Ok(());
                }
                Ended::Dropped => self.url += 1,
                Ended::Failed(words) => return Err(words),
            }
        }
    }

    /// The first frame on a new connection: open the room, take its free seat, or take this
    /// player's seat back.
    async fn hello(&self, first: bool) -> Result<Value, String> {
        Ok(match (first, self.role) {
            (true, Role::Creator) => create_frame(),
            (true, Role::Joiner) => {
                let mut code = self.room.code.subscribe();
                let code = code.wait_for(Option::is_some).await.map_err(|_| "the room was never made")?.clone();
                json!({"type":"join","room":code,"token":null})
            }
            (false, _) => {
                let code = self.room.code().ok_or("dropped before the room was made")?;
                let token = self.token.clone().ok_or("dropped before holding a seat")?;
                json!({"type":"join","room":code,"token":token})
            }
        })
    }

    async fn converse(&mut self, socket: &mut Socket) -> Ended {
        let mut go = self.run.go.subscribe();
        self.in_flight = None;
        self.move_at = None;
        self.tests_unanswered = 0;
        self.waiting = None;
        loop {
            // Play may have begun while this player was busy with a frame: look before waiting.
            let going = *go.borrow_and_update();
            if going && self.move_at.is_none() {
                self.schedule();
            }
            let move_at = self.move_at;
            let stalled = self.in_flight.map(|(_, sent)| tokio::time::Instant::from_std(sent + STALL));
            let retry = self.waiting.map(|since| tokio::time::Instant::from_std(since + UNAVAILABLE_RETRY));
            let out: Vec<Value> = tokio::select! {
                incoming = socket.next() => match incoming {
                    Some(Ok(Message::Text(text))) => match serde_json::from_str::<Value>(text.as_str()) {
                        Ok(frame) => match self.heard(&frame) {
                            Ok(out) => out,
                            Err(words) => return Ended::Failed(words),
                        },
                        Err(_) => return Ended::Failed(format!("the server sent a frame that is not JSON: {text}")),
                    },
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return Ended::Dropped,
                    Some(Ok(_)) => vec![],
                },
                Ok(()) = go.changed(), if !going => vec![],
                () = sleep_until(move_at), if move_at.is_some() => self.make_move().into_iter().collect(),
                () = sleep_until(stalled), if stalled.is_some() => {
                    add(&self.run.tally.resyncs, 1);
                    self.in_flight = None;
                    vec![self.rejoin_frame()]
                }
                () = sleep_until(retry), if retry.is_some() => {
                    self.waiting = Some(Instant::now());
                    vec![self.retry_frame()]
                }
            };
            self.note();
            if self.game.is_over() && self.seated {
                return Ended::Over;
            }
            for frame in out {
                if socket.send(Message::Text(frame.to_string().into())).await.is_err() {
                    return Ended::Dropped;
                }
            }
        }
    }

    /// What this player does on hearing `frame`: the frames to send back.
    fn heard(&mut self, frame: &Value) -> Result<Vec<Value>, String> {
        match frame["type"].as_str() {
            Some("joined") => self.joined(frame),
            Some("moved") => Ok(self.moved(frame)),
            Some("refused") => Ok(self.refused(frame["reason"].as_str().unwrap_or("?"))),
            Some("presence") | Some("pong") => Ok(vec![]),
            Some("unavailable") => {
                add(&self.run.tally.unavailable.frames, 1);
                self.wait();
                Ok(vec![])
            }
            _ => Err(format!("an unexpected frame: {frame}")),
        }
    }

    fn joined(&mut self, frame: &Value) -> Result<Vec<Value>, String> {
        let side =
            frame["seat"].as_str().and_then(Side::named).ok_or_else(|| format!("joined without a seat: {frame}"))?;
        let record = frame["moves"].as_str().ok_or("joined without moves")?;
        if let (Some(code), None) = (frame["room"].as_str(), self.room.code()) {
            self.room.code.send_replace(Some(code.to_string()));
        }
        self.token = frame["token"].as_str().map(str::to_string);
        self.side = Some(side);
        let known = self.game.record();
        let kept = common_prefix(&known, record);
        if kept < known.len() {
            let tally = &self.run.tally;
            add(&tally.lost, (known.len() - kept) as u64);
            tally.error(format!("room {}: the server's record {record} lost moves of {known}", self.room.index));
        }
        add(&self.run.tally.replayed, record.len().saturating_sub(known.len()) as u64);
        self.game =
            Game::from_record(record, Options::default()).map_err(|error| format!("record {record}: {error}"))?;
        // A move in flight is either in the record now, or to be made again.
        self.in_flight = None;
        self.waiting = None;
        if !self.seated {
            self.seated = true;
            add(&self.run.tally.seated, 1);
        }
        self.schedule();
        Ok(vec![])
    }

    fn moved(&mut self, frame: &Value) -> Vec<Value> {
        let (Some(moves), Some(hole)) = (frame["moves"].as_u64(), frame["hole"].as_u64()) else {
            self.run.tally.error(format!("a malformed moved frame: {frame}"));
            return vec![];
        };
        let (moves, hole) = (moves as usize, hole as u8);
        let known = self.game.plies().len();
        let tally = &self.run.tally;
        if moves == known + 1 {
            let mover = self.game.position().to_move();
            if frame["side"].as_str() != Some(mover.name()) || self.game.play(hole).is_err() {
                add(&tally.conflicts, 1);
                tally.error(format!(
                    "room {}: move {moves} ({frame}) does not follow {}",
                    self.room.index,
                    self.game.record()
                ));
                return vec![self.rejoin_frame()];
            }
            add(&tally.relayed, 1);
            let sent = self.room.sent.lock().expect("never poisoned").get(&known).copied();
            if Some(mover) == self.side {
                self.in_flight = None;
            } else if let Some(sent) = sent {
                tally.latency(sent.elapsed().as_secs_f32() * 1000.0);
            }
            if let Some(sent) = sent {
                tally.unavailable.passed(sent);
            }
            self.schedule();
            self.out_of_turn().into_iter().collect()
        } else if moves <= known {
            // Heard again after a reconnect (the server listens before it reads the room).
            if moves > 0 && self.game.plies()[moves - 1].number == hole {
                add(&tally.echoes, 1);
            } else {
                add(&tally.conflicts, 1);
                tally.error(format!(
                    "room {}: move {moves} ({frame}) differs from {}",
                    self.room.index,
                    self.game.record()
                ));
            }
            vec![]
        } else {
            add(&tally.gaps, 1);
            add(&tally.resyncs, 1);
            vec![self.rejoin_frame()]
        }
    }

    fn refused(&mut self, reason: &str) -> Vec<Value> {
        if reason == "unavailable" {
            // Nothing changed; the server sends the room again once its store is back.
            add(&self.run.tally.unavailable.refusals, 1);
            self.wait();
            self.waiting = Some(Instant::now());
            return vec![];
        }
        if self.tests_unanswered > 0 {
            // Frames are answered in order: this answers the oldest out-of-turn move.
            self.tests_unanswered -= 1;
            self.run.tally.bad.answer(reason);
            return vec![];
        }
        self.run.tally.refusal(reason);
        add(&self.run.tally.resyncs, 1);
        self.in_flight = None;
        self.move_at = None;
        vec![self.rejoin_frame()]
    }

    /// The server cannot reach its store: no move until it sends the room again (a move in
    /// flight is refused, or in the record it sends).
    fn wait(&mut self) {
        self.run.tally.unavailable.heard();
        self.in_flight = None;
        self.move_at = None;
        self.waiting.get_or_insert_with(Instant::now);
    }

    /// Plans this player's next move, if it is theirs to make and play has begun.
    fn schedule(&mut self) {
        let mine = self.side == Some(self.game.position().to_move());
        let ready = self.in_flight.is_none() && self.waiting.is_none();
        if mine && !self.game.is_over() && ready && *self.run.go.borrow() {
            // A think time drawn between half and one and a half times the run's.
            let think = self.run.think_ms / 2 + self.rng.below(self.run.think_ms as usize + 1) as u64;
            self.move_at = Some(tokio::time::Instant::now() + Duration::from_millis(think));
        }
    }

    fn make_move(&mut self) -> Option<Value> {
        self.move_at = None;
        let legal = self.game.legal_moves();
        if legal.is_empty() || self.side != Some(self.game.position().to_move()) {
            return None;
        }
        let hole = legal[self.rng.below(legal.len())];
        let ply = self.game.plies().len();
        let now = Instant::now();
        self.room.sent.lock().expect("never poisoned").insert(ply, now);
        self.in_flight = Some((ply, now));
        Some(json!({"type":"move","ply":ply,"hole":hole}))
    }

    /// In a bad-input run, now and then a move out of turn while the other player thinks, as a
    /// double click would send: refused, and nothing changes.
    fn out_of_turn(&mut self) -> Option<Value> {
        let theirs = self.side != Some(self.game.position().to_move());
        if !theirs || self.game.is_over() || self.in_flight.is_some() || self.rng.below(4) != 0 {
            return None;
        }
        let budget = &self.run.out_of_turn;
        if budget.fetch_sub(1, Ordering::Relaxed) <= 0 {
            budget.fetch_add(1, Ordering::Relaxed);
            return None;
        }
        self.tests_unanswered += 1;
        self.run.tally.bad.sent("out_of_turn", 1);
        Some(json!({"type":"move","ply":self.game.plies().len(),"hole":1 + self.rng.below(7)}))
    }

    /// Writes down where this player stands.
    fn note(&self) {
        let words = format!(
            "{} after {} moves ({} to move), move planned: {}, in flight: {}",
            self.side.map_or("unseated", Side::name),
            self.game.plies().len(),
            self.game.position().to_move().name(),
            self.move_at.is_some(),
            self.in_flight.is_some(),
        );
        self.room.status.lock().expect("never poisoned")[usize::from(self.role == Role::Joiner)] = words;
    }

    fn rejoin_frame(&self) -> Value {
        json!({"type":"join","room":self.room.code(),"token":self.token})
    }

    /// Asked again after `unavailable` with no `joined` since: the seat back, or, if none was
    /// taken yet, the first frame again.
    fn retry_frame(&self) -> Value {
        match (&self.token, self.role) {
            (Some(_), _) => self.rejoin_frame(),
            (None, Role::Creator) => create_frame(),
            (None, Role::Joiner) => json!({"type":"join","room":self.room.code(),"token":null}),
        }
    }

    /// The game is over for this player: the second of the two to get here checks the room's
    /// record, as a newcomer reads it, against what both players saw.
    async fn finish(&mut self) {
        let tally = &self.run.tally;
        let both = {
            let mut records = self.room.records.lock().expect("never poisoned");
            records.push(self.game.record());
            (records.len() == 2).then(|| records.clone())
        };
        let Some(records) = both else { return };
        add(&tally.games_finished, 1);
        let code = self.room.code().unwrap_or_default();
        let who = self.who();
        match read_record(&self.run, &mut self.url, &code, who).await {
            Some(server) if records[0] == records[1] && records[0] == server => {
                add(&tally.games_matching, 1);
                add(&tally.moves, server.len() as u64);
            }
            server => tally
                .error(format!("room {}: the players saw {records:?}, a newcomer reads {server:?}", self.room.index)),
        }
    }
}

/// Opens a room of one game, the sender at South.
pub fn create_frame() -> Value {
    json!({"type":"create","options":{"rounds":false,"first":"south"},"side":"south"})
}

/// The record of room `code` as a newcomer (a spectator) reads it.
async fn read_record(run: &Run, url: &mut usize, code: &str, who: u64) -> Option<String> {
    for _ in 0..3 {
        let (mut socket, _open) = connect(run, url, who).await?;
        let join = json!({"type":"join","room":code,"token":null}).to_string();
        if socket.send(Message::Text(join.into())).await.is_ok() {
            let reply = tokio::time::timeout(CONNECT_WITHIN, async {
                while let Some(Ok(message)) = socket.next().await {
                    let Message::Text(text) = message else { continue };
                    let frame: Value = serde_json::from_str(text.as_str()).ok()?;
                    if frame["type"] == "joined" {
                        return frame["moves"].as_str().map(str::to_string);
                    }
                }
                None
            });
            if let Ok(Some(record)) = reply.await {
                let _ = socket.close(None).await;
                return Some(record);
            }
        }
        *url += 1;
    }
    None
}

/// Opens a WebSocket to the run's server `url` (or the next ones, in turn, if it cannot be
/// reached), until the run's deadline; as client number `who` when the run spreads its clients
/// over addresses of their own.
pub async fn connect(run: &Run, url: &mut usize, who: u64) -> Option<(Socket, OpenSocket)> {
    let mut wait = Duration::from_millis(50);
    let mut rng = Rng::new(run.next_seed());
    while Instant::now() < run.deadline {
        let address = &run.urls[*url % run.urls.len()];
        // Nagle's algorithm off, as browsers have it: a frame goes when it is written.
        // A small read buffer (the server's frames are small; a larger one is still read
        // whole), so that thousands of clients fit in one process: the library zeroes it before
        // each read, which at 8 KiB was a few per cent of this tool's CPU beside the servers.
        let config = WebSocketConfig::default().read_buffer_size(1024);
        let Ok(mut request) = address.as_str().into_client_request() else { return None };
        if run.spread {
            // 10.0.0.0/8: made up, and never a real client's.
            let from = format!("10.{}.{}.{}", (who >> 16) & 255, (who >> 8) & 255, who & 255);
            request.headers_mut().insert("x-forwarded-for", from.parse().expect("an address is a header value"));
        }
        let opening = tokio_tungstenite::connect_async_with_config(request, Some(config), true);
        if let Ok(Ok((socket, _))) = tokio::time::timeout(CONNECT_WITHIN, opening).await {
            return Some((socket, run.tally.opened()));
        }
        add(&run.tally.connect_failures, 1);
        *url += 1;
        // Spread out, so that thousands of clients dropped at once do not all come back at once.
        tokio::time::sleep(wait.mul_f64(0.5 + rng.below(1000) as f64 / 1000.0)).await;
        wait = (wait * 2).min(Duration::from_secs(2));
    }
    None
}

async fn sleep_until(at: Option<tokio::time::Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

fn common_prefix(a: &str, b: &str) -> usize {
    a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count()
}
