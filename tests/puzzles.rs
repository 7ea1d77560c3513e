//! The puzzles shipped with the page (`www/puzzles.txt`, made by `walak puzzles`): read strictly,
//! enough of them and small enough, each passing the selection rule with the rating its features
//! give, and a sample proved again by `walak solve` and along its line.
#![cfg(not(target_arch = "wasm32"))]

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::Value;
use walak::solve::Solver;
use walak::trainer::puzzles::{self, Features, Problem, Puzzle};
use walak::Side;

const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/www/puzzles.txt");

/// Puzzles the page needs at least.
const AT_LEAST: usize = 300;
/// The most the file may weigh, gzipped.
const GZIPPED_BYTES: usize = 20 * 1024;
/// Puzzles proved again, spread over the ratings.
const SAMPLE: usize = 8;

fn text() -> String {
    std::fs::read_to_string(FILE).expect("www/puzzles.txt")
}

fn shipped() -> Vec<Puzzle> {
    puzzles::read(&text()).unwrap_or_else(|e| panic!("www/puzzles.txt: {e}"))
}

/// The threshold the header names: "walak puzzles … --threshold T".
fn threshold() -> i32 {
    text()
        .lines()
        .take_while(|line| line.starts_with('#'))
        .find_map(|line| line.split("--threshold ").nth(1))
        .and_then(|t| t.split_whitespace().next()?.parse().ok())
        .expect("the header names its --threshold")
}

/// `SAMPLE` puzzles evenly spread over the file, which runs from the lowest rating to the highest.
fn sample(puzzles: &[Puzzle]) -> Vec<&Puzzle> {
    let last = puzzles.len() - 1;
    (0..SAMPLE).map(|i| &puzzles[i * last / (SAMPLE - 1)]).collect()
}

fn to_move(puzzle: &Puzzle) -> Side {
    puzzle.game().unwrap().position().to_move()
}

#[test]
fn the_file_reads_and_holds_enough_puzzles_for_both_sides() {
    let text = text();
    let puzzles = shipped();
    assert!(puzzles.len() >= AT_LEAST, "{} puzzles", puzzles.len());
    let ids: std::collections::HashSet<&str> = puzzles.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids.len(), puzzles.len(), "ids are unique");
    for side in Side::BOTH {
        let count = puzzles.iter().filter(|p| to_move(p) == side).count();
        assert!(count >= puzzles.len() / 3, "{count} puzzles with {side} to move");
    }
    // The file is exactly what `write` makes of its puzzles: sorted, one form for each.
    let header: String = text.lines().take_while(|l| l.starts_with('#')).map(|l| format!("{}\n", &l[2..])).collect();
    assert_eq!(puzzles::write(&puzzles, &header), text);
    assert!(header.contains("Made by: walak puzzles"), "the header says how the file was made");
}

#[test]
fn the_file_is_small_once_gzipped() {
    let mut gzip = Command::new("gzip")
        .arg("-9c")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the gzip command runs");
    gzip.stdin.take().unwrap().write_all(text().as_bytes()).unwrap();
    let output = gzip.wait_with_output().unwrap();
    assert!(output.status.success());
    assert!(output.stdout.len() <= GZIPPED_BYTES, "{} bytes gzipped", output.stdout.len());
}

#[test]
fn every_puzzle_passes_the_selection_rule() {
    let threshold = threshold();
    for puzzle in shipped() {
        let pick = puzzles::select(&puzzle.move_values, threshold)
            .unwrap_or_else(|why| panic!("{} is not a puzzle: {why:?}", puzzle.id));
        assert_eq!((pick.best, pick.value), (puzzle.best(), puzzle.value()), "{}", puzzle.id);
    }
}

/// The ratings depend on the position and the values alone, so every one can be checked.
#[test]
fn every_rating_follows_the_formula() {
    for puzzle in shipped() {
        let features = Features::measure(&puzzle.game().unwrap(), &puzzle.move_values);
        assert_eq!(puzzles::rating(&features), puzzle.rating, "{} {features:?}", puzzle.id);
    }
}

