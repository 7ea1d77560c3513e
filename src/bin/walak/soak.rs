//! `walak soak`: a great many games, random and computer-played, with the rules' invariants
//! checked after every move, and a report of what the games did: their lengths, the laps of
//! their sowings, the endless sowings they met, and how they ended.
//!
//! Checked after every move: the 56 seeds are all on the board or in the reserves; the move's
//! trace, replayed on the state before it, gives the state after it; a hole refused as endless
//! is refused by the game too; every game ends. In Parker's games (`--rules`) also: the direction
//! is kept all round, puta and naga holes are never lifted nor captured and stay marked all
//! round, and tied holes are never lifted and stay tied. On a sample of games, at the end: taking
//! moves back returns to the earlier states, playing them again to the last, and the record
//! replays to the same game.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use serde::Serialize;
use walak::computer::contest::Contender;
use walak::computer::{self, Level};
use walak::format::replay::replay;
use walak::format::view::Phase;
use walak::playout::Rng;
use walak::rules::board::{board_seeds, TOTAL_SEEDS};
use walak::rules::record::record_text;
use walak::rules::ruleset::{hole_number, signed, Direction};
use walak::{Ending, Event, Game, Link, MoveError, Options, RuleSet, Setup, Side, StateView};

use crate::cli::SoakArgs;
use crate::json::to_json;

/// `walak soak`: the games played and the report printed; a refusal when a game broke the rules'
/// invariants (the report printed first).
pub fn run(args: SoakArgs) -> Result<String, String> {
    let games = args.games;
    let computer = args.computer.unwrap_or(games / 20).min(games);
    let plan = SoakPlan {
        games,
        computer,
        matches: args.matches.unwrap_or(games / 20).min(games - computer),
        jobs: args.jobs.max(1) as usize,
        seed: args.seed,
        rules: args.rules,
    };
    let rules = if plan.rules.is_parker() { format!(" --rules {}", plan.rules) } else { String::new() };
    let command = format!(
        "walak soak --games {} --computer {} --matches {} --jobs {} --seed {}{rules}",
        plan.games, plan.computer, plan.matches, plan.jobs, plan.seed
    );
    let report = soak(&plan, command);
    let output = if args.markdown { markdown(&report) } else { to_json(&report) };
    if !report.passed() {
        println!("{output}");
        return Err("the soak found games that break the rules' invariants (listed above)".into());
    }
    Ok(output)
}

/// A game still going after this many moves counts as one that never ends.
const MOVE_LIMIT: usize = 200_000;
/// Every this many games is also taken back and played again at its end.
const SAMPLE_EVERY: u64 = 101;
/// How many moves the sampled games take back.
const UNDO_DEPTH: usize = 40;
/// At most this many failures are described in the report (all are counted).
const FAILURES_KEPT: usize = 20;

/// What to play.
pub struct SoakPlan {
    pub games: u64,
    /// How many of the games the computer plays (on one side at least).
    pub computer: u64,
    /// How many of the random games are matches in rounds (the others are single games).
    pub matches: u64,
    pub jobs: usize,
    pub seed: u64,
    /// The rules every game is played by.
    pub rules: RuleSet,
}

/// Who plays a side: a uniformly random legal move, or a computer level.
#[derive(Clone, Copy)]
enum Player {
    Random,
    Computer(Level),
}

/// The pairings of the computer-played games, South first: the two levels that play like
/// people, against each other and against random moves.
const PAIRINGS: [(Player, Player); 6] = [
    (Player::Computer(Level::Beginner), Player::Computer(Level::Casual)),
    (Player::Computer(Level::Casual), Player::Computer(Level::Beginner)),
    (Player::Computer(Level::Casual), Player::Random),
    (Player::Random, Player::Computer(Level::Casual)),
    (Player::Computer(Level::Beginner), Player::Random),
    (Player::Computer(Level::Casual), Player::Computer(Level::Casual)),
];

/// The kinds of game reported apart.
const KINDS: [&str; 3] = ["random single games", "random matches in rounds", "computer-played games"];

