//! The JavaScript API of the Web Worker's engine: the computer player (the search, the exact
//! solver with its opening book), the puzzle file's reader, and the benchmarks of playouts and of
//! the solver. Built only with the `computer` feature, so the page's own engine stays small: a
//! page that draws the board and plays moves never downloads the search.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::{to_js, WasmGame};
use crate::computer::{Level, Player};
use crate::rules::ruleset::{hole_number, move_text};
use crate::search::SearchResult;
use crate::solve::{Book, Endgames, Progress};
use crate::Options;

/// An answer as a JavaScript value, by serde-wasm-bindgen: the computer's answers hold fractions
/// (a benchmark's seconds), which the page's engine's JSON text leaves out.
fn to_value<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&format!("internal error: {e}")))
}

/// The computer player: a search with its own memory (a transposition table of a few MB) and the
/// perfect level's solver (a table of `walak::solve::PERFECT_TABLE_MB` MB, made when first used), kept
/// between moves. The page runs it in a Web Worker so the page never waits for it.
#[wasm_bindgen]
pub struct Thinker {
    player: Player,
}

/// What `Thinker.solve` returns: the solution's keys (as `walak solve` prints them, `line` empty)
/// and whether it came from the opening book.
#[derive(Serialize)]
struct Solved {
    #[serde(flatten)]
    solution: crate::solve::Solution,
    book: bool,
}

#[wasm_bindgen]
impl Thinker {
    #[wasm_bindgen(constructor)]
    pub fn new() -> Thinker {
        Thinker { player: Player::default() }
    }

    /// Gives the solver (the perfect level, move values, reviews) a table of `megabytes` MB: a
    /// device with little memory asks for a small one. Only before the first solve.
    #[wasm_bindgen(js_name = setTableMb)]
    pub fn set_table_mb(&mut self, megabytes: u32) {
        self.player.set_solver_table(megabytes as usize);
    }

    /// The size of the solver's table, in MB.
    #[wasm_bindgen(js_name = tableMb)]
    pub fn table_mb(&self) -> u32 {
        self.player.solver_table_mb() as u32
    }

    /// Reads the opening book's text (as `walak book` writes it) and uses it from now on, for the
    /// perfect level and for `solve`. Throws with the line that is wrong.
    #[wasm_bindgen(js_name = setBook)]
    pub fn set_book(&mut self, text: &str) -> Result<usize, JsError> {
        let book = Book::parse(text).map_err(|e| JsError::new(&e))?;
        let entries = book.len();
        self.player.perfect().set_book(book);
        Ok(entries)
    }

    /// Reads the endgame table's bytes (`www/endgames.bin`, made by `walak endgames`) and uses it
    /// from now on for every solve: the same values, found sooner. Returns the most seeds it
    /// holds boards of; throws when the bytes are not a whole table of this version.
    #[wasm_bindgen(js_name = setEndgames)]
    pub fn set_endgames(&mut self, bytes: &[u8]) -> Result<u8, JsError> {
        let endgames = Endgames::from_bytes(bytes).map_err(|e| JsError::new(&e))?;
        let most = endgames.most();
        self.player.perfect().set_endgames(endgames);
        Ok(most)
    }

    /// The exact value of the position for the player to move, the moves that keep it and, with
    /// `move_values`, every move's value: `{value, best, move_values, line, nodes, book}`
    /// (`move_values` `{"1": 6, …}`, absent when not asked for; `line` empty). `null` when it
    /// could not be proved within `budget_ms`, or when `on_progress` (called now and then with
    /// `{nodes, subject, lower, upper}`) returns false.
    pub fn solve(
        &mut self,
        game: &WasmGame,
        move_values: bool,
        budget_ms: f64,
        on_progress: &js_sys::Function,
    ) -> Result<JsValue, JsError> {
        let perfect = self.player.perfect();
        let mut report = progress_reporter(on_progress);
        match perfect.solve(&game.game, move_values, &now_ms, budget_ms, &mut report) {
            None => Ok(JsValue::NULL),
            Some((solution, book)) => to_value(&Solved { solution, book }),
        }
    }

    /// The value alone of the position for the player to move (the cheapest proof: no best
    /// moves), from the book or proved within `budget_ms`: `{value, nodes, book}`, or `null` as for
    /// `solve`.
    #[wasm_bindgen(js_name = solveValue)]
    pub fn solve_value(
        &mut self,
        game: &WasmGame,
        budget_ms: f64,
        on_progress: &js_sys::Function,
    ) -> Result<JsValue, JsError> {
        let mut report = progress_reporter(on_progress);
        match self.player.perfect().value(&game.game, &now_ms, budget_ms, &mut report) {
            None => Ok(JsValue::NULL),
            Some((value, nodes, book)) => {
                #[derive(Serialize)]
                struct Valued {
                    value: i32,
                    nodes: u64,
                    book: bool,
                }
                to_value(&Valued { value, nodes, book })
            }
        }
    }

    /// The book's move values for the position, as `solve` gives them (`book` true), or `null`
    /// when the book does not hold it.
    #[wasm_bindgen(js_name = fromBook)]
    pub fn from_book(&mut self, game: &WasmGame) -> Result<JsValue, JsError> {
        match self.player.perfect().from_book(&game.game) {
            None => Ok(JsValue::NULL),
            Some(solution) => to_value(&Solved { solution, book: true }),
        }
    }

