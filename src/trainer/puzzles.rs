//! Puzzles: positions from real games where exactly one move keeps the exact value, and every
//! other move gives seeds away. Made by `walak puzzles`, shipped as `www/puzzles.txt`.
//!
//! A puzzle file is text, one puzzle a line, `#` lines (comments) at the top saying what made it:
//!
//! ```text
//! ID RATING RECORD VALUES LINE
//! ```
//!
//! separated by single spaces. `ID` is five characters 0-9 a-z derived from the record (see
//! [`id_of`]), so that a position keeps its id when the file is made again. `RATING` grades the
//! puzzle (see [`rating`]). `RECORD` is the game's moves from the opening (a single game, South
//! first), so that the position carries its repetition history. `VALUES` is every legal move's
//! exact value for the player to move (the final seed difference, reserves included, as
//! `walak solve` gives it), ascending by hole, as in the opening book: `1:6,2:-2,5:-8`. `LINE` is
//! the start of one perfect line: the unique best move, then moves that keep the value, at most
//! [`LINE_PLIES`] of them (fewer only when the game ends).
//!
//! ```
//! use walak::trainer::puzzles::{read, select, write, DEFAULT_THRESHOLD};
//! let text = "# a puzzle\nkhnqt 864 16527143252 1:4,2:-4,4:-10,6:-8,7:-12 1326346541\n";
//! let puzzles = read(text).unwrap();
//! let puzzle = &puzzles[0];
//! assert_eq!((puzzle.best(), puzzle.value()), (1, 4));
//! assert!(select(&puzzle.move_values, DEFAULT_THRESHOLD).is_ok());
//! assert_eq!(write(&puzzles, "a puzzle"), text);
//! // Every move's value must be there, and exactly one must be best.
//! let error = read("khnqt 864 16527143252 1:4,2:-4,4:-10,6:-8 1326346541").unwrap_err();
//! assert_eq!(
//!     error.to_string(),
//!     "line 1 of the puzzles: the values are for holes 1, 2, 4, 6, but the legal moves are 1, 2, 4, 6, 7"
//! );
//! ```

use std::collections::HashMap;
use std::fmt;

use serde::ser::SerializeStruct;
use serde::Serialize;

use crate::rules::board::board_seeds;
use crate::rules::error::{MoveError, RecordError};
use crate::rules::game::{Game, Options};
use crate::search::{Limits, Searcher};

/// The least a position's second-best move must give away, in seeds, for the position to be a
/// puzzle: less, and missing the best move hardly matters.
pub const DEFAULT_THRESHOLD: i32 = 4;

/// The most moves of the perfect line a puzzle keeps: enough to show the idea.
pub const LINE_PLIES: usize = 10;

/// Characters in a puzzle's id.
pub const ID_LENGTH: usize = 5;

/// How many ids a record may take ([`id_of`] with salts `0..ID_SALTS`): the first free one, should
/// another record's id be the same.
pub const ID_SALTS: u32 = 64;

/// A position where one move keeps the value and every other gives seeds away.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// Five characters 0-9 a-z, from the record ([`id_of`]).
    pub id: String,
    /// How hard the puzzle is, roughly 600 to 2200 ([`rating`]).
    pub rating: u32,
    /// The moves from the opening to the position (a single game, South first).
    pub record: String,
    /// Every legal move with its exact value for the player to move, ascending by hole.
    pub move_values: Vec<(u8, i32)>,
    /// The start of one perfect line: the best move first, each move keeping the value.
    pub line: String,
}

impl Puzzle {
    /// The position's value for the player to move: the best move's value.
    pub fn value(&self) -> i32 {
        self.move_values.iter().map(|&(_, v)| v).max().unwrap_or(0)
    }

    /// The best move: the hole whose value is the position's (the first, should there be more).
    pub fn best(&self) -> u8 {
        let value = self.value();
        self.move_values.iter().find(|&&(_, v)| v == value).map_or(0, |&(hole, _)| hole)
    }

    /// The game at the puzzle's position, with its history.
    pub fn game(&self) -> Result<Game, RecordError> {
        Game::from_record(&self.record, Options::default())
    }
}

