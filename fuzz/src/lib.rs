//! The checks of the fuzz targets, in one place.
//!
//! Each target is a function from arbitrary bytes that panics when the engine breaks a promise.
//! The libFuzzer targets (`fuzz_targets/`) call them with the fuzzer's inputs, and the stable test
//! `tests/fuzz_corpus.rs` includes this file to run every committed corpus and regression input
//! through the same checks, so CI guards them without a nightly compiler.

use walak::format::json::Json;
use walak::format::replay::replay;
use walak::playout::Rng;
use walak::rules::board::TOTAL_SEEDS;
use walak::rules::record::parse_record;
use walak::{Event, Game, Link, MoveError, Options, RecordError, SavedGame, Setup, Side, StateView};

/// A target's check: it panics when the engine breaks a promise on this input.
pub type Check = fn(&[u8]);

/// Every target by name, as the corpus folders are named.
pub const TARGETS: [(&str, Check); 6] = [
    ("record", record),
    ("position", position),
    ("link", link),
    ("saved", saved),
    ("moves", moves),
    ("live_message", live_message),
];

/// A record read and played: accepted, the game's record is the input without spaces and
/// replaying it, whole or move by move, gives the same game; refused, the error points at the
/// first bad character or at the first illegal move, exactly.
pub fn record(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for options in [Options::default(), Options { rounds: true, first: Side::North, ..Options::default() }] {
        check_record(text, options);
    }
}

fn check_record(text: &str, options: Options) {
    let digits: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    match parse_record(text) {
        Ok(moves) => assert_eq!(moves.iter().map(|&n| digit(n)).collect::<String>(), digits),
        Err(RecordError::NotAMove { at, found }) => {
            let first_bad = text.chars().enumerate().find(|(_, c)| !c.is_whitespace() && !('1'..='7').contains(c));
            assert_eq!(first_bad, Some((at - 1, found)), "the error names the first bad character");
            assert!(Game::from_record(text, options).is_err());
            return;
        }
        Err(other) => panic!("reading a record can only find a bad character, not: {other}"),
    }
    match Game::from_record(text, options) {
        Ok(game) => {
            assert_eq!(game.record(), digits);
            let again = Game::from_record(&game.record(), options).expect("a game's own record replays");
            assert_eq!(again.view(), game.view());
            let mut step = Game::new(options);
            for number in game.moves_played() {
                let before = step.view();
                let trace = step.play(number).expect("each move of an accepted record is legal");
                check_trace(&before, &step.view(), &trace);
            }
            assert_eq!(step.view(), game.view());
        }
        Err(RecordError::IllegalMove { at, number, error }) => {
            assert_eq!(digits.chars().nth(at - 1), Some(digit(number)), "the error names the move played");
            let before: String = digits.chars().take(at - 1).collect();
            let mut game = Game::from_record(&before, options).expect("the moves before the illegal one are legal");
            assert_eq!(game.play(number).unwrap_err(), error, "the move is refused for the reason given");
        }
        Err(other) => panic!("a record of digits was refused as unreadable: {other}"),
    }
}

/// A position set up from JSON (input starting with `{`) or from raw bytes: accepted, the game
/// holds 56 seeds and the position it shows, set up again, is the same game; the set-up's JSON
/// and its start position (what links and saved games carry) read back the same. JSON is read as
/// the page's engine reads it (the engine's reader and `from_json`), which must agree with
/// serde_json reading the same document as the engine writes it (whole numbers as JavaScript
/// writes them: `4`, not `4.0` or `4e0`): the same set-up, or both refuse.
pub fn position(data: &[u8]) {
    let setup = if data.first() == Some(&b'{') {
        let Some((text, json)) = std::str::from_utf8(data).ok().and_then(|text| Some((text, Json::parse(text).ok()?)))
        else {
            return;
        };
        let ours = walak::format::json::from_json::<Setup>(&json);
        if all_finite(&json) {
            let theirs = serde_json::from_str::<Setup>(&json.to_string());
            assert_eq!(ours.as_ref().ok(), theirs.as_ref().ok(), "{text:?}: {ours:?} against {theirs:?}");
        }
        match ours {
            Ok(setup) => setup,
            Err(_) => return,
        }
    } else {
        setup_from(&mut data.iter().copied())
    };
    check_setup(&setup);
}

