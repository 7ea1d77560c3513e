//! `walak load`: plays random games through one or more `walak serve` processes, as many pairs
//! of pages would, and reports how the servers held up: move relay latency, games whose record
//! came out whole, moves lost or doubled, reconnects, the servers' CPU time and memory. With
//! `--fault-pid` one server is killed mid-games (its clients reconnect to the others); with
//! `--bad` other connections send malformed frames while the games run; with `--flood` one
//! address opens rooms as fast as it may. Progress goes to stderr, the report (JSON) to stdout.

mod bad;
mod flood;
mod player;
mod run;
mod tally;

use std::collections::BTreeMap;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::task::JoinSet;

use player::{Role, RoomPlay};
use run::Run;
use tally::{read, Latency, ProcessReport, Watched};

use crate::cli::LoadArgs;
use crate::json::to_json;

/// What `walak load` was asked for.
struct Plan {
    urls: Vec<String>,
    rooms: usize,
    /// The first room's number (the rooms are numbered on from it).
    first_room: usize,
    seed: u64,
    /// A player's mean thinking time before a move.
    think_ms: u64,
    /// Rooms opened at a time while connecting.
    batch: usize,
    /// Bad frames to send in all (0: none), a fifth of them the players' moves out of turn; a
    /// flood goes on until the server closes its connection, so a few more go in all.
    bad: u64,
    pids: Vec<u32>,
    /// Each room's players from addresses of their own (X-Forwarded-For).
    spread: bool,
    /// Connections of the one address that floods the servers with rooms (0: none).
    flood: usize,
    fault: Option<Fault>,
    timeout: Duration,
    /// Where to write every relay latency, one a line.
    relay_out: Option<String>,
    command: String,
}

/// A server process to kill (SIGKILL), `after` play began.
#[derive(Clone, Copy)]
struct Fault {
    pid: u32,
    after: Duration,
}

/// How long the rooms of one batch have to be seated before the next batch opens regardless.
const BATCH_WITHIN: Duration = Duration::from_secs(10);

#[derive(serde::Serialize)]
pub struct Report {
    pub command: String,
    pub passed: bool,
    pub servers: usize,
    pub rooms: usize,
    pub clients: usize,
    pub think_ms: u64,
    pub rooms_seated: u64,
    pub peak_open_sockets: i64,
    /// From the first connection to every room seated; then the games; then the whole run.
    pub ramp_s: f64,
    pub play_s: f64,
    pub wall_s: f64,
    pub games_finished: u64,
    /// Finished games whose record, as a newcomer reads it, is what both players saw.
    pub games_matching: u64,
    pub games_unfinished: u64,
    /// Moves of the matching games.
    pub moves: u64,
    pub moves_per_second: f64,
    /// From a player sending `move` to the other player receiving `moved`.
    pub relay_ms: Latency,
    /// Refusals of the players' own frames, by reason (none expected).
    pub refusals: BTreeMap<String, u64>,
    pub reconnects: u64,
    pub connect_failures: u64,
    pub replayed_moves: u64,
    pub resyncs: u64,
    pub gaps: u64,
    pub echoes: u64,
    pub lost_moves: u64,
    pub conflicts: u64,
    pub errors: u64,
    pub error_samples: Vec<String>,
    /// Where the players of the first few unfinished rooms stood at the end.
    pub unfinished_samples: Vec<String>,
    pub fault: Option<FaultReport>,
    pub bad: Option<BadReport>,
    pub flood: Option<FloodReport>,
    /// `unavailable` frames the players heard, and their frames refused `unavailable`.
    pub unavailable_frames: u64,
    pub unavailable_refusals: u64,
    /// The servers' store lost and back, as the players saw it; none if never lost.
    pub outage: Option<OutageReport>,
    pub processes: Vec<ProcessReport>,
    /// CPU seconds of this load tool itself, which shares the machine with the servers.
    pub load_cpu_s: f64,
    pub timed_out: bool,
}

#[derive(serde::Serialize)]
pub struct FaultReport {
    pub pid: u32,
    pub after_ms: u64,
    pub killed: bool,
    /// Moves relayed when the process was killed.
    pub relayed_before: u64,
}

#[derive(serde::Serialize)]
pub struct FloodReport {
    pub connections: u64,
    pub creates: u64,
    /// Rooms the flooding address opened, and its creates refused, by reason.
    pub opened: u64,
    pub refused: BTreeMap<String, u64>,
    pub closed_by_server: u64,
}