/// One line of the puzzle file: `ID RATING RECORD VALUES LINE`.
impl fmt::Display for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let values: Vec<String> = self.move_values.iter().map(|(hole, v)| format!("{hole}:{v}")).collect();
        write!(f, "{} {} {} {} {}", self.id, self.rating, self.record, values.join(","), self.line)
    }
}

/// As JSON: `{"id": "k3f9a", "rating": 1340, "record": "3514…", "value": 6, "best": 5,
/// "move_values": {"1": 6, "2": -2, "5": -8}, "line": "5162"}`, move values keyed by hole as in
/// [`crate::solve::Solution`].
impl Serialize for Puzzle {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let by_hole: std::collections::BTreeMap<String, i32> =
            self.move_values.iter().map(|&(hole, v)| (hole.to_string(), v)).collect();
        let mut s = serializer.serialize_struct("Puzzle", 7)?;
        s.serialize_field("id", &self.id)?;
        s.serialize_field("rating", &self.rating)?;
        s.serialize_field("record", &self.record)?;
        s.serialize_field("value", &self.value())?;
        s.serialize_field("best", &self.best())?;
        s.serialize_field("move_values", &by_hole)?;
        s.serialize_field("line", &self.line)?;
        s.end()
    }
}

// ---------------------------------------------------------------------------------------------
// Ids

/// The id of a record: FNV-1a (64 bits) of the record's digits, then of `/` and the salt when
/// the salt is not 0, written in base 36 (the hash modulo 36⁵). Pure, so that a position keeps
/// its id from one file to the next; the salt only parts two records whose ids would be the same.
///
/// ```
/// use walak::trainer::puzzles::id_of;
/// assert_eq!(id_of("16527143252", 0), "khnqt");
/// assert_ne!(id_of("16527143252", 1), id_of("16527143252", 0));
/// ```
pub fn id_of(record: &str, salt: u32) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |byte: u8| {
        hash ^= byte as u64;
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    };
    record.bytes().for_each(&mut eat);
    if salt > 0 {
        format!("/{salt}").bytes().for_each(&mut eat);
    }
    let mut n = hash % 36u64.pow(ID_LENGTH as u32);
    let mut id = [b'0'; ID_LENGTH];
    for slot in id.iter_mut().rev() {
        *slot = b"0123456789abcdefghijklmnopqrstuvwxyz"[(n % 36) as usize];
        n /= 36;
    }
    String::from_utf8(id.to_vec()).expect("base-36 digits are ASCII")
}

/// Gives every puzzle its id: records in order (shortest first, then by digits), each taking the
/// first of its ids ([`id_of`] with salt 0, 1, …) that no record before it took. The order is the
/// records', not the puzzles', so that the same set of records always gets the same ids.
pub fn assign_ids(puzzles: &mut [Puzzle]) {
    let mut order: Vec<usize> = (0..puzzles.len()).collect();
    order.sort_by(|&a, &b| {
        let (a, b) = (&puzzles[a].record, &puzzles[b].record);
        a.len().cmp(&b.len()).then_with(|| a.cmp(b))
    });
    let mut taken = std::collections::HashSet::new();
    for index in order {
        let record = &puzzles[index].record;
        let id = (0..ID_SALTS)
            .map(|salt| id_of(record, salt))
            .find(|id| !taken.contains(id))
            .expect("64 hashes of a record are not all taken");
        taken.insert(id.clone());
        puzzles[index].id = id;
    }
}

// ---------------------------------------------------------------------------------------------
// The selection rule

/// Why a solved position is not a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Rejection {
    /// Fewer than two legal moves: nothing to find.
    OneMove,
    /// More than one move keeps the value.
    SeveralBest,
    /// The player to move loses even with the best move: "find the move that loses least" is
    /// not a puzzle the page asks.
    Losing,
    /// The second-best move gives away fewer seeds than the threshold.
    CloseSecond { gap: i32 },
}

/// What makes a position a puzzle: its one best move, its value, and what the second-best move
/// gives away.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Pick {
    pub best: u8,
    pub value: i32,
    /// The best value less the second best's: at least the threshold.
    pub gap: i32,
}