fn check_setup(setup: &Setup) -> Option<Game> {
    let json = serde_json::to_string(setup).expect("a set-up serializes");
    assert_eq!(&serde_json::from_str::<Setup>(&json).expect("a set-up's JSON reads back"), setup);
    let game = match setup.to_game() {
        Ok(game) => game,
        Err(error) => {
            assert!(!error.to_string().is_empty());
            return None;
        }
    };
    let view = game.view();
    assert_eq!(seeds(&view), TOTAL_SEEDS, "a set-up game holds every seed");
    assert_eq!(game.record(), "");
    let shown = Setup {
        board: view.board.to_vec(),
        reserves: view.reserves,
        to_move: view.to_move,
        rounds: setup.rounds,
        round: view.round,
        in_play: Some(view.in_play.to_vec()),
        ..Setup::new(view.board, view.reserves, view.to_move)
    };
    let again = shown.to_game().expect("a position the engine shows can be set up");
    assert_eq!(again.view(), view);
    let carried = setup.start_position().setup(setup.rounds);
    assert_eq!(carried, Setup { round_starter: None, ..setup.clone() }, "links and saved games keep the position");
    Some(game)
}

/// A set-up from raw bytes, shaped so that most are possible positions: a flags byte (rounds,
/// who moves, the round, holes in play given, who started the round, a wrong seed count), holes
/// in play per side in later rounds, the fourteen holes (capped to the 56 seeds), and how the
/// seeds left divide between the reserves.
pub fn setup_from(bytes: &mut impl Iterator<Item = u8>) -> Setup {
    let mut next = || bytes.next().unwrap_or(0);
    let flags = next();
    let rounds = flags & 1 != 0;
    let to_move = if flags & 2 != 0 { Side::North } else { Side::South };
    let round = if rounds { 1 + ((flags >> 2) & 3) as u16 } else { 1 };
    let mut in_play = [true; 14];
    if round > 1 {
        for side in 0..2 {
            let filled = 1 + next() as usize % 7;
            in_play[side * 7 + filled..side * 7 + 7].fill(false);
        }
    }
    let mut board = [0u8; 14];
    let mut left = TOTAL_SEEDS as u8;
    for (hole, seeds) in board.iter_mut().enumerate() {
        let wanted = next() % 16;
        *seeds = if in_play[hole] { wanted.min(left) } else { 0 };
        left -= *seeds;
    }
    let south = next() % (left + 1);
    let mut reserves = [south, left - south];
    if flags & 0x80 != 0 {
        reserves[0] = reserves[0].wrapping_add(next());
    }
    Setup {
        board: board.to_vec(),
        reserves,
        to_move,
        rounds,
        round,
        in_play: (flags & 0x20 != 0 || round > 1).then(|| in_play.to_vec()),
        round_starter: (flags & 0x40 != 0).then(|| to_move.opponent()),
        ..Setup::new(board, reserves, to_move)
    }
}

/// A link's fragment: accepted, its own fragment reads back as the same link and its game plays
/// to the position it shows; refused, the error has a message and a kind.
pub fn link(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let link = match Link::parse(text) {
        Ok(link) => link,
        Err(error) => {
            assert!(!error.to_string().is_empty());
            assert!(serde_json::to_value(&error).expect("errors serialize")["kind"].is_string());
            return;
        }
    };
    let fragment = link.to_fragment();
    assert_eq!(Link::parse(&fragment).expect("a link's own fragment reads"), link);
    assert_eq!(Link::parse(&format!("#{fragment}")).expect("with its #").to_fragment(), fragment);
    assert!(link.at <= link.moves.len() && link.moves.bytes().all(|b| (b'1'..=b'7').contains(&b)));
    let game = link.to_game().expect("an accepted link's game plays");
    assert_eq!(game.record().len(), link.at);
    assert_eq!(game.record() + &game.redo_moves(), link.moves);
    if let Some(start) = &link.start {
        assert_eq!(start.rounds, link.options.rounds);
    }
}

/// A saved game's JSON: the engine's JSON reader agrees with serde_json's and reads its own
/// writing back; an accepted saved game's own JSON reads back as the same saved game, and its game
/// has the record and redo line it was saved with, the same as playing the whole line and taking
/// moves back; refused, the error has a message and a kind.
pub fn saved(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    json(text);
    let saved = match SavedGame::parse(text) {
        Ok(saved) => saved,
        Err(error) => {
            assert!(!error.to_string().is_empty());
            assert!(serde_json::to_value(&error).expect("errors serialize")["kind"].is_string());
            return;
        }
    };
    let json = saved.to_json();
    assert_eq!(SavedGame::parse(&json).expect("a saved game's own JSON reads"), saved);
    assert_eq!(SavedGame::from_value(&saved.to_value()).expect("its JSON value reads"), saved);
    let game = saved.to_game().expect("an accepted saved game plays");
    assert_eq!((game.record(), game.redo_moves()), (saved.record.clone(), saved.redo.clone()));
    // Taking back moves one by one replays the game each time: only for short redo lines.
    if saved.redo.len() <= 32 {
        let whole = SavedGame { record: saved.record.clone() + &saved.redo, redo: String::new(), ..saved.clone() };
        let mut slow = whole.to_game().expect("the whole line plays");
        for _ in 0..saved.redo.len() {
            assert!(slow.undo());
        }
        assert_eq!(slow.view(), game.view());
        assert_eq!(slow.redo_moves(), game.redo_moves());
    }
}