/// The ratings spread over the range: easy and hard puzzles both.
#[test]
fn the_ratings_spread_out() {
    let puzzles = shipped();
    let share = |range: std::ops::Range<u32>| {
        puzzles.iter().filter(|p| range.contains(&p.rating)).count() as f64 / puzzles.len() as f64
    };
    assert!(share(600..1000) >= 0.15, "easy: {}", share(600..1000));
    assert!(share(1000..1600) >= 0.15, "middling: {}", share(1000..1600));
    assert!(share(1600..2201) >= 0.1, "hard: {}", share(1600..2201));
}

/// `walak solve RECORD`, in a process of its own with a fresh table, gives the file's values and
/// best move, and its perfect line (the first move in hole order that keeps the value, at each
/// step, as the generator's) starts with the puzzle's line.
#[test]
fn a_sample_is_proved_again_by_walak_solve() {
    let puzzles = shipped();
    for puzzle in sample(&puzzles) {
        let output = Command::new(env!("CARGO_BIN_EXE_walak"))
            .args(["solve", &puzzle.record, "--threads", "1"])
            .output()
            .expect("walak runs");
        assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
        let solved: Value = serde_json::from_slice(&output.stdout).unwrap();
        let expected = serde_json::to_value(puzzle).unwrap();
        assert_eq!(solved["move_values"], expected["move_values"], "{}", puzzle.id);
        assert_eq!(solved["value"], puzzle.value(), "{}", puzzle.id);
        assert_eq!(solved["best"], serde_json::json!([puzzle.best()]), "{}", puzzle.id);
        let line = solved["line"].as_str().unwrap();
        assert!(line.starts_with(&puzzle.line), "{}: {line} against {}", puzzle.id, puzzle.line);
    }
}

/// Along each sampled line, every move keeps the value: the value after it is minus the value
/// before (a final seed difference, seen from the other side).
#[test]
fn each_sampled_line_keeps_the_value() {
    let puzzles = shipped();
    let mut solver = Solver::new(64);
    for puzzle in sample(&puzzles) {
        let mut game = puzzle.game().unwrap();
        let mut value = solver.value(&game, &mut |_| true).unwrap();
        assert_eq!(value, puzzle.value(), "{}", puzzle.id);
        for (i, digit) in puzzle.line.bytes().enumerate() {
            game.play_into(digit - b'0', &mut ()).unwrap();
            let after = solver.value(&game, &mut |_| true).unwrap();
            assert_eq!(after, -value, "{}: move {} of the line, {}", puzzle.id, i + 1, digit as char);
            value = after;
        }
    }
}

/// Children consistency, the check of every shipped value from below: each move's value is minus
/// the value of the position it leads to, solved on its own (with `Solver::value`, not the
/// `move_values` search that made the file), and the position's value is the best of them.
#[test]
fn each_sampled_move_value_is_its_child_solved_alone() {
    let puzzles = shipped();
    let mut solver = Solver::new(64);
    for puzzle in sample(&puzzles) {
        let game = puzzle.game().unwrap();
        for &(hole, value) in &puzzle.move_values {
            let mut child = game.clone();
            child.play_into(hole, &mut ()).unwrap();
            let reply = solver.value(&child, &mut |_| true).unwrap();
            assert_eq!(value, -reply, "{}: hole {hole}", puzzle.id);
        }
        let best = puzzle.move_values.iter().map(|&(_, v)| v).max().unwrap();
        assert_eq!(best, solver.value(&game, &mut |_| true).unwrap(), "{}", puzzle.id);
    }
}