/// The selection rule, on a position's move values: a puzzle has at least two legal moves,
/// exactly one move keeps the value, the value is not a loss for the player to move (the page
/// asks to find the move that wins most, or, at 0, saves the draw), and the second-best move is
/// at least `threshold` seeds worse.
///
/// ```
/// use walak::trainer::puzzles::{select, Pick, Rejection};
/// assert_eq!(select(&[(1, 6), (2, -2), (5, -8)], 4), Ok(Pick { best: 1, value: 6, gap: 8 }));
/// assert_eq!(select(&[(1, 6), (2, 4)], 4), Err(Rejection::CloseSecond { gap: 2 }));
/// assert_eq!(select(&[(1, 6), (2, 6)], 4), Err(Rejection::SeveralBest));
/// assert_eq!(select(&[(1, -2), (2, -12)], 4), Err(Rejection::Losing));
/// assert_eq!(select(&[(3, 10)], 4), Err(Rejection::OneMove));
/// ```
pub fn select(move_values: &[(u8, i32)], threshold: i32) -> Result<Pick, Rejection> {
    if move_values.len() < 2 {
        return Err(Rejection::OneMove);
    }
    let mut values: Vec<i32> = move_values.iter().map(|&(_, v)| v).collect();
    values.sort_unstable_by(|a, b| b.cmp(a));
    let (value, second) = (values[0], values[1]);
    if second == value {
        return Err(Rejection::SeveralBest);
    }
    if value < 0 {
        return Err(Rejection::Losing);
    }
    let gap = value - second;
    if gap < threshold {
        return Err(Rejection::CloseSecond { gap });
    }
    let best = move_values.iter().find(|&&(_, v)| v == value).map(|&(hole, _)| hole).expect("the best is there");
    Ok(Pick { best, value, gap })
}

// ---------------------------------------------------------------------------------------------
// Grading

/// Moves within this many seeds of the best are close: each is a real temptation.
pub const CLOSE_SEEDS: i32 = 6;

/// The deepest search [`Features::sight`] tries.
pub const SIGHT_MAX: u32 = 10;

/// What makes a puzzle hard, measured on its position. All of it depends on the position, its
/// history and the exact values only (not on a solver's table or threads), so the rating is the
/// same on every run and can be checked from the file alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Features {
    /// Seeds on the board: more seeds, longer relays to follow.
    pub seeds: u32,
    /// Other moves within [`CLOSE_SEEDS`] seeds of the best: more of them, more to tell apart.
    pub close: u32,
    /// What the second-best move gives away: the smaller, the easier to settle for it.
    pub gap: i32,
    /// How far ahead one must look: the shallowest depth from which a plain search (the tuned
    /// evaluation, a fresh table, depths up to [`SIGHT_MAX`]) picks the best move at every depth;
    /// `SIGHT_MAX + 1` when even the deepest misses it.
    pub sight: u32,
    /// How much less the best move gains at once (captures, and seeds taken if the move ends the
    /// game) than the move that gains most at once; 0 when no move gains more. A best move that
    /// looks worse at first is harder to find.
    pub lure: i32,
}

impl Features {
    /// Measures a puzzle's position; `move_values` are its exact move values (one best move).
    pub fn measure(game: &Game, move_values: &[(u8, i32)]) -> Features {
        let value = move_values.iter().map(|&(_, v)| v).max().unwrap_or(0);
        let best = move_values.iter().find(|&&(_, v)| v == value).map_or(0, |&(hole, _)| hole);
        let second = move_values.iter().map(|&(_, v)| v).filter(|&v| v < value).max().unwrap_or(value);
        let close = move_values.iter().filter(|&&(_, v)| v < value && v >= value - CLOSE_SEEDS).count() as u32;
        let gains: Vec<(u8, i32)> = move_values.iter().map(|&(hole, _)| (hole, gain(game, hole))).collect();
        let most = gains.iter().map(|&(_, g)| g).max().unwrap_or(0);
        let of_best = gains.iter().find(|&&(hole, _)| hole == best).map_or(0, |&(_, g)| g);
        Features {
            seeds: board_seeds(game.position().seeds()),
            close,
            gap: value - second,
            sight: sight(game, best),
            lure: most - of_best,
        }
    }
}