/// Game `index` of the plan: its kind, options and players. Each kind is spread evenly over the
/// games, so that every thread and every stretch of the run gets the same mix.
fn game_of(plan: &SoakPlan, index: u64) -> (usize, Options, [Player; 2]) {
    let first = if (index / 2) % 2 == 0 { Side::South } else { Side::North };
    if let Some(k) = nth_of_share(index, plan.computer, plan.games) {
        let (south, north) = PAIRINGS[(k % PAIRINGS.len() as u64) as usize];
        // One computer game in four is a match in rounds.
        let rounds = (k / PAIRINGS.len() as u64) % 4 == 3;
        return (2, Options { rounds, first, rules: plan.rules }, [south, north]);
    }
    let random = index - before_in_share(index, plan.computer, plan.games);
    let rounds = nth_of_share(random, plan.matches, plan.games - plan.computer).is_some();
    (rounds as usize, Options { rounds, first, rules: plan.rules }, [Player::Random; 2])
}

/// How many of the first `index` items of `total` belong to a share of `part` spread evenly.
fn before_in_share(index: u64, part: u64, total: u64) -> u64 {
    (index as u128 * part as u128 / total.max(1) as u128) as u64
}

/// Which item of the share item `index` is, if it is in it.
fn nth_of_share(index: u64, part: u64, total: u64) -> Option<u64> {
    let before = before_in_share(index, part, total);
    (before_in_share(index + 1, part, total) > before).then_some(before)
}

/// Counts by value, for distributions that are reported as percentiles and histograms.
#[derive(Clone, Default)]
struct Counts(Vec<u64>);

impl Counts {
    fn add(&mut self, value: usize) {
        if self.0.len() <= value {
            self.0.resize(value + 1, 0);
        }
        self.0[value] += 1;
    }

    fn merge(&mut self, other: &Counts) {
        for (value, &n) in other.0.iter().enumerate() {
            if n > 0 {
                if self.0.len() <= value {
                    self.0.resize(value + 1, 0);
                }
                self.0[value] += n;
            }
        }
    }

    fn total(&self) -> u64 {
        self.0.iter().sum()
    }

    fn sum(&self) -> u64 {
        self.0.iter().enumerate().map(|(value, &n)| value as u64 * n).sum()
    }

    fn max(&self) -> usize {
        self.0.iter().rposition(|&n| n > 0).unwrap_or(0)
    }

    /// The smallest value with at least `share` of the counts at or below it.
    fn percentile(&self, share: f64) -> usize {
        let wanted = (share * self.total() as f64).ceil().max(1.0) as u64;
        let mut seen = 0;
        for (value, &n) in self.0.iter().enumerate() {
            seen += n;
            if seen >= wanted {
                return value;
            }
        }
        self.max()
    }

    fn between(&self, low: usize, high: usize) -> u64 {
        self.0.iter().enumerate().filter(|(v, _)| (low..=high).contains(v)).map(|(_, &n)| n).sum()
    }

    fn summary(&self, buckets: &[(usize, usize)]) -> Distribution {
        let total = self.total();
        Distribution {
            count: total,
            mean: if total == 0 { 0.0 } else { self.sum() as f64 / total as f64 },
            p50: self.percentile(0.5),
            p90: self.percentile(0.9),
            p99: self.percentile(0.99),
            p999: self.percentile(0.999),
            max: self.max(),
            histogram: buckets
                .iter()
                .map(|&(low, high)| Bucket {
                    low,
                    high: (high != usize::MAX).then_some(high),
                    count: self.between(low, high),
                })
                .filter(|b| b.count > 0 || b.high.is_some_and(|h| h <= self.max()))
                .collect(),
        }
    }
}

#[derive(Serialize)]
struct Distribution {
    count: u64,
    mean: f64,
    p50: usize,
    p90: usize,
    p99: usize,
    p999: usize,
    max: usize,
    histogram: Vec<Bucket>,
}

#[derive(Serialize)]
struct Bucket {
    low: usize,
    /// `None` for the open last bucket.
    high: Option<usize>,
    count: u64,
}

