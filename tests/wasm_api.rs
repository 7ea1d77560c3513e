//! The JavaScript API as a page sees it, run under wasm-bindgen-test (Node).
#![cfg(target_arch = "wasm32")]

use serde_json::{json, Value};
use walak::wasm::WasmGame;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

/// A plain JavaScript object or array, as a page would pass.
fn js(value: Value) -> JsValue {
    use serde::Serialize;
    value.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).unwrap()
}

fn rust(value: JsValue) -> Value {
    serde_wasm_bindgen::from_value(value).unwrap()
}

fn state(game: &WasmGame) -> Value {
    rust(game.state().unwrap())
}

/// The message of the `Error` a call threw.
fn message<T, E: Into<JsValue>>(result: Result<T, E>) -> String {
    let error: JsValue = result.err().expect("the call throws").into();
    let error: js_sys::Error = error.dyn_into().expect("an Error object");
    error.message().into()
}

#[wasm_bindgen_test]
fn a_new_game_starts_from_the_opening() {
    let game = WasmGame::new(JsValue::UNDEFINED).unwrap();
    let s = state(&game);
    assert_eq!(s["board"], json!([4u8; 14].to_vec()));
    assert_eq!(s["reserves"], json!([0, 0]));
    assert_eq!(s["to_move"], "south");
    assert_eq!(s["status"], "playing");
    assert_eq!(s["winner"], Value::Null);
    assert_eq!(s["legal"], json!([1, 2, 3, 4, 5, 6, 7]));
    assert_eq!(s["can_undo"], false);
    assert_eq!(s["record"], "");
}

#[wasm_bindgen_test]
fn options_choose_rounds_and_the_first_player() {
    let game = WasmGame::new(js(json!({"rounds": true, "first": "north"}))).unwrap();
    assert_eq!(state(&game)["to_move"], "north");
    assert_eq!(state(&game)["rounds"], true);
    let error = message(WasmGame::new(js(json!({"first": "west"}))));
    assert!(error.starts_with("the game options could not be read"), "{error}");
}

#[wasm_bindgen_test]
fn play_returns_the_trace_and_preview_changes_nothing() {
    let mut game = WasmGame::new(JsValue::NULL).unwrap();
    let preview = rust(game.preview(JsValue::from(1.0)).unwrap());
    assert_eq!(state(&game)["board"], json!([4u8; 14].to_vec()));
    let trace = rust(game.play(JsValue::from(1.0)).unwrap());
    assert_eq!(preview, trace);
    assert_eq!(trace[0], json!({"event": "lift", "hole": 0, "seeds": 4}));
    assert_eq!(trace.as_array().unwrap().last().unwrap(), &json!({"event": "turn_pass", "to": "north"}));
    let s = state(&game);
    assert_eq!(s["board"], json!([2, 1, 7, 7, 7, 0, 7, 0, 0, 6, 1, 6, 6, 0]));
    assert_eq!(s["reserves"], json!([6, 0]));
    assert_eq!(s["record"], "1");
}

#[wasm_bindgen_test]
fn illegal_moves_throw_clear_errors_and_change_nothing() {
    let mut game = WasmGame::from_record("726", JsValue::UNDEFINED).unwrap();
    let before = state(&game);
    assert_eq!(message(game.play(JsValue::from(1.0))), "North's hole 1 is empty");
    for hole in [0.0, 9.0, 1.5, -1.0, f64::NAN, 1e9] {
        assert!(message(game.play(JsValue::from(hole))).starts_with("there is no hole"), "hole {hole}");
    }
    assert_eq!(state(&game), before);
    // The page says a refusal in its own words from the reason's kind and fields.
    let (_, kind, detail) = kind_of(game.play(JsValue::from(1.0)));
    assert_eq!((kind.as_str(), &detail), ("empty_hole", &json!({"kind": "empty_hole", "side": "north", "number": 1})));
    let (_, kind, detail) = kind_of(game.preview(JsValue::from(1.0)));
    assert_eq!((kind.as_str(), &detail["number"]), ("empty_hole", &json!(1)));
    for hole in [9.0, 1.5] {
        let (_, kind, detail) = kind_of(game.play(JsValue::from(hole)));
        assert_eq!((kind.as_str(), detail["number"].as_f64()), ("no_such_hole", Some(hole)));
    }
    let mut over = WasmGame::from_record("7264", JsValue::UNDEFINED).unwrap();
    while let Some(hole) = state(&over)["legal"].as_array().unwrap().first().cloned() {
        over.play(JsValue::from(hole.as_f64().unwrap())).unwrap();
    }
    assert_eq!(kind_of(over.play(JsValue::from(1.0))).1, "game_over");
    assert_eq!(state(&game), before);
}

