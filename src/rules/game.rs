//! A game: the rules of turns, repetition, the end of a game or round, and the match in rounds.
//!
//! How a game ended is told in the terms of [`crate::rules::outcome`]; its state as JSON,
//! [`Game::view`], is shaped in [`crate::format::view`].

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::rules::board::{Seeds, Track};
use crate::rules::error::{MoveError, RecordError};
use crate::rules::outcome::Ending;
use crate::rules::position::Position;
use crate::rules::record::parse_record;
use crate::rules::rounds::{match_loser, next_starter, refill};
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
}

impl Default for Options {
    fn default() -> Options {
        Options { rounds: false, first: Side::South }
    }
}

/// Where a game's record begins: the opening, or a position set up by hand.
#[derive(Clone, Debug)]
pub(crate) struct Start {
    pub position: Position,
    pub round: u16,
    pub round_starter: Side,
}

/// One move of a game's record: the hole number, who played it and in which round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ply {
    pub number: u8,
    pub side: Side,
    pub round: u16,
}

/// The state before a move, enough to take it back within its round.
#[derive(Clone, Debug)]
struct Mark {
    position: Position,
    round: u16,
    over: Option<(Ending, Option<Side>)>,
    /// How many positions the round had seen.
    positions: usize,
}

fn digits(plies: &[Ply]) -> String {
    plies.iter().map(|ply| char::from(b'0' + ply.number)).collect()
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
    seen: HashMap<(Seeds, Side), u8>,
    /// The positions of this round in order, the current one last.
    round_positions: Vec<Position>,
    over: Option<(Ending, Option<Side>)>,
}

impl Game {
    /// A new game from the opening.
    pub fn new(options: Options) -> Game {
        let start = Start { position: Position::start(options.first), round: 1, round_starter: options.first };
        Game::begin(options, start)
    }

    /// A game from the opening followed by the moves of `record` (digits 1..=7).
    pub fn from_record(record: &str, options: Options) -> Result<Game, RecordError> {
        let mut game = Game::new(options);
        game.play_record(record)?;
        Ok(game)
    }

    /// Plays the moves of `record` one after another. On an illegal move nothing is changed.
    pub fn play_record(&mut self, record: &str) -> Result<(), RecordError> {
        let moves = parse_record(record)?;
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

    /// The moves played, as the record string.
    pub fn record(&self) -> String {
        digits(&self.record)
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
        let (next, sown) = self.position.play(number, sink)?;
        self.record.push(Ply { number, side: self.position.to_move, round: self.round });
        self.marks.push(Mark {
            position: self.position,
            round: self.round,
            over: self.over,
            positions: self.round_positions.len(),
        });
        self.position = next;
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
                let key = (position.seeds, position.to_move);
                if let Some(seen) = self.seen.get_mut(&key) {
                    *seen -= 1;
                    if *seen == 0 {
                        self.seen.remove(&key);
                    }
                }
            }
            self.position = mark.position;
            self.over = mark.over;
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
        self.redo_plies().map(|ply| char::from(b'0' + ply.number)).collect()
    }

    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    /// Ends the game, the round or the match when the position calls for it, and starts the next
    /// round in rounds mode.
    fn settle<S: Sink>(&mut self, sink: &mut S) {
        loop {
            self.round_positions.push(self.position);
            let seen = self.seen.entry((self.position.seeds, self.position.to_move)).or_insert(0);
            *seen += 1;
            let position = &self.position;
            let Some(ending) = Ending::of(*seen as usize, || position.has_legal_move()) else { return };
            self.position.claim_at_end(ending, sink);
            let reserves = self.position.reserves;

            if !self.options.rounds {
                return self.finish(ending, self.position.ahead(), sink);
            }

            sink.event(Event::RoundEnd { round: self.round, ending });
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
        self.position = Position {
            seeds,
            reserves: left,
            track: Track::new(in_play).expect("both sides hold at least four seeds, so holes are in play"),
            to_move: starter,
        };
        self.seen.clear();
        self.round_positions.clear();
        sink.event(Event::RoundStart { round: self.round, to_move: starter, in_play });
    }
}
