//! Players who think like people: what they can see of a move, and the mistakes that follow.
//!
//! Relay sowing is what makes Walak-pussa hard to read: a hand that starts with four seeds can go
//! round the board seven times. A beginner counts the first lap and then can only hope; a casual
//! player follows the whole relay but looks no further than the opponent's best reply. Both
//! weigh what they see with a little noise, as people do, so their mistakes are the ones a person
//! makes (a missed reply, a relay misread), not random moves.

use crate::playout::Rng;
use crate::rules::game::Game;
use crate::rules::position::Position;
use crate::search::SearchResult;

/// A beginner follows a sowing this many laps; beyond, where the hand ends is a guess.
const BEGINNER_SIGHT: u16 = 1;
/// How far off a beginner's judgement of a move may be, in seeds (the spread of the noise).
const BEGINNER_NOISE: f64 = 2.0;
/// The most a beginner hopes a relay they cannot follow will capture.
const BEGINNER_HOPE: usize = 6;
/// How far off a casual player's judgement may be, in seeds.
const CASUAL_NOISE: f64 = 1.0;

/// Roughly normal noise with the given spread: the sum of three uniform numbers.
fn noise(rng: &mut Rng, spread: f64) -> f64 {
    let uniform = |rng: &mut Rng| (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 - 0.5;
    (uniform(rng) + uniform(rng) + uniform(rng)) * 2.0 * spread
}

/// Picks the legal move whose judged value is highest; `judge` gives what the player believes
/// a move is worth, in seeds.
fn pick(game: &Game, depth: u32, mut judge: impl FnMut(&Position, u8) -> (f64, u64)) -> Option<SearchResult> {
    let position = *game.position();
    let mut nodes = 0;
    let mut best: Option<(f64, u8)> = None;
    for number in game.legal_moves() {
        let (belief, looked) = judge(&position, number);
        nodes += looked;
        if best.map_or(true, |(b, _)| belief > b) {
            best = Some((belief, number));
        }
    }
    let (belief, number) = best?;
    let reserves = position.reserves();
    let mover = position.to_move();
    let held = reserves[mover.index()] as i32 - reserves[mover.opponent().index()] as i32;
    Some(SearchResult { number, eval: held + belief.round() as i32, depth, nodes, exact: false })
}

/// A beginner's move: the capture it can see after one lap, a hopeful guess for a relay it cannot
/// follow, and no thought of the reply.
pub(crate) fn beginner(game: &Game, seed: u64) -> Option<SearchResult> {
    let mut rng = Rng::new(seed);
    pick(game, 1, |position, number| {
        let (_, sown) = position.play(number, &mut ()).expect("a legal move plays");
        let seen = if sown.laps <= BEGINNER_SIGHT { sown.captured as f64 } else { rng.below(BEGINNER_HOPE + 1) as f64 };
        (seen + noise(&mut rng, BEGINNER_NOISE), 1)
    })
}

/// A casual player's move: the capture, less the best capture the opponent has in reply.
pub(crate) fn casual(game: &Game, seed: u64) -> Option<SearchResult> {
    let mut rng = Rng::new(seed);
    pick(game, 2, |position, number| {
        let (after, sown) = position.play(number, &mut ()).expect("a legal move plays");
        let replies: Vec<u8> = (1..=7).filter_map(|n| after.play(n, &mut ()).ok()).map(|(_, r)| r.captured).collect();
        let reply = replies.iter().copied().max().unwrap_or(0) as f64;
        (sown.captured as f64 - reply + noise(&mut rng, CASUAL_NOISE), 1 + replies.len() as u64)
    })
}

/// The plain one-ply greedy player the strongest level is measured against: the move that
/// captures most, ties broken by `seed`.
///
/// ```
/// use walak::computer::human::greedy;
/// use walak::{Game, Options};
/// let game = Game::new(Options::default());
/// assert!((1..=7).contains(&greedy(&game, 3).unwrap().number));
/// ```
pub fn greedy(game: &Game, seed: u64) -> Option<SearchResult> {
    let mut rng = Rng::new(seed);
    pick(game, 1, |position, number| {
        let (_, sown) = position.play(number, &mut ()).expect("a legal move plays");
        // The tie-break is far smaller than a seed.
        (sown.captured as f64 + rng.below(1000) as f64 / 10_000.0, 1)
    })
}
