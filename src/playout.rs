//! Random playouts: whole games of uniformly random legal moves, for benchmarks and tests.

use crate::board::{Seeds, Track, HOLES, ROW, SEEDS_PER_HOLE};
use crate::game::{Game, Options};
use crate::sowing::{sow, Endless};

/// A small, fast, seedable random number generator (SplitMix64), the same on every platform.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// Totals over a batch of playouts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct PlayoutStats {
    pub games: u64,
    pub moves: u64,
    pub laps: u64,
}

/// Plays one game of random legal moves to its end.
pub fn random_game(options: Options, rng: &mut Rng) -> Game {
    let mut game = Game::new(options);
    while let Some(&number) = pick(&game.legal_moves(), rng) {
        game.play_into(number, &mut ()).expect("a legal move is accepted");
    }
    game
}

fn pick<'a>(moves: &'a [u8], rng: &mut Rng) -> Option<&'a u8> {
    (!moves.is_empty()).then(|| &moves[rng.below(moves.len())])
}

/// Plays `games` random single games from `seed` and counts their moves and laps.
///
/// ```
/// let stats = walak::playout::playouts(3, 1);
/// assert_eq!(stats.games, 3);
/// assert!(stats.moves > 0);
/// ```
pub fn playouts(games: u64, seed: u64) -> PlayoutStats {
    let mut rng = Rng::new(seed);
    let mut stats = PlayoutStats::default();
    for _ in 0..games {
        let mut game = Game::new(Options::default());
        while let Some(&number) = pick(&game.legal_moves(), &mut rng) {
            let sown = game.play_into(number, &mut ()).expect("a legal move is accepted");
            stats.moves += 1;
            stats.laps += sown.laps as u64;
        }
        stats.games += 1;
    }
    stats
}

/// The bare cost of the rules, the yardstick [`playouts`] is measured against: random games on a
/// plain board with the one sowing ([`sow`]) and nothing else. The player to move sows a random
/// hole with seeds (another is drawn after an endless sowing, so the choice stays uniform over the
/// legal moves) until they have none; there is no repetition rule, no history, no claim at the
/// end and no record. Its games are [`playouts`]'s but for the rare one whose positions repeat.
///
/// ```
/// let stats = walak::playout::bare_playouts(3, 1);
/// assert_eq!(stats.games, 3);
/// assert!(stats.moves > 0);
/// ```
pub fn bare_playouts(games: u64, seed: u64) -> PlayoutStats {
    let track = Track::full();
    let mut rng = Rng::new(seed);
    let mut stats = PlayoutStats::default();
    for _ in 0..games {
        let mut board: Seeds = [SEEDS_PER_HOLE; HOLES];
        let mut row = 0; // the first hole of the mover's row: South's 0, North's ROW
        loop {
            let mut holes = [0; ROW];
            let mut count = 0;
            for hole in (row..row + ROW).filter(|&hole| board[hole] > 0) {
                holes[count] = hole;
                count += 1;
            }
            let sown = loop {
                if count == 0 {
                    break None;
                }
                let i = rng.below(count);
                match sow(&board, &track, holes[i], &mut ()) {
                    Ok(result) => break Some(result),
                    Err(Endless) => {
                        count -= 1;
                        holes.swap(i, count);
                    }
                }
            };
            let Some((after, sown)) = sown else { break };
            board = after;
            stats.moves += 1;
            stats.laps += sown.laps as u64;
            row = ROW - row;
        }
        stats.games += 1;
    }
    stats
}
