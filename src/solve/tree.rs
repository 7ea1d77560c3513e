//! The proof search: negamax with alpha-beta over null windows, on what the board still holds.
//!
//! A value here is the seeds the player to move will win from the board more than the opponent,
//! in whole seeds, from `-on_board` to `on_board`. Every board seed ends in some reserve, so the
//! value always has the parity of the seeds on the board; bounds are rounded to it, which halves
//! the null-window tests.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Arc;

use crate::negamax::children::{Child, Children};
use crate::negamax::keys::history_key;
use crate::negamax::line::Line;
use crate::negamax::marks::Marks;
use crate::negamax::round::{Round, State};
use crate::negamax::step::{self, Walk, MAX_PLIES};
use crate::playout::Rng;
use crate::rules::board::{Seeds, ROW};
use crate::rules::ruleset::Direction;
use crate::rules::side::Side;

use super::endgame::Endgames;
use super::table::{Bounds, Table};

/// What a long solve reports now and then (every 65,536 positions).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Positions visited so far in this call.
    pub nodes: u64,
    /// The move being valued (1..=7), or `None` while the position's own value is sought.
    pub subject: Option<u8>,
    /// Parker's games: the direction of the round solved (both are, one after the other, before
    /// a game's direction is chosen).
    pub direction: Option<Direction>,
    /// What is proved so far: the value sought lies in `lower..=upper` (the root mover's view,
    /// reserves included).
    pub lower: i32,
    pub upper: i32,
}

/// Nodes between two calls of the observer.
const REPORT_EVERY: u64 = 1 << 16;

/// The stack of a native thread that helps a solve: room for [`MAX_PLIES`] and more.
const HELPER_STACK: usize = 8 << 20;

/// How children are ordered at every node: by what makes cut-offs likely, or shuffled (for tests
/// that the value does not depend on the order).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Order {
    Best,
    Shuffled(u64),
}

/// One solve in progress: the line since the last capture, the table, and what it counts.
pub(crate) struct Tree<'a> {
    /// The rules of the round solved.
    pub round: Round,
    pub table: &'a Table,
    /// Boards whose value is known right after a capture (a single game's only).
    pub endgames: Option<&'a Endgames>,
    /// Set by whichever thread finishes first (or by the observer's stop): the others stop.
    finished: Option<Arc<AtomicBool>>,
    /// The observer asked to stop.
    cancelled: bool,
    pub line: Line,
    pub nodes: u64,
    pub stopped: bool,
    order: Order,
    rng: Rng,
    /// Moves that caused cut-offs, per side and hole: tried earlier elsewhere.
    history: [[u32; 8]; 2],
    observer: &'a mut dyn FnMut(&Progress) -> bool,
    /// What the observer is told: the subject and the bounds being narrowed, in the root mover's view.
    pub progress: Progress,
    /// Turns a value of the position being solved into the root mover's view: `offset + sign * value`.
    pub view: (i32, i32),
    /// What the last score of [`Tree::negamax`] relied on.
    reach: Marks,
    /// The line's length at the position solved, from which plies are counted.
    root_len: usize,
    /// Set by whichever thread's line ran deeper than [`MAX_PLIES`]: the solve gave up.
    pub too_deep: Arc<AtomicBool>,
}

/// Bounds found in the table for one position, and what each relies on.
#[derive(Clone, Copy)]
struct Known {
    lower: i32,
    upper: i32,
    best: u8,
    lower_marks: Marks,
    upper_marks: Marks,
}

impl Known {
    fn nothing() -> Known {
        Known { lower: i32::MIN, upper: i32::MAX, best: 0, lower_marks: Marks::NONE, upper_marks: Marks::NONE }
    }

    /// A value known exactly, relying on no earlier position.
    fn exact(value: i32) -> Known {
        Known { lower: value, upper: value, best: 0, lower_marks: Marks::NONE, upper_marks: Marks::NONE }
    }