/// What a move gains at once: the change in the mover's lead in reserves, with the seeds taken
/// when the move ends the game.
fn gain(game: &Game, hole: u8) -> i32 {
    let mover = game.position().to_move();
    let lead = |game: &Game| {
        let reserves = game.position().reserves();
        reserves[mover.index()] as i32 - reserves[mover.opponent().index()] as i32
    };
    let mut after = game.clone();
    after.play_into(hole, &mut ()).expect("a valued move is legal");
    lead(&after) - lead(game)
}

/// The shallowest depth from which a plain search picks `best` at every depth up to
/// [`SIGHT_MAX`]; `SIGHT_MAX + 1` when the deepest does not. Each depth is a fresh search (a fresh
/// table, ties broken by seed 0), so the answer is the same on every run.
fn sight(game: &Game, best: u8) -> u32 {
    for depth in (1..=SIGHT_MAX).rev() {
        let found = Searcher::new(1).search(game, &Limits::depth(depth), &|| 0.0, 0);
        if found.map(|r| r.number) != Some(best) {
            return depth + 1;
        }
    }
    1
}

/// The lowest rating.
pub const RATING_FLOOR: u32 = 600;
/// The highest rating.
pub const RATING_CEILING: u32 = 2200;

/// A puzzle's rating, from its features: points for each thing that makes it hard, added to 600
/// and kept within 600..=2200.
///
/// | feature | points | at most |
/// | --- | --- | ---: |
/// | seeds on the board | 12 a seed beyond 8 | (34 seeds) 312 |
/// | close moves | 70 each | (6) 420 |
/// | the gap | 20 a seed under 20 | (a gap of 4) 320 |
/// | sight | 95 a ply beyond the first | (out of a 10-ply search's sight) 950 |
/// | the lure | 140, and 25 a seed of it up to 10 | 390 |
///
/// The weights were set on 320 puzzles against how often the levels find the best move (a
/// puzzle the strong level misses should rate higher than one the beginner finds), and so that
/// the ratings spread over the range: see docs/puzzles.md.
///
/// ```
/// use walak::trainer::puzzles::{rating, Features};
/// let plain = Features { seeds: 10, close: 0, gap: 24, sight: 1, lure: 0 };
/// assert_eq!(rating(&plain), 600 + 24);
/// let hard = Features { seeds: 30, close: 2, gap: 4, sight: 6, lure: 3 };
/// assert_eq!(rating(&hard), 600 + 264 + 140 + 320 + 475 + 215);
/// let beyond = Features { seeds: 34, close: 3, gap: 4, sight: 11, lure: 12 };
/// assert_eq!(rating(&beyond), 2200);
/// ```
pub fn rating(features: &Features) -> u32 {
    let seeds = 12 * features.seeds.saturating_sub(8) as i64;
    let close = 70 * features.close as i64;
    let gap = 20 * (20 - features.gap as i64).max(0);
    let sight = 95 * features.sight.saturating_sub(1) as i64;
    let lure = if features.lure > 0 { 140 + 25 * features.lure.min(10) as i64 } else { 0 };
    let points = RATING_FLOOR as i64 + seeds + close + gap + sight + lure;
    points.clamp(RATING_FLOOR as i64, RATING_CEILING as i64) as u32
}

// ---------------------------------------------------------------------------------------------
// The file

/// Why a puzzle file was refused: the line (from 1) and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PuzzleError {
    pub line: usize,
    pub problem: Problem,
}

