//! The root of the search: iterative deepening, the endgame solve, and the time budget.

use crate::playout::Rng;
use crate::rules::board::board_seeds;
use crate::rules::game::Game;
use crate::rules::ruleset::{signed, Direction};

use super::alphabeta::{Tree, INFINITY};
use super::eval::UNIT;
use super::table::Table;
use super::{Limits, SearchResult};
use crate::negamax::children::{Child, Children};
use crate::negamax::history::positions_since_capture;
use crate::negamax::line::Line;
use crate::negamax::round::Round;

/// Share of the time budget an endgame solve may take before the search falls back to
/// deepening step by step with what is left.
const SOLVE_SHARE: f64 = 0.6;

/// What one pass over the root moves found.
enum Pass {
    /// Every move searched: the best, its score, and whether no evaluation was involved.
    Complete { number: u8, score: i32, exact: bool },
    /// Time ran out after some moves were searched: the best of those.
    Partial { number: u8, score: i32 },
    /// Time ran out before the first move was searched.
    Nothing,
}

/// A round the root's moves are played in, with the line of positions the repetition rule counts
/// in it: one, or before a Parker game's direction is chosen, one per direction.
struct Branch {
    round: Round,
    line: Line,
    /// The sign the branch's moves carry, when they choose the direction.
    sign: Option<Direction>,
}

/// The root moves in the order to search them, with their last scores.
struct Root {
    /// Each move and the branch it is played in.
    moves: Vec<(Child, usize)>,
    branches: Vec<Branch>,
    /// The branch the tree is set to.
    current: usize,
    scores: Vec<i32>,
    /// The move the last finished pass chose (an index into `moves`): searched first by the
    /// next pass. Its score alone does not put it first: a move that only failed to beat it keeps
    /// a bound that may equal it.
    best: Option<usize>,
    on_board: i32,
}

impl Root {
    /// One pass at `depth` plies, with boards of at most `solve_below` seeds searched to the end.
    fn pass(&mut self, tree: &mut Tree, depth: u32, solve_below: i32) -> Pass {
        tree.exact_below = solve_below;
        let guesses = tree.guesses;
        let mut order: Vec<usize> = (0..self.moves.len()).collect();
        // The last pass's choice first, then by score. Stable: among equal scores the seeded
        // shuffle decides.
        order.sort_by_key(|&i| (Some(i) != self.best, std::cmp::Reverse(self.scores[i])));
        let mover = tree.to_move;
        let mut best: Option<(u8, i32)> = None;
        let mut best_index = None;
        let mut alpha = -INFINITY;
        for (n, &i) in order.iter().enumerate() {
            let (child, branch) = self.moves[i];
            if branch != self.current {
                tree.round = self.branches[branch].round;
                tree.line = self.branches[branch].line.clone();
                self.current = branch;
            }
            let gained = child.captured as i32 * UNIT;
            let left = self.on_board - child.captured as i32;
            let next = mover.opponent();
            let state = child.state;
            tree.line.push(tree.round.key_of(&child.seeds, next, state), child.captured > 0);
            let d = depth as i32 - 1;
            let mut score;
            if n == 0 {
                score = gained - tree.negamax(&child.seeds, next, state, left, d, -INFINITY, INFINITY);
            } else {
                // Only a move that beats the best so far needs its exact score.
                score = gained - tree.negamax(&child.seeds, next, state, left, d, gained - alpha - 1, gained - alpha);
                if score > alpha && !tree.stopped {
                    score = gained - tree.negamax(&child.seeds, next, state, left, d, -INFINITY, gained - alpha);
                }
            }
            tree.line.pop();
            if tree.stopped {
                break;
            }
            self.scores[i] = score;
            if score > alpha {
                alpha = score;
                let number = match self.branches[branch].sign {
                    Some(direction) => signed(child.number, direction),
                    None => child.number,
                };
                best = Some((number, score));
                best_index = Some(i);
            }
        }
        if !tree.stopped {
            self.best = best_index;
        }
        match best {
            None => Pass::Nothing,
            Some((number, score)) if tree.stopped => Pass::Partial { number, score },
            Some((number, score)) => Pass::Complete { number, score, exact: tree.guesses == guesses },
        }
    }
}