#[wasm_bindgen_test]
fn parkers_games_play_moves_in_their_notation() {
    let mut game = WasmGame::new(js(json!({"rules": "parker-walak"}))).unwrap();
    let s = state(&game);
    assert_eq!((s["rules"].as_str(), s["direction"].clone()), (Some("parker-walak"), Value::Null));
    assert_eq!(s["legal"][0], "1+");
    let (_, kind, _) = kind_of(game.play(JsValue::from(1.0)));
    assert_eq!(kind, "direction_needed");
    let (_, kind, detail) = kind_of(game.play(JsValue::from("4*")));
    assert_eq!((kind.as_str(), &detail["found"]), ("not_a_move", &json!("4*")));
    let trace = rust(game.play(JsValue::from("1+")).unwrap());
    assert_eq!(trace[0], json!({"event": "chosen", "direction": "+"}));
    let s = state(&game);
    assert_eq!(s["board"], json!([1, 5, 5, 5, 5, 0, 5, 5, 5, 5, 0, 5, 5, 5]));
    assert_eq!((s["direction"].as_str(), s["record"].as_str()), (Some("+"), Some("1+")));
    assert_eq!(s["line"][0], json!({"number": 1, "side": "south", "round": 1, "move": "1+"}));
    game.play(JsValue::from(3.0)).unwrap();
    assert_eq!(state(&game)["record"], "1+ 3");
    // Pictures for articles: the position, and the frames of a move in the reader's words.
    let words = js(json!({"south": "Dakuna", "north": "Uturu"}));
    let still = game.svg(words.clone()).unwrap();
    assert!(still.starts_with("<svg") && still.contains("Dakuna"));
    let legal = state(&game)["legal"][0].as_str().unwrap().to_string();
    let frames = game.svg_frames(JsValue::from(legal.as_str()), words).unwrap();
    assert!(frames.len() >= 4);
    assert_eq!(frames[0], still);
    assert_eq!(state(&game)["record"], "1+ 3", "drawing a move's frames plays nothing");
}

#[wasm_bindgen_test]
fn the_walkthrough_of_a_parker_rule_set_plays_in_the_engine() {
    let steps = rust(walak::wasm::walkthrough("parker-kotu").unwrap());
    assert_eq!(steps.as_array().unwrap().len(), 4);
    for step in steps.as_array().unwrap() {
        let mut game = WasmGame::from_position(js(step["setup"].clone()), None).unwrap();
        game.play(JsValue::from(step["move"].as_str().unwrap())).unwrap();
    }
    assert_eq!(steps[3]["shows"]["tied"], json!([0, "north"]));
    assert_eq!(rust(walak::wasm::walkthrough("mancala-world").unwrap()), json!([]));
    assert!(walak::wasm::walkthrough("chess").is_err());
}

