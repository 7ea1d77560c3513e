//! The commands that play: `bestmove` (the computer's choice in a position) and `match` (levels
//! against each other, and the strength ladder).

use std::time::Instant;

use walak::computer::contest::{match_game, Contender, Played, Tally};
use walak::computer::{Level, Player};
use walak::rules::ruleset::move_text;
use walak::{Game, Options, RuleSet, Side};

use crate::cli::{BestmoveArgs, MatchArgs};
use crate::json::to_json;

/// `walak bestmove`: the move the level plays after the record.
pub fn bestmove(args: BestmoveArgs) -> Result<String, String> {
    let player = args.time_ms.map_or(args.level, |ms| args.level.with_time(ms as f64));
    let options = Options { rounds: args.rounds, rules: args.rules, ..Options::default() };
    Ok(to_json(&choose(&args.moves, options, player, args.seed)?))
}

/// `walak match`: two players' match, or the whole ladder.
pub fn contest(args: MatchArgs) -> Result<String, String> {
    let time_ms = args.time_ms.map(|t| t as f64);
    let plan = MatchPlan {
        games: args.games,
        opening_plies: args.opening_plies as usize,
        jobs: args.jobs as usize,
        seed: args.seed,
        rules: args.rules,
    };
    let rows: Vec<Tally> = match (args.a, args.b) {
        // Cli::check has made sure of both players unless it is the ladder.
        (Some(a), Some(b)) if !args.ladder => {
            let timed = |c: Contender| time_ms.map_or(c, |t| c.with_time(t));
            vec![play_match(&timed(a), &timed(b), &plan)]
        }
        _ => ladder_pairs(time_ms).iter().map(|(a, b)| play_match(a, b, &plan)).collect(),
    };
    Ok(match (args.markdown, args.ladder) {
        (true, _) => ladder_table(&rows).trim_end().to_string(),
        (false, true) => to_json(&rows),
        (false, false) => to_json(&rows[0]),
    })
}

/// Milliseconds since `origin`: the clock the search reads on the command line.
fn clock_from(origin: Instant) -> impl Fn() -> f64 {
    move || origin.elapsed().as_secs_f64() * 1000.0
}

/// What `walak bestmove` prints: the move (in Parker's games as written: `"4+"`, `"3"`, `"-"`),
/// its evaluation, the depth reached and the cost.
fn choose(record: &str, options: Options, player: Contender, seed: u64) -> Result<serde_json::Value, String> {
    let game = Game::from_record(record, options).map_err(|e| e.to_string())?;
    let origin = Instant::now();
    let clock = clock_from(origin);
    let mut computer = Player::default();
    if matches!(player, Contender::Level(Level::Perfect)) {
        computer.perfect().set_endgames(crate::endgames::shipped());
    }
    let result = player
        .choose(&mut computer, &game, &clock, seed)
        .ok_or_else(|| "the game is over: there is no move to choose".to_string())?;
    let chosen = if options.rules.is_parker() {
        serde_json::json!(move_text(result.number))
    } else {
        serde_json::json!(result.number)
    };
    Ok(serde_json::json!({
        "level": player.name(),
        "move": chosen,
        "eval": result.eval,
        "depth": result.depth,
        "exact": result.exact,
        "nodes": result.nodes,
        "ms": clock(),
    }))
}

/// How to run a match.
struct MatchPlan {
    games: u64,
    opening_plies: usize,
    jobs: usize,
    seed: u64,
    rules: RuleSet,
}

/// Plays `plan.games` games between `a` and `b`, sides alternated and each opening played from
/// both sides, on `plan.jobs` threads.
fn play_match(a: &Contender, b: &Contender, plan: &MatchPlan) -> Tally {
    let jobs = plan.jobs.clamp(1, plan.games.max(1) as usize);
    let mut games: Vec<(u64, Played, Side)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..jobs as u64)
            .map(|job| {
                scope.spawn(move || {
                    let clock = clock_from(Instant::now());
                    (job..plan.games)
                        .step_by(jobs)
                        .map(|index| {
                            let (played, side) =
                                match_game(plan.rules, a, b, index, plan.opening_plies, &clock, plan.seed);
                            (index, played, side)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers.into_iter().flat_map(|w| w.join().expect("a match thread finishes")).collect()
    });
    games.sort_by_key(|(index, _, _)| *index);
    let mut tally = Tally::new(a, b);
    for (_, played, side) in &games {
        tally.add(played, *side);
    }
    tally
}

/// The pairings of the strength ladder: each level against the one below, then the strongest
/// against the greedy player. The stronger player is always `a`.
fn ladder_pairs(time_ms: Option<f64>) -> Vec<(Contender, Contender)> {
    let timed = |c: Contender| time_ms.map_or(c, |t| c.with_time(t));
    let mut pairs: Vec<(Contender, Contender)> = Level::LADDER
        .windows(2)
        .map(|pair| (timed(Contender::Level(pair[1])), timed(Contender::Level(pair[0]))))
        .collect();
    pairs.push((timed(Contender::Level(Level::STRONGEST_SEARCH)), Contender::Greedy));
    pairs
}

/// The ladder as a Markdown table, for the README.
fn ladder_table(rows: &[Tally]) -> String {
    let mut table = String::from(
        "| match | games | wins | draws | losses | score | seed margin | ms per move (first / second) |\n\
         | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n",
    );
    for t in rows {
        table.push_str(&format!(
            "| {} vs {} | {} | {} | {} | {} | {:.1}% | {:+.1} | {:.2} / {:.2} |\n",
            t.a,
            t.b,
            t.games,
            t.a_wins,
            t.draws,
            t.b_wins,
            t.a_score * 100.0,
            t.a_margin,
            t.a_ms_per_move,
            t.b_ms_per_move
        ));
    }
    table
}
