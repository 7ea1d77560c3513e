//! What a load run counts, shared by all its clients: counters, relay latencies, refusals by
//! reason, and the first few errors in words. Plain atomics and short locks, so that counting
//! never slows the clients it measures.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

/// Errors kept in words: the first few tell what went wrong; the count tells how often.
const ERRORS_KEPT: usize = 10;

#[derive(Default)]
pub struct Tally {
    /// Players who have their seat (two per room).
    pub seated: AtomicU64,
    /// WebSockets open now, and the most at once.
    pub open: AtomicI64,
    pub peak_open: AtomicI64,
    /// `moved` frames that came in order (each move is heard by both players).
    pub relayed: AtomicU64,
    /// Connections opened again after a drop, and attempts to open one that failed.
    pub reconnects: AtomicU64,
    pub connect_failures: AtomicU64,
    /// Moves a reconnected player learnt from `joined` rather than from `moved`.
    pub replayed: AtomicU64,
    /// `join` sent again to read the room afresh (a gap, a refused move, a move not heard of).
    pub resyncs: AtomicU64,
    /// `moved` with a count beyond the next one: a move missed without a drop.
    pub gaps: AtomicU64,
    /// `moved` for a move already known, the same move: heard again after a reconnect.
    pub echoes: AtomicU64,
    /// A move a player had seen that the server's record does not have, or has otherwise.
    pub lost: AtomicU64,
    /// `moved` for a known place in the game with another move, or a move the rules refuse.
    pub conflicts: AtomicU64,
    pub games_finished: AtomicU64,
    /// Finished games whose record, read by a fresh `join`, is what both players saw.
    pub games_matching: AtomicU64,
    pub moves: AtomicU64,
    pub errors: AtomicU64,
    error_words: Mutex<Vec<String>>,
    latencies_ms: Mutex<Vec<f32>>,
    /// Refusals of the players' own moves and joins (none expected).
    refusals: Mutex<BTreeMap<String, u64>>,
    pub bad: BadTally,
    pub unavailable: UnavailableTally,
    pub flood: FloodTally,
}

/// The servers without their store (Redis): what the players heard, and when moves passed again.
#[derive(Default)]
pub struct UnavailableTally {
    /// `unavailable` frames heard, and frames refused `unavailable`.
    pub frames: AtomicU64,
    pub refusals: AtomicU64,
    /// The first and the last time either was heard (one outage or several, taken as one).
    heard: Mutex<Option<(Instant, SystemTime, Instant)>>,
    /// The first move sent after the first `unavailable` that came through.
    moves_again: Mutex<Option<Instant>>,
}

/// One client address opening rooms as fast as it may (`--flood`).
#[derive(Default)]
pub struct FloodTally {
    pub connections: AtomicU64,
    pub creates: AtomicU64,
    /// Creates answered `joined`: rooms opened.
    pub opened: AtomicU64,
    pub refused: Mutex<BTreeMap<String, u64>>,
    /// Connections the server closed before the flooder did.
    pub closed_by_server: AtomicU64,
}

/// What the bad-input clients sent and what came back.
#[derive(Default)]
pub struct BadTally {
    pub sent: Mutex<BTreeMap<&'static str, u64>>,
    pub answers: Mutex<BTreeMap<String, u64>>,
    /// Connections the server closed after an oversize frame or a flood, as it should.
    pub closed: AtomicU64,
    /// An oversize frame or a flood the server did not close the connection for in time.
    pub not_closed: AtomicU64,
    /// Connections that closed with no oversize frame or flood to explain it.
    pub unexpected_closes: AtomicU64,
    pub connections: AtomicU64,
}

pub fn add(counter: &AtomicU64, n: u64) {
    counter.fetch_add(n, Ordering::Relaxed);
}

pub fn read(counter: &AtomicU64) -> u64 {
    counter.load(Ordering::Relaxed)
}

fn bump<K: Ord>(map: &Mutex<BTreeMap<K, u64>>, key: K, n: u64) {
    *map.lock().expect("a tally's lock is never poisoned").entry(key).or_default() += n;
}