#[wasm_bindgen_test]
fn records_and_positions_are_checked() {
    let error = message(WasmGame::from_record("7261", JsValue::UNDEFINED));
    assert_eq!(error, "move 4 of the record is illegal: North's hole 1 is empty");
    let error = message(WasmGame::from_position(
        js(json!({"board": ([5u8; 14].to_vec()), "reserves": [0, 0], "to_move": "south"})),
        None,
    ));
    assert_eq!(error, "the board and reserves hold 70 seeds, but a game has exactly 56");
    let error = message(WasmGame::from_position(js(json!({"board": [4, 4, 4], "to_move": "south"})), None));
    assert_eq!(error, "the board must list 14 holes, not 3");
    assert!(message(WasmGame::from_position(js(json!("nonsense")), None)).starts_with("the position could not be read"));
    // What only JavaScript can hand over: a fraction is named as written, NaN is null (as
    // `JSON.stringify` writes it), a member set to `undefined` is absent.
    let position = |board: &str, extra: &str| {
        js_sys::eval(&format!("({{board: [{board}], reserves: [0, 0], to_move: 'south'{extra}}})")).unwrap()
    };
    let error = message(WasmGame::from_position(position("4.5,4,4,4,4,4,4,4,4,4,4,4,4,4", ""), None));
    assert_eq!(error, "the position could not be read: invalid type: number 4.5, expected u8");
    let error = message(WasmGame::from_position(position("NaN,4,4,4,4,4,4,4,4,4,4,4,4,4", ""), None));
    assert_eq!(error, "the position could not be read: invalid type: null, expected u8");
    let fours = "4,4,4,4,4,4,4,4,4,4,4,4,4,4";
    assert!(WasmGame::from_position(position(fours, ", in_play: undefined, round: undefined"), None).is_ok());
    assert!(WasmGame::from_position(position(fours, ", round: 1e0"), None).is_ok());

    let endgame = json!({
        "board": [0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1], "reserves": [30, 24], "to_move": "south"
    });
    let game = WasmGame::from_position(js(endgame.clone()), None).unwrap();
    assert_eq!(state(&game)["legal"], json!([7]));

    // Moves played from a shared position: the record counts from that position.
    let game = WasmGame::from_position(js(endgame.clone()), Some("7".into())).unwrap();
    assert_eq!(state(&game)["record"], "7");
    let error = message(WasmGame::from_position(js(endgame.clone()), Some("1".into())));
    assert_eq!(error, "move 1 of the record is illegal: South's hole 1 is empty");

    // Refusals carry their reason's kind and fields, for the page to say in its language.
    let (_, kind, detail) = kind_of(WasmGame::from_position(js(endgame.clone()), Some("1".into())));
    assert_eq!((kind.as_str(), &detail["at"]), ("illegal_move", &json!(1)));
    let mut round = endgame;
    round["round"] = json!(2);
    let (message, kind, detail) = kind_of(WasmGame::from_position(js(round), None));
    assert_eq!(message, "a single game has only one round, so it cannot be in round 2");
    assert_eq!((kind.as_str(), &detail["round"]), ("round_in_single_game", &json!(2)));
}

#[wasm_bindgen_test]
fn undo_and_redo() {
    let mut game = WasmGame::from_record("7264", JsValue::UNDEFINED).unwrap();
    let after = state(&game);
    assert!(game.undo());
    assert_eq!(game.record(), "726");
    assert_eq!(state(&game)["can_redo"], true);
    let trace = game.redo().unwrap();
    assert!(trace.is_object());
    assert_eq!(state(&game), after);
    assert!(game.redo().unwrap().is_null());

    // The same line set up in one step: the redo moves as if played and taken back.
    let mut set = WasmGame::from_record("72", JsValue::UNDEFINED).unwrap();
    set.set_redo("64").unwrap();
    assert_eq!(state(&set)["redo"], "64");
    set.redo().unwrap();
    set.redo().unwrap();
    assert_eq!(state(&set), after);
    // A redo line that cannot be played is refused and changes nothing.
    assert!(message(set.set_redo("9")).contains("is not a move"));
    assert_eq!(state(&set), after);
}

// The computer's engine (the `computer` feature), which the page's worker loads.

#[cfg(feature = "computer")]
#[wasm_bindgen_test]
fn the_benchmark_counts_its_games() {
    let report = rust(walak::wasm::computer::benchmark(5, 1).unwrap());
    assert_eq!(report["games"], 5);
    assert!(report["moves"].as_u64().unwrap() > 5);
}

