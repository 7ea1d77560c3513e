//! `walak`: the rules engine on the command line, for analysis, tests and benchmarks.
//! Every command prints JSON on stdout; errors go to stderr with a non-zero exit status.

mod bench;
mod book;
mod endgames;
mod load;
mod play;
mod puzzles;
mod serve;
mod soak;
mod solve;

use std::process::ExitCode;

use walak::format::view::move_outcomes;
use walak::rules::board::{Seeds, Track, HOLES};
use walak::{Game, Options, Side};

const USAGE: &str = "\
walak — Walak-pussa rules engine

USAGE:
  walak state [--rounds] [MOVES]              state after the record MOVES (digits 1-7)
  walak moves --board N,N,...(14) --to-move south|north
                                              outcome of every move from a board
  walak trace [--rounds] MOVES HOLE           step-by-step events of move HOLE after MOVES
  walak bench [--games N] [--seed S]          random playouts per second and moves per second
  walak bench --search [--time-ms T]          the strongest level's depth and nodes per second
  walak bench --solve [--from A] [--to B] [--positions N] [--time-ms T] [--table-mb M]
                                              endgames solved within T ms, by seeds on the board
  walak solve [--rounds] [MOVES] [--table-mb M] [--threads T] [--no-move-values | --value-only] [--no-endgames | --endgames FILE]
  walak solve --board N,N,...(14) --reserves S,N --to-move south|north [--table-mb M] [--threads T] [--no-move-values | --value-only] [--no-endgames | --endgames FILE]
                                              the exact value under perfect play (final seed
                                              difference for the player to move), the best moves,
                                              every move's value and one perfect line
                                              (--no-endgames: without the endgame table;
                                              --endgames FILE: with the one walak endgames wrote)
  walak endgames [--seeds N] --out FILE       the exact value of every board of at most N seeds
                                              (default 11) right after a capture, for the solver
                                              to read (the page's www/endgames.bin); every solve
                                              of this tool reads the shipped one
  walak book [--plies P] [--every E] [--from MOVES] [--resume FILE] [--table-mb M] [--threads T]
                                              the opening book (text on stdout): every move's value
                                              in each position of fewer than P moves (default 4)
                                              from the opening (or after MOVES) where one side has
                                              played only best moves, and in every position of
                                              fewer than E moves (default 0), whatever was played;
                                              with --resume, the positions of an earlier book are
                                              taken from it, not solved again
  walak puzzles [--count N] [--seed S] [--threshold T] [--table-mb M] [--threads T]
                                              puzzles from games between the levels (text on
                                              stdout, easiest first): N positions (default 320)
                                              where one move keeps the exact value and every other
                                              gives away at least T seeds (default 4)
  walak bestmove [--rounds] [MOVES] --level L [--time-ms T] [--seed S]
                                              the computer's move after MOVES: move, eval, depth
  walak match --a L1 --b L2 [--games N] [--time-ms T] [--jobs J] [--seed S] [--opening-plies P] [--markdown]
                                              levels against each other, sides alternated
  walak match --ladder [--games N] [--time-ms T] [--jobs J] [--markdown]
                                              each level against the next, the strongest against greedy
  walak soak [--games N] [--computer C] [--matches M] [--jobs J] [--seed S] [--markdown]
                                              N games (default 1,000,000) with every move checked, and
                                              a report: C computer-played (default N/20), M random
                                              matches in rounds (default N/20), the rest random single games
  walak serve [--port N] [--host ADDR] [--dist DIR] [--redis URL] [--origin URL …] [--rooms N] [--idle-hours H]
                                              the page (dist/) and live play at /live, until stopped:
                                              port 8080 on 127.0.0.1 by default (--host 0.0.0.0 for
                                              phones on the same network); rooms in memory, or in
                                              the Redis at URL, shared by every process on it; at
                                              most N rooms (10000), each gone after H hours idle (24;
                                              fractions too). Prints one JSON line when listening
  walak load --url URL [--url URL …] [--rooms N] [--think-ms T] [--batch B] [--seed S] [--bad F]
             [--server-pid PID …] [--fault-pid PID --fault-after-ms T] [--timeout-s T]
                                              random games through walak serve at the ws://…/live
                                              URLs: N rooms (100), two clients each (on two of the
                                              servers when several are given), thinking T ms a move
                                              on average (500), opened B rooms at a time (100);
                                              reports move relay latency, games whose record came
                                              out whole, moves lost or doubled, reconnects (a client
                                              whose connection drops rejoins the next server). --bad
                                              F: about F malformed, oversize, flooding and out-of-turn
                                              frames while the games run (a flood goes on until its
                                              connection is closed); --server-pid: those
                                              processes' CPU time and memory; --fault-pid: SIGKILL
                                              that process T ms into play. Stops after T s (300).
                                              Progress on stderr
  walak help                                  this text

Levels: beginner, casual, club, strong, master, perfect (and greedy, the one-move yardstick, in match).
--time-ms sets the thinking time of the levels that search (master: 1000 by default).
Holes are numbered 1 to 7 from the mover's own left. Output is JSON on stdout.";

/// `--table-mb M` (the default table when absent) and `--threads T` (every core when absent).
fn solver_options(args: &mut Args) -> Result<(usize, usize), Failure> {
    let table_mb = args.number("--table-mb")?.unwrap_or(walak::solve::DEFAULT_TABLE_MB as u64);
    if !(1..=65_536).contains(&table_mb) {
        return Err(usage(format!("--table-mb {table_mb}: the table takes 1 to 65536 MB")));
    }
    let threads = match args.number("--threads")? {
        Some(n) => n.clamp(1, 64) as usize,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    Ok((table_mb as usize, threads))
}

/// A failure to report: the message, and whether it was a usage mistake (exit 2) or a refused
/// input (exit 1).
struct Failure {
    message: String,
    usage: bool,
}

fn refused(message: impl ToString) -> Failure {
    Failure { message: message.to_string(), usage: false }
}

fn usage(message: impl ToString) -> Failure {
    Failure { message: message.to_string(), usage: true }
}

fn main() -> ExitCode {
    match read_args().and_then(|args| run(&args)) {
        Ok(json) => {
            if !json.is_empty() {
                println!("{json}");
            }
            ExitCode::SUCCESS
        }
        Err(failure) => {
            eprintln!("walak: {}", failure.message);
            if failure.usage {
                eprintln!("\n{USAGE}");
                ExitCode::from(2)
            } else {
                ExitCode::from(1)
            }
        }
    }
}

/// The arguments, as text: one that is not (not UTF-8) is a usage mistake, not a panic.
fn read_args() -> Result<Vec<String>, Failure> {
    std::env::args_os()
        .skip(1)
        .enumerate()
        .map(|(i, arg)| {
            arg.into_string()
                .map_err(|arg| usage(format!("argument {} ({}) is not text in UTF-8", i + 1, arg.to_string_lossy())))
        })
        .collect()
}

fn run(args: &[String]) -> Result<String, Failure> {
    let Some((command, rest)) = args.split_first() else {
        return Err(usage("no command given"));
    };
    let mut args = Args::new(rest);
    let json = match command.as_str() {
        "state" => {
            let options = Options { rounds: args.flag("--rounds"), ..Options::default() };
            let record = args.positional().unwrap_or_default();
            args.done()?;
            let game = Game::from_record(&record, options).map_err(refused)?;
            to_json(&game.view())
        }
        "moves" => {
            let board = parse_board(&args.value("--board")?.ok_or_else(|| usage("moves needs --board"))?)?;
            let side: Side =
                args.value("--to-move")?.ok_or_else(|| usage("moves needs --to-move"))?.parse().map_err(usage)?;
            args.done()?;
            to_json(&move_outcomes(&board, &Track::full(), side))
        }
        "trace" => {
            let options = Options { rounds: args.flag("--rounds"), ..Options::default() };
            let (record, hole) = match (args.positional(), args.positional()) {
                (Some(hole), None) => (String::new(), hole),
                (Some(record), Some(hole)) => (record, hole),
                _ => return Err(usage("trace needs the record and the hole to play")),
            };
            args.done()?;
            let number: u8 = hole.parse().map_err(|_| refused(format!("'{hole}' is not a hole number 1 to 7")))?;
            let mut game = Game::from_record(&record, options).map_err(refused)?;
            to_json(&game.play(number).map_err(refused)?)
        }
        "bench" => {
            if args.flag("--search") {
                let time_ms = args.number("--time-ms")?.unwrap_or(1000) as f64;
                args.done()?;
                to_json(&bench::search_speed(time_ms))
            } else if args.flag("--solve") {
                let from = args.number("--from")?.unwrap_or(10);
                let to = args.number("--to")?.unwrap_or(30);
                if !(1..=56).contains(&from) || !(from..=56).contains(&to) {
                    return Err(usage(format!(
                        "--from {from} --to {to}: seeds on the board run from 1 to 56, and --from may not pass --to"
                    )));
                }
                let plan = bench::SolvePlan {
                    from: from as u32,
                    to: to as u32,
                    positions: args.number("--positions")?.unwrap_or(30).max(1) as usize,
                    time_ms: args.number("--time-ms")?.unwrap_or(1000) as f64,
                    table_mb: args.number("--table-mb")?.unwrap_or(walak::search::DEFAULT_TABLE_MB as u64) as usize,
                };
                args.done()?;
                to_json(&bench::solve_reach(&plan))
            } else {
                let games = args.number("--games")?.unwrap_or(20_000);
                let seed = args.number("--seed")?.unwrap_or(1);
                args.done()?;
                to_json(&bench::playouts(games, seed))
            }
        }
        "solve" => {
            let rounds = args.flag("--rounds");
            let want = match (args.flag("--no-move-values"), args.flag("--value-only")) {
                (_, true) => solve::Want::ValueOnly,
                (true, false) => solve::Want::BestMoves,
                (false, false) => solve::Want::MoveValues,
            };
            let (table_mb, threads) = solver_options(&mut args)?;
            let endgames = match (args.flag("--no-endgames"), args.value("--endgames")?) {
                (false, None) => endgames::shipped(),
                (true, None) => walak::solve::Endgames::none(),
                (false, Some(path)) => endgames::read(&path).map_err(refused)?,
                (true, Some(_)) => return Err(usage("solve takes --endgames FILE or --no-endgames, not both")),
            };
            let board = args.value("--board")?;
            let reserves = args.value("--reserves")?;
            let to_move = args.value("--to-move")?;
            let record = args.positional().unwrap_or_default();
            args.done()?;
            let game = match (board, reserves, to_move) {
                (None, None, None) => {
                    Game::from_record(&record, Options { rounds, ..Options::default() }).map_err(refused)?
                }
                (Some(board), Some(reserves), Some(to_move)) => {
                    if rounds || !record.is_empty() {
                        return Err(usage("solve takes either MOVES (with --rounds) or a --board position, not both"));
                    }
                    let board = parse_board(&board)?;
                    let reserves = parse_reserves(&reserves)?;
                    let to_move: Side = to_move.parse().map_err(usage)?;
                    walak::Setup::new(board, reserves, to_move).to_game().map_err(refused)?
                }
                _ => return Err(usage("a position to solve needs --board, --reserves and --to-move together")),
            };
            to_json(&solve::solve(&game, table_mb, threads, endgames, want))
        }
        "endgames" => {
            let seeds = args.number("--seeds")?.unwrap_or(11);
            if !(1..=walak::solve::ENDGAME_MOST_SEEDS as u64).contains(&seeds) {
                return Err(usage(format!(
                    "--seeds {seeds}: a table holds boards of 1 to {} seeds",
                    walak::solve::ENDGAME_MOST_SEEDS
                )));
            }
            let out = args.value("--out")?.ok_or_else(|| usage("endgames needs --out FILE"))?;
            args.done()?;
            to_json(&endgames::write(seeds as u8, &out).map_err(refused)?)
        }
        "book" => {
            let plies = args.number("--plies")?.unwrap_or(4);
            if !(1..=12).contains(&plies) {
                return Err(usage(format!("--plies {plies}: a book runs 1 to 12 moves deep")));
            }
            let every = args.number("--every")?.unwrap_or(0);
            if every > 8 {
                return Err(usage(format!("--every {every}: every line is kept up to 8 moves deep at most")));
            }
            let from = args.value("--from")?.unwrap_or_default();
            let known = match args.value("--resume")? {
                None => None,
                Some(path) => {
                    let text = std::fs::read_to_string(&path).map_err(|e| refused(format!("{path}: {e}")))?;
                    Some(walak::solve::Book::parse(&text).map_err(|e| refused(format!("{path}: {e}")))?)
                }
            };
            let (table_mb, threads) = solver_options(&mut args)?;
            args.done()?;
            let book = book::build(&from, plies as usize, every as usize, known.as_ref(), table_mb, threads)
                .map_err(refused)?;
            book.to_text(&book::header(&from, plies as usize, every as usize)).trim_end().to_string()
        }
        "puzzles" => {
            let count = args.number("--count")?.unwrap_or(320);
            if !(1..=100_000).contains(&count) {
                return Err(usage(format!("--count {count}: make 1 to 100000 puzzles")));
            }
            let threshold = args.number("--threshold")?.unwrap_or(walak::trainer::puzzles::DEFAULT_THRESHOLD as u64);
            if !(1..=56).contains(&threshold) {
                return Err(usage(format!("--threshold {threshold}: the second best gives away 1 to 56 seeds")));
            }
            let seed = args.number("--seed")?.unwrap_or(1);
            let (table_mb, threads) = solver_options(&mut args)?;
            args.done()?;
            let plan = puzzles::Plan { count: count as usize, seed, threshold: threshold as i32, table_mb, threads };
            let found = puzzles::generate(&plan).map_err(refused)?;
            walak::trainer::puzzles::write(&found, &puzzles::header(&plan)).trim_end().to_string()
        }
        "bestmove" => {
            let rounds = args.flag("--rounds");
            let player = contender(&mut args, "--level")?.ok_or_else(|| usage("bestmove needs --level"))?;
            let player = with_time(&mut args, player)?;
            let seed = args.number("--seed")?.unwrap_or(1);
            let record = args.positional().unwrap_or_default();
            args.done()?;
            to_json(&play::bestmove(&record, rounds, player, seed).map_err(refused)?)
        }
        "match" => {
            let ladder = args.flag("--ladder");
            let markdown = args.flag("--markdown");
            let time_ms = args.number("--time-ms")?.map(|t| t as f64);
            let plan = play::MatchPlan {
                games: args.number("--games")?.unwrap_or(20),
                opening_plies: args.number("--opening-plies")?.unwrap_or(4) as usize,
                jobs: args.number("--jobs")?.unwrap_or(1) as usize,
                seed: args.number("--seed")?.unwrap_or(1),
            };
            if ladder {
                args.done()?;
                let rows: Vec<_> =
                    play::ladder_pairs(time_ms).iter().map(|(a, b)| play::play_match(a, b, &plan)).collect();
                if markdown {
                    return Ok(play::ladder_table(&rows).trim_end().to_string());
                }
                to_json(&rows)
            } else {
                let a = contender(&mut args, "--a")?.ok_or_else(|| usage("match needs --a and --b, or --ladder"))?;
                let b = contender(&mut args, "--b")?.ok_or_else(|| usage("match needs --a and --b, or --ladder"))?;
                args.done()?;
                let timed = |c: walak::computer::contest::Contender| time_ms.map_or(c, |t| c.with_time(t));
                let tally = play::play_match(&timed(a), &timed(b), &plan);
                if markdown {
                    return Ok(play::ladder_table(&[tally]).trim_end().to_string());
                }
                to_json(&tally)
            }
        }
        "soak" => {
            let games = args.number("--games")?.unwrap_or(1_000_000);
            let computer = args.number("--computer")?.unwrap_or(games / 20).min(games);
            let plan = soak::SoakPlan {
                games,
                computer,
                matches: args.number("--matches")?.unwrap_or(games / 20).min(games - computer),
                jobs: args.number("--jobs")?.unwrap_or(1).max(1) as usize,
                seed: args.number("--seed")?.unwrap_or(1),
            };
            let markdown = args.flag("--markdown");
            args.done()?;
            let command = format!(
                "walak soak --games {} --computer {} --matches {} --jobs {} --seed {}",
                plan.games, plan.computer, plan.matches, plan.jobs, plan.seed
            );
            let report = soak::soak(&plan, command);
            let output = if markdown { soak::markdown(&report) } else { to_json(&report) };
            if !report.passed() {
                println!("{output}");
                return Err(refused("the soak found games that break the rules' invariants (listed above)"));
            }
            output
        }
        "serve" => {
            let options = serve_options(&mut args)?;
            args.done()?;
            serve::serve(options).map_err(refused)?;
            return Ok(String::new());
        }
        "load" => {
            let plan = load_plan(&mut args)?;
            args.done()?;
            let report = load::load(plan).map_err(refused)?;
            let json = to_json(&report);
            if !report.passed {
                println!("{json}");
                return Err(refused("the load run did not end with every game whole (report above)"));
            }
            json
        }
        "help" | "--help" | "-h" => {
            println!("{USAGE}");
            std::process::exit(0);
        }
        other => return Err(usage(format!("unknown command '{other}'"))),
    };
    Ok(json)
}

fn serve_options(args: &mut Args) -> Result<serve::ServeOptions, Failure> {
    let host = args.value("--host")?.unwrap_or_else(|| "127.0.0.1".into());
    let port = args.number("--port")?.unwrap_or(8080);
    let rooms = args.number("--rooms")?.unwrap_or(10_000);
    let idle_hours = match args.value("--idle-hours")? {
        None => 24.0,
        Some(hours) => hours
            .parse::<f64>()
            .ok()
            .filter(|h| h.is_finite() && *h > 0.0 && *h <= 24.0 * 365.0)
            .ok_or_else(|| usage(format!("--idle-hours takes hours (more than 0, up to a year), not '{hours}'")))?,
    };
    let origins = args.values("--origin")?;
    for origin in &origins {
        if !(origin.starts_with("http://") || origin.starts_with("https://")) {
            return Err(usage(format!("--origin {origin}: give a page's origin, such as https://example.org")));
        }
    }
    Ok(serve::ServeOptions {
        host: host.parse().map_err(|_| usage(format!("--host {host} is not an IP address")))?,
        port: u16::try_from(port).map_err(|_| usage(format!("--port {port}: ports go up to 65535")))?,
        dist: args.value("--dist")?.unwrap_or_else(|| "dist".into()).into(),
        redis: args.value("--redis")?,
        origins,
        rooms: usize::try_from(rooms).ok().filter(|&n| n > 0).ok_or_else(|| usage("--rooms takes 1 or more"))?,
        idle: ((idle_hours * 3600.0).round() as u64).max(1),
    })
}

fn load_plan(args: &mut Args) -> Result<load::Plan, Failure> {
    let urls = args.values("--url")?;
    if urls.is_empty() {
        return Err(usage("load needs --url ws://HOST:PORT/live (one or more)"));
    }
    if let Some(url) = urls.iter().find(|url| !url.starts_with("ws://")) {
        return Err(usage(format!("--url {url}: give a live-play address, such as ws://127.0.0.1:8080/live")));
    }
    let pids = |args: &mut Args, name: &str| -> Result<Vec<u32>, Failure> {
        args.values(name)?
            .iter()
            .map(|pid| pid.parse().map_err(|_| usage(format!("{name} takes process ids, not '{pid}'"))))
            .collect()
    };
    let fault = match (pids(args, "--fault-pid")?.as_slice(), args.number("--fault-after-ms")?) {
        ([], None) => None,
        ([pid], after) => {
            Some(load::Fault { pid: *pid, after: std::time::Duration::from_millis(after.unwrap_or(5_000)) })
        }
        _ => return Err(usage("--fault-after-ms goes with one --fault-pid")),
    };
    let rooms = args.number("--rooms")?.unwrap_or(100);
    if !(1..=100_000).contains(&rooms) {
        return Err(usage(format!("--rooms {rooms}: play 1 to 100000 rooms")));
    }
    let command = format!("walak load {}", std::env::args().skip(2).collect::<Vec<_>>().join(" "));
    Ok(load::Plan {
        urls,
        rooms: rooms as usize,
        seed: args.number("--seed")?.unwrap_or(1),
        think_ms: args.number("--think-ms")?.unwrap_or(500),
        batch: args.number("--batch")?.unwrap_or(100).max(1) as usize,
        bad: args.number("--bad")?.unwrap_or(0),
        pids: pids(args, "--server-pid")?,
        fault,
        timeout: std::time::Duration::from_secs(args.number("--timeout-s")?.unwrap_or(300).max(1)),
        command,
    })
}

/// The player named by option `name` (a level, or greedy).
fn contender(args: &mut Args, name: &str) -> Result<Option<walak::computer::contest::Contender>, Failure> {
    args.value(name)?.map(|v| walak::computer::contest::Contender::named(&v).map_err(usage)).transpose()
}

/// The player with the thinking time of `--time-ms`, when given.
fn with_time(
    args: &mut Args,
    player: walak::computer::contest::Contender,
) -> Result<walak::computer::contest::Contender, Failure> {
    Ok(match args.number("--time-ms")? {
        Some(ms) => player.with_time(ms as f64),
        None => player,
    })
}

fn parse_board(text: &str) -> Result<Seeds, Failure> {
    let counts = text
        .split(',')
        .map(|n| n.trim().parse::<u8>().map_err(|_| refused(format!("'{n}' in --board is not a seed count"))))
        .collect::<Result<Vec<u8>, Failure>>()?;
    let board: Seeds = counts
        .as_slice()
        .try_into()
        .map_err(|_| refused(format!("--board must list {HOLES} holes, not {}", counts.len())))?;
    let total: u32 = board.iter().map(|&n| n as u32).sum();
    if total > walak::rules::board::TOTAL_SEEDS {
        return Err(refused(format!("--board holds {total} seeds, more than the game's 56")));
    }
    Ok(board)
}

/// `S,N`: South's and North's reserves.
fn parse_reserves(text: &str) -> Result<[u8; 2], Failure> {
    let counts = text
        .split(',')
        .map(|n| n.trim().parse::<u8>().map_err(|_| refused(format!("'{n}' in --reserves is not a seed count"))))
        .collect::<Result<Vec<u8>, Failure>>()?;
    counts.as_slice().try_into().map_err(|_| {
        refused(format!("--reserves must give South's and North's seeds (S,N), not {} numbers", counts.len()))
    })
}

fn to_json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("game values always serialize")
}

/// A small argument reader: flags and `--name value` options anywhere, positionals in order.
struct Args {
    items: Vec<Option<String>>,
    /// The flags and options read so far, to tell one given twice from one that is not known.
    read: Vec<String>,
}

impl Args {
    fn new(args: &[String]) -> Args {
        Args { items: args.iter().cloned().map(Some).collect(), read: Vec::new() }
    }

    fn flag(&mut self, name: &str) -> bool {
        self.read.push(name.to_string());
        match self.items.iter_mut().find(|a| a.as_deref() == Some(name)) {
            Some(slot) => {
                *slot = None;
                true
            }
            None => false,
        }
    }

    fn value(&mut self, name: &str) -> Result<Option<String>, Failure> {
        self.read.push(name.to_string());
        let Some(i) = self.items.iter().position(|a| a.as_deref() == Some(name)) else { return Ok(None) };
        self.items[i] = None;
        match self.items.get_mut(i + 1).and_then(Option::take) {
            Some(value) => Ok(Some(value)),
            None => Err(usage(format!("{name} needs a value"))),
        }
    }

    /// Every value of an option that may be given more than once, each time with one or more
    /// values (`--origin A B --origin C`).
    fn values(&mut self, name: &str) -> Result<Vec<String>, Failure> {
        self.read.push(name.to_string());
        let mut values = Vec::new();
        while let Some(i) = self.items.iter().position(|a| a.as_deref() == Some(name)) {
            self.items[i] = None;
            let before = values.len();
            for slot in &mut self.items[i + 1..] {
                match slot.as_deref() {
                    Some(value) if !value.starts_with("--") => values.push(slot.take().expect("just matched")),
                    _ => break,
                }
            }
            if values.len() == before {
                return Err(usage(format!("{name} needs a value")));
            }
        }
        Ok(values)
    }

    fn number(&mut self, name: &str) -> Result<Option<u64>, Failure> {
        self.value(name)?
            .map(|v| v.parse().map_err(|_| usage(format!("{name} takes a whole number, not '{v}'"))))
            .transpose()
    }

    fn positional(&mut self) -> Option<String> {
        let slot = self.items.iter_mut().find(|a| a.as_deref().is_some_and(|s| !s.starts_with("--")))?;
        slot.take()
    }

    fn done(&self) -> Result<(), Failure> {
        match self.items.iter().flatten().next() {
            Some(extra) if self.read.contains(extra) => Err(usage(format!("{extra} is given more than once"))),
            Some(extra) => Err(usage(format!("unexpected argument '{extra}'"))),
            None => Ok(()),
        }
    }
}
