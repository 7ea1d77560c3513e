//! The state of a game as the outside sees it: the JSON schema shared by the command-line tool,
//! the WebAssembly API and the golden test vectors. It only shapes what the rules ([`crate::rules::game`],
//! [`crate::rules::outcome`]) hold; it decides nothing.

use serde::{Deserialize, Serialize};

use crate::rules::board::{hole_of, Seeds, Track, HOLES, ROW};
use crate::rules::game::Game;
use crate::rules::outcome::{Status, Winner};
use crate::rules::side::Side;
use crate::rules::sowing::sow;

/// A game's state, in exactly the schema of the `state` objects of the golden vectors.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
    /// The legal moves of the player to move, as hole numbers 1..=7 from their left, ascending.
    pub legal: Vec<u8>,
}

impl From<&Game> for StateView {
    fn from(game: &Game) -> StateView {
        let position = game.position();
        StateView {
            board: position.seeds,
            reserves: position.reserves,
            to_move: position.to_move,
            round: game.round(),
            in_play: position.track.in_play(),
            status: if game.is_over() { Status::GameOver } else { Status::Playing },
            winner: game.result().map(|(_, side)| Winner::from_side(side)),
            legal: game.legal_moves(),
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
                },
                Err(_) => MoveOutcome { hole: number, endless: true, board: None, captured: None, laps: None },
            })
        })
        .collect()
}
