//! The exact solver: what a position is worth under perfect play from both sides.
//!
//! A **value** is the final seed difference, the player to move's reserve minus the opponent's at
//! the end of the game, when both play perfectly from here. Every rule is kept: the endless-sowing
//! rule (such moves are not generated), the end of a game when the player to move has no move, and
//! the third repetition with the game's own history since its last capture. In a match of rounds,
//! values run to the end of the current round.
//!
//! The values are exact: the search proves bounds and stores nothing else, so the result does not
//! depend on the table's size or the order moves are tried in (the tests check both, and check the
//! values against a plain exhaustive search).
//!
//! ```
//! use walak::solve::Solver;
//! use walak::{Game, Options};
//! // A late position of a real game, with 17 seeds on the board; South to move, 18–21 in reserve.
//! let game = Game::from_record("35141541325677424117", Options::default()).unwrap();
//! let solution = Solver::new(16).solve(&game, true, &mut |_| true).unwrap();
//! assert_eq!(solution.value, 0); // a draw with best play
//! assert_eq!(solution.move_values, [(2, -18), (3, -2), (5, 0), (6, -2)]);
//! assert_eq!(solution.best, [5]);
//! // The perfect line plays it out: 28–28.
//! let mut end = game.clone();
//! end.play_record(&solution.line_record()).unwrap();
//! assert_eq!(end.position().reserves(), [28, 28]);
//! ```

mod book;
mod endgame;
mod endgame_build;
mod perfect;
mod table;
mod tree;

pub use book::Book;
pub use endgame::{Endgames, MOST_SEEDS as ENDGAME_MOST_SEEDS};
pub use endgame_build::Built;
pub use perfect::{Perfect, PERFECT_TABLE_MB, PROOF_MS};
pub use tree::Progress;

use serde::Serialize;

use crate::negamax::children::{Child, Children};
use crate::negamax::history::positions_since_capture;
use crate::negamax::keys::track_key;
use crate::negamax::line::Line;
use crate::rules::board::{board_seeds, Track};
use crate::rules::game::Game;
use crate::rules::side::Side;

use table::Table;
use tree::{Order, Tree};

/// The table's size when none is asked for.
pub const DEFAULT_TABLE_MB: usize = 64;

/// The observer asked the solver to stop before it had proved what was asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped;

/// A position solved. As JSON (the shape `walak solve` prints):
/// `{"value": 6, "best": [1, 2], "move_values": {"1": 6, …}, "line": "1625…", "nodes": N}`, with
/// no `move_values` when there are none.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Solution {
    /// The value for the player to move (for a finished game: the final difference for the
    /// player who would move next).
    pub value: i32,
    /// The moves that keep the value, ascending.
    pub best: Vec<u8>,
    /// Every legal move with its value for the player to move, ascending by hole; empty when not
    /// asked for, or when the game is over.
    #[serde(serialize_with = "by_hole", skip_serializing_if = "Vec::is_empty")]
    pub move_values: Vec<(u8, i32)>,
    /// One perfect line from the position to the end of the game (or of the round).
    #[serde(serialize_with = "as_record")]
    pub line: Vec<u8>,
    /// Positions visited.
    pub nodes: u64,
}

/// Move values as an object keyed by hole: `{"1": 6, "3": 0}`.
fn by_hole<S: serde::Serializer>(values: &[(u8, i32)], serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_map(values.iter().map(|&(hole, value)| (hole.to_string(), value)))
}

fn as_record<S: serde::Serializer>(line: &[u8], serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&crate::rules::record::digits(line))
}

impl Solution {
    /// The perfect line as a record's digits.
    pub fn line_record(&self) -> String {
        crate::rules::record::digits(&self.line)
    }
}

/// Where the null-window tests start: a short heuristic search's estimate of the board's worth.
/// A good first guess saves tests; a bad one costs time, never exactness.
fn guess(game: &Game) -> i32 {
    let mut searcher = crate::search::Searcher::new(1);
    let limits = crate::search::Limits::depth(GUESS_DEPTH);
    let Some(found) = searcher.search(game, &limits, &|| 0.0, 0) else { return 0 };
    let reserves = game.position().reserves();
    let mover = game.position().to_move();
    found.eval - (reserves[mover.index()] as i32 - reserves[mover.opponent().index()] as i32)
}

