//! The `walak` command-line tool prints the vectors' JSON schemas (and, for the computer player,
//! its moves and matches) and refuses bad input clearly.
#![cfg(not(target_arch = "wasm32"))]

use std::ops::Add;
use std::path::PathBuf;
use std::process::{Command, Output};

use serde_json::Value;

fn walak(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_walak")).args(args).output().expect("walak runs")
}

fn json_of(output: &Output) -> Value {
    assert!(output.status.success(), "walak failed: {}", String::from_utf8_lossy(&output.stderr));
    serde_json::from_slice(&output.stdout).expect("walak prints JSON")
}

fn vectors(file: &str) -> Vec<Value> {
    let dir = std::env::var_os("WALAK_VECTORS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/vectors"));
    let text = std::fs::read_to_string(dir.join(file)).expect("the golden vectors are readable");
    text.lines().filter(|l| !l.trim().is_empty()).map(|l| serde_json::from_str(l).unwrap()).collect()
}

#[test]
fn state_prints_exactly_the_vector_state() {
    for v in vectors("games.jsonl").iter().step_by(3) {
        let moves = v["moves"].as_str().unwrap();
        let args: Vec<&str> = if v["rounds"] == true { vec!["state", "--rounds", moves] } else { vec!["state", moves] };
        assert_eq!(json_of(&walak(&args)), v["state"], "walak state {moves}");
    }
}

#[test]
fn moves_prints_exactly_the_vector_outcomes() {
    for v in vectors("moves.jsonl").iter().step_by(2) {
        let board: Vec<String> = v["board"].as_array().unwrap().iter().map(|n| n.to_string()).collect();
        let to_move = v["to_move"].as_str().unwrap();
        let got = json_of(&walak(&["moves", "--board", &board.join(","), "--to-move", to_move]));
        assert_eq!(got, v["moves"], "walak moves --board {}", board.join(","));
    }
}

