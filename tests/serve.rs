//! `walak serve` as a browser meets it: a real server process on a loopback port, real WebSocket
//! clients, and for the shared rooms a real `redis-server` with two server processes on it.
// The server is part of the command-line tool, which web builds leave out.
#![cfg(all(feature = "cli", not(target_arch = "wasm32")))]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;
use walak::{Game, Options};

/// How long a test waits for any one frame.
const PATIENCE: Duration = Duration::from_secs(10);

/// A `walak serve` process, killed when dropped.
struct Serve {
    child: Child,
    address: String,
}

impl Serve {
    fn start(args: &[&str]) -> Serve {
        Serve::start_on(0, args)
    }

    /// On `port` (0: any free one).
    fn start_on(port: u16, args: &[&str]) -> Serve {
        let dist = page_folder();
        let mut child = Command::new(env!("CARGO_BIN_EXE_walak"))
            .args(["serve", "--port", &port.to_string(), "--dist", dist.to_str().unwrap()])
            .args(args)
            // The log's warnings and errors only, among the tests' own words.
            .env("RUST_LOG", "warn")
            .stdout(Stdio::piped())
            .spawn()
            .expect("walak serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        let started: Value = serde_json::from_str(&line).unwrap_or_else(|_| panic!("a start-up line, not {line:?}"));
        let address = started["serving"].as_str().unwrap().trim_start_matches("http://").trim_end_matches('/');
        Serve { child, address: address.to_string() }
    }

    fn live(&self) -> String {
        format!("ws://{}/live", self.address)
    }

    fn port(&self) -> u16 {
        self.address.rsplit(':').next().unwrap().parse().unwrap()
    }

    /// Asked to stop (SIGTERM), as a service manager does; returns how long it took to exit.
    fn terminate(&mut self) -> Duration {
        let asked = std::time::Instant::now();
        let status = Command::new("kill").args(["-TERM", &self.child.id().to_string()]).status().unwrap();
        assert!(status.success());
        let exit = self.child.wait().unwrap();
        assert!(exit.success(), "{exit}");
        asked.elapsed()
    }

    /// Killed at once, as by a crash (SIGKILL): nothing is tidied up.
    fn kill(&mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    /// A plain GET of `path`: the status line and the body.
    fn get(&self, path: &str) -> (String, String) {
        let answer = self.answer(path);
        let status = answer.lines().next().unwrap_or_default().to_string();
        let body = answer.split_once("\r\n\r\n").map(|(_, body)| body.to_string()).unwrap_or_default();
        (status, body)
    }

    /// The status line and headers of a GET, lowercased.
    fn head(&self, path: &str) -> String {
        let answer = self.answer(path);
        answer.split_once("\r\n\r\n").map_or(answer.as_str(), |(head, _)| head).to_lowercase()
    }

    fn answer(&self, path: &str) -> String {
        let mut stream = TcpStream::connect(&self.address).unwrap();
        write!(stream, "GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n", self.address).unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).unwrap();
        answer
    }
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A process the test started by hand, killed when dropped, so that a failing test leaves none
/// behind.
struct Reaped(Child);

impl Drop for Reaped {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A folder with a page in it, standing for dist/.
fn page_folder() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("walak-serve-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("index.html"), "<!doctype html><title>Walak-pussa</title>").unwrap();
    dir
}

/// A real redis-server on a free loopback port, stopped when dropped.
struct Redis {
    child: Child,
    url: String,
}

impl Redis {
    /// A Redis that keeps nothing on disk.
    fn start() -> Redis {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        Redis::on_port(port, None)
    }

    /// A Redis that writes every change to its append-only file in `dir` before answering, as
    /// docs/hosting.md advises: killed and started again, it has lost nothing.
    fn start_persistent(dir: &std::path::Path) -> Redis {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        Redis::on_port(port, Some(dir))
    }

    fn port(&self) -> u16 {
        self.url.trim_end_matches('/').rsplit(':').next().unwrap().parse().unwrap()
    }

    /// Killed at once (SIGKILL), as by a crash or the machine's memory running out.
    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    fn on_port(port: u16, dir: Option<&std::path::Path>) -> Redis {
        let mut command = Command::new("redis-server");
        command.args(["--port", &port.to_string(), "--bind", "127.0.0.1", "--save", ""]);
        match dir {
            Some(dir) => {
                command.args(["--appendonly", "yes", "--appendfsync", "always", "--dir", dir.to_str().unwrap()])
            }
            None => command.args(["--appendonly", "no"]),
        };
        let mut child =
            command.stdout(Stdio::null()).spawn().expect("redis-server is installed (scripts/setup.sh installs it)");
        for _ in 0..100 {
            if let Ok(mut stream) = TcpStream::connect(("127.0.0.1", port)) {
                let mut pong = [0u8; 7];
                if stream.write_all(b"PING\r\n").is_ok()
                    && stream.read_exact(&mut pong).is_ok()
                    && &pong == b"+PONG\r\n"
                {
                    return Redis { child, url: format!("redis://127.0.0.1:{port}/") };
                }
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = child.kill();
        let _ = child.wait();
        panic!("redis-server did not answer on port {port}");
    }
}

impl Redis {
    /// Seconds until `key` expires, as `redis-cli TTL` says.
    fn ttl(&self, key: &str) -> i64 {
        let port = self.url.trim_end_matches('/').rsplit(':').next().unwrap();
        let output = Command::new("redis-cli").args(["-p", port, "TTL", key]).output().expect("redis-cli runs");
        String::from_utf8_lossy(&output.stdout).trim().parse().expect("redis-cli prints a number")
    }
}

impl Drop for Redis {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A browser's end of live play.
struct Client {
    socket: Socket,
}

impl Client {
    async fn connect(url: &str) -> Client {
        let (socket, _) = tokio_tungstenite::connect_async(url).await.expect("the WebSocket opens");
        Client { socket }
    }

    /// A client at `address`, as a trusted proxy in front of the server would say.
    async fn connect_from(url: &str, address: &str) -> Client {
        let mut request = url.into_client_request().unwrap();
        request.headers_mut().insert("x-forwarded-for", address.parse().unwrap());
        let (socket, _) = tokio_tungstenite::connect_async(request).await.expect("the WebSocket opens");
        Client { socket }
    }

    async fn send(&mut self, frame: Value) {
        self.send_text(frame.to_string()).await;
    }

    async fn send_text(&mut self, text: String) {
        self.socket.send(Message::Text(text.into())).await.unwrap();
    }

    /// The next frame, whatever it is; `None` once the server has closed the connection.
    async fn next(&mut self) -> Option<Value> {
        loop {
            let message = tokio::time::timeout(PATIENCE, self.socket.next()).await.expect("a frame in time");
            match message {
                Some(Ok(Message::Text(text))) => return Some(serde_json::from_str(text.as_str()).unwrap()),
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return None,
                Some(Ok(_)) => continue,
            }
        }
    }

    /// The close code the server ends the connection with, passing over any frame before it.
    async fn close_code(&mut self) -> Option<u16> {
        loop {
            let message = tokio::time::timeout(PATIENCE, self.socket.next()).await.expect("a frame in time");
            match message {
                Some(Ok(Message::Close(frame))) => return frame.map(|frame| frame.code.into()),
                None | Some(Err(_)) => return None,
                Some(Ok(_)) => continue,
            }
        }
    }

    /// The next frame of type `kind`, passing over any other.
    async fn until(&mut self, kind: &str) -> Value {
        loop {
            let frame = self.next().await.unwrap_or_else(|| panic!("the connection closed while waiting for {kind}"));
            if frame["type"] == kind {
                return frame;
            }
        }
    }

    /// The next frame of type `kind`, passing over who-is-present frames.
    async fn expect(&mut self, kind: &str) -> Value {
        loop {
            let frame = self.next().await.unwrap_or_else(|| panic!("the connection closed while waiting for {kind}"));
            if frame["type"] == kind {
                return frame;
            }
            assert_eq!(frame["type"], "presence", "waiting for {kind}, got {frame}");
        }
    }

    async fn create(url: &str, side: &str) -> (Client, Value) {
        let mut client = Client::connect(url).await;
        client.send(create(side)).await;
        let joined = client.expect("joined").await;
        (client, joined)
    }

    async fn join(url: &str, room: &Value, token: Option<&Value>) -> (Client, Value) {
        let mut client = Client::connect(url).await;
        client.send(json!({"type":"join","room":room,"token":token})).await;
        let joined = client.expect("joined").await;
        (client, joined)
    }
}

/// A `create` frame: a single game, South first, the sender at `side`.
fn create(side: &str) -> Value {
    json!({"type":"create","options":{"rounds":false,"first":"south"},"side":side})
}

fn play(ply: usize, hole: u8) -> Value {
    json!({"type":"move","ply":ply,"hole":hole})
}

#[test]
fn the_page_and_the_offer_of_live_play_are_served() {
    let serve = Serve::start(&[]);
    let (status, body) = serve.get("/");
    assert!(status.contains("200"), "{status}");
    assert!(body.contains("Walak-pussa"));
    let (status, body) = serve.get("/live");
    assert!(status.contains("200"), "{status}");
    assert_eq!(serde_json::from_str::<Value>(&body).unwrap(), json!({"live":true,"version":1,"available":true}));
    assert!(serve.get("/no-such-file").0.contains("404"));
}

#[test]
fn files_say_how_long_to_keep_them_and_odd_paths_are_not_found() {
    // A name with its content's hash, as the build writes them.
    std::fs::write(page_folder().join("boot-0123456789abcdef.js"), "// boot").unwrap();
    let serve = Serve::start(&[]);
    let hashed = serve.head("/boot-0123456789abcdef.js");
    assert!(hashed.starts_with("http/1.1 200"), "{hashed}");
    assert!(hashed.contains("cache-control: public, max-age=31536000, immutable"), "{hashed}");
    assert!(hashed.contains("x-content-type-options: nosniff"), "{hashed}");
    let page = serve.head("/");
    assert!(page.contains("cache-control: no-cache") && page.contains("x-content-type-options: nosniff"), "{page}");
    // The offer of live play is never kept.
    assert!(serve.head("/live").contains("cache-control: no-store"));
    // A part longer than any file name: not found, not a server error.
    let long = serve.head(&format!("/{}", "a".repeat(256)));
    assert!(long.starts_with("http/1.1 404"), "{long}");
}

#[tokio::test]
async fn the_room_hears_who_is_present_only_when_a_seat_changes() {
    let serve = Serve::start(&[]);
    let (mut south, created) = Client::create(&serve.live(), "south").await;
    assert_eq!(south.next().await.unwrap(), json!({"type":"presence","south":true,"north":false}));
    let (mut north, _) = Client::join(&serve.live(), &created["room"], None).await;
    assert_eq!(north.next().await.unwrap(), json!({"type":"presence","south":true,"north":true}));
    assert_eq!(south.next().await.unwrap(), json!({"type":"presence","south":true,"north":true}));
    // Spectators come and go: the spectator alone is told who is present; the players hear
    // nothing until a seat changes, and then just that.
    for _ in 0..3 {
        let (mut watcher, _) = Client::join(&serve.live(), &created["room"], None).await;
        assert_eq!(watcher.next().await.unwrap(), json!({"type":"presence","south":true,"north":true}));
    }
    drop(north);
    assert_eq!(south.next().await.unwrap(), json!({"type":"presence","south":true,"north":false}));
}

#[tokio::test]
async fn a_restart_closes_every_socket_saying_so_and_loses_no_game() {
    let state = std::env::temp_dir().join(format!("walak-state-test-{}", std::process::id()));
    let _ = std::fs::remove_file(&state);
    let mut serve = Serve::start(&["--state", state.to_str().unwrap()]);
    let (mut south, created) = Client::create(&serve.live(), "south").await;
    let (mut north, joined) = Client::join(&serve.live(), &created["room"], None).await;
    let (_, unjoined) = Client::create(&serve.live(), "north").await;
    south.send(play(0, 3)).await;
    north.until("moved").await;
    let took = serve.terminate();
    assert!(took < Duration::from_secs(10), "{took:?}");
    // Service restart: the pages know to come back.
    assert_eq!(south.close_code().await, Some(1012));
    assert_eq!(north.close_code().await, Some(1012));
    let restarted = Serve::start(&["--state", state.to_str().unwrap()]);
    let (mut south, back) = Client::join(&restarted.live(), &created["room"], Some(&created["token"])).await;
    assert_eq!((&back["seat"], &back["moves"]), (&json!("south"), &json!("3")));
    let (mut north, _) = Client::join(&restarted.live(), &created["room"], Some(&joined["token"])).await;
    north.send(play(1, 2)).await;
    assert_eq!(south.until("moved").await["moves"], 2);
    let (_, waiting) = Client::join(&restarted.live(), &unjoined["room"], Some(&unjoined["token"])).await;
    assert_eq!(waiting["seat"], "north");
    let _ = std::fs::remove_file(&state);
}

#[tokio::test]
async fn two_players_play_a_refereed_game_and_others_watch() {
    let serve = Serve::start(&[]);
    let (mut south, created) = Client::create(&serve.live(), "south").await;
    assert_eq!(created["seat"], "south");
    assert_eq!(created["moves"], "");
    let code = &created["room"];
    assert_eq!(code.as_str().unwrap().len(), 16);
    assert!(created["token"].as_str().unwrap().len() >= 22);

    let (mut north, joined) = Client::join(&serve.live(), code, None).await;
    assert_eq!(joined["seat"], "north");
    assert_ne!(joined["token"], created["token"]);
    let (mut watcher, watching) = Client::join(&serve.live(), code, None).await;
    assert_eq!((&watching["seat"], &watching["token"]), (&json!("spectator"), &Value::Null));

    // Out of turn, as a spectator, illegal, stale: refused, and nothing changes.
    north.send(play(0, 3)).await;
    assert_eq!(north.expect("refused").await["reason"], "not_your_turn");
    watcher.send(play(0, 3)).await;
    assert_eq!(watcher.expect("refused").await["reason"], "spectator");
    south.send(play(0, 9)).await;
    assert_eq!(south.expect("refused").await["reason"], "illegal");
    south.send(play(3, 3)).await;
    assert_eq!(south.expect("refused").await["reason"], "stale");

    south.send(play(0, 3)).await;
    for client in [&mut south, &mut north, &mut watcher] {
        assert_eq!(client.expect("moved").await, json!({"type":"moved","moves":1,"side":"south","hole":3}));
    }
    // The same move sent twice is not played twice.
    south.send(play(0, 3)).await;
    assert_eq!(south.expect("refused").await["reason"], "stale");

    // Play the game out, each side choosing its first legal move; everyone sees every move.
    let mut game = Game::new(Options::default());
    game.play(3).unwrap();
    while !game.is_over() {
        let hole = game.legal_moves()[0];
        let mover = if game.position().to_move() == walak::Side::South { &mut south } else { &mut north };
        mover.send(play(game.plies().len(), hole)).await;
        game.play(hole).unwrap();
        for client in [&mut south, &mut north, &mut watcher] {
            assert_eq!(client.expect("moved").await["moves"], game.plies().len());
        }
    }
    south.send(play(game.plies().len(), game.legal_moves().first().copied().unwrap_or(1))).await;
    assert_eq!(south.expect("refused").await["reason"], "game_over");
    // A latecomer finds the whole game.
    let (_, late) = Client::join(&serve.live(), code, None).await;
    assert_eq!(late["moves"], game.record());
}

#[tokio::test]
async fn a_seats_token_takes_it_back_after_a_reconnect() {
    let serve = Serve::start(&[]);
    let (mut south, created) = Client::create(&serve.live(), "north").await;
    assert_eq!(created["seat"], "north");
    let (mut friend, _) = Client::join(&serve.live(), &created["room"], None).await;
    friend.send(play(0, 5)).await;
    south.expect("moved").await;
    drop(south);
    // The friend sees the seat empty, then back.
    let presence = loop {
        let frame = friend.next().await.unwrap();
        if frame["type"] == "presence" && frame["north"] == false {
            break frame;
        }
    };
    assert_eq!(presence["south"], true);
    let (mut back, rejoined) = Client::join(&serve.live(), &created["room"], Some(&created["token"])).await;
    assert_eq!(rejoined["seat"], "north");
    assert_eq!(rejoined["token"], created["token"]);
    assert_eq!(rejoined["moves"], "5");
    assert_eq!(friend.expect("presence").await, json!({"type":"presence","south":true,"north":true}));
    back.send(play(1, 1)).await;
    assert_eq!(back.expect("moved").await["side"], "north");
    // A made-up token is nobody's seat: with both seats taken, it watches.
    let (mut stranger, joined) = Client::join(&serve.live(), &created["room"], Some(&json!("A".repeat(32)))).await;
    assert_eq!(joined["seat"], "spectator");
    stranger.send(play(2, 1)).await;
    assert_eq!(stranger.expect("refused").await["reason"], "spectator");
}

#[tokio::test]
async fn resign_then_a_rematch_both_ask_for_swaps_the_sides() {
    let serve = Serve::start(&[]);
    let (mut first, created) = Client::create(&serve.live(), "south").await;
    let (mut second, _) = Client::join(&serve.live(), &created["room"], None).await;
    first.send(json!({"type":"rematch"})).await;
    assert_eq!(first.expect("refused").await["reason"], "not_over");
    second.send(json!({"type":"resign"})).await;
    assert_eq!(first.expect("resigned").await["side"], "north");
    assert_eq!(second.expect("resigned").await["side"], "north");
    second.send(json!({"type":"rematch"})).await;
    assert_eq!(first.expect("rematch").await["side"], "north");
    assert_eq!(second.expect("rematch").await["side"], "north");
    first.send(json!({"type":"rematch"})).await;
    for (client, seat) in [(&mut first, "north"), (&mut second, "south")] {
        // Both players are there throughout, though each connection learns its new seat in turn:
        // no seat changed hands, so each is told who is present with its room, and the room
        // hears nothing more.
        let (mut joined, mut presences) = (None, 0);
        while joined.is_none() || presences < 1 {
            let frame = client.next().await.expect("the room's frames");
            match frame["type"].as_str().unwrap() {
                "presence" => {
                    assert_eq!((&frame["south"], &frame["north"]), (&json!(true), &json!(true)), "{frame}");
                    presences += 1;
                }
                "joined" => joined = Some(frame),
                "rematched" => assert_eq!(frame["number"], 2),
                other => panic!("unexpected {other}"),
            }
        }
        let joined = joined.unwrap();
        assert_eq!((&joined["seat"], &joined["moves"], &joined["number"]), (&json!(seat), &json!(""), &json!(2)));
        assert_eq!(joined["resigned"], Value::Null);
    }
    second.send(play(0, 3)).await;
    assert_eq!(first.next().await.unwrap()["side"], "south");
}

#[tokio::test]
async fn a_refused_join_or_create_leaves_the_player_seated() {
    // One room at most, so that a second create is refused as `full`.
    let serve = Serve::start(&["--rooms", "1"]);
    let (mut south, created) = Client::create(&serve.live(), "south").await;
    let (mut north, _) = Client::join(&serve.live(), &created["room"], None).await;
    while south.expect("presence").await["north"] != true {}

    north.send(json!({"type":"join","room":"AAAAAAAAAAAAAAAA"})).await;
    assert_eq!(north.expect("refused").await["reason"], "no_such_room");
    north.send(create("south")).await;
    assert_eq!(north.expect("refused").await["reason"], "full");

    // North still holds its seat, and South never saw it go.
    south.send(play(0, 3)).await;
    assert_eq!(north.expect("moved").await["side"], "south");
    north.send(play(1, 2)).await; // walak state 3: North may play 2, 5, 6 or 7
    loop {
        let frame = south.next().await.expect("the room's frames");
        if frame["type"] == "moved" && frame["side"] == "north" {
            break;
        }
        if frame["type"] == "presence" {
            assert_eq!(frame["north"], true, "South was told North had gone: {frame}");
        } else {
            assert_eq!(frame["type"], "moved", "South heard {frame}");
        }
    }
}

#[tokio::test]
async fn bad_input_is_answered_for_that_client_alone() {
    // More open rooms for this address than one connection may open.
    let serve = Serve::start(&["--open-rooms", "30"]);
    let (mut south, created) = Client::create(&serve.live(), "south").await;
    let (mut north, _) = Client::join(&serve.live(), &created["room"], None).await;

    let mut rude = Client::connect(&serve.live()).await;
    for (frame, reason) in [
        ("{", "not_json"),
        ("[]", "no_type"),
        (r#"{"type":"dance"}"#, "unknown_type"),
        (r#"{"type":"join","room":"short"}"#, "bad_field"),
        (r#"{"type":"move","ply":0,"hole":3}"#, "no_room"),
        (r#"{"type":"join","room":"AAAAAAAAAAAAAAAA"}"#, "no_such_room"),
    ] {
        rude.send_text(frame.into()).await;
        assert_eq!(rude.expect("refused").await["reason"], reason, "{frame}");
    }
    rude.socket.send(Message::Binary(vec![0, 1, 2].into())).await.unwrap();
    assert_eq!(rude.expect("refused").await["reason"], "not_json");

    // Oversize: that connection is closed, saying so (1009: message too big).
    let mut huge = Client::connect(&serve.live()).await;
    huge.send_text(format!(r#"{{"type":"resign","pad":"{}"}}"#, "x".repeat(10_000))).await;
    assert_eq!(huge.close_code().await, Some(1009));

    // A page that closes is answered with a close, as the protocol asks.
    let mut leaving = Client::connect(&serve.live()).await;
    let goodbye = tokio_tungstenite::tungstenite::protocol::CloseFrame {
        code: tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode::Away,
        reason: "".into(),
    };
    leaving.socket.send(Message::Close(Some(goodbye))).await.unwrap();
    assert_eq!(leaving.close_code().await, Some(1001));

    // A burst beyond the rate is refused as a flood; a flood that goes on is closed.
    let mut flood = Client::connect(&serve.live()).await;
    for _ in 0..60 {
        flood.send_text(r#"{"type":"resign"}"#.into()).await;
    }
    let mut reasons = Vec::new();
    for _ in 0..41 {
        reasons.push(flood.expect("refused").await["reason"].as_str().unwrap().to_string());
    }
    assert_eq!(reasons.iter().filter(|reason| *reason == "no_room").count(), 40, "{reasons:?}");
    assert_eq!(reasons.last().unwrap(), "flood");
    for _ in 0..400 {
        if flood.socket.send(Message::Text(r#"{"type":"resign"}"#.into())).await.is_err() {
            break;
        }
    }
    while flood.next().await.is_some() {}

    // One connection cannot fill the server with rooms.
    let mut greedy = Client::connect(&serve.live()).await;
    for _ in 0..20 {
        greedy.send(create("south")).await;
        greedy.expect("joined").await;
    }
    greedy.send(create("south")).await;
    assert_eq!(greedy.expect("refused").await["reason"], "flood");

    // The game goes on, untouched.
    south.send(play(0, 4)).await;
    assert_eq!(north.expect("moved").await["moves"], 1);
}

#[tokio::test]
async fn a_frame_of_the_largest_size_is_read_whole() {
    // Each connection reads into a buffer of two frames' size, not the library's 128 KiB: a
    // frame of exactly the limit is still read and answered, again and again.
    let serve = Serve::start(&[]);
    let mut client = Client::connect(&serve.live()).await;
    let frame = |len: usize| {
        let head = r#"{"type":"resign","pad":""#;
        format!("{head}{}\"}}", "x".repeat(len - head.len() - 2))
    };
    for _ in 0..3 {
        client.send_text(frame(4096)).await;
        assert_eq!(client.expect("refused").await["reason"], "no_room");
    }
    client.send_text(frame(4097)).await;
    assert_eq!(client.next().await, None, "a frame over the limit closes the connection");
}

#[tokio::test]
async fn a_page_from_another_site_cannot_open_a_socket() {
    let serve = Serve::start(&[]);
    let mut request = serve.live().into_client_request().unwrap();
    request.headers_mut().insert("Origin", "http://elsewhere.example".parse().unwrap());
    let refused = tokio_tungstenite::connect_async(request).await;
    assert!(refused.is_err(), "a socket from another site's page opened");
    let mut request = serve.live().into_client_request().unwrap();
    request.headers_mut().insert("Origin", format!("http://{}", serve.address).parse().unwrap());
    assert!(tokio_tungstenite::connect_async(request).await.is_ok());
}

#[tokio::test]
async fn rooms_are_bounded_and_idle_ones_go() {
    // Two seconds idle (0.0005 h is 1.8 s).
    let serve = Serve::start(&["--rooms", "1", "--idle-hours", "0.0005"]);
    let (_, created) = Client::create(&serve.live(), "south").await;
    let mut second = Client::connect(&serve.live()).await;
    second.send(create("south")).await;
    assert_eq!(second.expect("refused").await["reason"], "full");
    tokio::time::sleep(Duration::from_secs(5)).await;
    second.send(json!({"type":"join","room":created["room"]})).await;
    assert_eq!(second.expect("refused").await["reason"], "no_such_room");
    second.send(create("south")).await;
    assert_eq!(second.expect("joined").await["seat"], "south");
}

#[tokio::test]
async fn one_address_cannot_fill_the_server_and_others_still_play() {
    let serve = Serve::start(&["--open-rooms", "3", "--trust-proxy", "127.0.0.1"]);
    let mut flooding = Client::connect_from(&serve.live(), "203.0.113.9").await;
    let mut opened = Vec::new();
    for _ in 0..3 {
        flooding.send(create("south")).await;
        opened.push(flooding.expect("joined").await);
    }
    flooding.send(create("south")).await;
    assert_eq!(flooding.expect("refused").await["reason"], "too_many_open");
    // Its own second seat, taken from the same address, is nobody else: still refused.
    let mut twin = Client::connect_from(&serve.live(), "203.0.113.9").await;
    twin.send(json!({"type":"join","room":opened[0]["room"]})).await;
    assert_eq!(twin.expect("joined").await["seat"], "north");
    flooding.send(create("south")).await;
    assert_eq!(flooding.expect("refused").await["reason"], "too_many_open");
    // Meanwhile anyone else opens a room; and once a friend from elsewhere joins one of the
    // flooder's rooms, it may open one more.
    let (_, other) = {
        let mut other = Client::connect_from(&serve.live(), "198.51.100.7").await;
        other.send(create("north")).await;
        let joined = other.expect("joined").await;
        (other, joined)
    };
    assert_eq!(other["seat"], "north");
    let mut friend = Client::connect_from(&serve.live(), "198.51.100.7").await;
    friend.send(json!({"type":"join","room":opened[1]["room"]})).await;
    assert_eq!(friend.expect("joined").await["seat"], "north");
    flooding.send(create("south")).await;
    assert_eq!(flooding.until("joined").await["seat"], "south");
    // A client cannot name itself: without a trusted proxy in front, X-Forwarded-For is not read.
    let direct = Serve::start(&["--open-rooms", "1"]);
    let mut first = Client::connect_from(&direct.live(), "192.0.2.1").await;
    first.send(create("south")).await;
    first.expect("joined").await;
    let mut second = Client::connect_from(&direct.live(), "192.0.2.2").await;
    second.send(create("south")).await;
    assert_eq!(second.expect("refused").await["reason"], "too_many_open");
}

#[tokio::test]
async fn entering_rooms_too_often_from_one_address_waits_and_spectators_are_bounded() {
    let serve = Serve::start(&["--entries-per-minute", "4", "--spectators", "1", "--trust-proxy", "127.0.0.1"]);
    let mut busy = Client::connect_from(&serve.live(), "203.0.113.9").await;
    busy.send(create("south")).await;
    let created = busy.expect("joined").await;
    let mut watchers = Vec::new();
    for address in ["198.51.100.1", "198.51.100.2"] {
        let (client, joined) = {
            let mut client = Client::connect_from(&serve.live(), address).await;
            client.send(json!({"type":"join","room":created["room"]})).await;
            let joined = client.expect("joined").await;
            (client, joined)
        };
        watchers.push((client, joined));
    }
    assert_eq!((&watchers[0].1["seat"], &watchers[1].1["seat"]), (&json!("north"), &json!("spectator")));
    // One spectator is all this room may have here.
    let mut crowd = Client::connect_from(&serve.live(), "198.51.100.3").await;
    crowd.send(json!({"type":"join","room":created["room"]})).await;
    assert_eq!(crowd.expect("refused").await["reason"], "crowded");
    // Four entries a minute: the fifth from one address waits; another address does not.
    for _ in 0..3 {
        busy.send(json!({"type":"join","room":created["room"],"token":created["token"]})).await;
        assert_eq!(busy.until("joined").await["seat"], "south");
    }
    busy.send(create("south")).await;
    assert_eq!(busy.until("refused").await["reason"], "flood");
    let mut other = Client::connect_from(&serve.live(), "198.51.100.9").await;
    other.send(create("south")).await;
    assert_eq!(other.expect("joined").await["seat"], "south");
}

#[tokio::test]
async fn two_processes_on_one_redis_play_one_game_and_survive_a_crash() {
    let redis = Redis::start();
    let mut one = Serve::start(&["--redis", &redis.url]);
    let two = Serve::start(&["--redis", &redis.url]);
    let (mut south, created) = Client::create(&one.live(), "south").await;
    let room_key = format!("walak:room:{}", created["room"].as_str().unwrap());
    // Nobody has joined yet: the room is kept an hour, not the day of --idle-hours' default.
    assert!((3000..=3600).contains(&redis.ttl(&room_key)), "{}", redis.ttl(&room_key));
    let (mut north, joined) = Client::join(&two.live(), &created["room"], None).await;
    assert_eq!(joined["seat"], "north");
    assert!(redis.ttl(&room_key) > 80_000, "{}", redis.ttl(&room_key));

    let mut game = Game::new(Options::default());
    let mut crashed = false;
    while !game.is_over() {
        if game.plies().len() == 6 && !crashed {
            // South's process dies; South comes back through the other one, with its token.
            one.kill();
            crashed = true;
            let (back, rejoined) = Client::join(&two.live(), &created["room"], Some(&created["token"])).await;
            assert_eq!((&rejoined["seat"], &rejoined["moves"]), (&json!("south"), &json!(game.record())));
            south = back;
        }
        let hole = *game.legal_moves().last().unwrap();
        let side = game.position().to_move();
        let mover = if side == walak::Side::South { &mut south } else { &mut north };
        mover.send(play(game.plies().len(), hole)).await;
        game.play(hole).unwrap();
        for client in [&mut south, &mut north] {
            let moved = client.expect("moved").await;
            assert_eq!((&moved["moves"], &moved["hole"]), (&json!(game.plies().len()), &json!(hole)));
        }
    }
    // The game is one game: over for the process that was not killed, and whole for a newcomer.
    north.send(play(3, 1)).await;
    assert_eq!(north.expect("refused").await["reason"], "game_over");
    let (_, late) = Client::join(&two.live(), &created["room"], None).await;
    assert_eq!(late["moves"], game.record());
}

#[tokio::test]
async fn a_game_goes_on_once_its_lost_redis_is_back_and_no_move_is_lost() {
    let dir = std::env::temp_dir().join(format!("walak-redis-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut redis = Redis::start_persistent(&dir);
    let one = Serve::start(&["--redis", &redis.url]);
    let two = Serve::start(&["--redis", &redis.url]);
    let (mut south, created) = Client::create(&one.live(), "south").await;
    let (mut north, _) = Client::join(&two.live(), &created["room"], None).await;
    let mut game = Game::new(Options::default());
    let mut played_through_the_loss = false;
    while !game.is_over() {
        if game.plies().len() == 4 && !played_through_the_loss {
            played_through_the_loss = true;
            redis.kill();
            // Both players hear it, the one who did not act too; a move meanwhile is refused.
            for client in [&mut south, &mut north] {
                client.until("unavailable").await;
            }
            assert!(one.get("/live").1.contains(r#""available":false"#));
            south.send(play(4, *game.legal_moves().first().unwrap())).await;
            assert_eq!(south.until("refused").await["reason"], "unavailable");
            redis = Redis::on_port(redis.port(), Some(&dir));
            // Back: each page is sent the room again, with every move made before the loss.
            for client in [&mut south, &mut north] {
                let joined = client.until("joined").await;
                assert_eq!(joined["moves"], game.record());
            }
            assert!(two.get("/live").1.contains(r#""available":true"#));
        }
        let hole = *game.legal_moves().first().unwrap();
        let mover = if game.position().to_move() == walak::Side::South { &mut south } else { &mut north };
        mover.send(play(game.plies().len(), hole)).await;
        game.play(hole).unwrap();
        for client in [&mut south, &mut north] {
            let moved = client.until("moved").await;
            assert_eq!(moved["moves"], json!(game.plies().len()));
        }
    }
    let (_, late) = Client::join(&one.live(), &created["room"], None).await;
    assert_eq!(late["moves"], game.record());
    drop(redis);
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn a_player_whose_process_dies_is_shown_away_within_ten_seconds() {
    let redis = Redis::start();
    let mut one = Serve::start(&["--redis", &redis.url]);
    let two = Serve::start(&["--redis", &redis.url]);
    let (_south, created) = Client::create(&one.live(), "south").await;
    let (mut north, _) = Client::join(&two.live(), &created["room"], None).await;
    while north.until("presence").await != json!({"type":"presence","south":true,"north":true}) {}
    one.kill();
    let killed = std::time::Instant::now();
    // Nobody closed South's socket: the process that is left finds the other gone.
    let away = tokio::time::timeout(Duration::from_secs(15), north.until("presence")).await.expect("told in time");
    assert_eq!(away, json!({"type":"presence","south":false,"north":true}));
    assert!(killed.elapsed() <= Duration::from_secs(10), "{:?}", killed.elapsed());
}

#[tokio::test]
async fn two_processes_referee_crossed_moves_once() {
    let redis = Redis::start();
    let one = Serve::start(&["--redis", &redis.url]);
    let two = Serve::start(&["--redis", &redis.url]);
    let (mut south, created) = Client::create(&one.live(), "south").await;
    let (mut north, _) = Client::join(&two.live(), &created["room"], None).await;
    // South sends its move through both processes at once: one is played, one is stale.
    let (mut again, _) = Client::join(&two.live(), &created["room"], Some(&created["token"])).await;
    south.send(play(0, 3)).await;
    again.send(play(0, 4)).await;
    let moved = north.expect("moved").await;
    assert_eq!(moved["moves"], 1);
    // The other one is refused; its connection hears the move played too, in either order.
    let loser = if moved["hole"] == 3 { &mut again } else { &mut south };
    let refused = loop {
        let frame = loser.next().await.expect("the room's frames");
        match frame["type"].as_str().unwrap() {
            "refused" => break frame,
            "moved" => assert_eq!(frame, moved),
            other => assert_eq!(other, "presence"),
        }
    };
    assert_eq!(refused["reason"], "stale");
}

#[test]
fn health_is_ok_with_rooms_in_memory() {
    let serve = Serve::start(&[]);
    let (status, body) = serve.get("/healthz");
    assert!(status.contains("200"), "{status}");
    assert_eq!(serde_json::from_str::<Value>(&body).unwrap(), json!({"ok":true,"store":"memory"}));
    let head = serve.head("/healthz");
    assert!(head.contains("cache-control: no-store") && head.contains("content-type: application/json"), "{head}");
}

#[test]
fn health_fails_while_redis_is_away() {
    let mut redis = Redis::start();
    let serve = Serve::start(&["--redis", &redis.url]);
    let (status, body) = serve.get("/healthz");
    assert!(status.contains("200"), "{status} {body}");
    assert_eq!(serde_json::from_str::<Value>(&body).unwrap(), json!({"ok":true,"store":"redis"}));
    redis.kill();
    let (status, body) = serve.get("/healthz");
    assert!(status.contains("503"), "{status} {body}");
    let health: Value = serde_json::from_str(&body).unwrap();
    assert_eq!((&health["ok"], &health["store"]), (&json!(false), &json!("redis")), "{health}");
    assert!(!health["reason"].as_str().unwrap().is_empty(), "{health}");
    assert!(serve.head("/healthz").contains("cache-control: no-store"));
    // Nor can its rooms be counted meanwhile.
    let (_, metrics) = serve.get("/metrics");
    assert!(metrics.contains("\nwalak_store_up 0\n") && !metrics.contains("\nwalak_rooms "), "{metrics}");
    // Redis back: healthy again, with no restart of the server.
    let _back = Redis::on_port(redis.port(), None);
    let healthy = (0..100).any(|_| {
        std::thread::sleep(Duration::from_millis(100));
        serve.get("/healthz").0.contains("200")
    });
    assert!(healthy, "{:?}", serve.get("/healthz"));
}

/// The samples of a Prometheus text exposition, by name and labels.
fn samples(text: &str) -> std::collections::HashMap<String, f64> {
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.is_empty())
        .map(|line| {
            let (name, value) = line.rsplit_once(' ').unwrap_or_else(|| panic!("a sample, not {line:?}"));
            (name.to_string(), value.parse().unwrap_or_else(|_| panic!("a number in {line:?}")))
        })
        .collect()
}

#[tokio::test]
async fn metrics_count_rooms_moves_and_refusals() {
    let serve = Serve::start(&[]);
    let (mut south, created) = Client::create(&serve.live(), "south").await;
    let (mut north, _) = Client::join(&serve.live(), &created["room"], None).await;
    north.send(play(0, 3)).await;
    assert_eq!(north.expect("refused").await["reason"], "not_your_turn");
    south.send(play(0, 3)).await;
    south.expect("moved").await;
    north.expect("moved").await;

    let head = serve.head("/metrics");
    assert!(head.starts_with("http/1.1 200"), "{head}");
    assert!(head.contains("content-type: text/plain; version=0.0.4") && head.contains("cache-control: no-store"));
    let (_, text) = serve.get("/metrics");
    let counted = samples(&text);
    let sample = |name: &str| *counted.get(name).unwrap_or_else(|| panic!("no {name} in\n{text}"));
    assert_eq!(sample("walak_connections"), 2.0);
    assert_eq!(sample("walak_rooms"), 1.0);
    assert_eq!(sample("walak_store_up"), 1.0);
    assert_eq!(sample("walak_rooms_created_total"), 1.0);
    assert_eq!(sample("walak_moves_total"), 1.0);
    assert_eq!(sample(r#"walak_refusals_total{reason="not_your_turn"}"#), 1.0);
    for reason in walak::live::reason::REASONS {
        let expected = if *reason == "not_your_turn" { 1.0 } else { 0.0 };
        assert_eq!(sample(&format!(r#"walak_refusals_total{{reason="{reason}"}}"#)), expected, "{reason}");
    }
    assert_eq!(sample("walak_store_errors_total"), 0.0);
    // The one move's relay, within a second on a loopback.
    assert_eq!(sample("walak_move_relay_seconds_count"), 1.0);
    assert_eq!(sample(r#"walak_move_relay_seconds_bucket{le="1"}"#), 1.0);
    assert_eq!(sample(r#"walak_move_relay_seconds_bucket{le="+Inf"}"#), 1.0);
    assert!((0.0..1.0).contains(&sample("walak_move_relay_seconds_sum")));
    for family in ["walak_connections gauge", "walak_rooms_created_total counter", "walak_move_relay_seconds histogram"]
    {
        assert!(text.contains(&format!("# TYPE {family}\n")), "{family}");
    }
    drop(north);
    // A connection gone is no longer counted (once the server has seen it close).
    for _ in 0..50 {
        if samples(&serve.get("/metrics").1)["walak_connections"] == 1.0 {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the closed connection is still counted");
}

#[tokio::test]
async fn the_json_log_is_one_object_a_line_and_tells_of_rooms() {
    let mut child = Reaped(
        Command::new(env!("CARGO_BIN_EXE_walak"))
            .args(["serve", "--port", "0", "--dist", page_folder().to_str().unwrap(), "--log-format", "json"])
            .env_remove("RUST_LOG")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("walak serve starts"),
    );
    let mut line = String::new();
    BufReader::new(child.0.stdout.take().unwrap()).read_line(&mut line).unwrap();
    // The start-up line on stdout is as it always was: no log in it.
    let started: Value = serde_json::from_str(&line).unwrap();
    assert_eq!(started.as_object().unwrap().len(), 3, "{started}");
    assert_eq!(started["store"], "memory");
    let address = started["serving"].as_str().unwrap().trim_start_matches("http://").trim_end_matches('/');

    let (mut client, created) = Client::create(&format!("ws://{address}/live"), "south").await;
    client.send(play(5, 3)).await;
    assert_eq!(client.expect("refused").await["reason"], "stale");
    drop(client);
    // Stopped as a service manager stops it.
    let stopped = Command::new("kill").args(["-TERM", &child.0.id().to_string()]).status().unwrap();
    assert!(stopped.success());
    let mut log = String::new();
    child.0.stderr.take().unwrap().read_to_string(&mut log).unwrap();
    assert!(child.0.wait().unwrap().success());

    let lines: Vec<Value> = log
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|_| panic!("a JSON object, not {line:?}")))
        .collect();
    assert!(lines.iter().all(|line| line.is_object() && line["level"].is_string() && line["timestamp"].is_string()));
    let said = |message: &str| lines.iter().find(|line| line["message"] == message).cloned();
    let serving = said("serving").unwrap_or_else(|| panic!("no start in {log}"));
    assert_eq!(
        (&serving["address"], &serving["store"], &serving["rooms"]),
        (&json!(address), &json!("memory"), &json!(10_000))
    );
    let room = said("room created").unwrap_or_else(|| panic!("no room in {log}"));
    assert_eq!(room["room"], created["room"]);
    assert_eq!(said("refused").unwrap_or_else(|| panic!("no refusal in {log}"))["reason"], "stale");
    assert!(said("stopping").is_some(), "{log}");
}

/// A real nginx in front of servers on `ports`, as docs/hosting.md configures it, on a free
/// loopback port; stopped when dropped.
struct Nginx {
    child: Child,
    port: u16,
    dir: PathBuf,
}

impl Nginx {
    fn start(ports: &[u16]) -> Nginx {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let dir = std::env::temp_dir().join(format!("walak-nginx-test-{}-{port}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let servers: String = ports.iter().map(|port| format!("server 127.0.0.1:{port} max_fails=0; ")).collect();
        let d = dir.display();
        let conf = format!(
            "worker_processes 1; error_log {d}/error.log; pid {d}/nginx.pid; events {{ worker_connections 512; }}
            http {{
              access_log off;
              client_body_temp_path {d}/body; proxy_temp_path {d}/proxy; fastcgi_temp_path {d}/fastcgi;
              uwsgi_temp_path {d}/uwsgi; scgi_temp_path {d}/scgi;
              upstream walak {{ {servers} }}
              map $http_upgrade $connection_upgrade {{ default upgrade; '' close; }}
              server {{
                listen 127.0.0.1:{port};
                location / {{
                  proxy_pass http://walak;
                  proxy_http_version 1.1;
                  proxy_set_header Upgrade $http_upgrade;
                  proxy_set_header Connection $connection_upgrade;
                  proxy_set_header Host $http_host;
                  proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
                  proxy_read_timeout 1h;
                }}
              }}
            }}"
        );
        std::fs::write(dir.join("nginx.conf"), conf).unwrap();
        let binary = if Command::new("nginx").arg("-v").output().is_ok() { "nginx" } else { "/usr/sbin/nginx" };
        let child = Command::new(binary)
            .args(["-p", dir.to_str().unwrap(), "-c", dir.join("nginx.conf").to_str().unwrap(), "-g", "daemon off;"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("nginx is installed (scripts/setup.sh installs it)");
        for _ in 0..100 {
            if TcpStream::connect(("127.0.0.1", port)).is_ok() {
                return Nginx { child, port, dir };
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!(
            "nginx did not listen on {port}: {}",
            std::fs::read_to_string(dir.join("error.log")).unwrap_or_default()
        );
    }

    fn live(&self) -> String {
        format!("ws://127.0.0.1:{}/live", self.port)
    }
}

impl Drop for Nginx {
    fn drop(&mut self) {
        // Asked to stop (SIGTERM), so that its worker goes with it; killed, it would leave the
        // worker behind.
        let _ = Command::new("kill").args(["-TERM", &self.child.id().to_string()]).status();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

impl Client {
    /// Connected through a proxy as a page does: tried again until a server answers (the proxy,
    /// having just found one gone, may answer 502 for a moment).
    async fn connect_through(url: &str) -> Client {
        let mut tries = 0;
        loop {
            match tokio_tungstenite::connect_async(url).await {
                Ok((socket, _)) => return Client { socket },
                Err(error) => {
                    tries += 1;
                    assert!(tries < 50, "no server answered through the proxy: {error}");
                    tokio::time::sleep(Duration::from_millis(200)).await;
                }
            }
        }
    }

    /// Whether the connection still carries frames: a `ping` answered, or the socket gone.
    async fn answers(&mut self) -> bool {
        if self.socket.send(Message::Text(r#"{"type":"ping"}"#.into())).await.is_err() {
            return false;
        }
        loop {
            match self.next().await {
                Some(frame) if frame["type"] == "pong" => return true,
                Some(_) => continue,
                None => return false,
            }
        }
    }
}

/// A player of the game played through nginx: its seat's token, to come back with, and after
/// how many moves it came back (said if a frame it hears is not the one expected).
struct Seated {
    client: Client,
    token: Value,
    came_back_at: Vec<usize>,
}

impl Seated {
    /// Back through the proxy with its token if its server went: the game as it was.
    async fn come_back_if_gone(&mut self, url: &str, room: &Value, game: &Game) -> bool {
        if self.client.answers().await {
            return false;
        }
        let mut client = Client::connect_through(url).await;
        client.send(json!({"type":"join","room":room,"token":self.token})).await;
        let joined = client.expect("joined").await;
        assert_eq!(joined["moves"], game.record(), "no move lost or doubled");
        self.client = client;
        self.came_back_at.push(game.plies().len());
        true
    }

    /// The next `moved` frame but those of moves it was given when it came back, as a page passes
    /// them over (docs/live-protocol.md): a server listens to the room before it reads it, so a
    /// move its Redis subscription hands on late (a process just started, a busy machine) comes
    /// again after the `joined` that had it. Each passed over is the game's own move.
    async fn next_move(&mut self, game: &Game) -> Value {
        let given = self.came_back_at.last().copied().unwrap_or(0);
        loop {
            let moved = self.client.until("moved").await;
            let Some(moves) = moved["moves"].as_u64().map(|moves| moves as usize) else { return moved };
            if moves == 0 || moves > given {
                return moved;
            }
            let ply = game.plies()[moves - 1];
            assert_eq!(
                (&moved["hole"], &moved["side"]),
                (&json!(ply.number), &json!(ply.side.name())),
                "a move heard again differs from the game's: {moved}"
            );
        }
    }
}

#[tokio::test]
async fn behind_nginx_a_game_goes_on_through_a_stop_and_a_crash_of_either_server() {
    let redis = Redis::start();
    let args = ["--redis", redis.url.as_str(), "--trust-proxy", "127.0.0.1"];
    let mut one = Serve::start(&args);
    let mut two = Serve::start(&args);
    let (port_one, port_two) = (one.port(), two.port());
    let nginx = Nginx::start(&[port_one, port_two]);
    let mut south = Client::connect_through(&nginx.live()).await;
    south.send(create("south")).await;
    let created = south.expect("joined").await;
    let room = created["room"].clone();
    let mut north = Client::connect_through(&nginx.live()).await;
    north.send(json!({"type":"join","room":room})).await;
    let joined = north.expect("joined").await;
    let mut players = [
        Seated { client: south, token: created["token"].clone(), came_back_at: Vec::new() },
        Seated { client: north, token: joined["token"].clone(), came_back_at: Vec::new() },
    ];
    let mut game = Game::new(Options::default());
    let mut came_back = 0;
    while !game.is_over() {
        match game.plies().len() {
            // The first server stopped as a service manager stops it; the second crashes later,
            // once the first is back.
            6 => {
                assert!(one.terminate() < Duration::from_secs(10));
                for player in &mut players {
                    came_back += usize::from(player.come_back_if_gone(&nginx.live(), &room, &game).await);
                }
                one = Serve::start_on(port_one, &args);
            }
            14 => {
                two.kill();
                for player in &mut players {
                    came_back += usize::from(player.come_back_if_gone(&nginx.live(), &room, &game).await);
                }
            }
            _ => {}
        }
        let hole = *game.legal_moves().first().unwrap();
        let mover = usize::from(game.position().to_move() != walak::Side::South);
        players[mover].client.send(play(game.plies().len(), hole)).await;
        game.play(hole).unwrap();
        for (i, player) in players.iter_mut().enumerate() {
            let moved = player.next_move(&game).await;
            assert_eq!(
                (&moved["moves"], &moved["hole"]),
                (&json!(game.plies().len()), &json!(hole)),
                "player {i} (back after moves {:?}) heard {moved}",
                player.came_back_at
            );
        }
    }
    // Each server went once, with a player on it (two connections, two servers, round robin).
    assert!(came_back >= 2, "{came_back}");
    let mut late = Client::connect_through(&nginx.live()).await;
    late.send(json!({"type":"join","room":room})).await;
    assert_eq!(late.expect("joined").await["moves"], game.record());
    drop(one);
}

/// A request written as it is on a fresh connection, and everything the server answers until it
/// closes: the head (lowercased) and the body's bytes.
fn raw(address: &str, request: &[u8]) -> (String, Vec<u8>) {
    let mut stream = TcpStream::connect(address).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    stream.write_all(request).unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).unwrap();
    let end = answer.windows(4).position(|window| window == b"\r\n\r\n").expect("a whole head");
    (String::from_utf8_lossy(&answer[..end]).to_lowercase(), answer[end + 4..].to_vec())
}

/// A GET of `path` with more header lines (each ending in CRLF), closed after the answer.
fn get_with(serve: &Serve, path: &str, headers: &str) -> (String, Vec<u8>) {
    let request = format!("GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n{headers}\r\n", serve.address);
    raw(&serve.address, request.as_bytes())
}

/// The value of header `name` (lowercase) in a lowercased head.
fn header<'a>(head: &'a str, name: &str) -> Option<&'a str> {
    head.lines().find_map(|line| line.strip_prefix(name)?.strip_prefix(':')).map(str::trim)
}

#[test]
fn a_client_that_dribbles_its_headers_is_cut_off_while_others_are_served() {
    let serve = Serve::start(&[]);
    let mut slow = TcpStream::connect(&serve.address).unwrap();
    slow.write_all(b"GET / HTTP/1.1\r\nHost: slow\r\n").unwrap();
    let started = std::time::Instant::now();
    // A header line a second, never the blank line that ends them (slowloris).
    let mut writer = slow.try_clone().unwrap();
    let dribble = std::thread::spawn(move || {
        for line in 0..120 {
            std::thread::sleep(Duration::from_secs(1));
            if writer.write_all(format!("X-Line-{line}: still coming\r\n").as_bytes()).is_err() {
                break;
            }
        }
    });
    // Meanwhile others are served as usual.
    for _ in 0..3 {
        assert!(serve.get("/").0.contains("200"));
        std::thread::sleep(Duration::from_secs(1));
    }
    slow.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    let mut answer = Vec::new();
    // Closed, with or without a word: the end of the stream, or a reset.
    let _ = slow.read_to_end(&mut answer);
    let waited = started.elapsed();
    assert!(answer.is_empty() || !answer.starts_with(b"HTTP/1.1 200"), "the slow client was answered");
    // The limit is 10 s; the upper bound only says "not left open", on however busy a machine.
    assert!(waited >= Duration::from_secs(9) && waited < Duration::from_secs(50), "cut off after {waited:?}");
    dribble.join().unwrap();
    assert!(serve.get("/").0.contains("200"));
}

#[test]
fn headers_over_16_kib_are_refused_with_431() {
    let serve = Serve::start(&[]);
    let (head, _) = get_with(&serve, "/", &format!("X-Pad: {}\r\n", "a".repeat(17 * 1024)));
    assert!(head.starts_with("http/1.1 431"), "{head}");
    // Large but within the limit: served.
    let (head, _) = get_with(&serve, "/", &format!("X-Pad: {}\r\n", "a".repeat(12 * 1024)));
    assert!(head.starts_with("http/1.1 200"), "{head}");
}

#[test]
fn the_start_line_says_how_many_files_the_server_may_open() {
    let dist = page_folder();
    let mut child = Reaped(
        Command::new(env!("CARGO_BIN_EXE_walak"))
            .args(["serve", "--port", "0", "--dist", dist.to_str().unwrap()])
            .stdout(Stdio::piped())
            .spawn()
            .expect("walak serve starts"),
    );
    let mut line = String::new();
    BufReader::new(child.0.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let _ = child.0.kill();
    let _ = child.0.wait();
    // The keys scripts read come first, in their order.
    assert!(line.starts_with(r#"{"serving":"http://127.0.0.1:"#), "{line}");
    let started: Value = serde_json::from_str(&line).unwrap();
    assert_eq!(started["store"], "memory");
    assert!(line.find(r#""store""#) < line.find(r#""open_files""#), "{line}");
    let open_files = started["open_files"].as_u64().unwrap_or_else(|| panic!("a number of files in {line}"));
    // Raised to the hard limit, which the server inherits from this test.
    #[cfg(target_os = "linux")]
    {
        let limits = std::fs::read_to_string("/proc/self/limits").unwrap();
        let hard = limits.lines().find(|line| line.starts_with("Max open files")).unwrap().split_whitespace().nth(4);
        assert_eq!(hard.unwrap().parse::<u64>().ok(), Some(open_files), "{limits}");
    }
    assert!(open_files >= 1024, "{line}");
}

#[cfg(unix)]
#[test]
fn a_link_out_of_the_page_folder_is_not_followed() {
    let dist = page_folder();
    let outside = std::env::temp_dir().join(format!("walak-serve-outside-{}", std::process::id()));
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::write(outside.join("secret.txt"), "not for the web").unwrap();
    for (link, target) in [("secret.txt", outside.join("secret.txt")), ("elsewhere", outside.clone())] {
        let _ = std::fs::remove_file(dist.join(link));
        std::os::unix::fs::symlink(target, dist.join(link)).unwrap();
    }
    let _ = std::fs::remove_file(dist.join("again.html"));
    std::os::unix::fs::symlink(dist.join("index.html"), dist.join("again.html")).unwrap();
    let serve = Serve::start(&[]);
    for path in ["/secret.txt", "/elsewhere/secret.txt", "/elsewhere/", "/elsewhere/../elsewhere/secret.txt"] {
        let (status, body) = serve.get(path);
        assert!(status.contains("404"), "{path}: {status}");
        assert!(!body.contains("not for the web"), "{path}");
    }
    // A link to a file of the page is followed.
    let (status, body) = serve.get("/again.html");
    assert!(status.contains("200") && body.contains("Walak-pussa"), "{status}");
}

/// A text file large enough to be gzipped, with the page's other files.
fn book() -> String {
    (0..2000).map(|line| format!("{line} opening {}\n", line * 7 % 13)).collect()
}

#[test]
fn an_unchanged_file_is_answered_304_for_its_entity_tag() {
    std::fs::write(page_folder().join("book-etag.txt"), book()).unwrap();
    let serve = Serve::start(&[]);
    for accept in ["", "Accept-Encoding: gzip, deflate, br\r\n"] {
        let (head, body) = get_with(&serve, "/book-etag.txt", accept);
        assert!(head.starts_with("http/1.1 200") && !body.is_empty(), "{head}");
        assert_eq!(header(&head, "cache-control"), Some("no-cache"), "{head}");
        let tag = header(&head, "etag").unwrap_or_else(|| panic!("an entity tag: {head}")).to_string();
        let (again, body) = get_with(&serve, "/book-etag.txt", &format!("{accept}If-None-Match: {tag}\r\n"));
        assert!(again.starts_with("http/1.1 304"), "{again}");
        assert!(body.is_empty());
        assert_eq!(header(&again, "etag"), Some(tag.as_str()));
        // Another version's tag: the file again.
        let (other, _) = get_with(&serve, "/book-etag.txt", &format!("{accept}If-None-Match: \"0-1\"\r\n"));
        assert!(other.starts_with("http/1.1 200"), "{other}");
    }
    // The page itself is asked for again in the same way, and by its date alone too.
    let page = serve.head("/");
    let tag = header(&page, "etag").expect("the page has an entity tag").to_string();
    assert!(get_with(&serve, "/", &format!("If-None-Match: {tag}\r\n")).0.starts_with("http/1.1 304"));
    // As sent: a date's case matters.
    let answer = serve.answer("/");
    let date = answer.lines().find_map(|line| line.strip_prefix("last-modified: ")).expect("the page has a date");
    assert!(get_with(&serve, "/", &format!("If-Modified-Since: {date}\r\n")).0.starts_with("http/1.1 304"));
    // A changed file has a new tag.
    let (head, _) = get_with(&serve, "/book-etag.txt", "");
    std::fs::write(page_folder().join("book-etag.txt"), book() + "one more line\n").unwrap();
    let tag = header(&head, "etag").unwrap();
    let (changed, _) = get_with(&serve, "/book-etag.txt", &format!("If-None-Match: {tag}\r\n"));
    assert!(changed.starts_with("http/1.1 200"), "{changed}");
}

#[test]
fn the_page_is_sent_with_its_content_security_policy_and_may_be_framed() {
    let serve = Serve::start(&[]);
    for path in ["/", "/index.html"] {
        let head = serve.head(path);
        let policy = header(&head, "content-security-policy").unwrap_or_else(|| panic!("{path}: {head}"));
        assert!(policy.starts_with("default-src 'self'; script-src 'self' 'wasm-unsafe-eval';"), "{policy}");
        // Embeds live in other sites' frames.
        assert!(!policy.contains("frame-ancestors") && !head.contains("x-frame-options"), "{head}");
    }
}

#[test]
fn a_page_names_the_files_it_asks_for_first_as_the_build_listed_them() {
    let dist = page_folder();
    std::fs::create_dir_all(dist.join("linked")).unwrap();
    std::fs::write(dist.join("linked/index.html"), "<!doctype html><title>Walak-pussa</title>").unwrap();
    std::fs::write(dist.join("linked/other.html"), "<!doctype html><title>Walak-pussa</title>").unwrap();
    let links = "<www/style-ABCDEFGH.css>; rel=preload; as=style, <www/main-ABCDEFGH.js>; rel=modulepreload";
    std::fs::write(dist.join("linked/index.html.links"), format!("{links}\n")).unwrap();
    std::fs::write(dist.join("linked/style.css"), "body { margin: 0 }").unwrap();
    std::fs::write(dist.join("linked/style.css.links"), links).unwrap();
    let serve = Serve::start(&[]);
    for path in ["/linked/", "/linked/index.html"] {
        let head = serve.head(path);
        assert_eq!(header(&head, "link"), Some(links.to_lowercase().as_str()), "{path}: {head}");
    }
    // Only a page's, and only its own.
    assert_eq!(header(&serve.head("/linked/other.html"), "link"), None);
    assert_eq!(header(&serve.head("/linked/style.css"), "link"), None);
    // The page edited after the build: its old list is not sent.
    std::thread::sleep(std::time::Duration::from_millis(20));
    std::fs::write(dist.join("linked/index.html"), "<!doctype html><title>Walak-pussa, edited</title>").unwrap();
    assert_eq!(header(&serve.head("/linked/"), "link"), None);
}

#[test]
fn a_page_asked_for_in_another_language_names_that_language_s_words_first_too() {
    let dist = page_folder();
    std::fs::create_dir_all(dist.join("worded")).unwrap();
    std::fs::write(dist.join("worded/index.html"), "<!doctype html><title>Walak-pussa</title>").unwrap();
    let plain = "<www/style-ABCDEFGH.css>; rel=preload; as=style, <www/main-ABCDEFGH.js>; rel=modulepreload";
    let sinhala = "<www/style-ABCDEFGH.css>; rel=preload; as=style, <www/si-page-ABCDEFGH.js>; rel=modulepreload, \
                   <www/main-ABCDEFGH.js>; rel=modulepreload, <www/si-ABCDEFGH.js>; rel=modulepreload";
    std::fs::write(dist.join("worded/index.html.links"), format!("{plain}\n")).unwrap();
    std::fs::write(dist.join("worded/index.html.si.links"), format!("{sinhala}\n")).unwrap();
    let serve = Serve::start(&[]);
    let links = |path: &str, accepted: &str| {
        let (head, _) = get_with(&serve, path, &format!("Accept-Language: {accepted}\r\n"));
        // Not by the language: the service worker's stored page must match every visit.
        assert!(!head.contains("accept-language"), "{head}");
        header(&head, "link").map(str::to_owned)
    };
    let (plain, sinhala) = (Some(plain.to_lowercase()), Some(sinhala.to_lowercase()));
    // The browser's languages by weight, as the page chooses its own; English is the page's.
    assert_eq!(links("/worded/", "si-LK,si;q=0.9,en;q=0.8"), sinhala);
    assert_eq!(links("/worded/", "fr-FR, si;q=0.5"), sinhala);
    assert_eq!(links("/worded/", "en-US, si;q=0.5"), plain);
    assert_eq!(links("/worded/", "de"), plain);
    // The address's language first.
    assert_eq!(links("/worded/?lang=si", "en-US"), sinhala);
    assert_eq!(links("/worded/index.html?lang=en", "si"), plain);
    // A language without a list of its own (the build's lists say which the page offers).
    assert_eq!(links("/worded/?lang=th", "th, si;q=0.1"), sinhala);
}

#[test]
fn text_is_gzipped_the_same_each_time_and_gzipped_files_go_as_they_are() {
    let dist = page_folder();
    std::fs::write(dist.join("book-gzip.txt"), book()).unwrap();
    // Stands for the endgame table, which the build gzips: the server never compresses it again.
    let table: Vec<u8> = [0x1f, 0x8b, 8, 0].into_iter().chain((0..50_000u32).map(|i| (i * 31 % 251) as u8)).collect();
    std::fs::create_dir_all(dist.join("www")).unwrap();
    std::fs::write(dist.join("www/endgames.bin.gz"), &table).unwrap();
    let serve = Serve::start(&[]);
    let gzip = "Accept-Encoding: gzip, deflate, br, zstd\r\n";
    let (first_head, first) = get_with(&serve, "/book-gzip.txt", gzip);
    let (second_head, second) = get_with(&serve, "/book-gzip.txt", gzip);
    for head in [&first_head, &second_head] {
        assert_eq!(header(head, "content-encoding"), Some("gzip"), "{head}");
        assert_eq!(header(head, "vary"), Some("accept-encoding"), "{head}");
    }
    assert_eq!(first, second, "the second answer is the first one's bytes");
    assert!(first.starts_with(&[0x1f, 0x8b]) && first.len() < book().len() / 2, "{} bytes", first.len());
    // A client that does not take gzip gets the file as it is.
    let (plain_head, plain) = get_with(&serve, "/book-gzip.txt", "");
    assert_eq!(header(&plain_head, "content-encoding"), None, "{plain_head}");
    assert_eq!(plain, book().as_bytes());

    let (head, body) = get_with(&serve, "/www/endgames.bin.gz", gzip);
    assert!(head.starts_with("http/1.1 200"), "{head}");
    assert_eq!(header(&head, "content-encoding"), None, "{head}");
    assert_eq!(header(&head, "content-type"), Some("application/gzip"), "{head}");
    assert_eq!(body, table);
}

#[test]
fn the_builds_compressed_copies_go_to_browsers_that_take_them_while_they_are_current() {
    let dist = page_folder();
    std::fs::create_dir_all(dist.join("copies")).unwrap();
    std::fs::write(dist.join("copies/a.js"), book()).unwrap();
    // Stand-ins for the build's copies: the server sends them as they are, never decoding them.
    std::fs::write(dist.join("copies/a.js.br"), b"brotli copy of a.js").unwrap();
    std::fs::write(dist.join("copies/a.js.gz"), b"gzip copy of a.js").unwrap();
    let serve = Serve::start(&[]);
    let (head, body) = get_with(&serve, "/copies/a.js", "Accept-Encoding: gzip, deflate, br, zstd\r\n");
    assert_eq!(header(&head, "content-encoding"), Some("br"), "{head}");
    assert_eq!(header(&head, "content-type"), Some("text/javascript"), "{head}");
    assert_eq!(header(&head, "vary"), Some("accept-encoding"), "{head}");
    assert_eq!(body, b"brotli copy of a.js");
    let tag = header(&head, "etag").unwrap().to_string();
    let (again, _) = get_with(&serve, "/copies/a.js", &format!("Accept-Encoding: br\r\nIf-None-Match: {tag}\r\n"));
    assert!(again.starts_with("http/1.1 304"), "{again}");
    // Without brotli, the gzip copy; without either, the file.
    let (head, body) = get_with(&serve, "/copies/a.js", "Accept-Encoding: gzip\r\n");
    assert_eq!(header(&head, "content-encoding"), Some("gzip"), "{head}");
    assert_eq!(body, b"gzip copy of a.js");
    let (head, body) = get_with(&serve, "/copies/a.js", "");
    assert_eq!(header(&head, "content-encoding"), None, "{head}");
    assert_eq!(body, book().as_bytes());

    // The file edited after the build: its old copies are never sent, it is gzipped anew.
    std::thread::sleep(std::time::Duration::from_millis(20));
    std::fs::write(dist.join("copies/a.js"), book() + "// edited\n").unwrap();
    let (head, body) = get_with(&serve, "/copies/a.js", "Accept-Encoding: gzip, br\r\n");
    assert_eq!(header(&head, "content-encoding"), Some("gzip"), "{head}");
    assert!(body.starts_with(&[0x1f, 0x8b]), "gzipped by the server");
}

#[test]
fn a_websocket_of_another_version_is_told_13() {
    let serve = Serve::start(&[]);
    let request = format!(
        "GET /live HTTP/1.1\r\nHost: {}\r\nUpgrade: websocket\r\nConnection: Upgrade, close\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 12\r\n\r\n",
        serve.address
    );
    let (head, _) = raw(&serve.address, request.as_bytes());
    assert!(head.starts_with("http/1.1 426"), "{head}");
    assert_eq!(header(&head, "sec-websocket-version"), Some("13"), "{head}");
}
