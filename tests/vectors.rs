//! Every golden vector of the shared rules specification must pass.
//!
//! The vectors live beside the repository (`../shared/vectors/`), or where `WALAK_VECTORS` points.
#![cfg(not(target_arch = "wasm32"))]

use std::path::PathBuf;

use serde::Deserialize;
use walak::format::view::move_outcomes;
use walak::rules::board::Track;
use walak::{Game, MoveOutcome, Options, Side, StateView};

fn vectors_dir() -> PathBuf {
    match std::env::var_os("WALAK_VECTORS") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/vectors"),
    }
}

fn lines(file: &str) -> Vec<String> {
    let path = vectors_dir().join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!("cannot read the golden vectors at {}: {e} (set WALAK_VECTORS to their folder)", path.display())
    });
    let lines: Vec<String> = text.lines().filter(|l| !l.trim().is_empty()).map(String::from).collect();
    assert!(!lines.is_empty(), "{} holds no vectors", path.display());
    lines
}

#[derive(Deserialize)]
struct GameVector {
    rounds: bool,
    moves: String,
    state: StateView,
}

#[derive(Deserialize)]
struct MovesVector {
    board: [u8; 14],
    to_move: Side,
    kind: String,
    moves: Vec<MoveOutcome>,
}

#[test]
fn every_game_record_reaches_its_state() {
    let mut failures = Vec::new();
    let vectors = lines("games.jsonl");
    for (i, line) in vectors.iter().enumerate() {
        let v: GameVector = serde_json::from_str(line).expect("a games.jsonl line parses");
        let options = Options { rounds: v.rounds, ..Options::default() };
        match Game::from_record(&v.moves, options) {
            Ok(game) if game.view() == v.state => {}
            Ok(game) => failures.push(format!("line {}: expected {:?}\n   got {:?}", i + 1, v.state, game.view())),
            Err(e) => failures.push(format!("line {}: {e}", i + 1)),
        }
    }
    assert!(failures.is_empty(), "{} of {} games differ:\n{}", failures.len(), vectors.len(), failures.join("\n"));
}

#[test]
fn every_move_outcome_matches() {
    let mut failures = Vec::new();
    let vectors = lines("moves.jsonl");
    for (i, line) in vectors.iter().enumerate() {
        let v: MovesVector = serde_json::from_str(line).expect("a moves.jsonl line parses");
        let got = move_outcomes(&v.board, &Track::full(), v.to_move);
        if got != v.moves {
            failures.push(format!("line {} ({}): expected {:?}\n   got {:?}", i + 1, v.kind, v.moves, got));
        }
    }
    assert!(failures.is_empty(), "{} of {} positions differ:\n{}", failures.len(), vectors.len(), failures.join("\n"));
}