/// The engine's JSON reader against serde_json's: both accept or both refuse, except for numbers
/// beyond `f64` (`JSON.parse` reads them as infinity, serde_json refuses them) and nesting at the
/// limit; what both accept is the same value, and what the engine writes it reads back.
fn json(text: &str) {
    let ours = Json::parse(text);
    let theirs = serde_json::from_str::<serde_json::Value>(text);
    match (&ours, &theirs) {
        (Ok(ours), Ok(theirs)) => assert!(same_json(ours, theirs), "{ours:?} read as {theirs:?}"),
        (Ok(ours), Err(_)) => assert!(!all_finite(ours), "only serde_json refuses {text:?}"),
        (Err(_), Ok(_)) => assert!(nesting(text) >= walak::format::json::MAX_DEPTH, "only the engine refuses {text:?}"),
        (Err(_), Err(_)) => {}
    }
    if let Some(value) = ours.ok().filter(all_finite) {
        assert_eq!(Json::parse(&value.to_string()), Ok(value), "the engine reads its own JSON");
    }
}

fn same_json(ours: &Json, theirs: &serde_json::Value) -> bool {
    use serde_json::Value;
    match (ours, theirs) {
        (Json::Null, Value::Null) => true,
        (Json::Bool(a), Value::Bool(b)) => a == b,
        // serde_json's default float reading may differ from the exact one in the last place.
        (Json::Number(a), Value::Number(b)) => b.as_f64().is_some_and(|b| {
            let a = float(a);
            a == b || (a - b).abs() <= a.abs() * 1e-15
        }),
        (Json::Text(a), Value::String(b)) => a == b,
        (Json::List(a), Value::Array(b)) => a.len() == b.len() && a.iter().zip(b).all(|(a, b)| same_json(a, b)),
        (Json::Object(members), Value::Object(b)) => {
            let names: std::collections::BTreeSet<&str> = members.iter().map(|(name, _)| name.as_str()).collect();
            names.len() == b.len()
                && b.iter().all(|(name, value)| ours.get(name).is_some_and(|ours| same_json(ours, value)))
        }
        _ => false,
    }
}

fn all_finite(value: &Json) -> bool {
    match value {
        Json::Number(n) => float(n).is_finite(),
        Json::List(items) => items.iter().all(all_finite),
        Json::Object(members) => members.iter().all(|(_, value)| all_finite(value)),
        _ => true,
    }
}