/// The longest sowing that ended, with what it takes to play it again.
#[derive(Clone, Serialize)]
struct Longest {
    laps: u16,
    /// Seeds dropped over all its laps.
    sown: u64,
    /// Which game of the run, and which move of it (from 1).
    game: u64,
    move_number: usize,
    rounds: bool,
    first: Side,
    /// The game's record before the move, and the move's hole.
    record: String,
    hole: u8,
    /// The position before the move.
    board: [u8; 14],
    reserves: [u8; 2],
    round: u16,
    to_move: Side,
    /// A link fragment that opens that position with the move ready to be played (redo); not
    /// in Parker's games, whose marked holes and first turns a link does not set up.
    #[serde(skip_serializing_if = "Option::is_none")]
    link: Option<String>,
}

/// Everything counted, per worker and then merged.
#[derive(Clone, Default)]
struct Tally {
    games: [u64; 3],
    moves: [u64; 3],
    lengths: [Counts; 3],
    laps: Counts,
    longest: Option<Longest>,
    /// Holes with seeds that could not be played because their sowing never ends.
    endless_refused: u64,
    /// Positions where at least one such hole was met.
    endless_positions: u64,
    /// Single games by how they ended.
    single_no_moves: u64,
    single_repetition: u64,
    /// Matches (all end when a player cannot fill a hole), and their rounds by how they ended.
    matches: u64,
    rounds: Counts,
    round_no_moves: u64,
    round_repetition: u64,
    draws: u64,
    wins: [u64; 2],
    sampled: u64,
    failures: u64,
    failed: Vec<String>,
}

impl Tally {
    fn merge(&mut self, other: &Tally) {
        for kind in 0..3 {
            self.games[kind] += other.games[kind];
            self.moves[kind] += other.moves[kind];
            self.lengths[kind].merge(&other.lengths[kind]);
        }
        self.laps.merge(&other.laps);
        if let Some(theirs) = &other.longest {
            if self.longest.as_ref().map_or(true, |mine| (theirs.laps, theirs.sown) > (mine.laps, mine.sown)) {
                self.longest = Some(theirs.clone());
            }
        }
        self.endless_refused += other.endless_refused;
        self.endless_positions += other.endless_positions;
        self.single_no_moves += other.single_no_moves;
        self.single_repetition += other.single_repetition;
        self.matches += other.matches;
        self.rounds.merge(&other.rounds);
        self.round_no_moves += other.round_no_moves;
        self.round_repetition += other.round_repetition;
        self.draws += other.draws;
        self.wins[0] += other.wins[0];
        self.wins[1] += other.wins[1];
        self.sampled += other.sampled;
        self.failures += other.failures;
        for failure in &other.failed {
            if self.failed.len() < FAILURES_KEPT {
                self.failed.push(failure.clone());
            }
        }
    }

    fn fail(&mut self, index: u64, game: &Game, what: String) {
        self.failures += 1;
        if self.failed.len() < FAILURES_KEPT {
            let options = game.options();
            self.failed.push(format!(
                "game {index} (rounds {}, {} first, record {}): {what}",
                options.rounds,
                options.first,
                game.record()
            ));
        }
    }
}

/// One worker's players: a search table for each side, kept from game to game.
struct Players {
    players: [computer::Player; 2],
}

impl Players {
    fn choose(&mut self, player: Player, game: &Game, rng: &mut Rng) -> u8 {
        match player {
            Player::Random => {
                let legal = game.legal_moves();
                legal[rng.below(legal.len())]
            }
            Player::Computer(level) => {
                let side = game.position().to_move().index();
                // The levels played here read no clock: they search to a fixed depth.
                Contender::Level(level)
                    .choose(&mut self.players[side], game, &|| 0.0, rng.next_u64())
                    .expect("a game in progress has a move")
                    .number
            }
        }
    }
}