/// Deep enough to guess the opening's value right (measured: depths 8 and 10 do, and save a third
/// of the nodes against a guess of 0), shallow enough to cost a few milliseconds.
const GUESS_DEPTH: u32 = 10;

/// What a solve is asked for beyond the value and the best moves.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Want {
    /// Every move's value.
    move_values: bool,
    /// One perfect line.
    line: bool,
}

/// The solver with its table, kept between solves so that one solve helps the next.
pub struct Solver {
    table: Table,
    order: Order,
    /// Threads beside the caller's that share the work of a solve.
    helpers: usize,
    /// Positions visited by the last `value`.
    nodes: u64,
    /// Values of boards with few seeds, read where a solve reaches one by a capture.
    endgames: Endgames,
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new(DEFAULT_TABLE_MB)
    }
}

/// The root of a solve: the game's position and its repetition history, set on a tree.
struct Root {
    seeds: crate::rules::board::Seeds,
    to_move: Side,
    on_board: i32,
    /// The mover's reserve minus the opponent's.
    held: i32,
}

impl Solver {
    /// A solver whose table takes at most `megabytes` MB.
    pub fn new(megabytes: usize) -> Solver {
        Solver { table: Table::new(megabytes), order: Order::Best, helpers: 0, nodes: 0, endgames: Endgames::none() }
    }

    /// The same solver, reading the values of boards with few seeds from `endgames` instead of
    /// searching them. The values are the same; only the time changes.
    pub fn with_endgames(mut self, endgames: Endgames) -> Solver {
        self.endgames = endgames;
        self
    }

    /// Takes the endgame values the solver reads (none at first).
    pub fn set_endgames(&mut self, endgames: Endgames) {
        self.endgames = endgames;
    }

    /// The same solver, trying moves in an order shuffled by `seed` instead of the best-first one:
    /// slower, and it must give the same values.
    pub fn shuffled(mut self, seed: u64) -> Solver {
        self.order = Order::Shuffled(seed);
        self
    }

    /// The same solver, solving on `threads` threads (one when 0 or 1; always one in WebAssembly).
    /// The values are the same; only the time changes.
    pub fn threads(mut self, threads: usize) -> Solver {
        self.helpers = threads.saturating_sub(1);
        self
    }

    fn root(game: &Game) -> Root {
        let position = game.position();
        let to_move = position.to_move();
        let reserves = position.reserves();
        Root {
            seeds: *position.seeds(),
            to_move,
            on_board: board_seeds(position.seeds()) as i32,
            held: reserves[to_move.index()] as i32 - reserves[to_move.opponent().index()] as i32,
        }
    }

    fn tree<'a>(&'a mut self, game: &Game, observer: &'a mut dyn FnMut(&Progress) -> bool) -> Tree<'a> {
        let track = *game.position().track();
        let key = track_key(&track);
        let line = Line::from_game(&positions_since_capture(game, key));
        self.table.new_generation();
        let mut tree = Tree::new(track, key, &self.table, line, self.order, observer);
        // The endgame values are those of a single game's board, every hole in play.
        if track == Track::full() && self.endgames.most() > 0 {
            tree.endgames = Some(&self.endgames);
        }
        tree
    }

    /// The value of the game's position for the player to move. `observer` hears of the progress
    /// every 65,536 positions and stops the solve by returning false.
    pub fn value(&mut self, game: &Game, observer: &mut dyn FnMut(&Progress) -> bool) -> Result<i32, Stopped> {
        let root = Solver::root(game);
        if game.is_over() {
            return Ok(root.held);
        }
        let helpers = self.helpers;
        let mut tree = self.tree(game, observer);
        tree.view = (root.held, 1);
        let value = tree.exact_shared(&root.seeds, root.to_move, root.on_board, || guess(game), helpers);
        let nodes = tree.nodes;
        self.nodes = nodes;
        Ok(root.held + value.ok_or(Stopped)?)
    }

    /// Positions visited by the last call of [`Solver::value`].
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Solves the game's position: its value, the moves that keep it, one perfect line, and with
    /// `move_values` the value of every legal move. `observer` as for [`Solver::value`].
    pub fn solve(
        &mut self,
        game: &Game,
        move_values: bool,
        observer: &mut dyn FnMut(&Progress) -> bool,
    ) -> Result<Solution, Stopped> {
        self.solve_wanting(game, Want { move_values, line: true }, observer)
    }