#[wasm_bindgen_test]
fn the_page_lists_the_levels() {
    let levels = rust(walak::wasm::levels().unwrap());
    let names: Vec<String> =
        levels.as_array().unwrap().iter().map(|l| l["name"].as_str().unwrap().to_string()).collect();
    assert_eq!(names, ["beginner", "casual", "club", "strong", "master", "perfect"]);
}

#[cfg(feature = "computer")]
#[wasm_bindgen_test]
fn the_thinker_chooses_legal_moves_at_every_level() {
    use walak::wasm::computer::Thinker;
    let game = WasmGame::from_record("7264", JsValue::UNDEFINED).unwrap();
    let legal = state(&game)["legal"].clone();
    let mut thinker = Thinker::new();
    for name in ["beginner", "casual", "club", "strong"] {
        let result = rust(thinker.choose(&game, name, 3).unwrap());
        assert!(legal.as_array().unwrap().contains(&result["number"]), "{name}: {result}");
    }
    let hint = rust(thinker.hint(&game, 50.0).unwrap());
    assert!(legal.as_array().unwrap().contains(&hint["number"]));
    assert!(message(thinker.choose(&game, "grandmaster", 1)).contains("not a level"));
}

#[cfg(feature = "computer")]
#[wasm_bindgen_test]
fn the_thinker_writes_parkers_moves_in_the_notation() {
    use walak::wasm::computer::Thinker;
    let mut thinker = Thinker::new();
    // The first move of a round chooses the direction: `move` is signed, `number` its hole.
    let opening = WasmGame::new(js(json!({"rules": "parker-walak"}))).unwrap();
    let legal = state(&opening)["legal"].clone();
    let chosen = rust(thinker.choose(&opening, "casual", 3).unwrap());
    assert!(legal.as_array().unwrap().contains(&chosen["move"]), "{chosen}");
    let written = chosen["move"].as_str().unwrap();
    assert!(written.ends_with(['+', '-']), "{chosen}");
    assert_eq!(chosen["number"], json!(written[..1].parse::<u8>().unwrap()));
    // Later moves are plain holes, written as such; the hint has the same keys.
    let later = WasmGame::from_record("1+ 7", js(json!({"rules": "parker-kotu"}))).unwrap();
    let legal = state(&later)["legal"].clone();
    let hint = rust(thinker.hint(&later, 50.0).unwrap());
    assert!(legal.as_array().unwrap().contains(&hint["move"]), "{hint}");
    assert_eq!(hint["move"], json!(hint["number"].to_string()));
    // A match's next round: its loser chooses the direction, a bare sign with no hole.
    let record = "6+ 7 7 6 4 1 1 4 5 7 3 5 1 1 7 2 3 4 2 6 6 1 1 3 4";
    let choosing = WasmGame::from_record(record, js(json!({"rules": "parker-walak", "rounds": true}))).unwrap();
    assert_eq!(state(&choosing)["phase"], "choose");
    let chosen = rust(thinker.choose(&choosing, "beginner", 1).unwrap());
    assert!(chosen["move"] == "+" || chosen["move"] == "-", "{chosen}");
    assert_eq!(chosen["number"], 0);
    // Today's games have no `move`: their results are as before.
    let today = rust(thinker.choose(&WasmGame::new(JsValue::UNDEFINED).unwrap(), "beginner", 1).unwrap());
    assert!(today.get("move").is_none(), "{today}");
}