/// Plays game `index` to its end, checking every move, and counts what happened.
fn soak_game(plan: &SoakPlan, index: u64, players: &mut Players, tally: &mut Tally) {
    let (kind, options, sides) = game_of(plan, index);
    let mut rng = Rng::new(plan.seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut game = Game::new(options);
    let sampled = index % SAMPLE_EVERY == 0;
    let mut recent: Vec<StateView> = Vec::new();
    let mut trace = Vec::new();
    while !game.is_over() {
        if game.plies().len() >= MOVE_LIMIT {
            return tally.fail(index, &game, format!("no end after {MOVE_LIMIT} moves"));
        }
        let before = game.view();
        count_endless(&game, &before, index, tally);
        let number = players.choose(sides[before.to_move.index()], &game, &mut rng);
        trace.clear();
        let sown = match game.play_into(number, &mut trace) {
            Ok(sown) => sown,
            Err(error) => return tally.fail(index, &game, format!("the legal move {number} was refused: {error}")),
        };
        let after = game.view();
        if let Err(problem) = check_move(&before, &after, &trace) {
            return tally.fail(index, &game, problem);
        }
        if let Err(problem) = check_parker_move(&before, &after, &trace) {
            return tally.fail(index, &game, problem);
        }
        tally.laps.add(sown.laps as usize);
        let sown_seeds = trace.iter().filter(|e| matches!(e, Event::Drop { .. })).count() as u64;
        if tally.longest.as_ref().map_or(true, |l| (sown.laps, sown_seeds) > (l.laps, l.sown)) {
            tally.longest = Some(longest(index, &game, &before, number, sown.laps, sown_seeds));
        }
        for event in &trace {
            match event {
                Event::RoundEnd { ending: Ending::NoMoves, .. } => tally.round_no_moves += 1,
                Event::RoundEnd { ending: Ending::Repetition, .. } => tally.round_repetition += 1,
                _ => {}
            }
        }
        if sampled {
            recent.push(before);
            if recent.len() > UNDO_DEPTH {
                recent.remove(0);
            }
        }
    }

    let moves = game.plies().len();
    tally.games[kind] += 1;
    tally.moves[kind] += moves as u64;
    tally.lengths[kind].add(moves);
    let (ending, winner) = game.result().expect("the game is over");
    match (options.rounds, ending) {
        (true, _) => {
            tally.matches += 1;
            tally.rounds.add(game.round() as usize);
        }
        (false, Ending::NoMoves) => tally.single_no_moves += 1,
        (false, _) => tally.single_repetition += 1,
    }
    match winner {
        Some(side) => tally.wins[side.index()] += 1,
        None => tally.draws += 1,
    }
    if sampled {
        tally.sampled += 1;
        if let Err(problem) = check_undo_redo(&mut game, &recent) {
            tally.fail(index, &game, problem);
        }
    }
}

/// The record of a long sowing: the game's record before it, and a link to the position before
/// it (short, where the record of a long match is not) with the move to redo.
fn longest(index: u64, game: &Game, before: &StateView, number: u8, laps: u16, sown: u64) -> Longest {
    let options = game.options();
    let moves = game.moves_played();
    let record = record_text(&moves[..moves.len() - 1], options.rules);
    let start = Setup {
        board: before.board.to_vec(),
        reserves: before.reserves,
        to_move: before.to_move,
        rounds: options.rounds,
        round: before.round,
        in_play: before.in_play.contains(&false).then(|| before.in_play.to_vec()),
        ..Setup::new(before.board, before.reserves, before.to_move)
    };
    let link = Link {
        options,
        start: Some(start),
        moves: number.to_string(),
        at: 0,
        variations: Vec::new(),
        shown: 0,
        link_game: None,
        with_position: false,
        values: None,
    };
    Longest {
        laps,
        sown,
        game: index,
        move_number: moves.len(),
        rounds: options.rounds,
        first: options.first,
        record,
        hole: hole_number(number),
        board: before.board,
        reserves: before.reserves,
        round: before.round,
        to_move: before.to_move,
        link: (!options.rules.is_parker()).then(|| link.to_fragment()),
    }
}

/// The invariants of one move: seeds conserved, and the trace replays to the new state.
fn check_move(before: &StateView, after: &StateView, trace: &[Event]) -> Result<(), String> {
    let seeds = board_seeds(&after.board) + after.reserves.iter().map(|&r| r as u32).sum::<u32>();
    if seeds != TOTAL_SEEDS {
        return Err(format!("{seeds} seeds after the move"));
    }
    let mut replayed = replay(before.clone(), trace).map_err(|e| format!("the trace does not replay: {e}"))?;
    replayed.legal.clone_from(&after.legal);
    if &replayed != after {
        return Err("the trace replays to another state than the game's".into());
    }
    Ok(())
}

/// The invariants of Parker's games over one move (none by today's rules): within the round, the
/// direction once chosen is kept, puta and naga holes stay marked, are never lifted and never
/// captured, and tied holes stay tied and are never lifted.
fn check_parker_move(before: &StateView, after: &StateView, trace: &[Event]) -> Result<(), String> {
    let (Some(was), Some(now)) = (&before.parker, &after.parker) else { return Ok(()) };
    // The events of the round the move was played in: up to its end, if it ended.
    let ended = trace.iter().position(|e| matches!(e, Event::RoundEnd { .. } | Event::GameOver { .. }));
    let in_round = &trace[..ended.unwrap_or(trace.len())];
    for event in in_round {
        let (hole, what) = match *event {
            Event::Lift { hole, .. } | Event::Relay { hole, .. } => (hole as usize, "lifted"),
            Event::Capture { hole, .. } | Event::Eat { hole, .. } => (hole as usize, "captured"),
            _ => continue,
        };
        if let Some(short) = was.blocked[hole] {
            return Err(format!("the {} hole {hole} was {what}", short.name()));
        }
        if what == "lifted" && was.tied_by[hole].is_some() {
            return Err(format!("the tied hole {hole} was lifted"));
        }
    }
    // A round that ended, or a choice of direction that began one, keeps nothing of the last.
    if ended.is_some() || before.round != after.round || was.phase == Phase::Choose {
        return Ok(());
    }
    if was.direction.is_some() && now.direction != was.direction {
        return Err(format!("the direction changed within the round, from {:?} to {:?}", was.direction, now.direction));
    }
    if now.blocked != was.blocked {
        return Err("the puta and naga holes changed within the round".into());
    }
    if let Some(hole) = (0..14).find(|&h| was.tied_by[h].is_some() && now.tied_by[h] != was.tied_by[h]) {
        return Err(format!("the tied hole {hole} came untied within the round"));
    }
    Ok(())
}

/// Counts the mover's holes with seeds that are not legal: their sowing never ends. Each must be
/// refused as endless by the game too. (In Parker's games, of the moves their rules of single
/// seeds and first turns allow, in both directions before one is chosen: the others they refuse.)
fn count_endless(game: &Game, before: &StateView, index: u64, tally: &mut Tally) {
    let position = game.position();
    if game.is_choosing() {
        return;
    }
    let moves: Vec<u8> = match (position.rules().is_parker(), position.direction()) {
        (true, None) => Direction::BOTH.into_iter().flat_map(|d| (1..=7u8).map(move |n| signed(n, d))).collect(),
        _ => (1..=7u8).collect(),
    };
    let mut met = false;
    for number in moves {
        if position.playable_hole(hole_number(number)).is_err() || before.legal.contains(&number) {
            continue;
        }
        if position.rules().is_parker() && !matches!(position.play(number, &mut ()), Err(MoveError::Endless { .. })) {
            // Refused by the rules of single seeds, first turns or marked holes, which the game
            // says the same of (a move played would be a failure below).
            if position.play(number, &mut ()).is_ok() {
                tally.fail(index, game, format!("move {number} is not legal, yet the position plays it"));
            }
            continue;
        }
        met = true;
        tally.endless_refused += 1;
        match game.clone().play(number) {
            Err(MoveError::Endless { .. }) => {}
            other => tally.fail(index, game, format!("hole {number} is not legal, yet playing it gave {other:?}")),
        }
    }
    tally.endless_positions += met as u64;
}

/// Takes back the last moves, each returning to the state before it, plays them again to the
/// end, and replays the record from scratch: the same game each time.
fn check_undo_redo(game: &mut Game, recent: &[StateView]) -> Result<(), String> {
    let last = game.view();
    for expected in recent.iter().rev() {
        if !game.undo() {
            return Err("undo refused with moves to take back".into());
        }
        if &game.view() != expected {
            return Err(format!("undo to move {} gave another state", game.plies().len()));
        }
    }
    for _ in recent {
        game.redo().ok_or("redo refused with moves taken back")?;
    }
    if game.view() != last {
        return Err("redo did not return to the end of the game".into());
    }
    let again = Game::from_record(&game.record(), game.options()).map_err(|e| format!("the record: {e}"))?;
    if again.view() != last {
        return Err("the record replays to another game".into());
    }
    Ok(())
}

/// The whole report.
#[derive(Serialize)]
pub struct Report {
    command: String,
    games: u64,
    moves: u64,
    seconds: f64,
    games_per_second: f64,
    moves_per_second: f64,
    jobs: usize,
    kinds: Vec<KindReport>,
    laps_per_move: Distribution,
    longest_sowing: Option<Longest>,
    endless_refused: u64,
    endless_positions: u64,
    single_games: SingleEndings,
    matches: MatchEndings,
    draws: u64,
    wins_south: u64,
    wins_north: u64,
    sampled_for_undo_redo: u64,
    failures: u64,
    failed: Vec<String>,
}

#[derive(Serialize)]
struct KindReport {
    kind: &'static str,
    games: u64,
    moves: u64,
    length: Distribution,
}

#[derive(Serialize)]
struct SingleEndings {
    games: u64,
    no_moves: u64,
    repetition: u64,
}

#[derive(Serialize)]
struct MatchEndings {
    games: u64,
    rounds: Distribution,
    rounds_ended_no_moves: u64,
    rounds_ended_repetition: u64,
}

impl Report {
    /// True when every check passed.
    pub fn passed(&self) -> bool {
        self.failures == 0
    }
}

const LENGTH_BUCKETS: [(usize, usize); 10] = [
    (0, 25),
    (26, 50),
    (51, 75),
    (76, 100),
    (101, 150),
    (151, 250),
    (251, 500),
    (501, 1000),
    (1001, 5000),
    (5001, usize::MAX),
];
const LAP_BUCKETS: [(usize, usize); 10] =
    [(1, 1), (2, 2), (3, 5), (6, 10), (11, 20), (21, 50), (51, 100), (101, 200), (201, 500), (501, 1000)];
const ROUND_BUCKETS: [(usize, usize); 6] = [(1, 1), (2, 2), (3, 5), (6, 10), (11, 20), (21, usize::MAX)];

/// Plays the plan on `plan.jobs` threads, printing progress to stderr every few seconds.
fn soak(plan: &SoakPlan, command: String) -> Report {
    let jobs = plan.jobs.clamp(1, plan.games.max(1) as usize);
    let done = AtomicU64::new(0);
    let started = Instant::now();
    let tally = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..jobs as u64)
            .map(|job| {
                let done = &done;
                scope.spawn(move || {
                    let mut players = Players { players: [computer::Player::new(1), computer::Player::new(1)] };
                    let mut tally = Tally::default();
                    for index in (job..plan.games).step_by(jobs) {
                        soak_game(plan, index, &mut players, &mut tally);
                        done.fetch_add(1, Ordering::Relaxed);
                    }
                    tally
                })
            })
            .collect();
        let mut last = Instant::now();
        while workers.iter().any(|w| !w.is_finished()) {
            std::thread::sleep(Duration::from_millis(100));
            if last.elapsed() >= Duration::from_secs(5) {
                last = Instant::now();
                progress(done.load(Ordering::Relaxed), plan.games, started.elapsed().as_secs_f64());
            }
        }
        let mut total = Tally::default();
        for worker in workers {
            total.merge(&worker.join().expect("a soak worker finishes"));
        }
        total
    });
    let seconds = started.elapsed().as_secs_f64();
    progress(plan.games, plan.games, seconds);
    report(tally, command, jobs, seconds)
}