/// What is wrong with a line of a puzzle file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Problem {
    /// Not five fields separated by single spaces.
    Fields { found: usize },
    /// The id is not five characters 0-9 a-z.
    BadId { id: String },
    /// The id is not one of the record's ([`id_of`]): the record was changed, or the id.
    NotTheRecordsId { id: String, expected: String },
    /// Another puzzle, on line `first`, has the same id.
    DuplicateId { id: String, first: usize },
    /// Another puzzle, on line `first`, has the same record.
    DuplicateRecord { first: usize },
    /// The rating is not a whole number.
    BadRating { found: String },
    /// The record cannot be read or played from the opening.
    BadRecord { error: RecordError },
    /// The game is over after the record: no move to find.
    GameOver,
    /// The values are not `hole:value` pairs, ascending by hole.
    BadValues { found: String },
    /// The values are not for exactly the legal moves.
    NotTheLegalMoves { valued: Vec<u8>, legal: Vec<u8> },
    /// Not exactly one move has the best value.
    NotOneBest { best: Vec<u8> },
    /// The line is not 1 to [`LINE_PLIES`] moves (digits 1-7).
    BadLine { found: String },
    /// The line does not start with the best move.
    LineNotBest { first: u8, best: u8 },
    /// Move `at` (from 1) of the line cannot be played.
    LineIllegal { at: usize, error: MoveError },
    /// The line is shorter than [`LINE_PLIES`] moves but the game goes on after it.
    LineStopsEarly { plies: usize },
}

fn holes(list: &[u8]) -> String {
    list.iter().map(u8::to_string).collect::<Vec<_>>().join(", ")
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Fields { found } => write!(
                f,
                "it has {found} fields, not the 5 of 'ID RATING RECORD VALUES LINE' separated by single spaces"
            ),
            Problem::BadId { id } => write!(f, "the id '{id}' is not {ID_LENGTH} characters 0-9 or a-z"),
            Problem::NotTheRecordsId { id, expected } => {
                write!(f, "the id '{id}' is not the record's (it would be '{expected}')")
            }
            Problem::DuplicateId { id, first } => write!(f, "the id '{id}' is already taken on line {first}"),
            Problem::DuplicateRecord { first } => write!(f, "the record is already a puzzle on line {first}"),
            Problem::BadRating { found } => write!(f, "the rating '{found}' is not a whole number"),
            Problem::BadRecord { error } => write!(f, "the record cannot be played: {error}"),
            Problem::GameOver => write!(f, "the game is over after the record: there is no move to find"),
            Problem::BadValues { found } => {
                write!(f, "the values '{found}' are not hole:value pairs, ascending by hole, separated by commas")
            }
            Problem::NotTheLegalMoves { valued, legal } => {
                write!(f, "the values are for holes {}, but the legal moves are {}", holes(valued), holes(legal))
            }
            Problem::NotOneBest { best } => {
                write!(f, "exactly one move must be best, but holes {} share the best value", holes(best))
            }
            Problem::BadLine { found } => write!(f, "the line '{found}' is not 1 to {LINE_PLIES} moves (digits 1-7)"),
            Problem::LineNotBest { first, best } => {
                write!(f, "the line starts with hole {first}, not with the best move, hole {best}")
            }
            Problem::LineIllegal { at, error } => write!(f, "move {at} of the line cannot be played: {error}"),
            Problem::LineStopsEarly { plies } => {
                write!(f, "the line stops after {plies} moves while the game goes on (it must run {LINE_PLIES})")
            }
        }
    }
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {} of the puzzles: {}", self.line, self.problem)
    }
}

impl std::error::Error for PuzzleError {}

/// Reads a puzzle file strictly: every puzzle's fields, its record played from the opening, its
/// values for exactly the legal moves with one best, and its line played out with the engine.
/// Blank lines and `#` comments are passed over. The first problem found is the error.
pub fn read(text: &str) -> Result<Vec<Puzzle>, PuzzleError> {
    let mut puzzles = Vec::new();
    let mut ids: HashMap<String, usize> = HashMap::new();
    let mut records: HashMap<String, usize> = HashMap::new();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let fail = |problem| PuzzleError { line: number, problem };
        let puzzle = read_line(line).map_err(fail)?;
        if let Some(&first) = ids.get(&puzzle.id) {
            return Err(fail(Problem::DuplicateId { id: puzzle.id, first }));
        }
        if let Some(&first) = records.get(&puzzle.record) {
            return Err(fail(Problem::DuplicateRecord { first }));
        }
        ids.insert(puzzle.id.clone(), number);
        records.insert(puzzle.record.clone(), number);
        puzzles.push(puzzle);
    }
    Ok(puzzles)
}