impl Tally {
    pub fn error(&self, words: String) {
        add(&self.errors, 1);
        let mut kept = self.error_words.lock().expect("a tally's lock is never poisoned");
        if kept.len() < ERRORS_KEPT {
            kept.push(words);
        }
    }

    pub fn latency(&self, ms: f32) {
        self.latencies_ms.lock().expect("a tally's lock is never poisoned").push(ms);
    }

    pub fn refusal(&self, reason: &str) {
        bump(&self.refusals, reason.to_string(), 1);
    }

    pub fn refusals(&self) -> BTreeMap<String, u64> {
        self.refusals.lock().expect("a tally's lock is never poisoned").clone()
    }

    pub fn error_words(&self) -> Vec<String> {
        self.error_words.lock().expect("a tally's lock is never poisoned").clone()
    }

    pub fn latencies(&self) -> Vec<f32> {
        self.latencies_ms.lock().expect("a tally's lock is never poisoned").clone()
    }

    /// A socket opened: counted until the guard is dropped.
    pub fn opened(self: &Arc<Tally>) -> OpenSocket {
        let now = self.open.fetch_add(1, Ordering::Relaxed) + 1;
        self.peak_open.fetch_max(now, Ordering::Relaxed);
        OpenSocket(self.clone())
    }
}

impl BadTally {
    pub fn sent(&self, kind: &'static str, n: u64) {
        bump(&self.sent, kind, n);
    }

    pub fn answer(&self, reason: &str) {
        bump(&self.answers, reason.to_string(), 1);
    }
}

impl UnavailableTally {
    /// A player heard that its server is without its store.
    pub fn heard(&self) {
        let now = Instant::now();
        let mut heard = self.heard.lock().expect("a tally's lock is never poisoned");
        match heard.as_mut() {
            Some((_, _, last)) => *last = now,
            None => *heard = Some((now, SystemTime::now(), now)),
        }
    }

    /// A move sent at `sent` came through: the first sent since the store was lost marks the
    /// moment moves pass again.
    pub fn passed(&self, sent: Instant) {
        let began = self.heard.lock().expect("a tally's lock is never poisoned").map(|(first, _, _)| first);
        if began.is_some_and(|began| sent > began) {
            self.moves_again.lock().expect("a tally's lock is never poisoned").get_or_insert_with(Instant::now);
        }
    }

    /// When the first `unavailable` was heard (ms since the Unix epoch), for how long they were
    /// heard, and how long after the first a move passed again (seconds); `None` if never heard.
    pub fn outage(&self) -> Option<(u64, f64, Option<f64>)> {
        let (first, at, last) = (*self.heard.lock().expect("a tally's lock is never poisoned"))?;
        let again = *self.moves_again.lock().expect("a tally's lock is never poisoned");
        let unix_ms = at.duration_since(UNIX_EPOCH).map_or(0, |since| since.as_millis() as u64);
        Some((unix_ms, (last - first).as_secs_f64(), again.map(|again| (again - first).as_secs_f64())))
    }
}

impl FloodTally {
    pub fn refusal(&self, reason: &str) {
        bump(&self.refused, reason.to_string(), 1);
    }
}

/// Held with each open socket: the count of open sockets goes down when it goes.
pub struct OpenSocket(Arc<Tally>);

