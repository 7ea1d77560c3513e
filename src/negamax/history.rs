//! The real game's positions that the repetition rule still counts when the search begins.

use crate::rules::board::board_seeds;
use crate::rules::game::Game;

use super::round::Round;

/// The keys of the game's positions since its last capture in this round, oldest first, the
/// current position last, as positions of `round`.
///
/// A capture lowers the seeds on the board for good, so the positions that can still recur are
/// exactly those since the last one.
pub(crate) fn positions_since_capture(game: &Game, round: &Round) -> Vec<u64> {
    let seeds = board_seeds(game.position().seeds());
    let mut keys: Vec<u64> = game
        .round_positions()
        .iter()
        .rev()
        .take_while(|position| board_seeds(position.seeds()) == seeds)
        .map(|position| round.key_of(position.seeds(), position.to_move(), round.state_of(position)))
        .collect();
    keys.reverse();
    keys
}