fn progress(done: u64, games: u64, seconds: f64) {
    let rate = done as f64 / seconds.max(1e-9);
    let left = (games - done) as f64 / rate.max(1e-9);
    eprintln!(
        "soak: {done} of {games} games ({:.1}%), {rate:.0} games/s, {seconds:.0} s so far, about {left:.0} s to go",
        done as f64 / games.max(1) as f64 * 100.0
    );
}

fn report(tally: Tally, command: String, jobs: usize, seconds: f64) -> Report {
    let games: u64 = tally.games.iter().sum();
    let moves: u64 = tally.moves.iter().sum();
    Report {
        command,
        games,
        moves,
        seconds,
        games_per_second: games as f64 / seconds,
        moves_per_second: moves as f64 / seconds,
        jobs,
        kinds: (0..3)
            .map(|k| KindReport {
                kind: KINDS[k],
                games: tally.games[k],
                moves: tally.moves[k],
                length: tally.lengths[k].summary(&LENGTH_BUCKETS),
            })
            .collect(),
        laps_per_move: tally.laps.summary(&LAP_BUCKETS),
        longest_sowing: tally.longest,
        endless_refused: tally.endless_refused,
        endless_positions: tally.endless_positions,
        single_games: SingleEndings {
            games: tally.single_no_moves + tally.single_repetition,
            no_moves: tally.single_no_moves,
            repetition: tally.single_repetition,
        },
        matches: MatchEndings {
            games: tally.matches,
            rounds: tally.rounds.summary(&ROUND_BUCKETS),
            rounds_ended_no_moves: tally.round_no_moves,
            rounds_ended_repetition: tally.round_repetition,
        },
        draws: tally.draws,
        wins_south: tally.wins[0],
        wins_north: tally.wins[1],
        sampled_for_undo_redo: tally.sampled,
        failures: tally.failures,
        failed: tally.failed,
    }
}