#[cfg(feature = "computer")]
#[wasm_bindgen_test]
fn the_thinker_solves_positions_and_reads_the_book() {
    use walak::wasm::computer::Thinker;
    let mut thinker = Thinker::new();
    let keep_going = js_sys::Function::new_no_args("return true");
    // A late position (walak solve 35141541325677424117): South to move, a draw with hole 5.
    let late = WasmGame::from_record("35141541325677424117", JsValue::UNDEFINED).unwrap();
    let solved = rust(thinker.solve(&late, true, 60_000.0, &keep_going).unwrap());
    assert_eq!(solved["value"], 0);
    assert_eq!(solved["best"], json!([5]));
    assert_eq!(solved["move_values"], json!({"2": -18, "3": -2, "5": 0, "6": -2}));
    assert_eq!(solved["book"], false);
    let perfect = rust(thinker.choose(&late, "perfect", 1).unwrap());
    assert_eq!((&perfect["number"], &perfect["exact"]), (&json!(5), &json!(true)));

    // The opening from the book, at once; a stopped solve gives null.
    assert_eq!(thinker.set_book("# a book\n=1:6,2:6,3:0,4:0,5:0,6:-16,7:-44\n").unwrap(), 1);
    let opening = WasmGame::new(JsValue::UNDEFINED).unwrap();
    let solved = rust(thinker.solve(&opening, true, 1.0, &keep_going).unwrap());
    assert_eq!((&solved["value"], &solved["best"], &solved["book"]), (&json!(6), &json!([1, 2]), &json!(true)));
    let stop = js_sys::Function::new_no_args("return false");
    let after = WasmGame::from_record("1", JsValue::UNDEFINED).unwrap();
    assert!(thinker.solve(&after, false, 60_000.0, &stop).unwrap().is_null());
    assert!(message(thinker.set_book("12=x")).contains("line 1 of the book"));
}

#[cfg(feature = "computer")]
#[wasm_bindgen_test]
fn the_thinker_gives_a_value_alone_the_book_alone_and_a_table_of_the_size_asked() {
    use walak::wasm::computer::Thinker;
    let mut thinker = Thinker::new();
    thinker.set_table_mb(8);
    assert_eq!(thinker.table_mb(), 8);
    let keep_going = js_sys::Function::new_no_args("return true");
    // The value alone of the late position above (walak solve 35141541325677424117: a draw), and
    // of the position its hole 2 leads to: the move's value (-18) is minus that.
    let late = WasmGame::from_record("35141541325677424117", JsValue::UNDEFINED).unwrap();
    let valued = rust(thinker.solve_value(&late, 60_000.0, &keep_going).unwrap());
    assert_eq!((&valued["value"], &valued["book"]), (&json!(0), &json!(false)));
    let after = WasmGame::from_record("351415413256774241172", JsValue::UNDEFINED).unwrap();
    assert_eq!(rust(thinker.solve_value(&after, 60_000.0, &keep_going).unwrap())["value"], 18);
    // The book alone: null where it holds nothing, never a solve.
    assert!(thinker.from_book(&late).unwrap().is_null());
    thinker.set_book("=1:6,2:6,3:0,4:0,5:0,6:-16,7:-44\n").unwrap();
    let opening = WasmGame::new(JsValue::UNDEFINED).unwrap();
    let known = rust(thinker.from_book(&opening).unwrap());
    assert_eq!((&known["value"], &known["best"], &known["book"]), (&json!(6), &json!([1, 2]), &json!(true)));
    assert_eq!(rust(thinker.solve_value(&opening, 1.0, &keep_going).unwrap())["book"], true);
    // The values' version names the engine.
    assert!(walak::wasm::computer::values_version().starts_with("walak-pussa "));
}

#[cfg(feature = "computer")]
#[wasm_bindgen_test]
fn the_thinker_reads_an_endgame_table_and_refuses_a_damaged_one() {
    use walak::wasm::computer::Thinker;
    let mut thinker = Thinker::new();
    let keep_going = js_sys::Function::new_no_args("return true");
    let mut bytes = walak::solve::Endgames::build(6, &mut |_| {}).to_bytes();
    assert_eq!(thinker.set_endgames(&bytes).unwrap(), 6);
    // The same values as without it (the late position of the tests above).
    let late = WasmGame::from_record("35141541325677424117", JsValue::UNDEFINED).unwrap();
    let solved = rust(thinker.solve(&late, true, 60_000.0, &keep_going).unwrap());
    assert_eq!(solved["move_values"], json!({"2": -18, "3": -2, "5": 0, "6": -2}));
    bytes[100] ^= 1;
    assert!(message(thinker.set_endgames(&bytes)).contains("damaged"));
    assert!(message(thinker.set_endgames(b"not a table")).contains("not an endgame table"));
}

