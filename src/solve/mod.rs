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

pub use crate::negamax::step::MAX_PLIES;
pub use book::Book;
pub use endgame::{Endgames, MOST_SEEDS as ENDGAME_MOST_SEEDS};
pub use endgame_build::Built;
pub use perfect::{Perfect, PERFECT_TABLE_MB, PROOF_MS};
pub use tree::Progress;

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Arc;

use serde::Serialize;

use crate::negamax::children::{Child, Children};
use crate::negamax::history::positions_since_capture;
use crate::negamax::line::Line;
use crate::negamax::round::{Round, State};
use crate::rules::board::{board_seeds, Track};
use crate::rules::game::Game;
use crate::rules::record::{digits, record_text};
use crate::rules::ruleset::{move_text, signed, Direction, RuleSet};
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
/// no `move_values` when there are none. In Parker's games moves are written in their notation:
/// `{"best": ["4+"], "move_values": {"1+": -2, …, "4+": 6, …}, "line": "4+ 2 7 …"}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The value for the player to move (for a finished game: the final difference for the
    /// player who would move next).
    pub value: i32,
    /// The moves that keep the value, ascending.
    pub best: Vec<u8>,
    /// Every legal move with its value for the player to move, ascending by hole (before a
    /// Parker game's direction is chosen, counterclockwise moves first); empty when not asked
    /// for, or when the game is over.
    pub move_values: Vec<(u8, i32)>,
    /// One perfect line from the position to the end of the game (or of the round).
    pub line: Vec<u8>,
    /// Positions visited.
    pub nodes: u64,
    /// The rules the moves are played by, which say how they are written.
    pub rules: RuleSet,
}

impl Serialize for Solution {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        #[serde(untagged)]
        enum Moves {
            Numbers(Vec<u8>),
            Written(Vec<String>),
        }
        #[derive(Serialize)]
        struct Wire {
            value: i32,
            best: Moves,
            #[serde(serialize_with = "by_move", skip_serializing_if = "Vec::is_empty")]
            move_values: Vec<(String, i32)>,
            line: String,
            nodes: u64,
        }
        let parker = self.rules.is_parker();
        Wire {
            value: self.value,
            best: if parker {
                Moves::Written(self.best.iter().map(|&mv| move_text(mv)).collect())
            } else {
                Moves::Numbers(self.best.clone())
            },
            move_values: self.move_values.iter().map(|&(mv, value)| (move_text(mv), value)).collect(),
            line: self.line_record(),
            nodes: self.nodes,
        }
        .serialize(serializer)
    }
}

/// Move values as an object keyed by move: `{"1": 6, "3": 0}`.
fn by_move<S: serde::Serializer>(values: &[(String, i32)], serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_map(values.iter().map(|(mv, value)| (mv, value)))
}