    /// The move `level` plays for the player to move: `{number, eval, depth, nodes, exact}`, or
    /// `null` when the game is over. `eval` is the expected final seed difference for the mover.
    /// In Parker's games also `move`, the move as written (`"4+"`, `"3"`, a bare `"+"`), which is
    /// what to play: `number` is its hole alone (0 for a bare direction).
    pub fn choose(&mut self, game: &WasmGame, level: &str, seed: u32) -> Result<JsValue, JsError> {
        let level: Level = level.parse().map_err(|e: String| JsError::new(&e))?;
        let result = self.player.choose(&game.game, level, &now_ms, seed as u64);
        to_value(&result.map(|found| Found::of(found, game.game.options().rules)))
    }

    /// The strongest play for the player to move within `time_ms` milliseconds, for a hint or an
    /// evaluation; same shape as `choose`.
    pub fn hint(&mut self, game: &WasmGame, time_ms: f64) -> Result<JsValue, JsError> {
        let mut limits = Level::STRONGEST_SEARCH.limits().expect("the strongest level searches");
        limits.time_ms = Some(time_ms.clamp(1.0, 10_000.0));
        let result = self.player.search(&game.game, &limits, &now_ms, 0);
        to_value(&result.map(|found| Found::of(found, game.game.options().rules)))
    }
}

/// What `choose` and `hint` return: the search's result, its move's hole as `number` and, in
/// Parker's games, the move as written. Today's games get exactly the search's keys.
#[derive(Serialize)]
struct Found {
    number: u8,
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    written: Option<String>,
    eval: i32,
    depth: u32,
    nodes: u64,
    exact: bool,
}

impl Found {
    fn of(result: SearchResult, rules: crate::RuleSet) -> Found {
        Found {
            number: hole_number(result.number),
            written: rules.is_parker().then(|| move_text(result.number)),
            eval: result.eval,
            depth: result.depth,
            nodes: result.nodes,
            exact: result.exact,
        }
    }
}

impl Default for Thinker {
    fn default() -> Thinker {
        Thinker::new()
    }
}

/// What a solved value means, for values kept between visits: a value kept under another version
/// is dropped, never shown. Raise the revision when the rules or what a value counts change.
#[wasm_bindgen(js_name = valuesVersion)]
pub fn values_version() -> String {
    const REVISION: u32 = 1;
    format!("walak-pussa {} values {REVISION}", env!("CARGO_PKG_VERSION"))
}

/// Solves the position after `record` as `walak solve --no-move-values` does (its value, best
/// moves and a perfect line) with a table of `table_mb` MB, and reports `{value, best, nodes,
/// seconds}`, timed inside wasm, to compare with the native tool doing the same work.
#[wasm_bindgen(js_name = benchmarkSolve)]
pub fn benchmark_solve(record: &str, table_mb: u32) -> Result<JsValue, JsError> {
    let game = crate::Game::from_record(record, Options::default()).map_err(to_js)?;
    let started = now_ms();
    let solution = crate::solve::Solver::new(table_mb as usize)
        .solve(&game, false, &mut |_| true)
        .map_err(|_| JsError::new("the solve was stopped"))?;
    #[derive(Serialize)]
    struct Bench {
        value: i32,
        best: Vec<u8>,
        nodes: u64,
        seconds: f64,
    }
    to_value(&Bench {
        value: solution.value,
        best: solution.best,
        nodes: solution.nodes,
        seconds: (now_ms() - started) / 1000.0,
    })
}

/// Plays `games` random games and reports `{games, moves, laps, seconds}`, timed inside wasm, so
/// the WebAssembly build can be compared with the native `walak bench`.
#[wasm_bindgen]
pub fn benchmark(games: u32, seed: u32) -> Result<JsValue, JsError> {
    let started = now_ms();
    let stats = crate::playout::playouts(games as u64, seed as u64);
    let seconds = (now_ms() - started) / 1000.0;
    #[derive(Serialize)]
    struct Bench {
        games: u64,
        moves: u64,
        laps: u64,
        seconds: f64,
    }
    to_value(&Bench { games: stats.games, moves: stats.moves, laps: stats.laps, seconds })
}

/// Reads the puzzle file (`www/puzzles.txt`, made by `walak puzzles`), checking every puzzle with
/// the engine: `[{id, rating, record, value, best, move_values, line}]`, or an `Error` saying which
/// line is wrong and why. The worker reads it when the puzzles first open: the check is no part
/// of the page's first load.
#[wasm_bindgen(js_name = readPuzzles)]
pub fn read_puzzles(text: &str) -> Result<JsValue, JsError> {
    let puzzles = crate::trainer::puzzles::read(text).map_err(to_js)?;
    to_value(&puzzles)
}

/// Tells `on_progress` how a solve goes (`{nodes, subject, lower, upper}`); its answer false stops
/// the solve.
fn progress_reporter(on_progress: &js_sys::Function) -> impl FnMut(&Progress) -> bool + '_ {
    move |progress: &Progress| {
        let object = js_sys::Object::new();
        for (name, value) in [
            ("nodes", progress.nodes as f64),
            ("lower", progress.lower as f64),
            ("upper", progress.upper as f64),
            ("subject", progress.subject.map_or(0.0, f64::from)),
        ] {
            let _ = js_sys::Reflect::set(&object, &name.into(), &value.into());
        }
        on_progress.call1(&JsValue::NULL, &object).map_or(true, |answer| answer.as_bool() != Some(false))
    }
}

fn now_ms() -> f64 {
    // A page has a fine clock on `window.performance`; workers and Node use the date.
    match web_sys::window().and_then(|w| w.performance()) {
        Some(performance) => performance.now(),
        None => js_sys::Date::now(),
    }
}
