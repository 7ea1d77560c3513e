//! The state of a game as the outside sees it: the JSON schema shared by the command-line tool,
//! the WebAssembly API and the golden test vectors. It only shapes what the rules ([`crate::rules::game`],
//! [`crate::rules::outcome`]) hold; it decides nothing.

use serde::{Deserialize, Serialize};

use crate::rules::board::{hole_of, Seeds, Track, HOLES, ROW};
use crate::rules::game::Game;
use crate::rules::marks::Short;
use crate::rules::outcome::{Status, Winner};
use crate::rules::ruleset::{move_text, Direction, RuleSet};
use crate::rules::side::Side;
use crate::rules::sowing::sow;

/// A game's state, in exactly the schema of the `state` objects of the golden vectors; in
/// Parker's games with the keys of [`ParkerState`] beside them, and the legal moves written as
/// strings in the notation (`"4+"`, `"3"`, `"-"`).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct StateView {
    /// Seeds per hole in track order: South's row from South's left, then North's from North's left.
    pub board: [u8; HOLES],
    /// Seeds held off the board: `[south, north]`.
    pub reserves: [u8; 2],
    /// Who moves next (after the end: who would have moved).
    pub to_move: Side,
    /// The round, from 1 (always 1 in a single game).
    pub round: u16,
    /// False for holes out of play this round.
    pub in_play: [bool; HOLES],
    pub status: Status,
    /// `None` while playing.
    pub winner: Option<Winner>,
    /// The legal moves of the player to move, as hole numbers 1..=7 from their left, ascending
    /// (in Parker's games, moves as [`crate::rules::ruleset::signed`] makes them).
    pub legal: Vec<u8>,
    /// Parker's games only.
    #[serde(skip)]
    pub parker: Option<ParkerState>,
}

/// What the state of Parker's games has beyond today's: the rule set, the direction, the marked
/// holes and the phase of a match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ParkerState {
    pub rules: RuleSet,
    /// `"+"`, `"-"`, or `null` before the first move chooses it.
    pub direction: Option<Direction>,
    /// Per hole: `"puta"`, `"naga"` or `null`.
    pub blocked: [Option<Short>; HOLES],
    /// Per hole: the side a tied hole belongs to, or `null`.
    pub tied_by: [Option<Side>; HOLES],
    /// `"play"`, `"choose"` (a match waits for a round's direction) or `"over"`.
    pub phase: Phase,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    Play,
    Choose,
    Over,
}

impl Serialize for StateView {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        #[serde(untagged)]
        enum Legal<'a> {
            Numbers(&'a [u8]),
            Moves(Vec<String>),
        }
        #[derive(Serialize)]
        struct Wire<'a> {
            board: &'a [u8; HOLES],
            reserves: &'a [u8; 2],
            to_move: Side,
            round: u16,
            in_play: &'a [bool; HOLES],
            status: Status,
            winner: Option<Winner>,
            legal: Legal<'a>,
            #[serde(flatten, skip_serializing_if = "Option::is_none")]
            parker: Option<&'a ParkerState>,
        }
        let legal = match self.parker {
            None => Legal::Numbers(&self.legal),
            Some(_) => Legal::Moves(self.legal.iter().map(|&mv| move_text(mv)).collect()),
        };
        Wire {
            board: &self.board,
            reserves: &self.reserves,
            to_move: self.to_move,
            round: self.round,
            in_play: &self.in_play,
            status: self.status,
            winner: self.winner,
            legal,
            parker: self.parker.as_ref(),
        }
        .serialize(serializer)
    }
}

impl From<&Game> for StateView {
    fn from(game: &Game) -> StateView {
        let position = game.position();
        let marks = position.marks();
        let parker = position.rules().is_parker().then(|| ParkerState {
            rules: position.rules(),
            direction: position.direction(),
            blocked: std::array::from_fn(|hole| marks.blocked(hole)),
            tied_by: std::array::from_fn(|hole| marks.tied_by(hole)),
            phase: if game.is_over() {
                Phase::Over
            } else if game.is_choosing() {
                Phase::Choose
            } else {
                Phase::Play
            },
        });
        StateView {
            board: position.seeds,
            reserves: position.reserves,
            to_move: position.to_move,
            round: game.round(),
            in_play: position.track.in_play(),
            status: if game.is_over() { Status::GameOver } else { Status::Playing },
            winner: game.result().map(|(_, side)| Winner::from_side(side)),
            legal: game.legal_moves(),
            parker,
        }
    }
}

impl Game {
    /// The state in the schema of the golden vectors.
    pub fn view(&self) -> StateView {
        StateView::from(self)
    }
}

/// The outcome of one move from a position, in the schema of the `moves` entries of the vectors.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveOutcome {
    /// The mover's hole, 1..=7 from their left.
    pub hole: u8,
    /// True when the sowing never ends (the move is not legal); the other fields are then absent.
    pub endless: bool,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub board: Option<[u8; HOLES]>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub captured: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub laps: Option<u16>,
    /// Parker's rules: the move as written (`"4+"`, `"3"`).
    #[serde(rename = "move", skip_serializing_if = "Option::is_none", default)]
    pub mv: Option<String>,
}

/// The outcome of every move of `side` from a board, whatever the reserves: for each non-empty
/// hole in play, the board after the move (before any end-of-game claim), the seeds captured and
/// the laps, or that the sowing is endless.
///
/// ```
/// use walak::{format::view::move_outcomes, rules::board::Track, Side};
/// let outcomes = move_outcomes(&[4; 14], &Track::full(), Side::South);
/// assert_eq!(outcomes.len(), 7);
/// assert!(outcomes.iter().all(|o| o.captured == Some(6) && o.laps == Some(7)));
/// ```
pub fn move_outcomes(seeds: &Seeds, track: &Track, side: Side) -> Vec<MoveOutcome> {
    (1..=ROW as u8)
        .filter_map(|number| {
            let hole = hole_of(side, number)?;
            (track.is_in_play(hole) && seeds[hole] > 0).then(|| match sow(seeds, track, hole, &mut ()) {
                Ok((board, sown)) => MoveOutcome {
                    hole: number,
                    endless: false,
                    board: Some(board),
                    captured: Some(sown.captured),
                    laps: Some(sown.laps),
                    mv: None,
                },
                Err(_) => {
                    MoveOutcome { hole: number, endless: true, board: None, captured: None, laps: None, mv: None }
                }
            })
        })
        .collect()
}