impl Solution {
    /// The perfect line as a record: digits by today's rules, moves separated by spaces in
    /// Parker's.
    pub fn line_record(&self) -> String {
        if self.rules.is_parker() {
            record_text(&self.line, self.rules)
        } else {
            digits(&self.line)
        }
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
    /// Set when the last solve gave up on a line deeper than [`MAX_PLIES`].
    too_deep: Arc<AtomicBool>,
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
    state: State,
    on_board: i32,
    /// The mover's reserve minus the opponent's.
    held: i32,
}

/// What a solve found in one of the rounds the root is solved in ([`Round::branches`]): its
/// moves' values, those that keep the position's value, and a perfect line, moves unsigned.
struct Found {
    move_values: Vec<(u8, i32)>,
    best: Vec<u8>,
    line: Option<Vec<u8>>,
}

impl Solver {
    /// A solver whose table takes at most `megabytes` MB.
    pub fn new(megabytes: usize) -> Solver {
        Solver {
            table: Table::new(megabytes),
            order: Order::Best,
            helpers: 0,
            nodes: 0,
            endgames: Endgames::none(),
            too_deep: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Whether the last solve stopped because a line of play ran deeper than [`MAX_PLIES`] moves
    /// below its position, which the stack would not hold (Kotu-baendum's rounds can run
    /// thousands of moves without a capture): it then returned [`Stopped`], as when the observer
    /// stops it.
    pub fn went_too_deep(&self) -> bool {
        self.too_deep.load(Relaxed)
    }

    /// The same solver, reading the values of boards with few seeds from `endgames` instead of
    /// searching them. The values are the same; only the time changes. (The table holds
    /// today's rules' boards: positions of Parker's games never read it.)
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

    fn root(game: &Game, round: &Round) -> Root {
        let position = game.position();
        let to_move = position.to_move();
        let reserves = position.reserves();
        Root {
            seeds: *position.seeds(),
            to_move,
            state: round.state_of(position),
            on_board: board_seeds(position.seeds()) as i32,
            held: reserves[to_move.index()] as i32 - reserves[to_move.opponent().index()] as i32,
        }
    }

    /// A tree solving the game's position in `round`.
    fn tree<'a>(&'a self, game: &Game, round: Round, observer: &'a mut dyn FnMut(&Progress) -> bool) -> Tree<'a> {
        let line = Line::from_game(&positions_since_capture(game, &round));
        let mut tree = Tree::new(round, &self.table, line, self.order, observer);
        tree.too_deep = self.too_deep.clone();
        // The endgame values are those of a single game's board by today's rules, every hole in
        // play.
        if round.rules == RuleSet::MancalaWorld && round.track == Track::full() && self.endgames.most() > 0 {
            tree.endgames = Some(&self.endgames);
        }
        tree
    }

    /// The value of the game's position for the player to move. `observer` hears of the progress
    /// every 65,536 positions and stops the solve by returning false.
    ///
    /// Before a Parker game's direction is chosen the value is the better of the two directions';
    /// when a Parker match waits for a round's direction, the better of the rounds either choice
    /// fills.
    pub fn value(&mut self, game: &Game, observer: &mut dyn FnMut(&Progress) -> bool) -> Result<i32, Stopped> {
        self.too_deep.store(false, Relaxed);
        if game.is_choosing() {
            let mut best = None;
            let mut nodes = 0;
            for (_, after) in choices(game) {
                let value = match settled(game, &after) {
                    Some(value) => value,
                    None => self.value(&after, observer)?,
                };
                nodes += self.nodes;
                best = best.max(Some(value));
            }
            self.nodes = nodes;
            return Ok(best.expect("a choice has two directions"));
        }
        let branches = Round::branches(game.position());
        let root = Solver::root(game, &branches[0].0);
        if game.is_over() {
            return Ok(root.held);
        }
        let helpers = self.helpers;
        self.table.new_generation();
        let (mut best, mut nodes) = (None, 0);
        for &(round, _) in solved_branches(&branches, game) {
            let mut tree = self.tree(game, round, observer);
            tree.view = (root.held, 1);
            let value =
                tree.exact_shared(&root.seeds, root.to_move, root.state, root.on_board, || guess(game), helpers);
            nodes += tree.nodes;
            best = best.max(Some(value.ok_or(Stopped)?));
        }
        self.nodes = nodes;
        Ok(root.held + best.expect("a position has a round"))
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
        let rules = game.rules();
        self.too_deep.store(false, Relaxed);
        if game.is_choosing() {
            return self.solve_choice(game, want, observer);
        }
        let branches = Round::branches(game.position());
        let root = Solver::root(game, &branches[0].0);
        if game.is_over() {
            return Ok(Solution { value: root.held, best: vec![], move_values: vec![], line: vec![], nodes: 0, rules });
        }
        let helpers = self.helpers;
        self.table.new_generation();
        let mirrored = solved_branches(&branches, game).len() < branches.len();
        let branches = solved_branches(&branches, game);
        let last = branches.len() - 1;
        // The value of each round the root is solved in: all but the last in trees of their own;
        // the last goes on to its moves in the same tree, as a position with one round does.
        let mut values = Vec::new();
        let mut nodes = 0;
        for &(round, _) in &branches[..last] {
            let mut tree = self.tree(game, round, observer);
            tree.view = (root.held, 1);
            let value =
                tree.exact_shared(&root.seeds, root.to_move, root.state, root.on_board, || guess(game), helpers);
            nodes += tree.nodes;
            values.push(value.ok_or(Stopped)?);
        }
        // The round whose line is given: the first that keeps the value.
        let line_in =
            |values: &[i32], value: i32, b: usize| want.line && values.iter().position(|&v| v == value) == Some(b);
        let mut found: Vec<Option<Found>> = branches.iter().map(|_| None).collect();
        let value = {
            let mut tree = self.tree(game, branches[last].0, observer);
            tree.view = (root.held, 1);
            let own = tree.exact_shared(&root.seeds, root.to_move, root.state, root.on_board, || guess(game), helpers);
            let result = own.ok_or(Stopped).and_then(|own| {
                values.push(own);
                let value = values.iter().copied().max().expect("a position has a round");
                let branch_want = Want { line: line_in(&values, value, last), ..want };
                let sign = branches[last].1;
                Solver::branch(&mut tree, game, &root, sign, own, value, branch_want, helpers).map(|f| (f, value))
            });
            nodes += tree.nodes;
            let (branch, value) = result?;
            found[last] = Some(branch);
            value
        };
        for (b, &(round, sign)) in branches[..last].iter().enumerate() {
            let mut tree = self.tree(game, round, observer);
            let branch_want = Want { line: line_in(&values, value, b), ..want };
            let branch = Solver::branch(&mut tree, game, &root, sign, values[b], value, branch_want, helpers);
            nodes += tree.nodes;
            found[b] = Some(branch?);
        }

        let mut rounds: Vec<(Found, Option<Direction>)> =
            found.into_iter().map(|f| f.expect("every round was solved")).zip(branches.iter().map(|b| b.1)).collect();
        if mirrored {
            // The position is its own mirror image: the clockwise moves are the mirror images of
            // the counterclockwise ones (hole `n` is hole `8 - n`), with the same values.
            let first = &rounds[0].0;
            let other = Found {
                move_values: first.move_values.iter().rev().map(|&(number, v)| (8 - number, v)).collect(),
                best: first.best.iter().rev().map(|&number| 8 - number).collect(),
                line: None,
            };
            rounds.push((other, Some(Direction::Clockwise)));
        }
        let (mut move_values, mut best, mut line) = (Vec::new(), Vec::new(), Vec::new());
        for (found, sign) in rounds {
            let mark = |number: u8| sign.map_or(number, |direction| signed(number, direction));
            move_values.extend(found.move_values.iter().map(|&(number, v)| (mark(number), root.held + v)));
            best.extend(found.best.iter().map(|&number| mark(number)));
            if let Some(found_line) = found.line {
                line = found_line;
                if let Some(first) = line.first_mut() {
                    *first = mark(*first);
                }
            }
        }
        Ok(Solution { value: root.held + value, best, move_values, line, nodes, rules })
    }

    /// Solves a Parker match's choice of a round's direction: each direction's round solved as a
    /// position of its own, the choice a move of the line.
    fn solve_choice(
        &mut self,
        game: &Game,
        want: Want,
        observer: &mut dyn FnMut(&Progress) -> bool,
    ) -> Result<Solution, Stopped> {
        let rules = game.rules();
        let mut solved = Vec::new();
        for (sign, after) in choices(game) {
            let solution = match settled(game, &after) {
                Some(value) => Solution { value, best: vec![], move_values: vec![], line: vec![], nodes: 0, rules },
                None => self.solve_wanting(&after, want, observer)?,
            };
            solved.push((sign, solution));
        }
        let value = solved.iter().map(|(_, s)| s.value).max().expect("a choice has two directions");
        let best: Vec<u8> = solved.iter().filter(|(_, s)| s.value == value).map(|&(sign, _)| sign).collect();
        let move_values =
            if want.move_values { solved.iter().map(|(sign, s)| (*sign, s.value)).collect() } else { vec![] };
        let nodes = solved.iter().map(|(_, s)| s.nodes).sum();
        let (sign, chosen) = solved.into_iter().find(|(_, s)| s.value == value).expect("the best choice");
        let line = if want.line { std::iter::once(sign).chain(chosen.line).collect() } else { vec![] };
        Ok(Solution { value, best, move_values, line, nodes, rules })
    }

    /// The moves of the root in one of its rounds, whose own value is `own` (the position's is
    /// `value`): their values, or only whether they keep the value, and a perfect line.
    #[allow(clippy::too_many_arguments)]
    fn branch(
        tree: &mut Tree,
        game: &Game,
        root: &Root,
        sign: Option<Direction>,
        own: i32,
        value: i32,
        want: Want,
        helpers: usize,
    ) -> Result<Found, Stopped> {
        let children = Children::of(&tree.round, &root.seeds, root.state, root.to_move);
        let next = root.to_move.opponent();
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
                    let number = sign.map_or(child.number, |direction| signed(child.number, direction));
                    after.play_into(number, &mut ()).expect("a generated move is legal");
                    guess(&after)
                };
                tree.exact(&child.seeds, next, child.state, root.on_board - gained, estimate)
                    .map(|reply| gained - reply)
            };
            for (child, v) in list.iter().zip(tree.each_move(list, next, helpers, &solve).ok_or(Stopped)?) {
                if v == value {
                    best.push(child.number);
                }
                values.push((child.number, v));
            }
        } else if own == value {
            // A move keeps the value when the reply cannot do better than `gained - value`.
            let keeps = |tree: &mut Tree, child: &Child| {
                let gained = child.captured as i32;
                let left = root.on_board - gained;
                tree.at_least(&child.seeds, next, child.state, left, gained - value + 1).map(|more| !more)
            };
            let kept = tree.each_move(list, next, helpers, &keeps).ok_or(Stopped)?;
            best.extend(list.iter().zip(kept).filter(|(_, kept)| *kept).map(|(child, _)| child.number));
        }
        best.sort_unstable();
        values.sort_unstable();

