//! Games between two players, for measuring strength: the `walak match` command and the ladder.
//!
//! Each opening (a few random moves, the same for a pair of games) is played twice with the sides
//! swapped, so neither player gains from a lucky opening or from moving first.

use serde::Serialize;

use crate::playout::Rng;
use crate::rules::game::{Game, Options};
use crate::rules::record::record_text;
use crate::rules::ruleset::RuleSet;
use crate::rules::side::Side;
use crate::search::{Limits, SearchResult, Searcher};

use super::human::greedy;
use super::levels::Level;
use super::player::Player;

/// Who plays: a level, the plain greedy player, or a search with limits of its own.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Contender {
    Level(Level),
    /// Takes the move that captures most: the yardstick for the strongest level.
    Greedy,
    /// A search with the given limits, under a name of its own.
    Search(&'static str, Limits),
}

impl Contender {
    pub fn name(&self) -> &'static str {
        match self {
            Contender::Level(level) => level.name(),
            Contender::Greedy => "greedy",
            Contender::Search(name, _) => name,
        }
    }

    /// A level or `greedy`, by name.
    ///
    /// ```
    /// use walak::computer::contest::Contender;
    /// assert_eq!(Contender::named("greedy").unwrap().name(), "greedy");
    /// assert_eq!(Contender::named("Master").unwrap().name(), "master");
    /// assert!(Contender::named("nobody").is_err());
    /// ```
    pub fn named(name: &str) -> Result<Contender, String> {
        if name.trim().eq_ignore_ascii_case("greedy") {
            return Ok(Contender::Greedy);
        }
        name.parse::<Level>().map(Contender::Level).map_err(|e| format!("{e}, or greedy"))
    }

    /// The same player with its time budget set to `time_ms` (only levels that search read it).
    pub fn with_time(self, time_ms: f64) -> Contender {
        match self {
            Contender::Level(level) => match level.limits() {
                Some(limits) => Contender::Search(level.name(), Limits { time_ms: Some(time_ms), ..limits }),
                None => self,
            },
            Contender::Search(name, limits) => Contender::Search(name, Limits { time_ms: Some(time_ms), ..limits }),
            Contender::Greedy => self,
        }
    }

    /// This player's move, using `player`'s table.
    pub fn choose(&self, player: &mut Player, game: &Game, clock: &dyn Fn() -> f64, seed: u64) -> Option<SearchResult> {
        match self {
            Contender::Level(level) => player.choose(game, *level, clock, seed),
            Contender::Greedy if game.is_choosing() => {
                super::player::choose_direction(game, clock, |after, _| greedy(after, seed))
            }
            Contender::Greedy => greedy(game, seed),
            Contender::Search(_, limits) => player.search(game, limits, clock, seed),
        }
    }
}

/// A search this deep judges whether an opening is fair.
const BALANCE_DEPTH: u32 = 12;
/// An opening is fair when that search expects neither side to finish more than this many seeds
/// ahead.
const BALANCE_SEEDS: i32 = 2;

/// The opening of game pair `index`: `plies` random legal moves, drawn again until the position is
/// fair (a 12-move search expects neither side to finish more than two seeds ahead), the same
/// for every run.
///
/// Why fair openings: the player to move at the start has a large edge (a deep search expects
/// them to finish seven or eight seeds ahead), and random moves easily give one side a position it
/// wins whoever plays it. From a fair position the result says who played better.
///
/// ```
/// use walak::computer::contest::opening;
/// assert_eq!(opening(3, 4).len(), 4);
/// assert_eq!(opening(3, 4), opening(3, 4));
/// ```
pub fn opening(index: u64, plies: usize) -> String {
    opening_by(RuleSet::MancalaWorld, index, plies)
}

/// [`opening`] by `rules`: the record in their notation (in Parker's games, moves separated by
/// spaces, the first with its direction).
///
/// ```
/// use walak::computer::contest::opening_by;
/// use walak::RuleSet;
/// let record = opening_by(RuleSet::ParkerWalak, 3, 2);
/// assert_eq!(record.split(' ').count(), 2);
/// assert!(record.split(' ').next().unwrap().ends_with(['+', '-']));
/// ```
pub fn opening_by(rules: RuleSet, index: u64, plies: usize) -> String {
    for attempt in 0u64.. {
        let mut rng = Rng::new(0x0FE1_1126 ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ attempt << 48);
        let mut game = Game::new(Options::by(rules));
        let mut moves = Vec::new();
        for _ in 0..plies {
            let legal = game.legal_moves();
            if legal.is_empty() {
                break;
            }
            let number = legal[rng.below(legal.len())];
            game.play_into(number, &mut ()).expect("a legal move plays");
            moves.push(number);
        }
        let judged = Searcher::new(1).search(&game, &Limits::depth(BALANCE_DEPTH), &|| 0.0, 0);
        if judged.is_some_and(|r| r.eval.abs() <= BALANCE_SEEDS) || attempt >= 1000 {
            return record_text(&moves, rules);
        }
    }
    unreachable!("the loop returns by its last attempt")
}