/// The report as Markdown, for the README.
fn markdown(r: &Report) -> String {
    let n = |x: u64| thousands(x);
    let pct = |part: u64, whole: u64| format!("{:.2}%", part as f64 / whole.max(1) as f64 * 100.0);
    let mut out = String::new();
    out += &format!("`{}`\n\n", r.command);
    out += &format!(
        "{} games, {} moves in {:.0} s on {} thread(s): {} games/s, {} moves/s. Failures: {}.\n\n",
        n(r.games),
        n(r.moves),
        r.seconds,
        r.jobs,
        n(r.games_per_second as u64),
        n(r.moves_per_second as u64),
        r.failures
    );
    out += "| games | count | moves | mean length | p50 | p90 | p99 | p99.9 | longest |\n";
    out += "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n";
    for k in &r.kinds {
        let d = &k.length;
        out += &format!(
            "| {} | {} | {} | {:.1} | {} | {} | {} | {} | {} |\n",
            k.kind,
            n(k.games),
            n(k.moves),
            d.mean,
            d.p50,
            d.p90,
            d.p99,
            d.p999,
            d.max
        );
    }
    out += "\nGame lengths (moves):\n\n| moves |";
    for b in &LENGTH_BUCKETS {
        out += &format!(" {} |", bucket_name(b.0, (b.1 != usize::MAX).then_some(b.1)));
    }
    out += "\n| --- |";
    out += &" ---: |".repeat(LENGTH_BUCKETS.len());
    out += "\n";
    for k in &r.kinds {
        out += &format!("| {} |", k.kind);
        for b in &LENGTH_BUCKETS {
            let count = k.length.histogram.iter().find(|h| h.low == b.0).map_or(0, |h| h.count);
            out += &format!(" {} |", pct(count, k.games));
        }
        out += "\n";
    }
    let laps = &r.laps_per_move;
    out += &format!(
        "\nLaps per move: mean {:.2}, median {}, p99 {}, p99.9 {}, most {}.\n\n| laps |",
        laps.mean, laps.p50, laps.p99, laps.p999, laps.max
    );
    for b in &laps.histogram {
        out += &format!(" {} |", bucket_name(b.low, b.high));
    }
    out += "\n| --- |";
    out += &" ---: |".repeat(laps.histogram.len());
    out += "\n| moves |";
    for b in &laps.histogram {
        out += &format!(" {} |", pct(b.count, laps.count));
    }
    out += "\n\n";
    if let Some(l) = &r.longest_sowing {
        out += &format!(
            "Longest sowing that ended: **{} laps**, {} seeds sown: {}'s hole {}, move {} of game {} of the run \
             ({}, {} first), from the board {:?} with reserves {:?}{}.{}\n\n",
            l.laps,
            n(l.sown),
            l.to_move,
            l.hole,
            n(l.move_number as u64),
            n(l.game),
            if l.rounds { "a match in rounds" } else { "a single game" },
            l.first,
            l.board,
            l.reserves,
            if l.rounds { format!(" in round {}", l.round) } else { String::new() },
            l.link.as_ref().map_or(String::new(), |link| format!(" The position, with the move to redo: `#{link}`."))
        );
    }
    out += &format!(
        "Endless sowings met: {} holes refused as endless, in {} positions ({} of all moves).\n\n",
        n(r.endless_refused),
        n(r.endless_positions),
        pct(r.endless_positions, r.moves)
    );
    out += &format!(
        "Single games (random and computer-played): {} ended with the player to move having no move, \
         {} by a third repetition. \
         Matches: {}, all ended when a player could not fill a hole, after {:.1} rounds on average \
         (most {}); their rounds ended {} times by no move and {} times by repetition. \
         Draws {}; South won {} and North {}. Undo and redo checked at the end of {} games.\n",
        n(r.single_games.no_moves),
        n(r.single_games.repetition),
        n(r.matches.games),
        r.matches.rounds.mean,
        r.matches.rounds.max,
        n(r.matches.rounds_ended_no_moves),
        n(r.matches.rounds_ended_repetition),
        n(r.draws),
        n(r.wins_south),
        n(r.wins_north),
        n(r.sampled_for_undo_redo)
    );
    for failure in &r.failed {
        out += &format!("\n- FAILED: {failure}");
    }
    out
}