/// The deepest nesting of brackets outside strings, roughly: enough to tell a nesting refusal.
fn nesting(text: &str) -> usize {
    let (mut depth, mut deepest) = (0usize, 0);
    for c in text.chars() {
        match c {
            '[' | '{' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            ']' | '}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    deepest
}

/// At most this many operations of an input are played, and games grow to at most this many
/// moves, so that every input runs in well under a second.
const MAX_OPERATIONS: usize = 256;
const MAX_MOVES: usize = 600;

/// Arbitrary operations on a game, from the opening or a set-up position, single or in rounds.
///
/// The first byte chooses the options (bit 0 rounds, bit 1 North first) and whether the game
/// begins from a position read by [`setup_from`] (bit 2). Then each byte is an operation:
/// `0..=7` plays that hole number; `8..=0x7F` plays one of the legal moves; `0x80..=0xBF` plays
/// up to 64 random legal moves; `0xC0..=0xCF` undoes and `0xD0..=0xDF` redoes 1 to 16 moves;
/// `0xE0` previews and `0xE1` plays the hole number in the next byte (0 to 255); `0xE2` rebuilds
/// the game from its record; anything above undoes one move and redoes it.
///
/// After every operation: 56 seeds on the board and in the reserves; a refused move changed
/// nothing and was refused for the right reason; a played move's trace, replayed on the state
/// before it, gives the state after it; undo returns to the state before the move and redo to
/// the state after it; a preview is exactly the move's trace and changes nothing.
pub fn moves(data: &[u8]) {
    let mut bytes = data.iter().copied();
    let flags = bytes.next().unwrap_or(0);
    let options = Options {
        rounds: flags & 1 != 0,
        first: if flags & 2 != 0 { Side::North } else { Side::South },
        ..Options::default()
    };
    let start = (flags & 4 != 0).then(|| setup_from(&mut bytes)).filter(|setup| setup.to_game().is_ok());
    let mut session = Session::new(options, start);
    for _ in 0..MAX_OPERATIONS {
        let Some(op) = bytes.next() else { break };
        match op {
            0..=7 => session.play(op),
            8..=0x7F => {
                let legal = session.game.legal_moves();
                let number = if legal.is_empty() { op % 8 } else { legal[op as usize % legal.len()] };
                session.play(number);
            }
            0x80..=0xBF => session.play_randomly(op as u64 - 0x7F, bytes.next().unwrap_or(0)),
            0xC0..=0xCF => (0..=op - 0xC0).for_each(|_| session.undo()),
            0xD0..=0xDF => (0..=op - 0xD0).for_each(|_| session.redo()),
            0xE0 => session.preview(bytes.next().unwrap_or(0)),
            0xE1 => session.play(bytes.next().unwrap_or(0)),
            0xE2 => session.rebuild(),
            _ => {
                session.undo();
                session.redo();
            }
        }
        session.check_seeds();
    }
}

/// A game under test, with the states it should come back to.
struct Session {
    game: Game,
    options: Options,
    start: Option<Setup>,
    /// The state after each move of the record, the start first.
    played: Vec<StateView>,
    /// The states after the moves taken back, the last taken back on top.
    taken_back: Vec<StateView>,
}

impl Session {
    fn new(options: Options, start: Option<Setup>) -> Session {
        let game = match &start {
            Some(setup) => setup.to_game().expect("the set-up was checked"),
            None => Game::new(options),
        };
        Session { played: vec![game.view()], game, options, start, taken_back: Vec::new() }
    }

    fn check_seeds(&self) {
        assert_eq!(seeds(&self.game.view()), TOTAL_SEEDS, "seeds are conserved");
        assert_eq!(self.game.plies().len() + 1, self.played.len());
        assert_eq!(self.game.redo_plies().count(), self.taken_back.len());
    }

    fn play(&mut self, number: u8) {
        if self.game.plies().len() >= MAX_MOVES {
            return;
        }
        // Only a refused move needs the whole game before it; copying it for every move would make
        // each input quadratic in its length.
        let view = self.game.view();
        let legal = view.legal.contains(&number);
        let before = (!legal).then(|| self.game.clone());
        let played = self.game.plies().len();
        match self.game.play(number) {
            Ok(trace) => {
                assert!(legal, "only a legal move is played");
                let after = self.game.view();
                check_trace(&view, &after, &trace);
                assert_eq!(self.game.plies().len(), played + 1);
                assert_eq!(self.game.plies()[played].number, number, "the move is added to the record");
                assert!(!self.game.can_redo(), "a new move starts a new line");
                self.played.push(after);
                self.taken_back.clear();
            }
            Err(error) => {
                let before = before.unwrap_or_else(|| panic!("a legal move was refused: {error}"));
                assert_eq!(error, expected_refusal(&before, number));
                assert_unchanged(&before, &self.game);
            }
        }
    }

    fn play_randomly(&mut self, moves: u64, seed: u8) {
        let mut rng = Rng::new(seed as u64 ^ ((self.played.len() as u64) << 8));
        for _ in 0..moves {
            let legal = self.game.legal_moves();
            if legal.is_empty() {
                return;
            }
            self.play(legal[rng.below(legal.len())]);
        }
    }

    fn preview(&mut self, number: u8) {
        let before = self.game.clone();
        let preview = self.game.preview(number);
        assert_unchanged(&before, &self.game);
        assert_eq!(preview, before.clone().play(number), "a preview is the move's own trace");
    }

    fn undo(&mut self) {
        let before = self.game.clone();
        let undone = self.game.undo();
        assert_eq!(undone, before.can_undo());
        if undone {
            let after = self.played.pop().expect("a move to take back");
            assert_eq!(&self.game.view(), self.played.last().expect("the start stays"), "undo restores the state");
            self.taken_back.push(after);
        } else {
            assert_unchanged(&before, &self.game);
        }
    }

    fn redo(&mut self) {
        let before = self.game.clone();
        match self.game.redo() {
            Some(trace) => {
                let expected = self.taken_back.pop().expect("redo plays only a move taken back");
                check_trace(&before.view(), &self.game.view(), &trace);
                assert_eq!(self.game.view(), expected, "redo restores the state after the move");
                self.played.push(expected);
            }
            None => {
                assert!(self.taken_back.is_empty(), "a move taken back can be redone");
                assert_unchanged(&before, &self.game);
            }
        }
    }

    /// The game built again from where it began, its record and its redo line is the same game.
    /// The game as it began.
    fn fresh(&self) -> Game {
        match &self.start {
            Some(setup) => setup.to_game().expect("the set-up was checked"),
            None => Game::new(self.options),
        }
    }

    fn rebuild(&mut self) {
        let mut again = self.fresh();
        again.play_record(&self.game.record()).expect("the game's record replays");
        again.set_redo(&self.game.redo_moves()).expect("the redo line replays");
        assert_eq!(again.view(), self.game.view());
        assert_eq!(again.redo_moves(), self.game.redo_moves());
        assert_eq!(again.plies(), self.game.plies());
        assert_eq!(again.round_positions(), self.game.round_positions());
    }
}

/// Why the engine must refuse `number` in `game`.
fn expected_refusal(game: &Game, number: u8) -> MoveError {
    if game.is_over() {
        return MoveError::GameOver;
    }
    match game.position().playable_hole(number) {
        Err(error) => error,
        Ok(_) => MoveError::Endless { side: game.position().to_move(), number },
    }
}

fn assert_unchanged(before: &Game, after: &Game) {
    assert_eq!(after.view(), before.view(), "a refused or tentative move changes nothing");
    assert_eq!(after.record(), before.record());
    assert_eq!(after.redo_moves(), before.redo_moves());
}

/// The trace of a move, replayed event by event on the state before it, accounts for every seed
/// at every step and ends in the state after it.
pub fn check_trace(before: &StateView, after: &StateView, trace: &[Event]) {
    let mut replayed = replay(before.clone(), trace).unwrap_or_else(|e| panic!("the trace does not fit: {e}"));
    replayed.legal.clone_from(&after.legal);
    assert_eq!(&replayed, after, "the trace gives the state after the move");
}

fn seeds(view: &StateView) -> u32 {
    view.board.iter().chain(&view.reserves).map(|&n| n as u32).sum()
}

fn digit(number: u8) -> char {
    char::from(b'0' + number)
}

/// The engine keeps a number as its decimal; here it is read as `JSON.parse` would.
fn float(n: &walak::format::json::Number) -> f64 {
    n.to_string().parse().expect("the engine writes numbers in JSON's grammar")
}

/// A frame a browser might send the live-play server: read without panicking; refused when over
/// the size limit or not an object with a known type; accepted, its fields are within their
/// bounds, and a move played by a seated player in a room either plays or changes nothing. Read
/// as a stored room, it is refused or written back as it reads.
pub fn live_message(data: &[u8]) {
    use walak::live::message::{ClientMessage, MessageError, MAX_FRAME, ROOM_CODE_LEN, TOKEN_LEN};
    use walak::live::room::Room;
    let Ok(frame) = std::str::from_utf8(data) else { return };
    let message = ClientMessage::parse(frame);
    if frame.len() > MAX_FRAME {
        assert_eq!(message, Err(MessageError::TooLong(frame.len())));
        return;
    }
    match message {
        Err(error) => assert!(!error.to_string().is_empty()),
        Ok(ClientMessage::Join { room, token }) => {
            assert!(ROOM_CODE_LEN.contains(&room.len()));
            assert!(token.map_or(true, |token| TOKEN_LEN.contains(&token.len())));
        }
        Ok(ClientMessage::Move { ply, hole }) => {
            let mut room = Room::new(Options::default(), 0);
            let token = "t".repeat(32);
            room.sit(Side::South, token.clone()).expect("a free seat");
            let before = room.record();
            match room.play(&token, ply, hole, 1) {
                Ok(played) => assert_eq!((played.moves, room.record()), (1, hole.to_string())),
                Err(_) => assert_eq!(room.record(), before, "a refused move changes nothing"),
            }
        }
        Ok(ClientMessage::Create { .. } | ClientMessage::Resign | ClientMessage::Rematch | ClientMessage::Ping) => {}
    }
    // A room as a shared store keeps it: whatever reads as one writes back the same.
    if let Some(room) = Room::from_stored(frame) {
        let stored = room.to_stored();
        assert_eq!(Room::from_stored(&stored).map(|room| room.to_stored()), Some(stored));
    }
}