/// One finished game.
#[derive(Clone, Debug, Serialize)]
pub struct Played {
    pub record: String,
    /// Seeds held at the end, `[south, north]`.
    pub reserves: [u8; 2],
    pub winner: Option<Side>,
    /// Milliseconds each side spent choosing, `[south, north]`, and the moves each chose.
    pub thinking_ms: [f64; 2],
    pub chosen: [u32; 2],
}

/// Plays a single game by `rules` from the opening `opening` (a record) to its end: `south`
/// against `north`. `clock` gives milliseconds; `seed` varies the players' choices from game to
/// game.
pub fn play_game(
    rules: RuleSet,
    south: &Contender,
    north: &Contender,
    opening: &str,
    clock: &dyn Fn() -> f64,
    seed: u64,
) -> Played {
    let mut game = Game::from_record(opening, Options::by(rules)).expect("an opening is a legal record");
    let mut players = [Player::default(), Player::default()];
    let mut thinking_ms = [0.0; 2];
    let mut chosen = [0; 2];
    let mut rng = Rng::new(seed);
    while !game.is_over() {
        let side = game.position().to_move();
        let player = if side == Side::South { south } else { north };
        let started = clock();
        let result = player
            .choose(&mut players[side.index()], &game, clock, rng.next_u64())
            .expect("a game in progress has a move");
        thinking_ms[side.index()] += clock() - started;
        chosen[side.index()] += 1;
        game.play_into(result.number, &mut ()).expect("players choose legal moves");
    }
    let reserves = game.view().reserves;
    Played {
        record: game.record(),
        reserves,
        winner: game.result().and_then(|(_, winner)| winner),
        thinking_ms,
        chosen,
    }
}

/// Game `index` of a match between `a` and `b` by `rules`: the opening of pair `index / 2`, with
/// `a` South in even games and North in odd ones. Returns the game and the side `a` played.
pub fn match_game(
    rules: RuleSet,
    a: &Contender,
    b: &Contender,
    index: u64,
    opening_plies: usize,
    clock: &dyn Fn() -> f64,
    seed: u64,
) -> (Played, Side) {
    let start = opening_by(rules, index / 2, opening_plies);
    let game_seed = seed ^ index.wrapping_mul(0xA24B_AED4_963E_E407);
    if index % 2 == 0 {
        (play_game(rules, a, b, &start, clock, game_seed), Side::South)
    } else {
        (play_game(rules, b, a, &start, clock, game_seed), Side::North)
    }
}

/// The score of a match from the first player's side.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Tally {
    pub a: String,
    pub b: String,
    pub games: u32,
    pub a_wins: u32,
    pub draws: u32,
    pub b_wins: u32,
    /// Points of `a` (a win 1, a draw ½) over games played.
    pub a_score: f64,
    /// Seeds `a` finished ahead, on average.
    pub a_margin: f64,
    /// Moves per game, the opening's included.
    pub moves_per_game: f64,
    pub a_ms_per_move: f64,
    pub b_ms_per_move: f64,
}

impl Tally {
    pub fn new(a: &Contender, b: &Contender) -> Tally {
        Tally { a: a.name().to_string(), b: b.name().to_string(), ..Tally::default() }
    }

    /// Counts a game `a` played as `a_side`.
    pub fn add(&mut self, played: &Played, a_side: Side) {
        let (mine, theirs) = (a_side.index(), a_side.opponent().index());
        match played.winner {
            Some(side) if side == a_side => self.a_wins += 1,
            Some(_) => self.b_wins += 1,
            None => self.draws += 1,
        }
        let n = self.games as f64;
        let average = |old: f64, new: f64| (old * n + new) / (n + 1.0);
        self.a_margin = average(self.a_margin, played.reserves[mine] as f64 - played.reserves[theirs] as f64);
        self.moves_per_game = average(self.moves_per_game, played.record.len() as f64);
        self.games += 1;
        self.a_score = (self.a_wins as f64 + self.draws as f64 / 2.0) / self.games as f64;
        let per_move = |side: usize| played.thinking_ms[side] / played.chosen[side].max(1) as f64;
        let weight = |old: f64, new: f64| (old * n + new) / (n + 1.0);
        self.a_ms_per_move = weight(self.a_ms_per_move, per_move(mine));
        self.b_ms_per_move = weight(self.b_ms_per_move, per_move(theirs));
    }
}
