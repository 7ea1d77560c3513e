//! A game: the rules of turns, repetition, the end of a game or round, and the match in rounds.
//!
//! How a game ended is told in the terms of [`crate::rules::outcome`]; its state as JSON,
//! [`Game::view`], is shaped in [`crate::format::view`].

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::rules::board::{Seeds, Track};
use crate::rules::error::{MoveError, RecordError};
use crate::rules::marks::Marks;
use crate::rules::outcome::Ending;
use crate::rules::position::Position;
use crate::rules::record::{parse_moves, record_text};
use crate::rules::rounds::{match_loser, next_starter, parker_fill, parker_match_lost, refill};
use crate::rules::ruleset::{hole_number, move_direction, signed, Direction, RuleSet};
use crate::rules::side::Side;
use crate::rules::sowing::Sown;
use crate::rules::trace::{Event, Sink};

/// How a game is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    /// Play a match of successive rounds instead of a single game.
    pub rounds: bool,
    /// Who moves first in the first round.
    pub first: Side,
    /// The rules played by; today's when absent.
    #[serde(skip_serializing_if = "RuleSet::is_default")]
    pub rules: RuleSet,
}

impl Default for Options {
    fn default() -> Options {
        Options { rounds: false, first: Side::South, rules: RuleSet::MancalaWorld }
    }
}

impl Options {
    /// A single game by `rules`, South first.
    pub fn by(rules: RuleSet) -> Options {
        Options { rules, ..Options::default() }
    }
}

/// Where a game's record begins: the opening, or a position set up by hand.
#[derive(Clone, Debug)]
pub(crate) struct Start {
    pub position: Position,
    pub round: u16,
    pub round_starter: Side,
}

/// One move of a game's record: the move (the hole number, with the sign of the direction it
/// fixes in Parker's games), who played it and in which round.
///
/// Written as `{number, side, round, move}`: `number` the hole (0 for a bare direction) and
/// `move` the move in the notation (`"3"`, `"4+"`, `"-"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub struct Ply {
    pub number: u8,
    pub side: Side,
    pub round: u16,
}

impl Serialize for Ply {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut ply = serializer.serialize_struct("Ply", 4)?;
        ply.serialize_field("number", &hole_number(self.number))?;
        ply.serialize_field("side", &self.side)?;
        ply.serialize_field("round", &self.round)?;
        ply.serialize_field("move", &crate::rules::ruleset::move_text(self.number))?;
        ply.end()
    }
}

/// The state before a move, enough to take it back within its round.
#[derive(Clone, Debug)]
struct Mark {
    position: Position,
    round: u16,
    over: Option<(Ending, Option<Side>)>,
    /// How many positions the round had seen.
    positions: usize,
    choosing: bool,
}

/// What the repetition rule compares: the board, the player to move and, in Parker's games, the
/// marked holes and who has made a first turn (the direction is the round's).
type Seen = (Seeds, Side, Marks, [bool; 2]);

fn seen_key(position: &Position) -> Seen {
    (position.seeds, position.to_move, position.marks, position.opened)
}

/// A game in progress or finished, with its record, undo and redo.
///
/// ```
/// use walak::{Game, Options, Status};
/// let mut game = Game::from_record("7264", Options::default()).unwrap();
/// assert_eq!(game.record(), "7264");
/// assert!(game.play(9).is_err()); // refused, nothing changes
/// assert_eq!(game.record(), "7264");
/// game.undo();
/// assert_eq!(game.record(), "726");
/// assert_eq!(game.view().status, Status::Playing);
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    options: Options,
    start: Start,
    record: Vec<Ply>,
    /// Moves taken back, the last one taken back on top.
    undone: Vec<Ply>,
    /// What each move of `record` changed, so that taking it back need not replay the game.
    marks: Vec<Mark>,
    position: Position,
    round: u16,
    round_starter: Side,
    /// How often each position (board and player to move) has occurred in this round.
    seen: HashMap<Seen, u8>,
    /// The positions of this round in order, the current one last.
    round_positions: Vec<Position>,
    over: Option<(Ending, Option<Side>)>,
    /// Parker's matches: a round has ended and its loser is to choose the next one's direction.
    choosing: bool,
}

