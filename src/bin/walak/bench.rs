//! Benchmarks: random playouts, search speed, and how large an endgame the solver finishes in time.

use std::time::Instant;

use serde_json::{json, Value};
use walak::computer::Level;
use walak::playout::{more_bare_playouts_by, more_playouts_by, PlayoutStats, Rng, SinceCapture};
use walak::rules::board::board_seeds;
use walak::search::{Limits, Searcher};
use walak::{Game, Options, RuleSet};

use crate::cli::BenchArgs;
use crate::json::to_json;

/// `walak bench`: random playouts, or with `--search` the search's speed, or with `--solve` the
/// solver's reach.
pub fn run(args: BenchArgs) -> Result<String, String> {
    let time_ms = args.time_ms as f64;
    Ok(to_json(&if args.search {
        search_speed(time_ms)
    } else if args.solve {
        solve_reach(&SolvePlan {
            from: args.from as u32,
            to: args.to as u32,
            positions: args.positions.max(1) as usize,
            time_ms,
            table_mb: args.table_mb as usize,
        })
    } else {
        playouts(args.rules, args.games, args.seed)
    }))
}

/// Batches the playouts are cut into: the two kinds of game take turns, batch by batch, so that
/// both meet the same load on a shared machine.
const BATCHES: u64 = 40;

/// Random playouts per second and moves per second by `rules`, with every rule, beside the bare
/// cost of the rules measured in the same run (`walak::playout::bare_playouts_by`: the same random
/// games on a plain board, nothing but drawing a legal move, sowing and the end of a game), and
/// how many times slower the first is. The two take turns in batches, each going on with its own
/// random numbers, so they play the same games as `playouts_by` and `bare_playouts_by` would in
/// one go.
fn playouts(rules: RuleSet, games: u64, seed: u64) -> Value {
    let (mut rng, mut bare_rng) = (Rng::new(seed), Rng::new(seed));
    let mut since_capture = SinceCapture::default();
    let (mut stats, mut bare) = (PlayoutStats::default(), PlayoutStats::default());
    let (mut seconds, mut bare_seconds) = (0.0, 0.0);
    for batch in 0..BATCHES {
        let size = games * (batch + 1) / BATCHES - games * batch / BATCHES;
        let mut full = || {
            let started = Instant::now();
            stats += more_playouts_by(rules, size, &mut rng, &mut since_capture);
            seconds += started.elapsed().as_secs_f64();
        };
        let mut plain = || {
            let started = Instant::now();
            bare += more_bare_playouts_by(rules, size, &mut bare_rng);
            bare_seconds += started.elapsed().as_secs_f64();
        };
        // Each goes first in every second batch.
        if batch % 2 == 0 {
            full();
            plain();
        } else {
            plain();
            full();
        }
    }
    json!({
        "build": "native",
        "rules": rules,
        "games": stats.games,
        "moves": stats.moves,
        "laps": stats.laps,
        "seconds": seconds,
        "games_per_second": stats.games as f64 / seconds,
        "moves_per_second": stats.moves as f64 / seconds,
        "baseline": {
            "games": bare.games,
            "moves": bare.moves,
            "laps": bare.laps,
            "seconds": bare_seconds,
            "games_per_second": bare.games as f64 / bare_seconds,
            "moves_per_second": bare.moves as f64 / bare_seconds,
        },
        "ratio": (seconds / stats.moves as f64) / (bare_seconds / bare.moves as f64),
    })
}

/// Positions from a game between two strong players: the opening, then boards of 50, 41, 37 and
/// 28 seeds.
const POSITIONS: [&str; 5] = ["", "3", "3514", "3277612", "35141541"];

/// What the strongest level does with `time_ms` in each benchmark position: depth, nodes, speed.
fn search_speed(time_ms: f64) -> Value {
    let limits =
        Limits { time_ms: Some(time_ms), ..Level::STRONGEST_SEARCH.limits().expect("the strongest level searches") };
    let rows: Vec<Value> = POSITIONS
        .iter()
        .map(|record| {
            let game = Game::from_record(record, Options::default()).expect("a benchmark record is legal");
            let origin = Instant::now();
            let clock = move || origin.elapsed().as_secs_f64() * 1000.0;
            let result = Searcher::default().search(&game, &limits, &clock, 0).expect("the game goes on");
            let ms = clock();
            json!({
                "record": record,
                "seeds": board_seeds(game.position().seeds()),
                "depth": result.depth,
                "exact": result.exact,
                "nodes": result.nodes,
                "ms": ms,
                "nodes_per_second": result.nodes as f64 / ms * 1000.0,
            })
        })
        .collect();
    Value::Array(rows)
}

/// How to measure the solver's reach.
struct SolvePlan {
    from: u32,
    to: u32,
    positions: usize,
    time_ms: f64,
    table_mb: usize,
}

/// Random games in a row that may miss a seed count before it is given up: some counts are never
/// on the board (every opening captures 6, so 51 to 55 never are), and others are rare.
const MISSES_BEFORE_GIVING_UP: u32 = 20_000;

/// For each seed count, solves positions from seeded random games with that many seeds on the
/// board, each within `time_ms`, and reports how many finished and how long they took. A count
/// that random games do not reach is reported with the positions found (perhaps none).
fn solve_reach(plan: &SolvePlan) -> Value {
    let rows: Vec<Value> = (plan.from..=plan.to)
        .map(|seeds| {
            let mut times = Vec::new();
            let mut nodes = Vec::new();
            let mut solved = 0;
            let mut seed = 0u64;
            let mut misses = 0;
            while times.len() < plan.positions && misses < MISSES_BEFORE_GIVING_UP {
                seed += 1;
                let Some(game) = game_with_seeds(seed * 7919 + seeds as u64 * 31, seeds) else {
                    misses += 1;
                    continue;
                };
                misses = 0;
                // A solve outright, with the whole budget: the solver alone, not the level.
                let limits = Limits { time_ms: Some(plan.time_ms / 0.6), ..Limits::solve() };
                let origin = Instant::now();
                let clock = move || origin.elapsed().as_secs_f64() * 1000.0;
                let result = Searcher::new(plan.table_mb).search(&game, &limits, &clock, 0).expect("the game goes on");
                let ms = clock();
                if result.exact && ms <= plan.time_ms {
                    solved += 1;
                }
                times.push(if result.exact { ms } else { f64::INFINITY });
                nodes.push(result.nodes);
            }
            times.sort_by(f64::total_cmp);
            nodes.sort_unstable();
            let finite = |t: Option<&f64>| t.filter(|t| t.is_finite()).map_or(Value::Null, |t| json!(t));
            json!({
                "seeds": seeds,
                "positions": times.len(),
                "solved": solved,
                "median_ms": finite(times.get(times.len() / 2)),
                "slowest_ms": finite(times.last()),
                "median_nodes": nodes.get(nodes.len() / 2),
            })
        })
        .collect();
    Value::Array(rows)
}

/// A random game played until exactly `seeds` seeds are left on the board, if it gets there.
fn game_with_seeds(seed: u64, seeds: u32) -> Option<Game> {
    let mut rng = Rng::new(seed);
    let mut game = Game::new(Options::default());
    loop {
        let legal = game.legal_moves();
        let on_board = board_seeds(game.position().seeds());
        if legal.is_empty() || on_board < seeds {
            return None;
        }
        if on_board == seeds {
            return Some(game);
        }
        game.play_into(legal[rng.below(legal.len())], &mut ()).expect("a legal move plays");
    }
}