impl Drop for OpenSocket {
    fn drop(&mut self) {
        self.0.open.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Relay latencies, in milliseconds.
#[derive(serde::Serialize)]
pub struct Latency {
    pub samples: usize,
    pub p50: f32,
    pub p90: f32,
    pub p99: f32,
    pub max: f32,
}

impl Latency {
    pub fn of(mut ms: Vec<f32>) -> Latency {
        ms.sort_by(f32::total_cmp);
        // The nearest-rank percentile: a value that was measured, never interpolated.
        let at = |p: f64| match ms.len() {
            0 => 0.0,
            n => ms[((p * n as f64).ceil() as usize).clamp(1, n) - 1],
        };
        let round = |x: f32| (x * 100.0).round() / 100.0;
        Latency {
            samples: ms.len(),
            p50: round(at(0.50)),
            p90: round(at(0.90)),
            p99: round(at(0.99)),
            max: round(ms.last().copied().unwrap_or(0.0)),
        }
    }
}

/// A process's CPU time and memory, from /proc.
#[derive(Clone, Copy, Debug, Default)]
pub struct Sample {
    pub cpu_s: f64,
    pub rss_kb: u64,
    /// The most resident memory the process ever had (VmHWM).
    pub peak_kb: u64,
}

/// Clock ticks per second of /proc/PID/stat's times: 100 on Linux unless told otherwise.
fn ticks_per_second() -> f64 {
    std::process::Command::new("getconf")
        .arg("CLK_TCK")
        .output()
        .ok()
        .and_then(|out| String::from_utf8(out.stdout).ok())
        .and_then(|text| text.trim().parse().ok())
        .unwrap_or(100.0)
}

/// Process `pid` ("self" for this one) now, or `None` once it is gone (or a zombie).
pub fn sample(pid: &str) -> Option<Sample> {
    static TICKS: std::sync::OnceLock<f64> = std::sync::OnceLock::new();
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name may hold spaces and parentheses: the fields start after its last ')'.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    if fields.first() == Some(&"Z") {
        return None;
    }
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let kb = |name: &str| {
        status
            .lines()
            .find_map(|line| line.strip_prefix(name))
            .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap_or(0)
    };
    Some(Sample { cpu_s: ticks / *TICKS.get_or_init(ticks_per_second), rss_kb: kb("VmRSS:"), peak_kb: kb("VmHWM:") })
}

/// A server process watched through the run.
pub struct Watched {
    pub pid: u32,
    pub start: Option<Sample>,
    /// When every room had its two players.
    pub seated: Option<Sample>,
    pub last: Option<Sample>,
    /// The most resident memory seen (sampled, and the kernel's own high-water mark).
    pub peak_kb: u64,
}

impl Watched {
    pub fn new(pid: u32) -> Watched {
        let start = sample(&pid.to_string());
        Watched { pid, start, seated: None, last: start, peak_kb: start.map_or(0, |s| s.rss_kb) }
    }

    /// Samples again; keeps the last sample of a process that is gone.
    pub fn update(&mut self) -> Option<Sample> {
        let now = sample(&self.pid.to_string());
        if let Some(now) = now {
            self.peak_kb = self.peak_kb.max(now.rss_kb).max(now.peak_kb);
            self.last = Some(now);
        }
        now
    }
}

/// What the report says of a server process.
#[derive(serde::Serialize)]
pub struct ProcessReport {
    pub pid: u32,
    pub alive: bool,
    /// CPU seconds used during the run (until its end, or the last sample before it died).
    pub cpu_s: f64,
    pub rss_start_mb: f64,
    /// With every room open and its two players connected.
    pub rss_seated_mb: f64,
    pub rss_peak_mb: f64,
    pub rss_final_mb: f64,
    /// Resident memory gained from the start to every room seated, per room (two connections
    /// and the room's game).
    pub kb_per_room: f64,
}

impl ProcessReport {
    pub fn of(watched: &Watched, alive: bool, rooms: usize) -> ProcessReport {
        let mb = |kb: u64| (kb as f64 / 1024.0 * 10.0).round() / 10.0;
        let (start, last) = (watched.start.unwrap_or_default(), watched.last.unwrap_or_default());
        let seated = watched.seated.unwrap_or(last);
        ProcessReport {
            pid: watched.pid,
            alive,
            cpu_s: ((last.cpu_s - start.cpu_s) * 100.0).round() / 100.0,
            rss_start_mb: mb(start.rss_kb),
            rss_seated_mb: mb(seated.rss_kb),
            rss_peak_mb: mb(watched.peak_kb),
            rss_final_mb: mb(last.rss_kb),
            kb_per_room: ((seated.rss_kb.saturating_sub(start.rss_kb)) as f64 / rooms.max(1) as f64 * 10.0).round()
                / 10.0,
        }
    }
}