/// The `kind` and `detail` a thrown `Error` carries for translation.
fn kind_of<T>(result: Result<T, JsValue>) -> (String, String, Value) {
    let error = result.err().expect("the call throws");
    let kind = js_sys::Reflect::get(&error, &"kind".into()).unwrap().as_string().expect("a kind");
    let detail = rust(js_sys::Reflect::get(&error, &"detail".into()).unwrap());
    let error: js_sys::Error = error.dyn_into().expect("an Error object");
    (error.message().into(), kind, detail)
}

#[wasm_bindgen_test]
fn read_link_gives_the_game_of_a_link() {
    use walak::wasm::read_link;
    assert!(read_link("").unwrap().is_null());
    assert!(read_link("#section-2").unwrap().is_null());
    let link = rust(read_link("#walak=1&moves=7264131&at=5&rounds=1&first=north").unwrap());
    assert_eq!(
        link,
        json!({"options": {"rounds": true, "first": "north"}, "start": null, "moves": "7264131", "at": 5,
            "variations": [], "shown": 0, "position": false, "values": null})
    );
    // A link that writes out the position it opens at, for a page to draw before its engine.
    let link =
        rust(read_link("#walak=1&moves=7264131&at=2&position=0.0.0.0.0.1.6.5.1.2.12.1.12.0-6.10-south").unwrap());
    assert_eq!((&link["at"], &link["position"]), (&json!(2), &json!(true)));
    // A link that carries its move values, by hole (x where a hole cannot be played).
    let link = rust(read_link("#walak=1&moves=7264131&at=2&values=x.x.x.x.x.-44.-44").unwrap());
    assert_eq!(link["values"], json!("x.x.x.x.x.-44.-44"));
    // The move list's other lines, and where the line shown goes among them.
    let link = rust(read_link("#walak=1&moves=3514&variations=3562&shown=1").unwrap());
    assert_eq!((&link["variations"], &link["shown"]), (&json!(["3562"]), &json!(1)));
    let link = rust(read_link("#walak=1&board=0.0.3.0.1.0.7.2.0.0.1.0.0.5&reserves=20.17&turn=south&moves=7").unwrap());
    assert_eq!(
        link["start"],
        json!({"board": [0, 0, 3, 0, 1, 0, 7, 2, 0, 0, 1, 0, 0, 5], "reserves": [20, 17], "to_move": "south"})
    );
    assert_eq!(link["at"], 1);
}

#[wasm_bindgen_test]
fn a_bad_link_throws_its_reason_and_kind() {
    use walak::wasm::read_link;
    let (message, kind, detail) = kind_of(read_link("#walak=7&moves=12"));
    assert!(message.starts_with("it was made by a newer version of the game (link version 7)"), "{message}");
    assert_eq!((kind.as_str(), &detail["version"]), ("newer_version", &json!("7")));
    let (message, kind, detail) = kind_of(read_link("#walak=1&moves=12x4"));
    assert_eq!(message, "character 3 of its moves, \"x\", is not a hole number 1 to 7");
    assert_eq!((kind.as_str(), &detail["at"], &detail["found"]), ("not_a_move", &json!(3), &json!("x")));
    let (message, kind, detail) = kind_of(read_link("#walak=1&moves=7261"));
    assert!(message.starts_with("it describes a game that cannot be played: move 4"), "{message}");
    assert_eq!(kind, "unplayable");
    assert_eq!(detail["cause"]["kind"], "illegal_move");
    assert_eq!(detail["cause"]["error"], json!({"kind": "empty_hole", "side": "north", "number": 1}));
    let (message, kind, _) = kind_of(read_link("#walak=1&moves=72&position=0.0.0.0.0.1.6.5.1.2.12.1.12.0-6.10-north"));
    assert_eq!(
        (message.as_str(), kind.as_str()),
        ("the position it shows is not the one its moves reach", "position_differs")
    );
}