fn bucket_name(low: usize, high: Option<usize>) -> String {
    match high {
        None => format!("{}+", thousands(low as u64)),
        Some(high) if high == low => thousands(low as u64),
        Some(high) => format!("{}–{}", thousands(low as u64), thousands(high as u64)),
    }
}

fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_of_game_gets_its_share() {
        let plan = SoakPlan { games: 1000, computer: 30, matches: 50, jobs: 1, seed: 1, rules: RuleSet::MancalaWorld };
        let mut kinds = [0; 3];
        for index in 0..plan.games {
            kinds[game_of(&plan, index).0] += 1;
        }
        assert_eq!(kinds, [920, 50, 30]);
        // Spread evenly: the first tenth holds a tenth of each.
        let early: Vec<usize> = (0..100).map(|i| game_of(&plan, i).0).collect();
        assert_eq!((early.iter().filter(|&&k| k == 1).count(), early.iter().filter(|&&k| k == 2).count()), (5, 3));
    }

    #[test]
    fn endless_holes_are_counted_and_refused() {
        // South's first hole relays around this sparse board forever.
        let board = [1, 0, 1, 0, 1, 0, 1, 0, 2, 1, 0, 1, 0, 1];
        let game = Setup::new(board, [20, 27], Side::South).to_game().unwrap();
        let mut tally = Tally::default();
        count_endless(&game, &game.view(), 0, &mut tally);
        assert_eq!((tally.endless_refused, tally.endless_positions, tally.failures), (1, 1, 0));
    }

    #[test]
    fn the_longest_sowing_links_to_its_position() {
        let mut game =
            Game::from_record("7264", Options { rounds: true, first: Side::North, ..Options::default() }).unwrap();
        let before = game.view();
        let sown = game.play_into(5, &mut ()).unwrap();
        let longest = longest(9, &game, &before, 5, sown.laps, 12);
        assert_eq!((longest.record.as_str(), longest.move_number), ("7264", 5));
        let mut replayed = Link::parse(longest.link.as_deref().unwrap()).unwrap().to_game().unwrap();
        replayed.redo().unwrap();
        assert_eq!(replayed.view().board, game.view().board);
    }

    #[test]
    fn percentiles_and_buckets_count_values() {
        let mut counts = Counts::default();
        for v in [1, 2, 2, 3, 10] {
            counts.add(v);
        }
        assert_eq!((counts.percentile(0.5), counts.percentile(0.99), counts.max()), (2, 10, 10));
        assert_eq!(counts.between(2, 3), 3);
        assert_eq!(thousands(1234567), "1,234,567");
    }
}
