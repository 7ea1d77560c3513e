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

/// The golden games of Parker's rule sets (`vectors/parker/games.jsonl`): every checkpoint's state
/// and the move played from it, its trace in the specification's vocabulary, and every game's
/// final state.
mod parker {
    use serde_json::{json, Value};
    use walak::rules::record::parse_move;
    use walak::rules::ruleset::RuleSet;
    use walak::{Event, Game, Options};

    /// Our state in the vectors' words: a tied hole is also `"tied"` among the blocked holes,
    /// and its owner is a side index.
    fn golden_state(game: &Game) -> Value {
        let mut view = serde_json::to_value(game.view()).unwrap();
        let tied: Vec<Value> = view["tied_by"].as_array().unwrap().clone();
        for (hole, by) in tied.iter().enumerate() {
            if !by.is_null() {
                view["blocked"][hole] = json!("tied");
                view["tied_by"][hole] = json!(if by == "south" { 0 } else { 1 });
            }
        }
        if view["winner"] == "draw" {
            view["winner"] = json!("draw");
        }
        let keys = [
            "board",
            "reserves",
            "in_play",
            "blocked",
            "tied_by",
            "direction",
            "to_move",
            "round",
            "phase",
            "winner",
            "legal",
        ];
        Value::Object(keys.iter().map(|&k| (k.to_string(), view[k].clone())).collect())
    }

    /// A trace in the vocabulary of `PARKER.md`: drops of one hand gathered into one `sow`, the
    /// seeds passed over listed before it.
    fn golden_trace(trace: &[Event], blocked: &Value) -> Vec<Value> {
        let mut out = Vec::new();
        let mut sown: Vec<u8> = Vec::new();
        let flush = |out: &mut Vec<Value>, sown: &mut Vec<u8>| {
            if !sown.is_empty() {
                out.push(json!(["sow", std::mem::take(sown)]));
            }
        };
        let mut board = Vec::new();
        for event in trace {
            match *event {
                Event::Drop { hole } => sown.push(hole),
                Event::Skip { hole } => out.push(json!(["skip", hole])),
                Event::Fill { hole, seeds } => board.push((hole, seeds)),
                _ => {
                    flush(&mut out, &mut sown);
                    match *event {
                        Event::Lift { hole, seeds } => out.push(json!(["lift", hole, seeds])),
                        Event::Relay { hole, seeds, .. } => out.push(json!(["lap", hole, seeds])),
                        Event::Stop { hole, why, .. } => out.push(json!(["stop", hole, why])),
                        Event::SowingEnd { hole, .. } => {
                            let why = blocked[hole as usize].as_str().unwrap_or("empty");
                            out.push(json!(["stop", hole, why]))
                        }
                        Event::Capture { hole, seeds, .. } | Event::Eat { hole, seeds } => {
                            out.push(json!(["capture", hole, seeds]))
                        }
                        Event::Tie { hole, side } => out.push(json!(["tie", hole, side.index()])),
                        Event::Short { hole, short, opposite, removed } => {
                            out.push(json!(["deficient", hole, short, opposite, removed]))
                        }
                        Event::RoundEnd { ending, .. } => out.push(json!(["round_end", ending])),
                        // A single game ends with its one round.
                        Event::GameOver { ending, .. } if !out.iter().any(|e| e[0] == "round_end") => {
                            out.push(json!(["round_end", ending]))
                        }
                        _ => {}
                    }
                }
            }
        }
        flush(&mut out, &mut sown);
        out
    }

    /// The vectors' trace without what ours says otherwise: the reserves at a round's end (our
    /// trace gives each claim instead) and the fill's whole board (ours fills hole by hole).
    fn comparable(trace: &Value) -> Vec<Value> {
        trace
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e[0] != "fill")
            .map(|e| if e[0] == "round_end" { json!(["round_end", e[1]]) } else { e.clone() })
            .collect()
    }

    #[test]
    fn every_parker_game_reproduces_its_checkpoints_and_final_state() {
        let mut failures = Vec::new();
        let vectors = super::lines("parker/games.jsonl");
        for line in &vectors {
            let v: Value = serde_json::from_str(line).unwrap();
            let id = &v["id"];
            let rules: RuleSet = v["rules"].as_str().unwrap().parse().unwrap();
            assert_eq!(v["removal"], "same", "game {id}: only the rule's removal (1/2/3) is played");
            let mut game = Game::new(Options { rules, rounds: v["match"].as_bool().unwrap(), ..Options::default() });
            let checkpoints = v["checkpoints"].as_array().unwrap();
            let mut next = checkpoints.iter().peekable();
            'moves: for (ply, text) in v["moves"].as_array().unwrap().iter().enumerate() {
                let text = text.as_str().unwrap();
                let checkpoint = next.next_if(|c| c["ply"] == ply);
                if let Some(c) = checkpoint {
                    let ours = golden_state(&game);
                    if ours != c["state"] {
                        failures.push(format!("game {id} ply {ply}: state\n   want {}\n    got {ours}", c["state"]));
                        break 'moves;
                    }
                }
                let blocked = serde_json::to_value(game.view()).unwrap()["blocked"].clone();
                let mv = parse_move(text).unwrap_or_else(|| panic!("game {id}: '{text}' is not a move"));
                match game.play(mv) {
                    Ok(trace) => {
                        if let Some(c) = checkpoint {
                            let (want, got) = (comparable(&c["trace"]), golden_trace(&trace, &blocked));
                            if want != got {
                                failures.push(format!(
                                    "game {id} ply {ply} ({text}): trace\n   want {}\n    got {}",
                                    json!(want),
                                    json!(got)
                                ));
                                break 'moves;
                            }
                        }
                    }
                    Err(e) => {
                        failures
                            .push(format!("game {id} ply {ply}: {text} refused: {e}\n  at {}", golden_state(&game)));
                        break 'moves;
                    }
                }
            }
            let ours = golden_state(&game);
            if failures.is_empty() && ours != v["final"] {
                failures.push(format!("game {id}: final\n   want {}\n    got {ours}", v["final"]));
            }
        }
        assert!(failures.is_empty(), "{} of {} games differ:\n{}", failures.len(), vectors.len(), failures.join("\n"));
    }
}
