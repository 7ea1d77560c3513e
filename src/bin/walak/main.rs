//! `walak`: the rules engine on the command line, for analysis, tests and benchmarks.
//! Every command prints JSON on stdout; errors go to stderr with a non-zero exit status.

use std::process::ExitCode;
use std::time::Instant;

use walak::board::{Seeds, Track, HOLES};
use walak::position::move_outcomes;
use walak::{Game, Options, Side};

const USAGE: &str = "\
walak — Walak-pussa rules engine

USAGE:
  walak state [--rounds] [MOVES]              state after the record MOVES (digits 1-7)
  walak moves --board N,N,...(14) --to-move south|north
                                              outcome of every move from a board
  walak trace [--rounds] MOVES HOLE           step-by-step events of move HOLE after MOVES
  walak bench [--games N] [--seed S]          random playouts per second and moves per second
  walak help                                  this text

Holes are numbered 1 to 7 from the mover's own left. Output is JSON on stdout.";

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
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(json) => {
            println!("{json}");
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
            let games = args.number("--games")?.unwrap_or(20_000);
            let seed = args.number("--seed")?.unwrap_or(1);
            args.done()?;
            bench(games, seed)
        }
        "help" | "--help" | "-h" => {
            println!("{USAGE}");
            std::process::exit(0);
        }
        other => return Err(usage(format!("unknown command '{other}'"))),
    };
    Ok(json)
}

fn bench(games: u64, seed: u64) -> String {
    let started = Instant::now();
    let stats = walak::playout::playouts(games, seed);
    let seconds = started.elapsed().as_secs_f64();
    serde_json::json!({
        "build": "native",
        "games": stats.games,
        "moves": stats.moves,
        "laps": stats.laps,
        "seconds": seconds,
        "games_per_second": stats.games as f64 / seconds,
        "moves_per_second": stats.moves as f64 / seconds,
    })
    .to_string()
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
    if total > walak::board::TOTAL_SEEDS {
        return Err(refused(format!("--board holds {total} seeds, more than the game's 56")));
    }
    Ok(board)
}

fn to_json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("game values always serialize")
}

/// A small argument reader: flags and `--name value` options anywhere, positionals in order.
struct Args {
    items: Vec<Option<String>>,
}

impl Args {
    fn new(args: &[String]) -> Args {
        Args { items: args.iter().cloned().map(Some).collect() }
    }

    fn flag(&mut self, name: &str) -> bool {
        match self.items.iter_mut().find(|a| a.as_deref() == Some(name)) {
            Some(slot) => {
                *slot = None;
                true
            }
            None => false,
        }
    }

    fn value(&mut self, name: &str) -> Result<Option<String>, Failure> {
        let Some(i) = self.items.iter().position(|a| a.as_deref() == Some(name)) else { return Ok(None) };
        self.items[i] = None;
        match self.items.get_mut(i + 1).and_then(Option::take) {
            Some(value) => Ok(Some(value)),
            None => Err(usage(format!("{name} needs a value"))),
        }
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
            Some(extra) => Err(usage(format!("unexpected argument '{extra}'"))),
            None => Ok(()),
        }
    }
}
