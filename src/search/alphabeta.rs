//! The recursive search: negamax with alpha-beta, principal-variation windows, the transposition
//! table, and the end-of-game rules scored exactly.
//!
//! A score is the seeds the player to move will win from the board more than the opponent, in
//! [`UNIT`]s. Terminal positions score what the rules hand out ([`crate::negamax::step`]):
//! with no legal move the opponent takes the board; on a third occurrence each side takes its own
//! row.

use crate::rules::board::Seeds;
use crate::rules::side::Side;

use super::eval::{evaluate, Weights, UNIT};
use super::table::{Bound, Table, SOLVED};
use crate::negamax::children::Children;
use crate::negamax::keys::history_key;
use crate::negamax::line::Line;
use crate::negamax::round::{Round, State};
use crate::negamax::step::{self, Walk};

/// Above every score.
pub(crate) const INFINITY: i32 = 1 << 20;

/// Nodes between two looks at the clock: reading a browser's clock costs far more than a node.
const CLOCK_EVERY: u64 = 2048;

/// One search: what stays fixed while it runs and what it counts.
pub(crate) struct Tree<'a> {
    /// The rules of the round searched (the root's moves may be of two: see `root`).
    pub round: Round,
    /// Who is to move at the root.
    pub to_move: Side,
    pub table: &'a mut Table,
    pub line: Line,
    pub weights: Weights,
    /// Boards with at most this many seeds are searched to the end of the game, whatever the depth.
    pub exact_below: i32,
    pub nodes: u64,
    /// Evaluations used so far, stored results included: a search that adds none has solved its
    /// position.
    pub guesses: u64,
    /// Moves that caused cut-offs, per side and hole: tried earlier elsewhere.
    pub history: [[u32; 8]; 2],
    pub clock: &'a dyn Fn() -> f64,
    pub deadline: f64,
    pub stopped: bool,
    /// The longest line searched, in plies from the root.
    pub deepest: u32,
    /// Positions on the line before the root's first move.
    pub root_line: usize,
}

impl Walk for Tree<'_> {
    #[inline(always)]
    fn line(&mut self) -> &mut Line {
        &mut self.line
    }
}

impl Tree<'_> {
    #[inline]
    fn tick(&mut self) {
        self.nodes += 1;
        self.deepest = self.deepest.max((self.line.len() - self.root_line) as u32);
        if self.nodes % CLOCK_EVERY == 0 && (self.clock)() >= self.deadline {
            self.stopped = true;
        }
    }

    /// The value of the position on top of the line: `seeds` with `to_move` to play, its state
    /// `state` and `on_board` seeds on the board, searched `depth` plies deep within the window
    /// `alpha..beta`. Fail-soft: a score at or below `alpha` is an upper bound, at or above `beta`
    /// a lower bound.
    #[allow(clippy::too_many_arguments)]
    pub fn negamax(
        &mut self,
        seeds: &Seeds,
        to_move: Side,
        state: State,
        on_board: i32,
        depth: i32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        self.tick();
        if self.stopped {
            return 0;
        }
        if let Some(value) = step::repetition(&self.line, &self.round, seeds, state, to_move, on_board) {
            return value * UNIT;
        }
        let mut children = Children::of(&self.round, seeds, state, to_move);
        if children.is_empty() {
            return step::no_move(&self.round, seeds, state, to_move, on_board) * UNIT;
        }
        let most = on_board * UNIT;
        let exact = on_board <= self.exact_below;
        // A line too deep for the stack is guessed at, even where the board is searched to the end.
        let too_deep = self.line.len() - self.root_line > step::MAX_PLIES;
        if (depth <= 0 && !exact) || too_deep {
            self.guesses += 1;
            return evaluate(seeds, &self.round, state, to_move, &children, on_board, &self.weights);
        }
        // Nobody can win more than the seeds left.
        if alpha >= most {
            return most;
        }
        if beta <= -most {
            return -most;
        }

        let key = history_key(self.line.top(), self.line.history());
        let mut first = 0;
        if let Some(entry) = self.table.probe(key) {
            first = entry.best;
            if entry.depth == SOLVED || (!exact && entry.depth as i32 >= depth) {
                let score = entry.score as i32;
                let enough = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if enough {
                    if entry.depth != SOLVED {
                        self.guesses += 1;
                    }
                    return score;
                }
            }
        }

        self.order(&mut children, to_move, first);
        let guesses = self.guesses;
        let alpha_before = alpha;
        let mut alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = 0;
        let side = to_move.index();
        let next = to_move.opponent();
        for (i, child) in children.as_slice().iter().enumerate() {
            let left = on_board - child.captured as i32;
            let key = self.round.key_of(&child.seeds, next, child.state);
            // The reply's value within `a..b`, the opponent's window. After the first move, a null
            // window first: most moves only need proving worse than the best so far.
            let reply = |tree: &mut Self, a: i32, b: i32| {
                if i == 0 {
                    return tree.negamax(&child.seeds, next, child.state, left, depth - 1, a, b);
                }
                let value = tree.negamax(&child.seeds, next, child.state, left, depth - 1, b - 1, b);
                if value > a && value < b && !tree.stopped {
                    tree.negamax(&child.seeds, next, child.state, left, depth - 1, a, value)
                } else {
                    value
                }
            };
            let score = step::child_value(self, child, key, UNIT, alpha, beta, reply);
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = child.number;
            }
            if score > alpha {
                alpha = score;
                if score >= beta {
                    let bonus = (depth.max(1) * depth.max(1)) as u32;
                    let slot = &mut self.history[side][child.number as usize];
                    *slot = slot.saturating_add(bonus);
                    break;
                }
            }
        }

        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > alpha_before {
            Bound::Exact
        } else {
            Bound::Upper
        };
        // Nothing below was guessed: the result holds at any depth.
        let stored_depth = if self.guesses == guesses { SOLVED } else { depth.clamp(0, SOLVED as i32 - 1) as u8 };
        self.table.store(key, best_score, best_move, stored_depth, bound);
        best_score
    }

    /// The table's move first, then the bigger captures, then moves that cut off elsewhere.
    fn order(&self, children: &mut Children, to_move: Side, first: u8) {
        let history = &self.history[to_move.index()];
        let rank = |number: u8, captured: u8| -> u64 {
            ((number == first) as u64) << 40 | (captured as u64) << 32 | history[number as usize] as u64
        };
        children.as_mut_slice().sort_by_key(|c| std::cmp::Reverse(rank(c.number, c.captured)));
    }
}