/// One puzzle's line, checked on its own.
fn read_line(line: &str) -> Result<Puzzle, Problem> {
    let fields: Vec<&str> = line.split(' ').collect();
    let [id, rating, record, values, moves] = fields[..] else {
        return Err(Problem::Fields { found: fields.len() });
    };
    let id = read_id(id, record)?;
    let rating = read_rating(rating)?;
    // Spaces are already fields apart, so the record is digits or refused by the engine.
    let game = Game::from_record(record, Options::default()).map_err(|error| Problem::BadRecord { error })?;
    if game.is_over() {
        return Err(Problem::GameOver);
    }
    let move_values = read_values(values)?;
    let valued: Vec<u8> = move_values.iter().map(|&(hole, _)| hole).collect();
    let legal = game.legal_moves();
    if valued != legal {
        return Err(Problem::NotTheLegalMoves { valued, legal });
    }
    let puzzle = Puzzle { id, rating, record: record.to_string(), move_values, line: moves.to_string() };
    let value = puzzle.value();
    let best: Vec<u8> = puzzle.move_values.iter().filter(|&&(_, v)| v == value).map(|&(hole, _)| hole).collect();
    if best.len() != 1 {
        return Err(Problem::NotOneBest { best });
    }
    check_line(&game, moves, best[0])?;
    Ok(puzzle)
}

fn read_id(id: &str, record: &str) -> Result<String, Problem> {
    let well_formed = id.len() == ID_LENGTH && id.bytes().all(|b| b.is_ascii_digit() || b.is_ascii_lowercase());
    if !well_formed {
        return Err(Problem::BadId { id: id.to_string() });
    }
    if !(0..ID_SALTS).any(|salt| id_of(record, salt) == id) {
        return Err(Problem::NotTheRecordsId { id: id.to_string(), expected: id_of(record, 0) });
    }
    Ok(id.to_string())
}

fn read_rating(rating: &str) -> Result<u32, Problem> {
    let digits = !rating.is_empty() && rating.bytes().all(|b| b.is_ascii_digit());
    digits.then(|| rating.parse().ok()).flatten().ok_or_else(|| Problem::BadRating { found: rating.to_string() })
}

/// `hole:value` pairs, holes 1-7 strictly ascending, values whole numbers.
fn read_values(values: &str) -> Result<Vec<(u8, i32)>, Problem> {
    let bad = || Problem::BadValues { found: values.to_string() };
    let pairs = values
        .split(',')
        .map(|pair| {
            let (hole, value) = pair.split_once(':')?;
            let hole: u8 = hole.parse().ok().filter(|h| (1..=7).contains(h) && hole.len() == 1)?;
            let plain = value.strip_prefix('-').unwrap_or(value);
            if plain.is_empty() || !plain.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            Some((hole, value.parse().ok()?))
        })
        .collect::<Option<Vec<(u8, i32)>>>()
        .ok_or_else(bad)?;
    if pairs.windows(2).any(|w| w[0].0 >= w[1].0) {
        return Err(bad());
    }
    Ok(pairs)
}

/// The line plays from the position, starts with the best move and runs [`LINE_PLIES`] moves, or
/// fewer only when the game ends.
fn check_line(game: &Game, line: &str, best: u8) -> Result<(), Problem> {
    let moves: Vec<u8> = line.bytes().map(|b| b.wrapping_sub(b'0')).collect();
    if moves.is_empty() || moves.len() > LINE_PLIES || moves.iter().any(|m| !(1..=7).contains(m)) {
        return Err(Problem::BadLine { found: line.to_string() });
    }
    if moves[0] != best {
        return Err(Problem::LineNotBest { first: moves[0], best });
    }
    let mut game = game.clone();
    for (i, &number) in moves.iter().enumerate() {
        game.play_into(number, &mut ()).map_err(|error| Problem::LineIllegal { at: i + 1, error })?;
    }
    if moves.len() < LINE_PLIES && !game.is_over() {
        return Err(Problem::LineStopsEarly { plies: moves.len() });
    }
    Ok(())
}