    /// Takes the tighter of each bound.
    #[inline]
    fn add(&mut self, bounds: Bounds) {
        if bounds.lower as i32 > self.lower {
            self.lower = bounds.lower as i32;
            self.lower_marks = bounds.marks;
        }
        if (bounds.upper as i32) < self.upper {
            self.upper = bounds.upper as i32;
            self.upper_marks = bounds.marks;
        }
        if bounds.best != 0 {
            self.best = bounds.best;
        }
    }
}

/// The value's parity: that of the seeds on the board.
#[inline]
fn round_up(value: i32, on_board: i32) -> i32 {
    value + ((value ^ on_board) & 1)
}

#[inline]
fn round_down(value: i32, on_board: i32) -> i32 {
    value - ((value ^ on_board) & 1)
}

impl Walk for Tree<'_> {
    #[inline(always)]
    fn line(&mut self) -> &mut Line {
        &mut self.line
    }
}

impl<'a> Tree<'a> {
    pub fn new(
        round: Round,
        table: &'a Table,
        line: Line,
        order: Order,
        observer: &'a mut dyn FnMut(&Progress) -> bool,
    ) -> Tree<'a> {
        let seed = match order {
            Order::Best => 0,
            Order::Shuffled(seed) => seed,
        };
        Tree {
            round,
            table,
            endgames: None,
            finished: None,
            cancelled: false,
            root_len: line.len(),
            line,
            nodes: 0,
            stopped: false,
            order,
            rng: Rng::new(seed),
            history: [[0; 8]; 2],
            observer,
            progress: Progress {
                nodes: 0,
                subject: None,
                direction: round.rules.is_parker().then(|| round.track.direction()),
                lower: 0,
                upper: 0,
            },
            view: (0, 1),
            reach: Marks::NONE,
            too_deep: Arc::new(AtomicBool::new(false)),
        }
    }

    /// The position a move leads to goes on the line; [`Tree::leave`] takes it back.
    #[inline]
    pub fn enter(&mut self, child: &Child, to_move: Side) {
        self.line.push(self.round.key_of(&child.seeds, to_move, child.state), child.captured > 0);
    }

    #[inline]
    pub fn leave(&mut self) {
        self.line.pop();
    }

    /// The value of the position on top of the line, if the rules end the game there: a third
    /// occurrence gives each side its own row; a player with no move leaves the board to the
    /// opponent.
    #[inline]
    pub fn terminal(
        &self,
        seeds: &Seeds,
        to_move: Side,
        state: State,
        children: &Children,
        on_board: i32,
    ) -> Option<i32> {
        step::repetition(&self.line, &self.round, seeds, state, to_move, on_board)
            .or_else(|| children.is_empty().then(|| step::no_move(&self.round, seeds, state, to_move, on_board)))
    }

    /// The exact value of the position on top of the line: null-window tests from `guess` until
    /// the bounds meet (MTD(f)). `None` when the observer stopped the solve.
    ///
    /// A solve stopped and asked again (the page solves in short slices) goes on from the bounds
    /// the table already holds for the position, and only a position the table knows nothing of
    /// pays for `guess` (a short search).
    pub fn exact(
        &mut self,
        seeds: &Seeds,
        to_move: Side,
        state: State,
        on_board: i32,
        guess: impl FnOnce() -> i32,
    ) -> Option<i32> {
        let children = Children::of(&self.round, seeds, state, to_move);
        if let Some(value) = self.terminal(seeds, to_move, state, &children, on_board) {
            return Some(value);
        }
        let known = self.known(self.line.top(), self.line.history(), self.line.before());
        let (mut lower, mut upper) = (known.lower.max(-on_board), known.upper.min(on_board));
        if lower == upper {
            return Some(lower);
        }
        let mut guess = round_down(guess().clamp(lower, upper), on_board);
        while lower < upper {
            self.show(lower, upper);
            // Test whether the value reaches `beta`, a value of the right parity above `lower`.
            let beta = if guess <= lower { lower + 2 } else { guess };
            let score = self.negamax(seeds, to_move, state, on_board, beta - 1, beta);
            if self.stopped {
                return None;
            }
            if score >= beta {
                lower = round_up(score, on_board).min(upper);
            } else {
                upper = round_down(score, on_board).max(lower);
            }
            guess = score.clamp(lower, upper);
        }
        Some(lower)
    }

    /// [`Tree::exact`] on this thread and `helpers` more sharing the table (none in WebAssembly).
    /// The helpers start from higher guesses, so that the threads prove different bounds at once
    /// and each finds the other's in the table; the first to finish gives the value, which is
    /// exact whichever it is.
    pub fn exact_shared(
        &mut self,
        seeds: &Seeds,
        to_move: Side,
        state: State,
        on_board: i32,
        guess: impl FnOnce() -> i32,
        helpers: usize,
    ) -> Option<i32> {
        if helpers == 0 || cfg!(target_arch = "wasm32") {
            return self.exact(seeds, to_move, state, on_board, guess);
        }
        let guess = guess();
        let flag = Arc::new(AtomicBool::new(false));
        let (round, table, order, endgames) = (self.round, self.table, self.order, self.endgames);
        let (root_len, too_deep) = (self.root_len, self.too_deep.clone());
        let results: Vec<(Option<i32>, u64)> = std::thread::scope(|scope| {
            let threads: Vec<_> = (1..=helpers)
                .map(|h| {
                    let (line, flag, seeds, too_deep) = (self.line.clone(), flag.clone(), *seeds, too_deep.clone());
                    let helper = std::thread::Builder::new().stack_size(HELPER_STACK);
                    helper
                        .spawn_scoped(scope, move || {
                            let mut quiet = |_: &Progress| true;
                            let mut tree = Tree::new(round, table, line, order, &mut quiet);
                            tree.endgames = endgames;
                            (tree.root_len, tree.too_deep) = (root_len, too_deep);
                            tree.finished = Some(flag.clone());
                            let value = tree.exact(&seeds, to_move, state, on_board, || guess + 2 * h as i32);
                            flag.store(true, Relaxed);
                            (value, tree.nodes)
                        })
                        .expect("a solver thread starts")
                })
                .collect();
            self.finished = Some(flag.clone());
            let mine = self.exact(seeds, to_move, state, on_board, || guess);
            flag.store(true, Relaxed);
            self.finished = None;
            let mut all = vec![(mine, 0)];
            all.extend(threads.into_iter().map(|t| t.join().expect("a solver thread does not panic")));
            all
        });
        if self.cancelled {
            return None;
        }
        self.stopped = false;
        self.nodes += results.iter().map(|r| r.1).sum::<u64>();
        results.iter().find_map(|r| r.0)
    }

    /// Whether the value of the position on top of the line is at least `beta`.
    pub fn at_least(&mut self, seeds: &Seeds, to_move: Side, state: State, on_board: i32, beta: i32) -> Option<bool> {
        let children = Children::of(&self.round, seeds, state, to_move);
        if let Some(value) = self.terminal(seeds, to_move, state, &children, on_board) {
            return Some(value >= beta);
        }
        let score = self.negamax(seeds, to_move, state, on_board, beta - 1, beta);
        (!self.stopped).then_some(score >= beta)
    }

    /// `solve(tree, child)` for each move of the position on top of the line, with the move's
    /// position on top of the tree's line: shared out between this thread and `helpers` more
    /// (none in WebAssembly), each taking the next unsolved move. `None` when the observer
    /// stopped the solve.
    pub fn each_move<T: Send>(
        &mut self,
        list: &[Child],
        next: Side,
        helpers: usize,
        solve: &(dyn Fn(&mut Tree, &Child) -> Option<T> + Sync),
    ) -> Option<Vec<T>> {
        let test = |tree: &mut Tree, child: &Child| {
            tree.progress.subject = Some(child.number);
            tree.enter(child, next);
            let found = solve(tree, child);
            tree.leave();
            found
        };
        if helpers == 0 || cfg!(target_arch = "wasm32") {
            return list.iter().map(|child| test(self, child)).collect();
        }
        let queue = std::sync::atomic::AtomicUsize::new(0);
        let stop = Arc::new(AtomicBool::new(false));
        // Each thread solves moves from the queue until it is empty: (move's index, result).
        let work = |tree: &mut Tree| {
            let mut done = Vec::new();
            loop {
                let i = queue.fetch_add(1, Relaxed);
                let Some(child) = list.get(i) else { break };
                let Some(found) = test(tree, child) else { break };
                done.push((i, found));
            }
            (done, tree.nodes)
        };
        let (round, table, order, endgames) = (self.round, self.table, self.order, self.endgames);
        let (root_len, too_deep) = (self.root_len, self.too_deep.clone());
        let mut found = std::thread::scope(|scope| {
            let threads: Vec<_> = (0..helpers)
                .map(|_| {
                    let (line, stop, work, too_deep) = (self.line.clone(), stop.clone(), &work, too_deep.clone());
                    let helper = std::thread::Builder::new().stack_size(HELPER_STACK);
                    helper
                        .spawn_scoped(scope, move || {
                            let mut quiet = |_: &Progress| true;
                            let mut tree = Tree::new(round, table, line, order, &mut quiet);
                            tree.endgames = endgames;
                            (tree.root_len, tree.too_deep) = (root_len, too_deep);
                            tree.finished = Some(stop);
                            work(&mut tree)
                        })
                        .expect("a solver thread starts")
                })
                .collect();
            let (mut found, _) = work(self);
            // The observer still decides while the helpers finish their last moves; when it
            // stops the solve, the helpers stop too.
            while !self.stopped && !threads.iter().all(|t| t.is_finished()) {
                std::thread::sleep(std::time::Duration::from_millis(2));
                if !(self.observer)(&self.progress) {
                    self.cancelled = true;
                    self.stopped = true;
                }
            }
            stop.store(self.stopped, Relaxed);
            for thread in threads {
                let (theirs, nodes) = thread.join().expect("a solver thread does not panic");
                found.extend(theirs);
                self.nodes += nodes;
            }
            found
        });
        if self.stopped || found.len() < list.len() {
            return None;
        }
        found.sort_unstable_by_key(|&(i, _)| i);
        Some(found.into_iter().map(|(_, found)| found).collect())
    }

    fn show(&mut self, lower: i32, upper: i32) {
        let (offset, sign) = self.view;
        let (a, b) = (offset + sign * lower, offset + sign * upper);
        self.progress.lower = a.min(b);
        self.progress.upper = a.max(b);
    }

    #[inline]
    fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes % 1024 == 0 && self.finished.as_ref().is_some_and(|f| f.load(Relaxed)) {
            self.stopped = true;
        }
        if self.nodes % REPORT_EVERY == 0 {
            self.progress.nodes = self.nodes;
            if !(self.observer)(&self.progress) {
                self.cancelled = true;
                self.stopped = true;
            }
        }
    }

    /// The value of the position on top of the line from the endgame values, when it was reached
    /// by a capture (or starts the game) and holds few enough seeds.
    #[inline(always)]
    fn endgame(&self, seeds: &Seeds, to_move: Side, on_board: i32) -> Option<i32> {
        let endgames = self.endgames?;
        if !self.line.is_fresh() {
            return None;
        }
        endgames.value_of(seeds, to_move, on_board as usize)
    }

    /// What the table knows of the position with key `position` after the run's earlier
    /// positions (`history`, their key sum, and `before`, their marks): the entry stored for any
    /// history, when the positions it relies on are not among those, and the entry stored for
    /// this very history.
    #[inline(always)]
    fn known(&self, position: u64, history: u64, before: Marks) -> Known {
        let mut known = Known::nothing();
        if let Some(bounds) = self.table.probe(position, position) {
            if !bounds.marks.meets(before) {
                known.add(bounds);
            }
        }
        if history != 0 {
            if let Some(bounds) = self.table.probe(position, history_key(position, history)) {
                known.add(bounds);
            }
        }
        known
    }

    /// The value of the position on top of the line within `alpha..beta`, fail-soft: a score at or
    /// below `alpha` is an upper bound, at or above `beta` a lower bound. Leaves in `self.reach`
    /// the positions whose repetitions the score relies on (see [`Marks`]).
    fn negamax(&mut self, seeds: &Seeds, to_move: Side, state: State, on_board: i32, alpha: i32, beta: i32) -> i32 {
        self.tick();
        let position = self.line.top();
        let own = Marks::of(position);
        self.reach = own;
        if self.line.len() - self.root_len > MAX_PLIES {
            // Deeper would overflow the stack: the solve gives up, as if stopped.
            self.too_deep.store(true, Relaxed);
            if let Some(finished) = &self.finished {
                finished.store(true, Relaxed);
            }
            self.cancelled = true;
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        // Repetition first, then the table: a position either settles needs no sowing at all.
        if let Some(value) = step::repetition(&self.line, &self.round, seeds, state, to_move, on_board) {
            return value;
        }
        if let Some(value) = self.endgame(seeds, to_move, on_board) {
            return value;
        }
        let (history, before) = (self.line.history(), self.line.before());
        let known = self.known(position, history, before);
        let (lower, upper) = (known.lower.max(-on_board), known.upper.min(on_board));
        let first = known.best;
        if lower >= beta || lower == upper {
            self.reach = own.with(known.lower_marks).with(if lower == upper { known.upper_marks } else { Marks::NONE });
            return lower;
        }
        if upper <= alpha {
            self.reach = own.with(known.upper_marks);
            return upper;
        }
        // A window narrowed by the table makes a score inside it lean on the table's bounds too.
        let mut leaned = own;
        if lower > alpha {
            leaned = leaned.with(known.lower_marks);
        }
        if upper < beta {
            leaned = leaned.with(known.upper_marks);
        }
        let alpha = alpha.max(lower);
        let beta = beta.min(upper);

        let children = Children::of(&self.round, seeds, state, to_move);
        if children.is_empty() {
            self.reach = own;
            return step::no_move(&self.round, seeds, state, to_move, on_board);
        }
        let next = to_move.opponent();
        // Each child's key, and its bounds in the table: a child the table already settles may
        // cut off before any of them is searched (enhanced transposition cut-off).
        let list = children.as_slice();
        let run = self.line.run_sum();
        let run_before = before.with(own);
        // All keys first, then all probes: the probes miss the cache, and with nothing between
        // them the processor waits for all of them at once rather than one after another.
        let mut keys = [0u64; ROW];
        let mut touched = 0;
        for (i, child) in list.iter().enumerate() {
            keys[i] = self.round.key_of(&child.seeds, next, child.state);
            touched ^= self.table.touch(keys[i]);
        }
        std::hint::black_box(touched);
        let mut known = [Known::nothing(); ROW];
        for (i, child) in list.iter().enumerate() {
            // After a capture no earlier position can come back: the child's value is the same
            // after any history, and none of the positions it looks at is on this run.
            let left = on_board - child.captured as i32;
            known[i] = if child.captured == 0 {
                self.known(keys[i], run, run_before)
            } else if let Some(value) = self.endgames.and_then(|e| e.value_of(&child.seeds, next, left as usize)) {
                Known::exact(value)
            } else {
                self.known(keys[i], 0, Marks::NONE)
            };
        }
        let mut rank = [0u64; ROW];
        for (i, child) in list.iter().enumerate() {
            let known = &known[i];
            let floor = child.captured as i32 - known.upper;
            if floor >= beta {
                self.reach = if child.captured > 0 { leaned } else { leaned.with(known.upper_marks) };
                return floor;
            }
            rank[i] = self.rank(child, to_move, first);
        }
        let mut order = [0u8, 1, 2, 3, 4, 5, 6];
        let order = &mut order[..list.len()];
        match self.order {
            Order::Best => order.sort_unstable_by_key(|&i| std::cmp::Reverse(rank[i as usize])),
            Order::Shuffled(_) => {
                for i in (1..order.len()).rev() {
                    order.swap(i, self.rng.below(i + 1));
                }
            }
        }

        let nodes_before = self.nodes;
        let mut best = -on_board - 1;
        let mut best_move = 0;
        let mut a = alpha;
        // What every searched move's score relied on, and what the best one's did.
        let (mut every, mut cut) = (leaned, leaned);
        for &i in order.iter() {
            let child = &list[i as usize];
            let left = on_board - child.captured as i32;
            // A move whose reply the table already bounds from below cannot raise the score
            // above `a`: its bound stands for its score (fail-soft, so the score stays an upper
            // bound), relying on what the reply's own search would have returned it with.
            let known = &known[i as usize];
            let ceiling = child.captured as i32 - known.lower.max(-left);
            let (score, reach) = if ceiling <= a {
                (ceiling, Marks::of(keys[i as usize]).with(known.lower_marks))
            } else {
                let reply =
                    |tree: &mut Self, alpha, beta| tree.negamax(&child.seeds, next, child.state, left, alpha, beta);
                let score = step::child_value(self, child, keys[i as usize], 1, a, beta, reply);
                if self.stopped {
                    return 0;
                }
                (score, self.reach)
            };
            let relied = if child.captured > 0 { Marks::NONE } else { reach };
            every = every.with(relied);
            if score > best {
                best = score;
                best_move = child.number;
                if score > a {
                    a = score;
                    if score >= beta {
                        cut = cut.with(relied);
                        let slot = &mut self.history[to_move.index()][child.number as usize];
                        *slot = slot.saturating_add(1 + (self.nodes - nodes_before).min(1 << 20) as u32);
                        break;
                    }
                }
            }
        }

        let work = (64 - (self.nodes - nodes_before).leading_zeros()) as u8;
        let (low, high, reach) = if best >= beta {
            (round_up(best, on_board), on_board, cut)
        } else if best <= alpha {
            (-on_board, round_down(best, on_board), every)
        } else {
            (best, best, every)
        };
        // A proof that met none of the run's earlier positions holds after any history: it goes
        // under the position's own key, where every history finds it. Otherwise it goes under a
        // key that names this history.
        if reach.meets(before) {
            let bounds = Bounds { lower: low as i8, upper: high as i8, best: best_move, marks: Marks::ALL };
            self.table.store(position, history_key(position, history), bounds, work);
        } else {
            let bounds = Bounds { lower: low as i8, upper: high as i8, best: best_move, marks: reach };
            self.table.store(position, position, bounds, work);
        }
        self.reach = reach;
        best
    }

    /// The table's move first, then by what the move captures and the holes it leaves to sow
    /// (the mover's sowable holes less the opponent's: a row with seeds is moves to come, and a
    /// player without any loses the board), twice the capture to once the holes, then moves that
    /// cut off elsewhere. Measured on the opening and off-path positions, this ordering visits
    /// 40% of the positions that captures alone did; other weights (1:1, 4:1, 5:2), each side's
    /// holes alone, the seeds in each row and the reply's best capture each did worse.
    /// (Ranking by the replies' bounds in the table was measured too: it cost nodes.)
    #[inline]
    fn rank(&self, child: &Child, to_move: Side, first: u8) -> u64 {
        let history = self.history[to_move.index()][child.number as usize] as u64;
        let sowable = |row: std::ops::Range<usize>| child.seeds[row].iter().filter(|&&s| s > 0).count() as u64;
        // At most 2 × 56 + 7 + 7: well inside the 16 bits between the table's move and the history.
        let promise =
            2 * child.captured as u64 + ROW as u64 + sowable(to_move.row()) - sowable(to_move.opponent().row());
        ((child.number == first) as u64) << 48 | promise << 32 | history
    }
}