#[derive(serde::Serialize)]
pub struct OutageReport {
    /// When a player first heard `unavailable` (ms since the Unix epoch), and for how long
    /// players went on hearing it.
    pub first_heard_unix_ms: u64,
    pub heard_for_s: f64,
    /// From the first `unavailable` heard to the first move sent after it coming through; none
    /// if no move came through after it.
    pub moves_again_s: Option<f64>,
}

#[derive(serde::Serialize)]
pub struct BadReport {
    pub frames: u64,
    pub sent: BTreeMap<&'static str, u64>,
    pub answers: BTreeMap<String, u64>,
    pub connections: u64,
    pub closed: u64,
    pub not_closed: u64,
    pub unexpected_closes: u64,
}

/// `walak load`: the run played and its report printed; a refusal unless every game came out
/// whole (the report printed first).
pub fn run(args: LoadArgs) -> Result<String, String> {
    // Cli::check has made sure of one --fault-pid, or none and no --fault-after-ms.
    let fault = args
        .fault_pid
        .first()
        .map(|&pid| Fault { pid, after: Duration::from_millis(args.fault_after_ms.unwrap_or(5_000)) });
    let plan = Plan {
        urls: args.url,
        rooms: args.rooms as usize,
        first_room: args.first_room as usize,
        seed: args.seed,
        think_ms: args.think_ms,
        batch: args.batch.max(1) as usize,
        bad: args.bad,
        pids: args.server_pid,
        spread: args.spread_addresses,
        flood: args.flood as usize,
        fault,
        timeout: Duration::from_secs(args.timeout_s.max(1)),
        relay_out: args.relay_out,
        command: format!("walak load {}", std::env::args().skip(2).collect::<Vec<_>>().join(" ")),
    };
    let report = load(plan)?;
    let json = to_json(&report);
    if !report.passed {
        println!("{json}");
        return Err("the load run did not end with every game whole (report above)".into());
    }
    Ok(json)
}

/// Runs the plan to its end (or its timeout) and reports.
fn load(plan: Plan) -> Result<Report, String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|error| format!("cannot start: {error}"))?;
    Ok(runtime.block_on(drive(plan)))
}

async fn drive(plan: Plan) -> Report {
    let started = Instant::now();
    let mut run = Run::new(plan.urls.clone(), plan.seed, plan.think_ms, started + plan.timeout, (plan.bad / 5) as i64);
    run.spread = plan.spread;
    let run = Arc::new(run);
    let load_cpu = tally::sample("self").unwrap_or_default().cpu_s;
    let watched = Arc::new(Mutex::new(plan.pids.iter().map(|&pid| Watched::new(pid)).collect::<Vec<_>>()));
    let monitor = tokio::spawn(monitor(run.clone(), watched.clone(), plan.rooms));
    let rooms: Arc<Vec<Arc<RoomPlay>>> =
        Arc::new((0..plan.rooms).map(|i| Arc::new(RoomPlay::new(plan.first_room + i))).collect());

    // The flood begins before the players' rooms open, so that their creates meet it.
    let mut flooders = JoinSet::new();
    for id in 0..plan.flood {
        flooders.spawn(flood::flooder(run.clone(), id));
    }
    let mut players = JoinSet::new();
    ramp_up(&run, &rooms, plan.batch, &mut players).await;
    let ramp_s = started.elapsed().as_secs_f64();
    for process in watched.lock().expect("never poisoned").iter_mut() {
        process.seated = process.update();
    }

    let playing = Instant::now();
    run.go.send_replace(true);
    eprintln!("[load] {} rooms seated in {ramp_s:.1} s: play begins", read(&run.tally.seated) / 2);
    let mut bad_clients = start_bad_clients(&run, &rooms, plan.bad);
    let fault = plan.fault.map(|fault| tokio::spawn(kill_later(run.clone(), fault)));

    let everyone = async {
        while players.join_next().await.is_some() {}
        while bad_clients.join_next().await.is_some() {}
    };
    let timed_out = tokio::time::timeout_at(run.deadline.into(), everyone).await.is_err();
    players.abort_all();
    bad_clients.abort_all();
    run.over.store(true, Ordering::Relaxed);
    // The flooders finish the connection under way: its last creates answered, or given up.
    let _ = tokio::time::timeout(Duration::from_secs(3), async { while flooders.join_next().await.is_some() {} }).await;
    flooders.abort_all();
    let play_s = playing.elapsed().as_secs_f64();
    monitor.abort();
    for process in watched.lock().expect("never poisoned").iter_mut() {
        process.update();
    }
    // A fault planned for after the games ended never happened.
    let fault = match fault {
        Some(task) if task.is_finished() => task.await.ok().flatten(),
        Some(task) => {
            task.abort();
            None
        }
        None => None,
    };
    let timing = Timing { ramp_s, play_s, wall_s: started.elapsed().as_secs_f64(), timed_out };
    let load_cpu_s = tally::sample("self").unwrap_or_default().cpu_s - load_cpu;
    let processes = watched
        .lock()
        .expect("never poisoned")
        .iter()
        .map(|w| {
            let alive = tally::sample(&w.pid.to_string()).is_some();
            ProcessReport::of(w, alive, plan.rooms)
        })
        .collect();
    let unfinished = rooms.iter().filter(|room| !room.finished()).take(5).map(|room| room.status()).collect();
    if let Some(path) = &plan.relay_out {
        write_latencies(path, &run.tally.latencies());
    }
    report(&plan, &run, timing, fault, processes, load_cpu_s, unfinished)
}

