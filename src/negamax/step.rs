//! One step of negamax, taken the same way by the search and the solver: where the rules end the
//! game, and how a move's value comes back from the position it leaves.
//!
//! A value here is what the seeds still on the board will give the player to move more than the
//! opponent; each caller counts it in units of its own (the search in fractions of a seed, the
//! solver in whole seeds).

use crate::rules::board::Seeds;
use crate::rules::outcome::Ending;
use crate::rules::side::Side;

use super::children::Child;
use super::line::Line;
use super::round::{Round, State};

/// How deep below the position searched an exact search may run: the search and the solver
/// recurse once a ply, and a deeper line would overflow the stack (a ply of the solver takes some
/// 700 bytes of it natively; a browser's worker has 1 MB, a native thread 8 MB). Today's rules'
/// solves run a few hundred plies deep; Kotu-baendum's lines without a capture run to
/// thousands. Beyond it the solver gives up, and the search guesses as at its horizon.
pub const MAX_PLIES: usize = if cfg!(target_arch = "wasm32") { 1_000 } else { 5_000 };

/// A walk down the game tree: it keeps the line of positions since the last capture, which the
/// repetition rule reads.
pub(crate) trait Walk {
    fn line(&mut self) -> &mut Line;
}

/// The value for its mover, in whole seeds, of the position on top of `line` (a position of
/// `round` in state `state`) if the repetition rule ends the game there ([`Ending::of`], scored by
/// the round's rules, [`Round::margin`]); `None` while it goes on. Repetition needs no sowing, so
/// it is looked at before the moves are made: the game then ends there whatever the moves are.
#[inline(always)]
pub(crate) fn repetition(
    line: &Line,
    round: &Round,
    seeds: &Seeds,
    state: State,
    to_move: Side,
    on_board: i32,
) -> Option<i32> {
    Ending::of(line.occurrences(), || true).map(|ending| round.margin(ending, seeds, state, to_move, on_board))
}

/// The value for its mover, in whole seeds, of a position that repetition did not end and whose
/// mover has no legal move: the rules end the game there ([`Ending::of`]) and score it
/// ([`Round::margin`]).
#[inline(always)]
pub(crate) fn no_move(round: &Round, seeds: &Seeds, state: State, to_move: Side, on_board: i32) -> i32 {
    round.margin(Ending::NoMoves, seeds, state, to_move, on_board)
}

/// The value of `child` for the mover: what the move captured, in `unit`s, less the value of the
/// position it leaves to the opponent. `value` finds that within the window it is handed (the
/// mover's `alpha..beta`, turned round for the opponent), while the child's position (`key`) is on
/// top of the line.
#[inline(always)]
pub(crate) fn child_value<T: Walk>(
    tree: &mut T,
    child: &Child,
    key: u64,
    unit: i32,
    alpha: i32,
    beta: i32,
    value: impl FnOnce(&mut T, i32, i32) -> i32,
) -> i32 {
    let gained = child.captured as i32 * unit;
    tree.line().push(key, child.captured > 0);
    let score = gained - value(tree, gained - beta, gained - alpha);
    tree.line().pop();
    score
}