    /// The position's value and the moves that keep it, without a line or the other moves'
    /// values: what a perfect player needs to choose, and the quickest to prove. The solution's
    /// `line` and `move_values` are empty.
    pub fn best_moves(
        &mut self,
        game: &Game,
        observer: &mut dyn FnMut(&Progress) -> bool,
    ) -> Result<Solution, Stopped> {
        self.solve_wanting(game, Want { move_values: false, line: false }, observer)
    }

    /// The position's value, the moves that keep it and every move's value, without a line:
    /// what the page's move values and the opening book need. The solution's `line` is empty.
    pub fn move_values(
        &mut self,
        game: &Game,
        observer: &mut dyn FnMut(&Progress) -> bool,
    ) -> Result<Solution, Stopped> {
        self.solve_wanting(game, Want { move_values: true, line: false }, observer)
    }

    fn solve_wanting(
        &mut self,
        game: &Game,
        want: Want,
        observer: &mut dyn FnMut(&Progress) -> bool,
    ) -> Result<Solution, Stopped> {
        let root = Solver::root(game);
        if game.is_over() {
            return Ok(Solution { value: root.held, best: vec![], move_values: vec![], line: vec![], nodes: 0 });
        }
        let helpers = self.helpers;
        let mut tree = self.tree(game, observer);
        let children = Children::of(&root.seeds, &tree.track, root.to_move);
        let next = root.to_move.opponent();

        tree.view = (root.held, 1);
        let value =
            tree.exact_shared(&root.seeds, root.to_move, root.on_board, || guess(game), helpers).ok_or(Stopped)?;

        // Each move's value, or only whether it keeps the value.
        let list = children.as_slice();
        let (mut values, mut best) = (Vec::new(), Vec::new());
        if want.move_values {
            let solve = |tree: &mut Tree, child: &Child| {
                let gained = child.captured as i32;
                tree.view = (root.held + gained, -1);
                // A poor move's value is far from the position's: start from its own estimate.
                let estimate = || {
                    let mut after = game.clone();
                    after.play_into(child.number, &mut ()).expect("a generated move is legal");
                    guess(&after)
                };
                tree.exact(&child.seeds, next, root.on_board - gained, estimate).map(|reply| gained - reply)
            };
            for (child, v) in list.iter().zip(tree.each_move(list, next, helpers, &solve).ok_or(Stopped)?) {
                if v == value {
                    best.push(child.number);
                }
                values.push((child.number, root.held + v));
            }
        } else {
            // A move keeps the value when the reply cannot do better than `gained - value`.
            let keeps = |tree: &mut Tree, child: &Child| {
                let gained = child.captured as i32;
                tree.at_least(&child.seeds, next, root.on_board - gained, gained - value + 1).map(|more| !more)
            };
            let kept = tree.each_move(list, next, helpers, &keeps).ok_or(Stopped)?;
            best.extend(list.iter().zip(kept).filter(|(_, kept)| *kept).map(|(child, _)| child.number));
        }
        best.sort_unstable();
        values.sort_unstable();

        let line = if want.line { Solver::perfect_line(&mut tree, &root, value)? } else { vec![] };
        Ok(Solution { value: root.held + value, best, move_values: values, line, nodes: tree.nodes })
    }

    /// Follows moves that keep the value to the end: at each step the first move (in hole order)
    /// whose reply cannot do better than the value says.
    fn perfect_line(tree: &mut Tree, root: &Root, value: i32) -> Result<Vec<u8>, Stopped> {
        let (mut seeds, mut to_move, mut on_board, mut value) = (root.seeds, root.to_move, root.on_board, value);
        let mut line = Vec::new();
        loop {
            let children = Children::of(&seeds, &tree.track, to_move);
            if tree.terminal(&seeds, to_move, &children, on_board).is_some() {
                break;
            }
            let next = to_move.opponent();
            let mut chosen = None;
            for child in children.as_slice() {
                let gained = child.captured as i32;
                tree.enter(child, next);
                let reply_more = tree.at_least(&child.seeds, next, on_board - gained, gained - value + 1);
                match reply_more {
                    None => {
                        tree.leave();
                        return Err(Stopped);
                    }
                    Some(false) => {
                        chosen = Some(*child);
                        break;
                    }
                    Some(true) => tree.leave(),
                }
            }
            let child = chosen.expect("a move keeps the value of the position");
            line.push(child.number);
            value = child.captured as i32 - value;
            on_board -= child.captured as i32;
            seeds = child.seeds;
            to_move = next;
        }
        Ok(line)
    }
}