        let line = if want.line { Some(Solver::perfect_line(tree, root, value)?) } else { None };
        Ok(Found { move_values: values, best, line })
    }

    /// Follows moves that keep the value to the end: at each step the first move (in hole order)
    /// whose reply cannot do better than the value says.
    fn perfect_line(tree: &mut Tree, root: &Root, value: i32) -> Result<Vec<u8>, Stopped> {
        let (mut seeds, mut to_move, mut on_board, mut value) = (root.seeds, root.to_move, root.on_board, value);
        let mut state = root.state;
        let mut line = Vec::new();
        loop {
            let children = Children::of(&tree.round, &seeds, state, to_move);
            if tree.terminal(&seeds, to_move, state, &children, on_board).is_some() {
                break;
            }
            let next = to_move.opponent();
            let mut chosen = None;
            for child in children.as_slice() {
                let gained = child.captured as i32;
                tree.enter(child, next);
                let reply_more = tree.at_least(&child.seeds, next, child.state, on_board - gained, gained - value + 1);
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
            state = child.state;
            to_move = next;
        }
        Ok(line)
    }
}

/// The rounds of `branches` (the game's position's, [`Round::branches`]) to solve: all of them,
/// or only the first when the position is its own mirror image, which tells the other's values.
fn solved_branches<'a>(branches: &'a [(Round, Option<Direction>)], game: &Game) -> &'a [(Round, Option<Direction>)] {
    if branches.len() == 2 && Round::is_symmetric(game.position()) {
        &branches[..1]
    } else {
        branches
    }
}

/// A Parker match waiting for a round's direction: each direction the starter may choose (the
/// bare sign) and the game once it is chosen and the holes are filled.
fn choices(game: &Game) -> Vec<(u8, Game)> {
    Direction::BOTH
        .into_iter()
        .map(|direction| {
            let sign = signed(0, direction);
            let mut after = game.clone();
            after.play_into(sign, &mut ()).expect("a choosing game takes either direction");
            (sign, after)
        })
        .collect()
}

/// The value for the player who chose a direction when the round it filled was over at once (its
/// starter had no move), which a solve of the round cannot give; `None` when the round goes on.
fn settled(game: &Game, after: &Game) -> Option<i32> {
    let chooser = game.position().to_move();
    let over = after.is_over() || after.is_choosing() || after.round() != game.round();
    over.then(|| {
        let reserves = after.position().reserves();
        reserves[chooser.index()] as i32 - reserves[chooser.opponent().index()] as i32
    })
}
