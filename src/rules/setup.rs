//! Setting up a game from an arbitrary position, checked so that impossible positions are refused.

use serde::{Deserialize, Serialize};

use crate::rules::board::{board_seeds, Seeds, Track, HOLES, TOTAL_SEEDS};
use crate::rules::error::SetupError;
use crate::rules::game::{Game, Options, Start};
use crate::rules::position::Position;
use crate::rules::ruleset::{Direction, RuleSet};
use crate::rules::side::Side;

/// A position described by hand: the board, the reserves, who is to move and, in rounds mode, the
/// round and its holes in play.
///
/// ```
/// use walak::{Setup, Side};
/// let mut setup = Setup::new([4; 14], [0, 0], Side::North);
/// assert_eq!(setup.to_game().unwrap().view().to_move, Side::North);
/// setup.board[0] = 5;
/// assert_eq!(setup.to_game().unwrap_err().to_string(),
///            "the board and reserves hold 57 seeds, but a game has exactly 56");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// Seeds per hole in track order (14 numbers).
    pub board: Vec<u8>,
    /// Seeds held off the board, `[south, north]`.
    #[serde(default)]
    pub reserves: [u8; 2],
    pub to_move: Side,
    /// A match in rounds rather than a single game.
    #[serde(default)]
    pub rounds: bool,
    /// The round, from 1.
    #[serde(default = "first_round")]
    pub round: u16,
    /// Holes in play (14 booleans); all when absent.
    #[serde(default)]
    pub in_play: Option<Vec<bool>>,
    /// Who started this round (decides who starts the next one on equal seeds); the player to
    /// move when absent.
    #[serde(default)]
    pub round_starter: Option<Side>,
    /// The rules played by; today's when absent.
    #[serde(default, skip_serializing_if = "RuleSet::is_default")]
    pub rules: RuleSet,
    /// Parker's games: the direction already chosen for the round; when absent the next move
    /// chooses it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub direction: Option<Direction>,
}

fn first_round() -> u16 {
    1
}

impl Setup {
    /// A single-game position.
    pub fn new(board: Seeds, reserves: [u8; 2], to_move: Side) -> Setup {
        Setup {
            board: board.to_vec(),
            reserves,
            to_move,
            rounds: false,
            round: 1,
            in_play: None,
            round_starter: None,
            rules: RuleSet::MancalaWorld,
            direction: None,
        }
    }

    /// The game starting from this position, or what makes the position impossible.
    pub fn to_game(&self) -> Result<Game, SetupError> {
        let seeds: Seeds = self
            .board
            .as_slice()
            .try_into()
            .map_err(|_| SetupError::Malformed { part: "board", found: self.board.len() })?;
        let in_play: [bool; HOLES] = match &self.in_play {
            None => [true; HOLES],
            Some(flags) => flags
                .as_slice()
                .try_into()
                .map_err(|_| SetupError::Malformed { part: "in_play", found: flags.len() })?,
        };
        let total = board_seeds(&seeds) + self.reserves.iter().map(|&r| r as u32).sum::<u32>();
        if total != TOTAL_SEEDS {
            return Err(SetupError::SeedCount { found: total });
        }
        if self.round == 0 {
            return Err(SetupError::RoundZero);
        }
        if in_play.contains(&false) && (!self.rounds || self.round == 1) {
            return Err(SetupError::OutOfPlayInFirstRound);
        }
        if !self.rounds && self.round != 1 {
            return Err(SetupError::RoundInSingleGame { round: self.round });
        }
        if let Some(hole) = (0..HOLES).find(|&h| !in_play[h] && seeds[h] > 0) {
            return Err(SetupError::SeedsOutOfPlay { hole });
        }
        for side in Side::BOTH {
            let row = &in_play[side.row()];
            if !row[0] {
                return Err(SetupError::NoHoleInPlay { side });
            }
            if row.windows(2).any(|pair| !pair[0] && pair[1]) {
                return Err(SetupError::InPlayNotFromLeft { side });
            }
        }
        let direction = if self.rules.is_parker() { self.direction } else { None };
        let track = Track::toward(in_play, direction.unwrap_or(Direction::Counterclockwise))
            .expect("each side has a hole in play");
        let mut position = Position::new(self.rules, seeds, self.reserves, track, self.to_move);
        position.direction = direction;
        let start = Start { position, round: self.round, round_starter: self.round_starter.unwrap_or(self.to_move) };
        Ok(Game::begin(Options { rounds: self.rounds, first: self.to_move, rules: self.rules }, start))
    }
}

/// A position a game begins from as links, saved games and the page write it:
/// `{board, reserves, to_move, round?, in_play?, direction?}`. Whether the game is played in rounds is not
/// part of it but of the game's options, so [`StartPosition::setup`] is told.
///
/// ```
/// use walak::rules::setup::StartPosition;
/// let start: StartPosition = serde_json::from_str(
///     r#"{"board": [0,0,0,0,0,0,1,0,0,0,0,0,0,1], "reserves": [30,24], "to_move": "south"}"#).unwrap();
/// let setup = start.clone().setup(false);
/// assert_eq!(setup.to_game().unwrap().legal_moves(), vec![7]);
/// assert_eq!(setup.start_position(), start);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StartPosition {
    /// Seeds per hole in track order (14 numbers).
    pub board: Vec<u8>,
    /// Seeds held off the board, `[south, north]`.
    #[serde(default)]
    pub reserves: [u8; 2],
    pub to_move: Side,
    /// The round, from 1; written for games in rounds only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<u16>,
    /// Holes in play (14 booleans); all when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub in_play: Option<Vec<bool>>,
    /// Parker's games: the round's direction, `"+"` or `"-"`, when already chosen; when absent
    /// the next move chooses it. Today's rules have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub direction: Option<Direction>,
}

impl StartPosition {
    /// The set-up of this position in a game played in rounds or not.
    pub fn setup(self, rounds: bool) -> Setup {
        Setup {
            board: self.board,
            reserves: self.reserves,
            to_move: self.to_move,
            rounds,
            round: self.round.unwrap_or(1),
            in_play: self.in_play,
            round_starter: None,
            rules: RuleSet::MancalaWorld,
            direction: self.direction,
        }
    }
}

impl Setup {
    /// The position as links and saved games write it. Who started the round is not carried:
    /// a game read back takes the player to move.
    pub fn start_position(&self) -> StartPosition {
        StartPosition {
            board: self.board.clone(),
            reserves: self.reserves,
            to_move: self.to_move,
            round: self.rounds.then_some(self.round),
            in_play: self.in_play.clone(),
            direction: if self.rules.is_parker() { self.direction } else { None },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_wrong_length_names_the_list_and_its_length() {
        let mut setup = Setup::new([4; 14], [0, 0], Side::South);
        setup.in_play = Some(vec![true; 3]);
        let error = setup.to_game().unwrap_err();
        assert_eq!(error.to_string(), "in_play must list 14 holes, not 3");
        assert_eq!(serde_json::to_value(&error).unwrap(), json!({"kind": "malformed", "part": "in_play", "found": 3}));
        setup.board = vec![4; 15];
        let error = setup.to_game().unwrap_err();
        assert_eq!(error.to_string(), "the board must list 14 holes, not 15");
        assert_eq!(serde_json::to_value(&error).unwrap(), json!({"kind": "malformed", "part": "board", "found": 15}));
    }
}
