//! The computer's choice of move. For now one simple player: it takes the move that captures
//! most, less what the opponent could capture in reply. A stronger player plugs in here.

use crate::game::Game;
use crate::playout::Rng;
use crate::position::Position;

/// The move the computer plays for the player to move, or `None` when the game is over.
/// `seed` varies the choice between equally good moves.
///
/// ```
/// use walak::{player::choose_move, Game, Options};
/// let game = Game::new(Options::default());
/// let hole = choose_move(&game, 1).unwrap();
/// assert!((1..=7).contains(&hole));
/// ```
pub fn choose_move(game: &Game, seed: u64) -> Option<u8> {
    let legal = game.legal_moves();
    let mut rng = Rng::new(seed);
    let mut best: Option<(i32, u64, u8)> = None;
    for number in legal {
        let score = score(game.position(), number);
        let tiebreak = rng.next_u64();
        if best.is_none_or(|(s, t, _)| (score, tiebreak) > (s, t)) {
            best = Some((score, tiebreak, number));
        }
    }
    best.map(|(_, _, number)| number)
}

/// Seeds captured by the move, less the most the opponent can capture straight back.
fn score(position: &Position, number: u8) -> i32 {
    let Ok((after, sown)) = position.play(number, &mut ()) else { return i32::MIN };
    let reply = (1..=7u8)
        .filter_map(|n| after.play(n, &mut ()).ok())
        .map(|(_, reply)| reply.captured as i32)
        .max()
        .unwrap_or(0);
    sown.captured as i32 - reply
}
