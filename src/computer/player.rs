//! A computer player kept between moves: the search's table, so that what one search learnt
//! helps the next, and, once the perfect level first plays, the solver with its table and book.

use crate::rules::game::Game;
use crate::rules::ruleset::{signed, Direction};
use crate::search::{Limits, SearchResult, Searcher, DEFAULT_TABLE_MB};
use crate::solve::Perfect;

use super::human;
use super::levels::Level;

/// The computer, at any level. (A fresh player plays the same move for the same seed at the
/// depth-limited levels; a used one may play a different, usually better, move from what its
/// table holds.)
pub struct Player {
    searcher: Searcher,
    /// The perfect level's solver and book, made when that level first plays.
    perfect: Option<Perfect>,
    /// The size of that solver's table, in MB.
    solver_mb: usize,
}

impl Default for Player {
    fn default() -> Player {
        Player::new(DEFAULT_TABLE_MB)
    }
}

impl Player {
    /// A player whose search table takes at most `megabytes` MB (the perfect level's solver has a
    /// table of its own, [`crate::solve::PERFECT_TABLE_MB`]).
    pub fn new(megabytes: usize) -> Player {
        Player { searcher: Searcher::new(megabytes), perfect: None, solver_mb: crate::solve::PERFECT_TABLE_MB }
    }

    /// Gives the perfect level's solver a table of `megabytes` MB instead (a small device wants a
    /// smaller one, a large one solves faster with more): from its next making, so only before it
    /// is first used.
    pub fn set_solver_table(&mut self, megabytes: usize) {
        self.solver_mb = megabytes.max(1);
    }

    /// The size of the perfect level's solver table, in MB.
    pub fn solver_table_mb(&self) -> usize {
        self.solver_mb
    }

    /// The perfect level's player (its solver, table and book), made when first asked for.
    pub fn perfect(&mut self) -> &mut Perfect {
        let megabytes = self.solver_mb;
        self.perfect.get_or_insert_with(|| Perfect::new(megabytes))
    }

    /// A search of the position within `limits`, with this player's table: see
    /// [`Searcher::search`]. When a Parker match waits for a round's direction, the direction
    /// whose round the search expects to end best (see [`choose_direction`]).
    pub fn search(&mut self, game: &Game, limits: &Limits, clock: &dyn Fn() -> f64, seed: u64) -> Option<SearchResult> {
        if game.is_choosing() {
            return choose_direction(game, clock, |after, clock| self.search(after, limits, clock, seed));
        }
        self.searcher.search(game, limits, clock, seed)
    }

    /// The move `level` plays for the player to move: see [`super::choose_move`].
    pub fn choose(&mut self, game: &Game, level: Level, clock: &dyn Fn() -> f64, seed: u64) -> Option<SearchResult> {
        if game.is_choosing() && level != Level::Perfect {
            return choose_direction(game, clock, |after, clock| self.choose(after, level, clock, seed));
        }
        match level {
            Level::Beginner => human::beginner(game, seed),
            Level::Casual => human::casual(game, seed),
            Level::Perfect => {
                self.perfect().choose(game, clock, seed)?.or_else(|| {
                    // Not proved in time: the strongest search's move, which says it is not exact.
                    let limits = Level::STRONGEST_SEARCH.limits().expect("the strongest search has limits");
                    self.search(game, &limits, clock, seed)
                })
            }
            _ => self.search(game, &level.limits().expect("a searching level has limits"), clock, seed),
        }
    }
}

/// The direction a player chooses when a Parker match waits for a round's: each direction is
/// played (the holes filled), `choose` asked for the starter's move in the round it fills, and
/// the direction taken whose move it expects to end the round best (a round over at once is
/// worth what each then holds). `choose` sees a clock that runs twice as fast, so that the two
/// looks together take the time one would. The result's `number` is the bare sign; its depth and
/// exactness are those of the chosen look, its nodes those of both.
pub(crate) fn choose_direction(
    game: &Game,
    clock: &dyn Fn() -> f64,
    mut choose: impl FnMut(&Game, &dyn Fn() -> f64) -> Option<SearchResult>,
) -> Option<SearchResult> {
    let chooser = game.position().to_move();
    let started = clock();
    let twice = || started + 2.0 * (clock() - started);
    let mut best: Option<SearchResult> = None;
    let mut nodes = 0;
    for direction in Direction::BOTH {
        let sign = signed(0, direction);
        let mut after = game.clone();
        after.play_into(sign, &mut ()).ok()?;
        let goes_on = !after.is_over() && !after.is_choosing() && after.round() == game.round();
        let looked = if goes_on { choose(&after, &twice) } else { None };
        let result = match looked {
            Some(result) => SearchResult { number: sign, ..result },
            None => {
                let reserves = after.position().reserves();
                let held = reserves[chooser.index()] as i32 - reserves[chooser.opponent().index()] as i32;
                SearchResult { number: sign, eval: held, depth: 0, nodes: 0, exact: !goes_on }
            }
        };
        nodes += result.nodes;
        if best.map_or(true, |b| result.eval > b.eval) {
            best = Some(result);
        }
    }
    best.map(|b| SearchResult { nodes, ..b })
}