/// Searches the game's position within `limits`; see [`super::Searcher::search`].
pub(crate) fn think(
    table: &mut Table,
    game: &Game,
    limits: &Limits,
    clock: &dyn Fn() -> f64,
    seed: u64,
) -> Option<SearchResult> {
    if game.is_over() {
        return None;
    }
    let position = *game.position();
    let started = clock();
    let budget = limits.time_ms.unwrap_or(f64::INFINITY);
    table.new_search();
    let mover = position.to_move();
    let branches: Vec<Branch> = Round::branches(&position)
        .into_iter()
        .map(|(round, sign)| Branch { round, line: Line::from_game(&positions_since_capture(game, &round)), sign })
        .collect();
    let mut tree = Tree {
        round: branches[0].round,
        to_move: mover,
        table,
        line: branches[0].line.clone(),
        weights: limits.weights,
        exact_below: -1,
        nodes: 0,
        guesses: 0,
        history: [[0; 8]; 2],
        clock,
        deadline: started + budget,
        stopped: false,
        deepest: 0,
        root_line: 0,
    };
    tree.root_line = tree.line.len();

    let on_board = board_seeds(position.seeds()) as i32;
    let mut moves: Vec<(Child, usize)> = Vec::new();
    for (b, branch) in branches.iter().enumerate() {
        let state = branch.round.state_of(&position);
        let children = Children::of(&branch.round, position.seeds(), state, mover);
        moves.extend(children.as_slice().iter().map(|&child| (child, b)));
    }
    let mut rng = Rng::new(seed);
    // Shuffled once; later passes sort stably by score, so `seed` picks among equal moves.
    for i in (1..moves.len()).rev() {
        moves.swap(i, rng.below(i + 1));
    }
    let mut root = Root { scores: vec![0; moves.len()], moves, branches, current: 0, best: None, on_board };
    // A forced move needs no long thought; a short look still gives an evaluation.
    let max_depth = if root.moves.len() == 1 { limits.depth.clamp(1, 4) } else { limits.depth.max(1) };

    // (move, score, depth, exact) of the deepest finished pass.
    let mut found: Option<(u8, i32, u32, bool)> = None;
    fn finish(pass: Pass, depth: u32, found: &mut Option<(u8, i32, u32, bool)>) -> bool {
        match pass {
            Pass::Complete { number, score, exact } => {
                *found = Some((number, score, depth, exact));
                exact
            }
            Pass::Partial { number, score } => {
                // The old best was searched first, so a better move here is better at this depth.
                let depth_done = found.map_or(0, |f| f.2);
                *found = Some((number, score, depth_done, false));
                true
            }
            Pass::Nothing => true,
        }
    }

    // A first shallow pass, so that there is a move to play whatever happens next.
    let mut done = finish(root.pass(&mut tree, 1, -1), 1, &mut found);
    if !done && on_board <= limits.exact_below as i32 {
        // A small endgame: solve it outright, within part of the budget.
        tree.deadline = started + budget * SOLVE_SHARE;
        let pass = root.pass(&mut tree, u32::MAX / 2, i32::MAX);
        if let Pass::Complete { number, score, exact: true } = pass {
            found = Some((number, score, 0, true));
            done = true;
        }
        tree.stopped = false;
        tree.deadline = started + budget;
    }
    let deepening = clock();
    let left = started + budget - deepening;
    let mut depth = 2;
    while !done && depth <= max_depth {
        done = finish(root.pass(&mut tree, depth, -1), depth, &mut found);
        // The next pass takes a few times as long as all before it: do not start what cannot
        // finish.
        done |= clock() - deepening > left / 2.0;
        depth += 1;
    }

    let (number, score, depth, exact) = found?;
    let reserves = position.reserves();
    let held = reserves[mover.index()] as i32 - reserves[mover.opponent().index()] as i32;
    let depth = if exact && depth == 0 { tree.deepest } else { depth };
    Some(SearchResult { number, eval: held + seeds_of(score), depth, nodes: tree.nodes, exact })
}

/// A score in whole seeds, rounded to the nearest.
fn seeds_of(score: i32) -> i32 {
    (score + score.signum() * UNIT / 2) / UNIT
}