/// `walak puzzles` prints a file the reader takes, the same whatever the table and threads, and
/// refuses a bad option.
#[test]
fn walak_puzzles_prints_the_same_file_whatever_the_table() {
    let run = |extra: &[&str]| {
        let output = Command::new(env!("CARGO_BIN_EXE_walak"))
            .args(["puzzles", "--count", "3", "--seed", "7"])
            .args(extra)
            .output()
            .expect("walak runs");
        assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
        assert!(String::from_utf8_lossy(&output.stderr).contains("3 puzzles from"), "progress on stderr");
        String::from_utf8(output.stdout).unwrap()
    };
    let text = run(&["--threads", "1", "--table-mb", "8"]);
    assert_eq!(run(&["--threads", "2", "--table-mb", "64"]), text);
    assert!(text.contains("# Made by: walak puzzles --count 3 --seed 7 --threshold 4\n"), "{text}");
    let puzzles = puzzles::read(&text).unwrap();
    assert_eq!(puzzles.len(), 3);
    assert!(puzzles.iter().all(|p| puzzles::select(&p.move_values, 4).is_ok()));

    let refused = Command::new(env!("CARGO_BIN_EXE_walak")).args(["puzzles", "--count", "0"]).output().unwrap();
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).starts_with("walak: --count 0"));
}

/// A damaged file is refused at the damaged line.
#[test]
fn the_reader_refuses_a_damaged_file() {
    let text = text();
    let lines: Vec<&str> = text.lines().collect();
    let first = lines.iter().position(|l| !l.starts_with('#')).unwrap();
    let damage = |index: usize, damaged: &str| {
        let mut copy = lines.clone();
        copy[index] = damaged;
        puzzles::read(&copy.join("\n")).unwrap_err()
    };
    let line = lines[first + 5];
    let fields: Vec<&str> = line.split(' ').collect();

    // A move more on the record: the id is not the record's any more.
    let longer = line.replacen(fields[2], &format!("{}1", fields[2]), 1);
    let error = damage(first + 5, &longer);
    assert_eq!(error.line, first + 6);
    assert!(matches!(error.problem, Problem::NotTheRecordsId { .. } | Problem::BadRecord { .. }), "{error}");

    // A move's value dropped.
    let fewer = fields[3].rsplit_once(',').unwrap().0;
    let error = damage(first + 5, &[fields[0], fields[1], fields[2], fewer, fields[4]].join(" "));
    assert!(matches!(error.problem, Problem::NotTheLegalMoves { .. } | Problem::NotOneBest { .. }), "{error}");

    // A puzzle twice.
    let error = damage(first + 7, line);
    assert_eq!(error.problem, Problem::DuplicateId { id: fields[0].to_string(), first: first + 6 });
    assert_eq!(error.line, first + 8);
}

/// How often the computer levels find each puzzle's best move, by rating band: a check that the
/// rating means something, and where the figures in docs/puzzles.md come from. Slow (a minute or
/// two): `cargo test --release --test puzzles -- --ignored --nocapture`.
#[test]
#[ignore]
fn levels_find_the_easier_puzzles_more_often() {
    use walak::computer::{choose_move, Level};
    let tries = |level: Level| if matches!(level, Level::Beginner | Level::Casual) { 20 } else { 1 };
    let levels = [Level::Beginner, Level::Casual, Level::Club, Level::Strong];
    let mut bands: std::collections::BTreeMap<u32, (usize, [f64; 4])> = Default::default();
    for puzzle in shipped() {
        let game = puzzle.game().unwrap();
        // Bands of 400 from 600; 2200 goes with 1800–2199.
        let band = bands.entry(600 + (puzzle.rating.clamp(600, 2199) - 600) / 400 * 400).or_default();
        band.0 += 1;
        for (i, &level) in levels.iter().enumerate() {
            let n = tries(level);
            let found =
                (0..n).filter(|&seed| choose_move(&game, level, &|| 0.0, seed).unwrap().number == puzzle.best());
            band.1[i] += found.count() as f64 / n as f64;
        }
    }
    println!("| rating | puzzles | beginner | casual | club | strong |\n| --- | ---: | ---: | ---: | ---: | ---: |");
    for (band, (count, found)) in &bands {
        let cells: Vec<String> = found.iter().map(|f| format!("{:.0}%", 100.0 * f / *count as f64)).collect();
        let top = if *band == 1800 { 2200 } else { band + 399 };
        println!("| {band}–{top} | {count} | {} |", cells.join(" | "));
    }
    let (low, high) = (bands.values().next().unwrap(), bands.values().last().unwrap());
    assert!(high.1[3] / (high.0 as f64) < low.1[3] / (low.0 as f64), "strong misses more of the hardest puzzles");
}