/// The puzzle file: the comment's lines as `#` lines, then one puzzle a line, easiest first (by
/// rating, then id), so that the same puzzles always give the same text.
pub fn write(puzzles: &[Puzzle], comment: &str) -> String {
    let mut sorted: Vec<&Puzzle> = puzzles.iter().collect();
    sorted.sort_by(|a, b| a.rating.cmp(&b.rating).then_with(|| a.id.cmp(&b.id)));
    let mut text: String = comment.lines().map(|line| format!("# {line}\n")).collect();
    for puzzle in sorted {
        text.push_str(&puzzle.to_string());
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A puzzle of www/puzzles.txt: North to move, 9 seeds on the board.
    const GOOD: &str = "khnqt 864 16527143252 1:4,2:-4,4:-10,6:-8,7:-12 1326346541";

    fn problem(text: &str) -> Problem {
        read(text).unwrap_err().problem
    }

    fn with(field: usize, value: &str) -> String {
        let mut fields: Vec<&str> = GOOD.split(' ').collect();
        fields[field] = value;
        fields.join(" ")
    }

    #[test]
    fn a_good_line_reads_and_writes_back() {
        let puzzles = read(&format!("# made by hand\n\n{GOOD}\n")).unwrap();
        assert_eq!(puzzles.len(), 1);
        assert_eq!(puzzles[0].to_string(), GOOD);
        assert_eq!(puzzles[0].game().unwrap().position().to_move(), crate::Side::North);
    }

    #[test]
    fn the_json_keys_move_values_by_hole() {
        let puzzle = &read(GOOD).unwrap()[0];
        let json = serde_json::to_string(puzzle).unwrap();
        assert_eq!(
            json,
            r#"{"id":"khnqt","rating":864,"record":"16527143252","value":4,"best":1,"move_values":{"1":4,"2":-4,"4":-10,"6":-8,"7":-12},"line":"1326346541"}"#
        );
    }

    #[test]
    fn fields_must_be_five_with_single_spaces() {
        assert_eq!(problem("khnqt 864 16527143252"), Problem::Fields { found: 3 });
        assert_eq!(problem(&GOOD.replacen(' ', "  ", 1)), Problem::Fields { found: 6 });
        assert_eq!(problem(&format!("{GOOD} ")), Problem::Fields { found: 6 });
    }

    #[test]
    fn ids_are_the_records() {
        assert_eq!(problem(&with(0, "KHNQT")), Problem::BadId { id: "KHNQT".into() });
        assert_eq!(problem(&with(0, "khnq")), Problem::BadId { id: "khnq".into() });
        assert_eq!(
            problem(&with(0, "00000")),
            Problem::NotTheRecordsId { id: "00000".into(), expected: "khnqt".into() }
        );
        // A salted id of the record is the record's too.
        assert!(read(&with(0, &id_of("16527143252", 3))).is_ok());
    }

    #[test]
    fn ids_and_records_are_unique() {
        assert_eq!(problem(&format!("{GOOD}\n{GOOD}")), Problem::DuplicateId { id: "khnqt".into(), first: 1 });
        let other_id = with(0, &id_of("16527143252", 1));
        assert_eq!(problem(&format!("{GOOD}\n#\n{other_id}")), Problem::DuplicateRecord { first: 1 });
    }

    #[test]
    fn ratings_are_whole_numbers() {
        for bad in ["", "-3", "+3", "1e3", "12.5", "99999999999"] {
            let line = with(1, bad);
            assert_eq!(problem(&line), Problem::BadRating { found: bad.into() }, "{line}");
        }
    }

    #[test]
    fn the_record_must_play_and_leave_a_move() {
        let unplayable = "7261";
        let line = format!("{} 1000 {unplayable} 1:0 1", id_of(unplayable, 0));
        let Problem::BadRecord { error } = problem(&line) else { panic!("{line}") };
        assert!(error.to_string().contains("move 4"), "{error}");
        // A record that is not digits 1-7.
        let line = format!("{} 1000 728 1:0 1", id_of("728", 0));
        assert!(matches!(problem(&line), Problem::BadRecord { error: RecordError::NotAMove { at: 3, .. } }));
        // 72627112 ends the game: North takes the 40 seeds on the board.
        let over = "72627112";
        assert_eq!(problem(&format!("{} 1000 {over} 1:0 1", id_of(over, 0))), Problem::GameOver);
    }

    #[test]
    fn values_are_pairs_for_exactly_the_legal_moves() {
        for bad in
            ["", "1:4,2:-4,,7:0", "1:4;2:-4", "1:x", "8:1", "01:2", "2:-4,1:4,4:-10,6:-8,7:-12", "1:+3", "1:--3", "1:"]
        {
            assert_eq!(problem(&with(3, bad)), Problem::BadValues { found: bad.into() }, "{bad}");
        }
        assert_eq!(
            problem(&with(3, "1:4,2:-4,3:1,4:-10,6:-8,7:-12")),
            Problem::NotTheLegalMoves { valued: vec![1, 2, 3, 4, 6, 7], legal: vec![1, 2, 4, 6, 7] }
        );
    }

    #[test]
    fn exactly_one_move_is_best() {
        assert_eq!(problem(&with(3, "1:4,2:-4,4:-10,6:-8,7:4")), Problem::NotOneBest { best: vec![1, 7] });
    }

    #[test]
    fn the_line_starts_with_the_best_and_plays() {
        assert_eq!(problem(&with(4, "")), Problem::BadLine { found: "".into() });
        assert_eq!(problem(&with(4, "13263465411")), Problem::BadLine { found: "13263465411".into() });
        assert_eq!(problem(&with(4, "13x")), Problem::BadLine { found: "13x".into() });
        assert_eq!(problem(&with(4, "2326346541")), Problem::LineNotBest { first: 2, best: 1 });
        assert_eq!(problem(&with(4, "13263")), Problem::LineStopsEarly { plies: 5 });
        // After North's 1, South's hole 1 is empty.
        let Problem::LineIllegal { at: 2, error } = problem(&with(4, "1126346541")) else { panic!() };
        assert!(matches!(error, MoveError::EmptyHole { .. }), "{error}");
    }

    #[test]
    fn errors_name_the_line() {
        let error = read(&format!("# comment\n{GOOD}\n{}", with(1, "x"))).unwrap_err();
        assert_eq!(error.line, 3);
        assert_eq!(error.to_string(), "line 3 of the puzzles: the rating 'x' is not a whole number");
    }

    #[test]
    fn features_are_measured_on_the_position() {
        let puzzle = read(GOOD).unwrap().remove(0);
        let features = Features::measure(&puzzle.game().unwrap(), &puzzle.move_values);
        assert_eq!(features, Features { seeds: 10, close: 0, gap: 8, sight: 1, lure: 0 });
        assert_eq!(rating(&features), puzzle.rating);
        // Hole 2 wins by 10 but gains 3 seeds less at once than another move; hole 1 is close
        // behind. The game ends 5 moves on, so the line is short.
        let puzzle = read("cezgf 1205 47725132441355223344665567 1:6,2:10,7:0 26371").unwrap().remove(0);
        let features = Features::measure(&puzzle.game().unwrap(), &puzzle.move_values);
        assert_eq!(features, Features { seeds: 8, close: 1, gap: 4, sight: 1, lure: 3 });
        assert_eq!(rating(&features), puzzle.rating);
    }

    #[test]
    fn ids_are_given_by_record_order() {
        let puzzle = read(GOOD).unwrap().remove(0);
        let mut puzzles = vec![puzzle.clone(), Puzzle { id: String::new(), ..puzzle.clone() }];
        assign_ids(&mut puzzles);
        assert_eq!(puzzles[0].id, id_of(&puzzle.record, 0));
        assert_eq!(puzzles[1].id, id_of(&puzzle.record, 1));
    }

    #[test]
    fn the_file_is_sorted_by_rating_then_id() {
        let puzzle = read(GOOD).unwrap().remove(0);
        let harder = Puzzle { rating: 1500, id: "00000".into(), ..puzzle.clone() };
        let same = Puzzle { id: "00001".into(), ..puzzle.clone() };
        let text = write(&[harder, puzzle, same], "two lines\nof comment");
        let ids: Vec<&str> = text.lines().map(|l| l.split(' ').next().unwrap()).collect();
        assert_eq!(ids, ["#", "#", "00001", "khnqt", "00000"]);
    }
}