impl Game {
    /// A new game from the opening.
    pub fn new(options: Options) -> Game {
        let start =
            Start { position: Position::opening(options.rules, options.first), round: 1, round_starter: options.first };
        Game::begin(options, start)
    }

    /// A game from the opening followed by the moves of `record` (digits 1..=7; in Parker's
    /// games, moves separated by spaces, see [`crate::rules::record`]).
    pub fn from_record(record: &str, options: Options) -> Result<Game, RecordError> {
        let mut game = Game::new(options);
        game.play_record(record)?;
        Ok(game)
    }

    /// Plays the moves of `record` one after another. On an illegal move nothing is changed.
    pub fn play_record(&mut self, record: &str) -> Result<(), RecordError> {
        let moves = parse_moves(record, self.options.rules)?;
        let mut game = self.clone();
        let played = self.record.len();
        for (i, &number) in moves.iter().enumerate() {
            game.advance(number, &mut ()).map_err(|error| RecordError::IllegalMove {
                at: played + i + 1,
                number,
                error,
            })?;
        }
        game.undone.clear();
        *self = game;
        Ok(())
    }

    /// Keeps the moves of `redo` as the line that [`Game::redo`] plays again, as if they had been
    /// played from here and taken back; they are checked on a copy first. On an illegal move
    /// nothing is changed; the error counts moves from the start of the whole line.
    ///
    /// ```
    /// use walak::{Game, Options};
    /// let mut game = Game::from_record("72", Options::default()).unwrap();
    /// game.set_redo("64").unwrap();
    /// assert_eq!((game.record(), game.redo_moves()), ("72".to_string(), "64".to_string()));
    /// assert_eq!(game.set_redo("61").unwrap_err().to_string(),
    ///            "move 4 of the record is illegal: North's hole 1 is empty");
    /// ```
    pub fn set_redo(&mut self, redo: &str) -> Result<(), RecordError> {
        let mut ahead = self.clone();
        ahead.play_record(redo)?;
        // Taking moves back one by one would replay the game once for each of them.
        self.undone = ahead.record[self.record.len()..].iter().rev().copied().collect();
        Ok(())
    }

    pub(crate) fn begin(options: Options, start: Start) -> Game {
        let mut game = Game {
            options,
            position: start.position,
            round: start.round,
            round_starter: start.round_starter,
            start,
            record: Vec::new(),
            undone: Vec::new(),
            marks: Vec::new(),
            seen: HashMap::new(),
            round_positions: Vec::new(),
            over: None,
            choosing: false,
        };
        // A position set up by hand may already be over.
        game.settle(&mut ());
        game
    }