#[wasm_bindgen_test]
fn link_fragment_writes_what_read_link_reads() {
    use walak::wasm::{link_fragment, read_link};
    let link = json!({"options": {"rounds": true, "first": "north"}, "start": null, "moves": "7264131", "at": 5,
        "variations": [], "shown": 0, "position": false, "values": null});
    let fragment = link_fragment(js(link.clone())).unwrap();
    assert_eq!(fragment, "walak=1&moves=7264131&at=5&rounds=1&first=north");
    assert_eq!(rust(read_link(&fragment).unwrap()), link);
    let link = json!({"options": {"rounds": false, "first": "south"}, "start": null, "moves": "3514", "at": 2,
        "variations": ["3562", "36"], "shown": 1, "position": false, "values": null});
    let fragment = link_fragment(js(link.clone())).unwrap();
    assert_eq!(fragment, "walak=1&moves=3514&at=2&variations=3562.36&shown=1");
    assert_eq!(rust(read_link(&fragment).unwrap()), link);
    // A bare position, all moves played by default.
    let position = json!({"options": {"rounds": false, "first": "south"},
        "start": {"board": [0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1], "reserves": [30, 24], "to_move": "south"}});
    assert_eq!(
        link_fragment(js(position)).unwrap(),
        "walak=1&board=0.0.0.0.0.0.1.0.0.0.0.0.0.1&reserves=30.24&turn=south"
    );
    // The position the link opens at, written out when asked for.
    let shown = json!({"moves": "7264131", "at": 2, "position": true});
    assert_eq!(
        link_fragment(js(shown)).unwrap(),
        "walak=1&moves=7264131&at=2&position=0.0.0.0.0.1.6.5.1.2.12.1.12.0-6.10-south"
    );
    // And the moves' values there.
    let valued = json!({"moves": "7264131", "at": 2, "values": "x.x.x.x.x.-44.-44"});
    assert_eq!(link_fragment(js(valued)).unwrap(), "walak=1&moves=7264131&at=2&values=x.x.x.x.x.-44.-44");
    let (message, kind, _) = kind_of(link_fragment(js(json!({"moves": "72", "values": "1.2"}))));
    assert!(message.starts_with("its move values must be 7"), "{message}");
    assert_eq!(kind, "bad_values");
    let (message, kind, _) = kind_of(link_fragment(js(json!({"moves": "7261"}))));
    assert!(message.contains("move 4 of the record is illegal"), "{message}");
    assert_eq!(kind, "unplayable");
}

#[wasm_bindgen_test]
fn a_move_in_a_game_by_links_carries_its_id_and_the_receivers_side() {
    use walak::wasm::{link_fragment, read_link};
    let link = json!({"options": {"rounds": false, "first": "south"}, "start": null, "moves": "3514", "at": 4,
        "variations": [], "shown": 0, "game": "mj3k2x9q", "you": "north", "position": false, "values": null});
    let fragment = link_fragment(js(link.clone())).unwrap();
    assert_eq!(fragment, "walak=1&moves=3514&game=mj3k2x9q&you=north");
    assert_eq!(rust(read_link(&fragment).unwrap()), link);
    let (message, kind, _) = kind_of(link_fragment(js(json!({"moves": "35", "game": "mj3k2x9q"}))));
    assert_eq!(
        (message.as_str(), kind.as_str()),
        ("it is a move in a game by links, but has no \"you\"", "half_a_link_game")
    );
    let (_, kind, detail) = kind_of(read_link("#walak=1&moves=35&game=Bad!&you=north"));
    assert_eq!((kind.as_str(), &detail["found"]), ("bad_game_id", &json!("Bad!")));
}