#[test]
fn an_illegal_move_names_its_place_in_the_record() {
    // After 726, North's hole 1 is empty.
    let out = walak(&["state", "7261"]);
    assert!(!out.status.success());
    let message = String::from_utf8_lossy(&out.stderr);
    assert!(message.contains("move 4"), "{message}");
    assert!(message.contains("empty"), "{message}");
    assert!(out.stdout.is_empty());

    let out = walak(&["state", "72a"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("character 3"));
    assert!(!out.status.success());
}

#[test]
fn bad_arguments_get_a_clear_message() {
    for args in [
        &["moves", "--board", "4,4,4", "--to-move", "south"][..],
        &["moves", "--board", "4,4,4,4,4,4,4,4,4,4,4,4,4,x", "--to-move", "south"],
        &["moves", "--board", "4,4,4,4,4,4,4,4,4,4,4,4,4,4", "--to-move", "east"],
        &["trace", "", "8"],
        &["frobnicate"],
        &[],
    ] {
        let out = walak(args);
        assert!(!out.status.success(), "walak {args:?} should fail");
        assert!(String::from_utf8_lossy(&out.stderr).starts_with("walak: "), "walak {args:?}");
    }
}

#[test]
fn trace_lists_the_events_of_the_move() {
    let events = json_of(&walak(&["trace", "7264", "1"]));
    let events = events.as_array().unwrap();
    assert_eq!(events[0]["event"], "lift");
    assert!(events.iter().any(|e| e["event"] == "sowing_end"));
    assert_eq!(events.last().unwrap()["event"], "turn_pass");
    // The opening move from the first hole: seven laps and one bead.
    let opening = json_of(&walak(&["trace", "1"]));
    let opening = opening.as_array().unwrap();
    assert_eq!(opening.iter().filter(|e| e["event"] == "relay").count(), 6);
    assert_eq!(opening.iter().filter(|e| e["event"] == "capture").count(), 1);
}

/// `walak state --rules` reproduces the final state of every golden game of Parker's rule sets
/// (their vectors write a tied hole as `"tied"` among the blocked and its owner as an index).
#[test]
fn state_with_parkers_rules_reaches_every_golden_final() {
    for v in vectors("parker/games.jsonl") {
        let record: Vec<&str> = v["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
        let record = record.join(" ");
        let mut args = vec!["state", "--rules", v["rules"].as_str().unwrap()];
        if v["match"] == true {
            args.push("--rounds");
        }
        args.push(&record);
        let mut ours = json_of(&walak(&args));
        for hole in 0..14 {
            if let Some(side) = ours["tied_by"][hole].as_str().map(str::to_string) {
                ours["blocked"][hole] = "tied".into();
                ours["tied_by"][hole] = (if side == "south" { 0 } else { 1 }).into();
            }
        }
        for (key, want) in v["final"].as_object().unwrap() {
            assert_eq!(&ours[key], want, "game {}: {key}", v["id"]);
        }
    }
}

#[test]
fn picture_draws_the_position_and_the_frames_of_a_move() {
    let out = walak(&["picture", "--rules", "parker-walak", "1+"]);
    assert!(out.status.success());
    let svg = String::from_utf8(out.stdout).unwrap();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    let dir = std::env::temp_dir().join(format!("walak-frames-{}", std::process::id()));
    let report = json_of(&walak(&["picture", "--move", "1", "--dir", dir.to_str().unwrap()]));
    let frames = report["frames"].as_u64().unwrap();
    assert!(frames > 20, "the opening move from hole 1 has many steps");
    assert!(dir.join(format!("frame-{frames:03}.svg")).exists());
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(!walak(&["picture", "--move", "9", "--dir", "x"]).status.success());
}

#[test]
fn bench_reports_games_and_moves() {
    let report = json_of(&walak(&["bench", "--games", "50"]));
    assert_eq!(report["games"], 50);
    assert!(report["moves"].as_u64().unwrap() > 50);
    assert!(report["moves_per_second"].as_f64().unwrap() > 0.0);
    // The bare cost of the rules, measured in the same run, and the ratio of the two per move.
    assert_eq!(report["baseline"]["games"], 50);
    assert!(report["baseline"]["moves"].as_u64().unwrap() > 50);
    assert!(report["ratio"].as_f64().unwrap() > 0.0);
    // Each rule set's playouts, against its own bare loop.
    let parker = json_of(&walak(&["bench", "--games", "50", "--rules", "parker-kotu"]));
    assert_eq!(
        (&parker["rules"], &parker["games"], &parker["baseline"]["games"]),
        (&"parker-kotu".into(), &50.into(), &50.into())
    );
    assert!(parker["ratio"].as_f64().unwrap() > 0.0);
    assert_eq!(walak(&["bench", "--search", "--rules", "parker-walak"]).status.code(), Some(2));
}

#[test]
fn solve_bench_ends_on_seed_counts_no_game_reaches_and_refuses_impossible_ones() {
    // Every opening captures 6 seeds: 55 is never on the board. It used to search for ever.
    let rows =
        json_of(&walak(&["bench", "--solve", "--from", "55", "--to", "55", "--positions", "1", "--time-ms", "10"]));
    assert_eq!(rows[0]["seeds"], 55);
    assert_eq!(rows[0]["positions"], 0);
    assert_eq!(rows[0]["solved"], 0);
    assert!(rows[0]["median_ms"].is_null());
    for range in [["0", "3"], ["10", "2"], ["50", "57"]] {
        let out = walak(&["bench", "--solve", "--from", range[0], "--to", range[1]]);
        assert_eq!(out.status.code(), Some(2), "--from {} --to {}", range[0], range[1]);
        assert!(String::from_utf8_lossy(&out.stderr).contains("1 to 56"));
        assert!(out.stdout.is_empty());
    }
}

#[cfg(unix)]
#[test]
fn an_argument_that_is_not_utf8_is_refused_without_a_panic() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let out = Command::new(env!("CARGO_BIN_EXE_walak"))
        .args([OsStr::new("state"), OsStr::from_bytes(b"1\xff")])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let message = String::from_utf8_lossy(&out.stderr);
    assert!(message.contains("argument 2") && message.contains("not text in UTF-8"), "{message}");
    assert!(!message.contains("panicked"), "{message}");
}

#[test]
fn an_option_given_twice_is_named_as_such() {
    let out = walak(&["moves", "--board", "4,4,4,4,4,4,4,4,4,4,4,4,4,4", "--to-move", "south", "--to-move", "north"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--to-move is given more than once"));
    let out = walak(&["state", "--rounds", "--rounds", "1"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("--rounds is given more than once"));
    let out = walak(&["state", "--round", "1"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("unexpected argument '--round'"));
}

// The computer player on the command line.

#[test]
fn bestmove_prints_the_move_the_evaluation_and_the_depth() {
    let best = json_of(&walak(&["bestmove", "7264", "--level", "club"]));
    assert_eq!(best["level"], "club");
    assert!((1..=7).contains(&best["move"].as_u64().unwrap()));
    assert_eq!(best["depth"], 4);
    assert!(best["eval"].is_i64());
    assert!(best["nodes"].as_u64().unwrap() > 0);
    assert_eq!(best["exact"], false);

    // The same seed gives the same move.
    assert_eq!(json_of(&walak(&["bestmove", "7264", "--level", "club"]))["move"], best["move"]);

    let master = json_of(&walak(&["bestmove", "--level", "master", "--time-ms", "50"]));
    assert!(master["depth"].as_u64().unwrap() >= 1);
    let rounds = json_of(&walak(&["bestmove", "--rounds", "7264", "--level", "beginner", "--seed", "4"]));
    assert_eq!(rounds["depth"], 1);
}

#[test]
fn bestmove_refuses_what_it_cannot_do() {
    let out = walak(&["bestmove", "7264", "--level", "grandmaster"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("beginner"));
    let out = walak(&["bestmove", "7261", "--level", "club"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("move 4"));
    assert!(!walak(&["bestmove", "7264"]).status.success(), "--level is required");
}

#[test]
fn match_prints_the_score() {
    let tally = json_of(&walak(&["match", "--a", "club", "--b", "greedy", "--games", "4"]));
    assert_eq!((tally["a"].as_str(), tally["b"].as_str()), (Some("club"), Some("greedy")));
    assert_eq!(tally["games"], 4);
    let results = ["a_wins", "draws", "b_wins"].map(|k| tally[k].as_u64().unwrap());
    assert_eq!(results.iter().sum::<u64>(), 4);
    let score = tally["a_score"].as_f64().unwrap();
    assert!((0.0..=1.0).contains(&score));
}

#[test]
fn the_ladder_has_a_row_per_pairing() {
    let rows = json_of(&walak(&["match", "--ladder", "--games", "2", "--time-ms", "5"]));
    let pairs: Vec<(String, String)> = rows
        .as_array()
        .unwrap()
        .iter()
        .map(|row| (row["a"].as_str().unwrap().to_string(), row["b"].as_str().unwrap().to_string()))
        .collect();
    let expected =
        [("casual", "beginner"), ("club", "casual"), ("strong", "club"), ("master", "strong"), ("master", "greedy")];
    assert_eq!(pairs, expected.map(|(a, b)| (a.to_string(), b.to_string())));
    assert!(rows.as_array().unwrap().iter().all(|row| row["games"] == 2));
}

#[test]
fn a_small_soak_checks_every_move_and_reports() {
    let report =
        json_of(&walak(&["soak", "--games", "60", "--computer", "12", "--matches", "3", "--jobs", "2", "--seed", "3"]));
    assert_eq!(report["games"], 60);
    assert_eq!(report["failures"], 0);
    let kinds = report["kinds"].as_array().unwrap();
    let games: Vec<u64> = kinds.iter().map(|k| k["games"].as_u64().unwrap()).collect();
    assert_eq!(games, [45, 3, 12]);
    assert!(report["moves"].as_u64().unwrap() > 60);
    assert!(report["laps_per_move"]["max"].as_u64().unwrap() >= 1);
    assert!(report["longest_sowing"]["link"].as_str().unwrap().starts_with("walak=1&board="));
    let ended = &report["single_games"];
    assert_eq!(
        ended["no_moves"].as_u64().unwrap() + ended["repetition"].as_u64().unwrap(),
        ended["games"].as_u64().unwrap()
    );
    let markdown = walak(&["soak", "--games", "8", "--computer", "2", "--matches", "1", "--markdown"]);
    assert!(String::from_utf8_lossy(&markdown.stdout).contains("Laps per move"));
}

#[test]
fn solve_prints_the_value_the_best_moves_every_move_value_and_a_perfect_line() {
    // A position of a real game with 28 seeds on the board, solved in about a second.
    let record = "35141541";
    let solved = json_of(&walak(&["solve", record]));
    let value = solved["value"].as_i64().unwrap();
    let values = solved["move_values"].as_object().unwrap();
    let game = json_of(&walak(&["state", record]));
    let legal: Vec<String> = game["legal"].as_array().unwrap().iter().map(|n| n.to_string()).collect();
    assert_eq!(values.keys().cloned().collect::<Vec<_>>(), legal, "a value for every legal move");
    assert_eq!(values.values().map(|v| v.as_i64().unwrap()).max(), Some(value));
    let best: Vec<String> = solved["best"].as_array().unwrap().iter().map(|n| n.to_string()).collect();
    let keeping: Vec<String> =
        values.iter().filter(|(_, v)| v.as_i64() == Some(value)).map(|(k, _)| k.clone()).collect();
    assert_eq!(best, keeping);
    assert_eq!(solved["until"], "game");
    assert!(solved["nodes"].as_u64().unwrap() > 0 && solved["seconds"].as_f64().is_some());

    // The perfect line ends the game with exactly the value for South, who is to move.
    let line = solved["line"].as_str().unwrap();
    let end = json_of(&walak(&["state", &format!("{record}{line}")]));
    assert_eq!(end["status"], "game_over");
    let reserves = end["reserves"].as_array().unwrap();
    assert_eq!(reserves[0].as_i64().unwrap() - reserves[1].as_i64().unwrap(), value);

    // The value alone.
    let valued = json_of(&walak(&["solve", record, "--value-only"]));
    assert_eq!(valued["value"], solved["value"]);
    assert!(valued.get("best").is_none() && valued["nodes"].as_u64().unwrap() > 0);

    // Without move values: the same value and best moves.
    let quick = json_of(&walak(&["solve", record, "--no-move-values", "--table-mb", "1"]));
    assert_eq!((&quick["value"], &quick["best"]), (&solved["value"], &solved["best"]));
    assert!(quick.get("move_values").is_none());
}

#[test]
fn solve_takes_a_position_and_a_finished_game_prints_its_result() {
    // One seed each: they chase each other round the track.
    let board = "0,0,0,0,0,0,1,0,0,0,0,0,0,1";
    let solved = json_of(&walak(&["solve", "--board", board, "--reserves", "27,27", "--to-move", "south"]));
    let values = solved["move_values"].as_object().unwrap();
    assert_eq!(values.values().map(|v| v.as_i64().unwrap()).max(), solved["value"].as_i64());
    let moves = json_of(&walak(&["moves", "--board", board, "--to-move", "south"]));
    assert_eq!(moves.as_array().unwrap().len(), solved["move_values"].as_object().unwrap().len());

    // A finished game: its final difference, no moves.
    let over =
        json_of(&walak(&["solve", "--board", &"0,".repeat(13).add("0"), "--reserves", "30,26", "--to-move", "north"]));
    assert_eq!(over["value"], -4);
    assert_eq!(over["best"], serde_json::json!([]));
    assert_eq!(over["line"], "");
}

#[test]
fn solve_refuses_what_it_cannot_solve() {
    for (args, says) in [
        (vec!["solve", "7261"], "move 4"),
        (vec!["solve", "--board", "4,4", "--reserves", "0,0", "--to-move", "south"], "14 holes"),
        (vec!["solve", "--board", &*"4,".repeat(13).add("4"), "--reserves", "1,0", "--to-move", "south"], "57 seeds"),
        (vec!["solve", "--board", &*"4,".repeat(13).add("4"), "--reserves", "0,0,0", "--to-move", "south"], "S,N"),
        (vec!["solve", "--board", &*"4,".repeat(13).add("4"), "--to-move", "south"], "together"),
        (vec!["solve", "--table-mb", "0"], "1 to 65536"),
        (vec!["solve", "--board", &*"4,".repeat(13).add("4"), "--reserves", "0,0", "--to-move", "east"], "east"),
    ] {
        let out = walak(&args);
        assert!(!out.status.success(), "{args:?} is refused");
        assert!(out.stdout.is_empty());
        let message = String::from_utf8_lossy(&out.stderr);
        assert!(message.contains(says), "{args:?}: {message}");
    }
}

#[test]
fn bestmove_at_the_perfect_level_plays_a_move_that_keeps_the_value() {
    // After "35141541" only hole 3 keeps the draw (walak solve: 2 → −2, 3 → 0, 6 → −4, 7 → −12).
    let chosen = json_of(&walak(&["bestmove", "35141541", "--level", "perfect", "--seed", "5"]));
    assert_eq!((chosen["move"].as_u64(), chosen["eval"].as_i64()), (Some(3), Some(0)));
    assert_eq!(chosen["exact"], true);
    assert_eq!(chosen["level"], "perfect");
}

#[test]
fn book_writes_every_move_value_of_the_positions_near_the_opening() {
    // From a late position (walak solve 35141541325677424117: 2 → −18, 3 → −2, 5 → 0, 6 → −2),
    // two moves deep: South's position, then North's after each move.
    let from = "35141541325677424117";
    let output = walak(&["book", "--plies", "2", "--from", from]);
    let text = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = text.lines().filter(|line| !line.starts_with('#')).collect();
    assert_eq!(lines[0], format!("{from}=2:-18,3:-2,5:0,6:-2"));
    // Every South move is followed (North has played no move yet, so any South move keeps one
    // side perfect), each North position with its values.
    assert_eq!(lines.len(), 5);
    for (line, hole) in lines[1..].iter().zip([2, 3, 5, 6]) {
        assert!(line.starts_with(&format!("{from}{hole}=")), "{line}");
    }
    assert!(text.starts_with("# ") && text.contains(&format!("walak book --plies 2 --from {from}")));
    let refused = walak(&["book", "--plies", "0"]);
    assert_eq!(refused.status.code(), Some(2));
}

// Help, version and usage mistakes.

#[test]
fn help_lists_every_command_and_what_they_share() {
    let out = walak(&["--help"]);
    assert_eq!(out.status.code(), Some(0));
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(help.starts_with("walak — Walak-pussa rules engine"), "{help}");
    assert!(help.contains("Usage: walak <COMMAND>"), "{help}");
    assert!(help.contains("Levels: beginner, casual, club, strong, master and perfect"), "{help}");
    assert!(help.contains("Output is JSON on stdout"), "{help}");
}

#[test]
fn each_command_explains_its_flags_and_defaults() {
    let out = walak(&["serve", "--help"]);
    assert_eq!(out.status.code(), Some(0));
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(help.contains("Usage: walak serve [OPTIONS]"), "{help}");
    for flag in ["--port <N>", "[default: 8080]", "--host <ADDR>", "--redis <URL>", "--origin <URL>...", "--idle-hours"]
    {
        assert!(help.contains(flag), "{flag}: {help}");
    }
    assert!(help.contains(r#"{"serving":"http://127.0.0.1:8080/","store":"memory"}"#), "{help}");

    let out = walak(&["help", "solve"]);
    assert_eq!(out.status.code(), Some(0));
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(help.contains("Usage: walak solve [OPTIONS] [MOVES]"), "{help}");
    assert!(help.contains("--value-only") && help.contains("[default: 64]"), "{help}");
    assert!(help.contains("Output is JSON on stdout"), "{help}");
    assert_eq!(walak(&["solve", "--help"]).stdout, out.stdout);
}

#[test]
fn version_prints_the_crate_version() {
    let out = walak(&["--version"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stdout), format!("walak {}\n", env!("CARGO_PKG_VERSION")));
}

#[test]
fn a_wrong_flag_or_a_missing_value_is_answered_with_the_usage() {
    for (args, says) in [
        (&["solve", "--frobnicate"][..], "walak: unexpected argument '--frobnicate' found"),
        (&["solve", "--table-mb"], "walak: a value is required for '--table-mb <M>'"),
        (&["solve", "--table-mb", "many"], "walak: --table-mb takes a whole number, not 'many'"),
        (&["solve", "--endgames", "x", "--no-endgames"], "walak: solve takes --endgames FILE or --no-endgames"),
    ] {
        let out = walak(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty());
        let message = String::from_utf8_lossy(&out.stderr);
        assert!(message.starts_with(says), "{args:?}: {message}");
        assert!(message.contains("Usage: walak solve"), "{args:?}: {message}");
    }
    let out = walak(&[]);
    assert_eq!(out.status.code(), Some(2));
    let message = String::from_utf8_lossy(&out.stderr);
    assert!(message.starts_with("walak: no command given") && message.contains("Commands:"), "{message}");
}

// Parker's rule sets on the command line.

/// A game of random legal moves by `rules` until `stop` says so.
fn random_until(options: walak::Options, seed: u64, stop: impl Fn(&walak::Game) -> bool) -> walak::Game {
    let mut rng = walak::playout::Rng::new(seed);
    let mut game = walak::Game::new(options);
    while !game.is_over() && !stop(&game) {
        let legal = game.legal_moves();
        game.play(legal[rng.below(legal.len())]).unwrap();
    }
    game
}

#[test]
fn bestmove_plays_parker_rule_sets_and_chooses_a_rounds_direction() {
    use walak::RuleSet;
    // The first move chooses the direction: it carries its sign, and the state takes it.
    for rules in ["parker-walak", "parker-kotu"] {
        let best = json_of(&walak(&["bestmove", "--rules", rules, "--level", "club"]));
        let first = best["move"].as_str().unwrap();
        assert!(first.ends_with(['+', '-']) && best["depth"] == 4, "{rules}: {best}");
        let state = json_of(&walak(&["state", "--rules", rules, first]));
        assert_eq!(state["direction"], first[1..]);
        let reply = state["legal"][0].as_str().unwrap();
        let casual = json_of(&walak(&["bestmove", "--rules", rules, &format!("{first} {reply}"), "--level", "casual"]));
        assert!(casual["move"].as_str().unwrap().parse::<u8>().is_ok(), "{rules}: {casual}");
    }
    // A match waiting for the next round's direction: the loser chooses it.
    let options = walak::Options { rounds: true, rules: RuleSet::ParkerKotu, ..walak::Options::default() };
    let game = random_until(options, 3, |game| game.is_choosing());
    assert!(game.is_choosing());
    for level in ["beginner", "club", "master"] {
        let args =
            ["bestmove", "--rounds", "--rules", "parker-kotu", &game.record(), "--level", level, "--time-ms", "40"];
        let chosen = json_of(&walak(&args));
        assert!(["+", "-"].contains(&chosen["move"].as_str().unwrap()), "{level}: {chosen}");
    }
}

#[test]
fn solve_values_parker_positions_and_writes_their_moves() {
    use walak::RuleSet;
    // A set-up position before the direction is chosen: every move in both directions, by name.
    let board = "0,0,2,1,0,0,0,0,1,0,0,1,0,0";
    let args = ["solve", "--rules", "parker-walak", "--board", board, "--reserves", "25,26", "--to-move", "south"];
    let solved = json_of(&walak(&args));
    let values = solved["move_values"].as_object().unwrap();
    assert_eq!(values.keys().collect::<Vec<_>>(), ["3+", "3-"], "the single seed in hole 4 waits");
    assert_eq!(values.values().map(|v| v.as_i64().unwrap()).max(), solved["value"].as_i64());
    assert!(solved["line"].as_str().unwrap().starts_with(solved["best"][0].as_str().unwrap()));
    // The direction given: moves without sign.
    let chosen = json_of(&walak(&[&args[..], &["--direction", "-"]].concat()));
    assert_eq!(chosen["move_values"].as_object().unwrap().keys().collect::<Vec<_>>(), ["3"]);
    assert_eq!(chosen["value"], solved["move_values"]["3-"]);

    // A position near the end of a random round of each game: the perfect line, played after
    // the record, ends the round with the value.
    for (rules, name) in [(RuleSet::ParkerWalak, "parker-walak"), (RuleSet::ParkerKotu, "parker-kotu")] {
        let options = walak::Options::by(rules);
        let end = random_until(options, 7, |_| false);
        let moves = end.moves_played();
        let record = walak::rules::record::record_text(&moves[..moves.len() - 3], rules);
        let solved = json_of(&walak(&["solve", "--rules", name, &record]));
        let mover = json_of(&walak(&["state", "--rules", name, &record]))["to_move"].clone();
        let line = solved["line"].as_str().unwrap();
        let after = json_of(&walak(&["state", "--rules", name, &format!("{record} {line}")]));
        assert_eq!(after["status"], "game_over", "{name}: {record} then {line}");
        let reserves = after["reserves"].as_array().unwrap();
        let south = reserves[0].as_i64().unwrap() - reserves[1].as_i64().unwrap();
        assert_eq!(if mover == "south" { south } else { -south }, solved["value"].as_i64().unwrap(), "{name}");
        let valued = json_of(&walak(&["solve", "--rules", name, &record, "--value-only"]));
        assert_eq!(valued["value"], solved["value"]);
    }
}

#[test]
fn match_and_soak_play_parker_rule_sets() {
    let tally = json_of(&walak(&["match", "--rules", "parker-walak", "--a", "club", "--b", "greedy", "--games", "2"]));
    assert_eq!(tally["games"], 2);
    // Kotu-baendum's matches can run to thousands of rounds: seed 5 plays two short ones.
    let args = ["soak", "--games", "24", "--computer", "12", "--matches", "2", "--jobs", "2", "--seed", "5"];
    let report = json_of(&walak(&[&args[..], &["--rules", "parker-kotu"]].concat()));
    assert_eq!((report["games"].as_u64(), report["failures"].as_u64()), (Some(24), Some(0)), "{report}");
    assert!(report["command"].as_str().unwrap().ends_with("--rules parker-kotu"));
    assert!(report["matches"]["rounds"]["max"].as_u64().unwrap() >= 3);
    // Walak-pussa's matches are left out here: the trace's replay does not yet take a puta or naga
    // hole as empty where a sowing ends before it (src/format/replay.rs).
    let args =
        ["soak", "--games", "30", "--computer", "12", "--matches", "0", "--seed", "3", "--rules", "parker-walak"];
    let report = json_of(&walak(&args));
    assert_eq!((report["games"].as_u64(), report["failures"].as_u64()), (Some(30), Some(0)), "{report}");
}