    pub fn options(&self) -> Options {
        self.options
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn round(&self) -> u16 {
        self.round
    }

    /// The positions of the current round in the order they occurred, the current one last: what
    /// the repetition rule counts.
    pub fn round_positions(&self) -> &[Position] {
        &self.round_positions
    }

    /// How the game ended and who won (`None` for a draw), once it is over.
    pub fn result(&self) -> Option<(Ending, Option<Side>)> {
        self.over
    }

    pub fn is_over(&self) -> bool {
        self.over.is_some()
    }

    /// Parker's matches: whether a round has ended and its loser is to choose the direction of
    /// the next one (a bare `+` or `-`) before the holes are filled.
    pub fn is_choosing(&self) -> bool {
        self.choosing
    }

    pub fn rules(&self) -> RuleSet {
        self.options.rules
    }

    /// The moves played, as the record string.
    pub fn record(&self) -> String {
        record_text(&self.moves_played(), self.options.rules)
    }

    /// The moves played, with who played each and in which round.
    pub fn plies(&self) -> &[Ply] {
        &self.record
    }

    /// The moves taken back that [`Game::redo`] would play again, in playing order.
    pub fn redo_plies(&self) -> impl Iterator<Item = &Ply> {
        self.undone.iter().rev()
    }

    pub fn moves_played(&self) -> Vec<u8> {
        self.record.iter().map(|ply| ply.number).collect()
    }

    /// Legal moves of the player to move (none once the game is over).
    pub fn legal_moves(&self) -> Vec<u8> {
        if self.is_over() {
            Vec::new()
        } else if self.choosing {
            Direction::BOTH.map(|d| signed(0, d)).to_vec()
        } else {
            self.position.legal_moves()
        }
    }

    /// Plays the mover's hole `number` (1..=7 from their left) and returns the move's trace.
    /// An illegal move returns the reason and changes nothing.
    pub fn play(&mut self, number: u8) -> Result<Vec<Event>, MoveError> {
        let mut trace = Vec::new();
        self.play_into(number, &mut trace)?;
        Ok(trace)
    }

    /// The trace the move would have, without playing it.
    pub fn preview(&self, number: u8) -> Result<Vec<Event>, MoveError> {
        let mut trace = Vec::new();
        self.clone().advance(number, &mut trace)?;
        Ok(trace)
    }

    /// Plays a move, reporting its events to `sink` (`&mut ()` for none). Clears the redo list.
    pub fn play_into<S: Sink>(&mut self, number: u8, sink: &mut S) -> Result<Sown, MoveError> {
        let sown = self.advance(number, sink)?;
        self.undone.clear();
        Ok(sown)
    }

    fn advance<S: Sink>(&mut self, number: u8, sink: &mut S) -> Result<Sown, MoveError> {
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        let (next, sown) = if self.choosing {
            if hole_number(number) != 0 || move_direction(number).is_none() {
                return Err(MoveError::Choosing { side: self.position.to_move });
            }
            (self.position, Sown { laps: 0, captured: 0, beads: 0 })
        } else {
            self.position.play(number, sink)?
        };
        self.record.push(Ply { number, side: self.position.to_move, round: self.round });
        self.marks.push(Mark {
            position: self.position,
            round: self.round,
            over: self.over,
            positions: self.round_positions.len(),
            choosing: self.choosing,
        });
        self.position = next;
        if let (true, Some(direction)) = (self.choosing, move_direction(number)) {
            self.fill_parker_round(direction, sink);
        }
        self.settle(sink);
        Ok(sown)
    }

    /// Takes back the last move. Returns false when there is none.
    pub fn undo(&mut self) -> bool {
        let (Some(last), Some(mark)) = (self.record.pop(), self.marks.pop()) else { return false };
        self.undone.push(last);
        if mark.round == self.round {
            // The move stayed in its round: forget the positions it added to the round's count.
            for position in self.round_positions.drain(mark.positions..) {
                let key = seen_key(&position);
                if let Some(seen) = self.seen.get_mut(&key) {
                    *seen -= 1;
                    if *seen == 0 {
                        self.seen.remove(&key);
                    }
                }
            }
            self.position = mark.position;
            self.over = mark.over;
            self.choosing = mark.choosing;
        } else {
            // A move that ended a round (rare) is taken back by replaying the game without it.
            let undone = std::mem::take(&mut self.undone);
            let record = std::mem::take(&mut self.record);
            let mut game = Game::begin(self.options, self.start.clone());
            for ply in &record {
                game.advance(ply.number, &mut ()).expect("a move of the record stays legal when replayed");
            }
            game.undone = undone;
            *self = game;
        }
        true
    }

    /// Plays again the last move taken back, returning its trace; `None` when there is none.
    pub fn redo(&mut self) -> Option<Vec<Event>> {
        let ply = self.undone.pop()?;
        let mut trace = Vec::new();
        // An undone move is legal where it was taken back, since nothing else changed since.
        self.advance(ply.number, &mut trace).ok()?;
        Some(trace)
    }

    pub fn can_undo(&self) -> bool {
        !self.record.is_empty()
    }

    /// The moves taken back that [`Game::redo`] would play again, in playing order.
    pub fn redo_moves(&self) -> String {
        let moves: Vec<u8> = self.redo_plies().map(|ply| ply.number).collect();
        record_text(&moves, self.options.rules)
    }

    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    /// Ends the game, the round or the match when the position calls for it, and starts the next
    /// round in rounds mode.
    fn settle<S: Sink>(&mut self, sink: &mut S) {
        loop {
            if self.choosing {
                return;
            }
            self.round_positions.push(self.position);
            let seen = self.seen.entry(seen_key(&self.position)).or_insert(0);
            *seen += 1;
            let position = &self.position;
            let Some(ending) = Ending::of(*seen as usize, || position.has_legal_move()) else { return };
            self.position.claim_at_end(ending, sink);
            let reserves = self.position.reserves;

            if !self.options.rounds {
                return self.finish(ending, self.position.ahead(), sink);
            }

            sink.event(Event::RoundEnd { round: self.round, ending });
            if self.options.rules.is_parker() {
                return self.end_parker_round(sink);
            }
            if let Some(loser) = match_loser(reserves) {
                return self.finish(Ending::MatchOver, Some(loser.opponent()), sink);
            }
            self.start_round(sink);
        }
    }

    fn finish<S: Sink>(&mut self, ending: Ending, winner: Option<Side>, sink: &mut S) {
        self.over = Some((ending, winner));
        sink.event(Event::GameOver { ending, winner });
    }

    fn start_round<S: Sink>(&mut self, sink: &mut S) {
        let (seeds, in_play, left) = refill(self.position.reserves);
        for (hole, &n) in seeds.iter().enumerate().filter(|(_, &n)| n > 0) {
            sink.event(Event::Fill { hole: hole as u8, seeds: n });
        }
        let starter = next_starter(self.position.reserves, self.round_starter);
        self.round += 1;
        self.round_starter = starter;
        self.position = Position::new(
            self.options.rules,
            seeds,
            left,
            Track::new(in_play).expect("both sides hold at least four seeds, so holes are in play"),
            starter,
        );
        self.seen.clear();
        self.round_positions.clear();
        sink.event(Event::RoundStart { round: self.round, to_move: starter, in_play });
    }

    /// Parker's matches, after a round's claim: the loser (fewer seeds; on equal seeds the player
    /// who did not start the round) loses the match if he cannot sow in the next round, and
    /// otherwise is to choose its direction.
    fn end_parker_round<S: Sink>(&mut self, sink: &mut S) {
        let loser = next_starter(self.position.reserves, self.round_starter);
        if parker_match_lost(self.position.reserves, loser, self.round + 1) {
            return self.finish(Ending::MatchOver, Some(loser.opponent()), sink);
        }
        self.round += 1;
        self.round_starter = loser;
        self.position.to_move = loser;
        self.choosing = true;
        self.seen.clear();
        self.round_positions.clear();
        sink.event(Event::Choosing { round: self.round, side: loser });
    }

    /// Parker's matches: the starter chose `direction`; the holes are filled for the round.
    fn fill_parker_round<S: Sink>(&mut self, direction: Direction, sink: &mut S) {
        let starter = self.position.to_move;
        sink.event(Event::Chosen { direction });
        let fill = parker_fill(self.position.reserves, starter, direction, self.round);
        let mut before = fill.seeds;
        if let Some(short) = fill.short {
            before[short.opposite] += short.removed;
        }
        for (hole, &n) in before.iter().enumerate().filter(|(_, &n)| n > 0) {
            sink.event(Event::Fill { hole: hole as u8, seeds: n });
        }
        if let Some(short) = fill.short {
            sink.event(Event::Short {
                hole: short.hole as u8,
                short: short.short,
                opposite: short.opposite as u8,
                removed: short.removed,
            });
        }
        let track = Track::toward(fill.in_play, direction).expect("both rows have holes in play");
        let mut position = Position::new(self.options.rules, fill.seeds, fill.reserves, track, starter);
        position.direction = Some(direction);
        position.marks = fill.marks;
        self.position = position;
        self.choosing = false;
        sink.event(Event::RoundStart { round: self.round, to_move: starter, in_play: fill.in_play });
    }
}
