//! `walak bestmove` and `walak match` print JSON and refuse bad input clearly.
#![cfg(not(target_arch = "wasm32"))]

use std::process::{Command, Output};

use serde_json::Value;

fn walak(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_walak")).args(args).output().expect("walak runs")
}

fn json_of(output: &Output) -> Value {
    assert!(output.status.success(), "walak failed: {}", String::from_utf8_lossy(&output.stderr));
    serde_json::from_slice(&output.stdout).expect("walak prints JSON")
}

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