/// Writes `ms`, one a line, to `path`; a failure is said, and the run's report stands.
fn write_latencies(path: &str, ms: &[f32]) {
    let lines: String = ms.iter().map(|ms| format!("{ms}\n")).collect();
    if let Err(error) = std::fs::write(path, lines) {
        eprintln!("[load] --relay-out {path}: {error}");
    }
}

/// Opens the rooms `batch` at a time: each batch's players connect and take their seats before
/// the next batch starts, so that thousands of connections never crowd the servers' accept
/// queues at once. Returns once every room is seated (or cannot be).
async fn ramp_up(run: &Arc<Run>, rooms: &Arc<Vec<Arc<RoomPlay>>>, batch: usize, players: &mut JoinSet<()>) {
    for (n, chunk) in rooms.chunks(batch.max(1)).enumerate() {
        for room in chunk {
            players.spawn(player::play(run.clone(), room.clone(), Role::Creator));
            players.spawn(player::play(run.clone(), room.clone(), Role::Joiner));
        }
        let seated = (2 * (n * batch.max(1) + chunk.len())) as u64;
        seats_taken(run, seated, Instant::now() + BATCH_WITHIN).await;
    }
    seats_taken(run, 2 * rooms.len() as u64, Instant::now() + BATCH_WITHIN).await;
}

