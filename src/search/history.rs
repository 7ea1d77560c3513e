//! The real game's positions that the repetition rule still counts when the search begins.

use crate::board::board_seeds;
use crate::game::Game;

use super::keys::position_key;

/// The keys of the game's positions since its last capture in this round, oldest first, the
/// current position last.
///
/// A capture lowers the seeds on the board for good, so the positions that can still recur are
/// exactly those since the last one. The game keeps its record, not its positions, so they are
/// found by taking moves back on a copy; each step replays the record, which is quick next to a
/// search (a long match of 3,000 moves replays in about a millisecond).
pub(crate) fn positions_since_capture(game: &Game, track_key: u64) -> Vec<u64> {
    let key_of = |game: &Game| {
        let position = game.position();
        position_key(position.seeds(), position.to_move(), track_key)
    };
    let seeds = board_seeds(game.position().seeds());
    let mut keys = vec![key_of(game)];
    let mut earlier = game.clone();
    while earlier.undo() {
        if earlier.round() != game.round() || board_seeds(earlier.position().seeds()) != seeds {
            break;
        }
        keys.push(key_of(&earlier));
    }
    keys.reverse();
    keys
}