#[wasm_bindgen_test]
fn a_link_meets_the_kept_copy_of_its_game() {
    use walak::wasm::meet_link;
    let met = |kept: &str, link: &str| rust(meet_link(kept, link).unwrap());
    assert_eq!(
        met("walak=1&moves=3514&variations=3562", "walak=1&moves=35141&game=mj3k2x9q&you=south"),
        json!({"meeting": "continues", "from": 4, "lines": ["35141", "3562"]})
    );
    assert_eq!(met("walak=1&moves=3514", "walak=1&moves=3514"), json!({"meeting": "same", "lines": ["3514"]}));
    assert_eq!(met("walak=1&moves=3514", "walak=1&moves=35")["meeting"], "behind");
    assert_eq!(met("walak=1&moves=3514", "walak=1&moves=3516")["from"], 3);
    let differs = met("walak=1&moves=35", "walak=1&moves=3514&first=north");
    assert_eq!((&differs["meeting"], &differs["from"]), (&json!("differs"), &json!(0)));
    let (_, kind, _) = kind_of(meet_link("walak=1&moves=35", "walak=1&moves=7261"));
    assert_eq!(kind, "unplayable");
}

#[wasm_bindgen_test]
fn saved_games_are_read_and_written_by_the_engine() {
    use walak::wasm::{read_saved_game, saved_game_json};
    let json = r#"{"version":1,"options":{"rounds":false,"first":"south"},"mode":"computer","side":"north","level":"casual","record":"7264","redo":"13"}"#;
    let saved = rust(read_saved_game(json).unwrap());
    assert_eq!(saved["level"], "casual");
    assert_eq!(saved["redo"], "13");
    assert_eq!(saved_game_json(js(saved)).unwrap(), json);
    // The page may pass an absent level and start as undefined or null.
    let two = json!({"options": {"rounds": false, "first": "south"}, "mode": "two", "side": "south",
                     "level": null, "record": "", "redo": "", "start": null});
    assert_eq!(
        saved_game_json(js(two)).unwrap(),
        r#"{"version":1,"options":{"rounds":false,"first":"south"},"mode":"two","side":"south","record":"","redo":""}"#
    );
    let (message, kind, _) = kind_of(read_saved_game("{\"version\": 2}"));
    assert_eq!((message.as_str(), kind.as_str()), ("it comes from a newer version of the game (2)", "newer_version"));
    let (message, kind, _) = kind_of(read_saved_game("nonsense"));
    assert_eq!((message.as_str(), kind.as_str()), ("it is not valid data", "not_data"));
    let (message, kind, detail) = kind_of(read_saved_game(&json.replace("7264", "7261")));
    assert_eq!(message, "move 4 of the record is illegal: North's hole 1 is empty");
    assert_eq!((kind.as_str(), &detail["cause"]["at"]), ("unplayable", &json!(4)));
}

#[wasm_bindgen_test]
fn the_lesson_steps_come_with_what_their_moves_do() {
    let steps = rust(walak::wasm::lesson().unwrap());
    let steps = steps.as_array().unwrap();
    assert_eq!(steps.len(), 7);
    assert_eq!(steps[0]["topic"], "sowing");
    assert_eq!(steps[0]["find"], false);
    assert_eq!(steps[1]["claim"]["laps"], 3);
    assert_eq!(steps[2]["target"], 11);
    assert_eq!(steps[4]["claim"]["beads"], json!([3, 5, 7]));
    assert_eq!(steps[5]["claim"]["ending"], "no_moves");
    assert_eq!(steps[6]["claim"]["winner"], "south");
    // Each set-up opens as a game, as the page opens it.
    for step in steps {
        let game = WasmGame::from_position(js(step["setup"].clone()), None).unwrap();
        assert_eq!(state(&game)["to_move"], "south");
    }
}

#[cfg(feature = "computer")]
#[wasm_bindgen_test]
fn the_shipped_puzzles_are_read_with_their_values() {
    let puzzles = rust(walak::wasm::computer::read_puzzles(include_str!("../www/puzzles.txt")).unwrap());
    let puzzles = puzzles.as_array().unwrap();
    assert!(puzzles.len() >= 300);
    let first = &puzzles[0];
    let best = first["best"].as_u64().unwrap().to_string();
    assert_eq!(first["move_values"][&best], first["value"]);
    assert_eq!(first["line"].as_str().unwrap().chars().next().unwrap().to_string(), best);
    // A broken file is refused with the line that is wrong.
    let broken = message(walak::wasm::computer::read_puzzles("abcde 1000 9 1:2 1\n"));
    assert!(broken.contains("line 1"), "{broken}");
}