/// Waits until `seats` players are seated, or `until`, or the run's deadline.
async fn seats_taken(run: &Run, seats: u64, until: Instant) {
    let until = until.min(run.deadline);
    while read(&run.tally.seated) + read(&run.tally.errors) < seats && Instant::now() < until {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// The bad-input clients: one for each 200 bad frames (1 to 100 of them), sharing out what the
/// players' out-of-turn moves do not send.
fn start_bad_clients(run: &Arc<Run>, rooms: &Arc<Vec<Arc<RoomPlay>>>, bad: u64) -> JoinSet<()> {
    let mut clients = JoinSet::new();
    let frames = bad - bad / 5;
    if frames == 0 || rooms.is_empty() {
        return clients;
    }
    let count = (frames / 200).clamp(1, 100);
    for id in 0..count {
        let quota = frames / count + u64::from(id < frames % count);
        clients.spawn(bad::bad_client(run.clone(), id as usize, quota, rooms.clone()));
    }
    clients
}

/// Kills the process of `fault` (SIGKILL, as a crash) once play has gone on for its time; the
/// moves relayed by then.
async fn kill_later(run: Arc<Run>, fault: Fault) -> Option<u64> {
    tokio::time::sleep(fault.after).await;
    let relayed = read(&run.tally.relayed);
    let killed = std::process::Command::new("kill").args(["-KILL", &fault.pid.to_string()]).status();
    eprintln!("[load] killed process {} (SIGKILL) after {} moves heard", fault.pid, relayed);
    killed.ok().filter(|status| status.success()).map(|_| relayed)
}

/// Says how the run goes, every second, on stderr; samples the servers' memory meanwhile.
async fn monitor(run: Arc<Run>, watched: Arc<Mutex<Vec<Watched>>>, rooms: usize) {
    let started = Instant::now();
    let mut every = tokio::time::interval(Duration::from_secs(1));
    loop {
        every.tick().await;
        let rss: u64 =
            watched.lock().expect("never poisoned").iter_mut().filter_map(|w| w.update()).map(|s| s.rss_kb).sum();
        let tally = &run.tally;
        eprintln!(
            "[load] {:5.1} s: {}/{rooms} rooms seated, {} open sockets, {} moves heard, {} games done, {} reconnects, {} errors{}",
            started.elapsed().as_secs_f64(),
            read(&tally.seated) / 2,
            tally.open.load(Ordering::Relaxed),
            read(&tally.relayed),
            read(&tally.games_finished),
            read(&tally.reconnects),
            read(&tally.errors),
            if rss > 0 { format!(", servers' memory {} MB", rss / 1024) } else { String::new() },
        );
    }
}

struct Timing {
    ramp_s: f64,
    play_s: f64,
    wall_s: f64,
    timed_out: bool,
}

fn report(
    plan: &Plan,
    run: &Run,
    timing: Timing,
    fault: Option<u64>,
    processes: Vec<ProcessReport>,
    load_cpu_s: f64,
    unfinished_samples: Vec<String>,
) -> Report {
    let tally = &run.tally;
    let round = |x: f64| (x * 100.0).round() / 100.0;
    let bad = (plan.bad > 0).then(|| {
        let sent = tally.bad.sent.lock().expect("never poisoned").clone();
        BadReport {
            frames: sent.values().sum(),
            sent,
            answers: tally.bad.answers.lock().expect("never poisoned").clone(),
            connections: read(&tally.bad.connections),
            closed: read(&tally.bad.closed),
            not_closed: read(&tally.bad.not_closed),
            unexpected_closes: read(&tally.bad.unexpected_closes),
        }
    });
    let fault = plan.fault.map(|planned| FaultReport {
        pid: planned.pid,
        after_ms: planned.after.as_millis() as u64,
        killed: fault.is_some(),
        relayed_before: fault.unwrap_or(0),
    });
    let flood = (plan.flood > 0).then(|| {
        let flood = &tally.flood;
        FloodReport {
            connections: read(&flood.connections),
            creates: read(&flood.creates),
            opened: read(&flood.opened),
            refused: flood.refused.lock().expect("never poisoned").clone(),
            closed_by_server: read(&flood.closed_by_server),
        }
    });
    let outage = tally.unavailable.outage().map(|(first_heard_unix_ms, heard_for, again)| OutageReport {
        first_heard_unix_ms,
        heard_for_s: round(heard_for),
        moves_again_s: again.map(round),
    });
    let games_matching = read(&tally.games_matching);
    let moves = read(&tally.moves);
    // Every server alive at the end, but the one killed on purpose.
    let survived = processes.iter().all(|p| p.alive || plan.fault.is_some_and(|f| f.pid == p.pid));
    let bad_ok = bad.as_ref().map_or(true, |b| b.not_closed == 0 && b.unexpected_closes == 0);
    let passed = !timing.timed_out
        && games_matching == plan.rooms as u64
        && read(&tally.lost) == 0
        && read(&tally.conflicts) == 0
        && read(&tally.errors) == 0
        && survived
        && bad_ok
        && fault.as_ref().map_or(true, |f| f.killed);
    Report {
        command: plan.command.clone(),
        passed,
        servers: plan.urls.len(),
        rooms: plan.rooms,
        clients: 2 * plan.rooms,
        think_ms: plan.think_ms,
        rooms_seated: read(&tally.seated) / 2,
        peak_open_sockets: tally.peak_open.load(Ordering::Relaxed),
        ramp_s: round(timing.ramp_s),
        play_s: round(timing.play_s),
        wall_s: round(timing.wall_s),
        games_finished: read(&tally.games_finished),
        games_matching,
        games_unfinished: plan.rooms as u64 - read(&tally.games_finished).min(plan.rooms as u64),
        moves,
        moves_per_second: round(moves as f64 / timing.play_s.max(0.001)),
        relay_ms: Latency::of(tally.latencies()),
        refusals: tally.refusals(),
        reconnects: read(&tally.reconnects),
        connect_failures: read(&tally.connect_failures),
        replayed_moves: read(&tally.replayed),
        resyncs: read(&tally.resyncs),
        gaps: read(&tally.gaps),
        echoes: read(&tally.echoes),
        lost_moves: read(&tally.lost),
        conflicts: read(&tally.conflicts),
        errors: read(&tally.errors),
        error_samples: tally.error_words(),
        unfinished_samples,
        fault,
        bad,
        flood,
        unavailable_frames: read(&tally.unavailable.frames),
        unavailable_refusals: read(&tally.unavailable.refusals),
        outage,
        processes,
        load_cpu_s: round(load_cpu_s),
        timed_out: timing.timed_out,
    }
}
