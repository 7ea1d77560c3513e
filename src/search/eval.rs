//! The evaluation: how many of the seeds still on the board the player to move can expect to win
//! more than the opponent, judged without looking further ahead.
//!
//! Scores are in hundredths of a seed ([`UNIT`] a seed). The search adds the seeds captured along
//! the line to this estimate, so an evaluation of 0 is the plain seed difference.

use crate::rules::board::{Seeds, Track};
use crate::rules::side::Side;

use crate::negamax::children::Children;
use crate::negamax::round::{Round, State};

/// One seed, in score units.
pub const UNIT: i32 = 100;

/// How much each feature of a board is worth, in score units per unit of the feature. All zero is
/// the plain seed difference.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Weights {
    /// Per seed of the best capture the player to move has now.
    pub capture: i32,
    /// Per seed of the best capture the opponent would have if it were their turn.
    pub threat: i32,
    /// Per seed in the mover's row more than in the opponent's.
    pub rows: i32,
    /// Per move the mover has more than the opponent would have (holes with seeds to sow; an
    /// endless sowing is too rare to be worth playing out here).
    pub mobility: i32,
    /// Per empty hole in the mover's row more than in the opponent's.
    pub empties: i32,
    /// Per hole of the mover holding a lap's worth of seeds (14 or more) more than the opponent's:
    /// seeds in hand for a long relay.
    pub stock: i32,
}

impl Weights {
    /// The plain seed difference: nothing but what has been captured.
    pub const MATERIAL: Weights = Weights { capture: 0, threat: 0, rows: 0, mobility: 0, empties: 0, stock: 0 };

    /// The weights the levels play with, chosen by playing matches (docs/measurements.md): the best
    /// capture on hand and mobility each won games; the other features won none and stay at zero.
    pub const TUNED: Weights = Weights { capture: 100, threat: 0, rows: 0, mobility: 100, empties: 0, stock: 0 };

    /// Whether the opponent's moves must be played out to evaluate.
    fn needs_replies(&self) -> bool {
        self.threat != 0
    }
}

/// The estimate for `mover` to play on `seeds`, whose legal moves are `moves`, within the seeds on
/// the board (`on_board`): nobody can win more than is left.
///
/// ```
/// use walak::rules::board::Track;
/// use walak::search::eval::{evaluate_board, Weights, UNIT};
/// use walak::Side;
/// // At the start every move captures six seeds.
/// let weights = Weights { capture: UNIT, ..Weights::MATERIAL };
/// assert_eq!(evaluate_board(&[4; 14], &Track::full(), Side::South, &weights), 6 * UNIT);
/// assert_eq!(evaluate_board(&[4; 14], &Track::full(), Side::South, &Weights::MATERIAL), 0);
/// ```
pub fn evaluate_board(seeds: &Seeds, track: &Track, mover: Side, weights: &Weights) -> i32 {
    let round = Round::today(*track);
    let moves = Children::of(&round, seeds, 0, mover);
    let on_board = seeds.iter().map(|&s| s as i32).sum();
    evaluate(seeds, &round, 0, mover, &moves, on_board, weights)
}

/// The estimate for `mover` to play on `seeds` in a position of `round` whose state is `state`;
/// see [`evaluate_board`].
pub(crate) fn evaluate(
    seeds: &Seeds,
    round: &Round,
    state: State,
    mover: Side,
    moves: &Children,
    on_board: i32,
    weights: &Weights,
) -> i32 {
    let mut score = 0;
    if weights.capture != 0 {
        let best = moves.as_slice().iter().map(|c| c.captured as i32).max().unwrap_or(0);
        score += weights.capture * best;
    }
    if weights.needs_replies() {
        let replies = Children::of(round, seeds, state, mover.opponent());
        let threat = replies.as_slice().iter().map(|c| c.captured as i32).max().unwrap_or(0);
        score -= weights.threat * threat;
    }
    let (own, other) = (&seeds[mover.row()], &seeds[mover.opponent().row()]);
    if weights.mobility != 0 {
        let sowable = |row: &[u8]| row.iter().filter(|&&s| s > 0).count() as i32;
        score += weights.mobility * (sowable(own) - sowable(other));
    }
    if weights.rows != 0 {
        let sum = |row: &[u8]| row.iter().map(|&s| s as i32).sum::<i32>();
        score += weights.rows * (sum(own) - sum(other));
    }
    if weights.empties != 0 {
        let empty = |side: Side| side.row().filter(|&h| round.track.is_in_play(h) && seeds[h] == 0).count() as i32;
        score += weights.empties * (empty(mover) - empty(mover.opponent()));
    }
    if weights.stock != 0 {
        let big = |row: &[u8]| row.iter().filter(|&&s| s >= 14).count() as i32;
        score += weights.stock * (big(own) - big(other));
    }
    score.clamp(-on_board * UNIT, on_board * UNIT)
}
