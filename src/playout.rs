//! Random playouts: whole games of uniformly random legal moves, for benchmarks and tests.

use crate::rules::board::{hole_of, number_of, Seeds, Track, HOLES, ROW, SEEDS_PER_HOLE};
use crate::rules::game::{Game, Options};
use crate::rules::outcome::Ending;
use crate::rules::position::{allowed_holes, Position};
use crate::rules::ruleset::{hole_number, signed, Direction, RuleSet};
use crate::rules::side::Side;
use crate::rules::sowing::{sow, sow_by, Endless, Sown};

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

/// Totals of batches played one after another add up.
impl std::ops::AddAssign for PlayoutStats {
    fn add_assign(&mut self, batch: PlayoutStats) {
        self.games += batch.games;
        self.moves += batch.moves;
        self.laps += batch.laps;
    }
}

/// Plays one game of random legal moves to its end, through the ordinary [`Game`]: the yardstick
/// the fast [`random_playout`] is checked against.
///
/// The mover's move is drawn as [`random_playout`] draws it: a random hole with seeds, another
/// drawn in its place when the game refuses it (an endless sowing). Every legal move is as likely.
/// In Parker's games the draw is among the moves their rules allow (before the direction is
/// chosen, every hole in both directions), and a match's choice of a round's direction is either
/// at random.
pub fn random_game(options: Options, rng: &mut Rng) -> Game {
    let mut game = Game::new(options);
    play_randomly(&mut game, rng);
    game
}

/// Plays random moves in `game` until it is over, drawn as [`random_game`] draws them.
pub fn play_randomly(game: &mut Game, rng: &mut Rng) {
    while let Some(number) = draw_legal(game, rng) {
        game.play_into(number, &mut ()).expect("a legal move is accepted");
    }
}

/// A random legal move of `game`'s mover: a random hole with seeds, redrawn among the others while
/// the game calls it illegal. `None` once the game is over. In Parker's games the draw is among
/// the moves their rules allow (both directions' before it is chosen), and a match waiting for a
/// round's direction takes either at random.
fn draw_legal(game: &Game, rng: &mut Rng) -> Option<u8> {
    if game.is_over() {
        return None;
    }
    if game.is_choosing() {
        return Some(signed(0, Direction::BOTH[rng.below(2)]));
    }
    let position = game.position();
    let mut numbers: Vec<u8> = if position.rules().is_parker() {
        let (moves, count) = parker_moves(position);
        moves[..count].iter().map(|m| m.mv).collect()
    } else {
        (1..=ROW as u8).filter(|&n| position.playable_hole(n).is_ok()).collect()
    };
    while !numbers.is_empty() {
        let i = rng.below(numbers.len());
        if position.is_legal(numbers[i]) {
            return Some(numbers[i]);
        }
        numbers.swap_remove(i);
    }
    None
}

/// Plays `games` random single games from `seed` and counts their moves and laps.
///
/// Each game is a [`random_playout`] from the opening, South first: every rule of a single game,
/// exactly as [`Game`] applies them, and the same games as [`random_game`] plays.
///
/// ```
/// let stats = walak::playout::playouts(3, 1);
/// assert_eq!(stats.games, 3);
/// assert!(stats.moves > 0);
/// ```
pub fn playouts(games: u64, seed: u64) -> PlayoutStats {
    more_playouts(games, &mut Rng::new(seed), &mut SinceCapture::default())
}

/// [`playouts`] by `rules`: single games (single rounds) from the rule set's opening.
///
/// ```
/// use walak::RuleSet;
/// let stats = walak::playout::playouts_by(RuleSet::ParkerKotu, 3, 1);
/// assert_eq!(stats.games, 3);
/// assert!(stats.moves > 0);
/// ```
pub fn playouts_by(rules: RuleSet, games: u64, seed: u64) -> PlayoutStats {
    more_playouts_by(rules, games, &mut Rng::new(seed), &mut SinceCapture::default())
}

/// [`more_playouts`] by `rules`.
pub fn more_playouts_by(rules: RuleSet, games: u64, rng: &mut Rng, since_capture: &mut SinceCapture) -> PlayoutStats {
    if !rules.is_parker() {
        return more_playouts(games, rng, since_capture);
    }
    playouts_from(Position::opening(rules, Side::South), games, rng, since_capture)
}

/// Plays `games` more games as [`playouts`] does, going on with `rng`: a long run may be played
/// in batches, alternating with [`more_bare_playouts`] so that both meet the same load.
pub fn more_playouts(games: u64, rng: &mut Rng, since_capture: &mut SinceCapture) -> PlayoutStats {
    playouts_from(Position::start(Side::South), games, rng, since_capture)
}

/// `games` random playouts from `start`, counted.
fn playouts_from(start: Position, games: u64, rng: &mut Rng, since_capture: &mut SinceCapture) -> PlayoutStats {
    let mut stats = PlayoutStats::default();
    for _ in 0..games {
        let played = random_playout(start, rng, since_capture, |_| {});
        stats.games += 1;
        stats.moves += played.moves as u64;
        stats.laps += played.laps;
    }
    stats
}

/// How a [`random_playout`] went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Playout {
    /// The last position, after the seeds left on the board were claimed.
    pub position: Position,
    pub ending: Ending,
    /// Who won (`None` for a draw).
    pub winner: Option<Side>,
    pub moves: u32,
    pub laps: u64,
}

/// The positions of a game since its last capture, for the repetition rule: a capture leaves fewer
/// seeds on the board, so no position before it can come again. Kept between games so that its
/// room is made once. Beside them, one bit per position (of 512, by a hash of its key): a position
/// whose bit is not yet set has not occurred, and the list is not looked through. Most positions
/// are new, and in Kotu-baendum, which rarely captures, the list grows long: with 64 bits a
/// game's forty-odd positions set most of them, and most moves looked through the list anyway.
#[derive(Clone, Debug, Default)]
pub struct SinceCapture(Vec<u128>, [u64; FILTER_WORDS]);

/// The words of [`SinceCapture`]'s filter.
const FILTER_WORDS: usize = 8;

/// A position's word and bit in [`SinceCapture`]'s filter.
#[inline]
fn filter_bit(key: u128) -> (usize, u64) {
    let mixed = (key as u64 ^ (key >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let index = (mixed >> (64 - 9)) as usize;
    (index / 64, 1 << (index % 64))
}

impl SinceCapture {
    /// Starts again from `seeds`, the first position after a capture (or of the game).
    fn restart(&mut self, seeds: &Seeds) {
        self.restart_at(key(seeds));
    }

    /// Starts again from the position known by its key.
    fn restart_at(&mut self, this: u128) {
        self.0.clear();
        self.0.push(this);
        self.1 = [0; FILTER_WORDS];
        let (word, bit) = filter_bit(this);
        self.1[word] = bit;
    }

    /// Adds the board after a move without capture and says how many times this position (board
    /// and player to move) has now occurred, itself included. Players alternate, so the positions
    /// with the same player to move are every second one back.
    fn occurrences_after(&mut self, seeds: &Seeds) -> usize {
        self.occurrences_of(key(seeds))
    }

    /// [`SinceCapture::occurrences_after`] for a position known by its key.
    #[inline]
    fn occurrences_of(&mut self, this: u128) -> usize {
        let (word, bit) = filter_bit(this);
        let seen = if self.1[word] & bit == 0 {
            0
        } else {
            self.0.iter().rev().skip(1).step_by(2).filter(|&&earlier| earlier == this).count()
        };
        self.0.push(this);
        self.1[word] |= bit;
        seen + 1
    }
}

/// A board as one number, to compare two boards at once.
#[inline]
fn key(seeds: &Seeds) -> u128 {
    let mut bytes = [0u8; 16];
    bytes[..HOLES].copy_from_slice(seeds);
    u128::from_le_bytes(bytes)
}

/// A Parker position as one number, as the repetition rule compares it: the board, and in the
/// two bytes left the tied holes (which only Kotu-baendum's end holes can be) and who has made a
/// first turn. Puta and naga holes are the round's, and the direction is, once chosen, too.
#[inline]
fn parker_key(position: &Position) -> u128 {
    let mut extra = position.opened[0] as u128 | (position.opened[1] as u128) << 1;
    if position.rules == RuleSet::ParkerKotu {
        for side in Side::BOTH {
            // The end holes 0, 6, 7 and 13 packed into four bits, with shifts rather than a loop:
            // this is worked out after every move of a playout.
            let tied = position.marks.tied_holes(side);
            let ends = (tied & 1) | (tied >> 5 & 0b110) | (tied >> 10 & 0b1000);
            extra |= (ends as u128) << (2 + 4 * side.index());
        }
    }
    key(&position.seeds) | extra << (8 * HOLES)
}

/// Plays random legal moves from `start` to the end of a single game (of the round, in a match),
/// with every rule: an endless sowing is not played, a position met for the third time ends the
/// game with each side taking its row, a player without a move ends it with the opponent taking
/// the board, and the one with more seeds wins. `played` hears each move's hole number (1..=7;
/// in Parker's games the move as [`crate::rules::ruleset::signed`] writes it). In Parker's games
/// (`start`'s rule set) their rules are played: see [`random_game`].
///
/// The moves are drawn as [`random_game`] draws them, so from the same [`Rng`] the two play the
/// same game: a random hole with seeds is sown, and only when its sowing is endless (very rare) is
/// another drawn among the rest. Every legal move is as likely. It works on bare positions,
/// without the record, undo or trace of a [`Game`], for speed.
///
/// ```
/// use walak::playout::{random_playout, Rng, SinceCapture};
/// use walak::{Position, Side};
/// let mut moves = String::new();
/// let start = Position::start(Side::South);
/// let played = random_playout(start, &mut Rng::new(1), &mut SinceCapture::default(), |n| {
///     moves.push(char::from(b'0' + n))
/// });
/// assert_eq!(played.moves as usize, moves.len());
/// assert_eq!(played.position.reserves()[0] as u32 + played.position.reserves()[1] as u32, 56);
/// ```
pub fn random_playout(
    start: Position,
    rng: &mut Rng,
    since_capture: &mut SinceCapture,
    mut played: impl FnMut(u8),
) -> Playout {
    if start.rules.is_parker() {
        return parker_playout(start, rng, since_capture, played);
    }
    let mut position = start;
    let (mut moves, mut laps) = (0, 0);
    since_capture.restart(&position.seeds);
    let mut occurrences = 1;
    let ending = loop {
        let mut drawn = None;
        let has_move = || {
            drawn = draw_sowing(&position.seeds, &position.track, position.to_move, rng);
            drawn.is_some()
        };
        if let Some(ending) = Ending::of(occurrences, has_move) {
            break ending;
        }
        let (hole, seeds, sown) = drawn.expect("the game goes on only when a move was drawn");
        played(number_of(hole));
        moves += 1;
        laps += sown.laps as u64;
        position.seeds = seeds;
        position.reserves[position.to_move.index()] += sown.captured;
        position.to_move = position.to_move.opponent();
        occurrences = if sown.captured > 0 {
            since_capture.restart(&position.seeds);
            1
        } else {
            since_capture.occurrences_after(&position.seeds)
        };
    };
    // Settled as `Game` settles a single game.
    position.claim_at_end(ending, &mut ());
    Playout { position, ending, winner: position.ahead(), moves, laps }
}

/// A random legal move of `side` and its sowing: the hole, the board after it and what it did.
/// A random hole with seeds is sown; after an endless sowing another is drawn among the rest.
/// `None` when no hole has a sowing that ends.
#[inline]
fn draw_sowing(seeds: &Seeds, track: &Track, side: Side, rng: &mut Rng) -> Option<(usize, Seeds, Sown)> {
    let mut holes = [0; ROW];
    let mut count = 0;
    for hole in side.row() {
        if seeds[hole] > 0 && track.is_in_play(hole) {
            holes[count] = hole;
            count += 1;
        }
    }
    while count > 0 {
        let i = rng.below(count);
        match sow(seeds, track, holes[i], &mut ()) {
            Ok((after, sown)) => return Some((holes[i], after, sown)),
            Err(Endless) => {
                count -= 1;
                holes.swap(i, count);
            }
        }
    }
    None
}

/// A move Parker's rules allow before looking for an endless sowing: the move as written, the
/// hole it lifts and the direction it is sown in.
#[derive(Clone, Copy, Debug)]
struct ParkerMove {
    mv: u8,
    hole: usize,
    direction: Direction,
}

/// The moves Parker's rules allow the mover, endless sowings not yet ruled out, in the order of
/// [`Position::legal_moves`] (both directions' before the direction is chosen), and how many.
#[inline]
fn parker_moves(position: &Position) -> ([ParkerMove; 2 * ROW], usize) {
    let mut moves = [ParkerMove { mv: 0, hole: 0, direction: Direction::Counterclockwise }; 2 * ROW];
    let mut count = 0;
    let side = position.to_move;
    let mut add = |track: &Track, direction: Direction, sign: bool| {
        let allowed =
            allowed_holes(position.rules, &position.seeds, &position.marks, track, side, position.opened[side.index()]);
        for number in 1..=ROW as u8 {
            let hole = hole_of(side, number).expect("1..=7 is a hole");
            if allowed >> hole & 1 == 1 {
                let mv = if sign { signed(number, direction) } else { number };
                moves[count] = ParkerMove { mv, hole, direction };
                count += 1;
            }
        }
    };
    match position.direction {
        Some(direction) => add(&position.track, direction, false),
        None => {
            for direction in Direction::BOTH {
                add(&position.track.turned(direction), direction, true);
            }
        }
    }
    (moves, count)
}

/// A random legal move of a Parker position, drawn as [`draw_legal`] draws it, played on the
/// position (the board, marks, reserves, first turns, direction and mover): the move as written
/// and what its sowing did. `None`, with nothing changed, when there is no legal move.
#[inline]
fn parker_step(position: &mut Position, rng: &mut Rng) -> Option<(u8, Sown)> {
    let (mut moves, mut count) = parker_moves(position);
    while count > 0 {
        let i = rng.below(count);
        let ParkerMove { mv, hole, direction } = moves[i];
        let track = if position.direction.is_some() { position.track } else { position.track.turned(direction) };
        let sown = match position.rules {
            RuleSet::ParkerKotu => sow_by(RuleSet::ParkerKotu, &position.seeds, position.marks, &track, hole, &mut ()),
            _ => sow_by(RuleSet::ParkerWalak, &position.seeds, position.marks, &track, hole, &mut ()),
        };
        match sown {
            Ok((seeds, marks, sown)) => {
                let side = position.to_move;
                position.seeds = seeds;
                position.marks = marks;
                position.reserves[side.index()] += sown.captured;
                if position.rules == RuleSet::ParkerKotu {
                    position.opened[side.index()] = true;
                }
                position.track = track;
                position.direction = Some(direction);
                position.to_move = side.opponent();
                return Some((mv, sown));
            }
            Err(Endless) => {
                count -= 1;
                moves.swap(i, count);
            }
        }
    }
    None
}

/// [`random_playout`] in Parker's games: the same draw as [`random_game`] (their rules of single
/// seeds and first turns, both directions on the first move), their sowing, the repetition rule
/// on the board, marks and first turns, and their claim at the end.
fn parker_playout(
    start: Position,
    rng: &mut Rng,
    since_capture: &mut SinceCapture,
    mut played: impl FnMut(u8),
) -> Playout {
    let mut position = start;
    let (mut moves, mut laps) = (0, 0);
    since_capture.restart_at(parker_key(&position));
    let mut occurrences = 1;
    let ending = loop {
        // The move is played on the position itself: when there is none, nothing changes.
        let mut drawn = None;
        let has_move = || {
            drawn = parker_step(&mut position, rng);
            drawn.is_some()
        };
        if let Some(ending) = Ending::of(occurrences, has_move) {
            break ending;
        }
        let (mv, sown) = drawn.expect("the game goes on only when a move was drawn");
        debug_assert!(hole_number(mv) > 0);
        played(mv);
        moves += 1;
        laps += sown.laps as u64;
        occurrences = if sown.captured > 0 {
            since_capture.restart_at(parker_key(&position));
            1
        } else {
            since_capture.occurrences_of(parker_key(&position))
        };
    };
    position.claim_at_end(ending, &mut ());
    Playout { position, ending, winner: position.ahead(), moves, laps }
}

/// [`bare_playouts`] by `rules`: in Parker's games the same draw of a legal move as their
/// playouts ([`random_game`]'s), sown by their rules, until the mover has none; no repetition
/// rule, no claim at the end.
///
/// ```
/// use walak::RuleSet;
/// let stats = walak::playout::bare_playouts_by(RuleSet::ParkerWalak, 3, 1);
/// assert_eq!(stats.games, 3);
/// assert!(stats.moves > 0);
/// ```
pub fn bare_playouts_by(rules: RuleSet, games: u64, seed: u64) -> PlayoutStats {
    more_bare_playouts_by(rules, games, &mut Rng::new(seed))
}

/// Plays `games` more games as [`bare_playouts_by`] does, going on with `rng`.
pub fn more_bare_playouts_by(rules: RuleSet, games: u64, rng: &mut Rng) -> PlayoutStats {
    if !rules.is_parker() {
        return more_bare_playouts(games, rng);
    }
    let start = Position::opening(rules, Side::South);
    let mut stats = PlayoutStats::default();
    for _ in 0..games {
        let mut position = start;
        while let Some((_, sown)) = parker_step(&mut position, rng) {
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
    more_bare_playouts(games, &mut Rng::new(seed))
}

/// Plays `games` more games as [`bare_playouts`] does, going on with `rng`.
pub fn more_bare_playouts(games: u64, rng: &mut Rng) -> PlayoutStats {
    let track = Track::full();
    let mut stats = PlayoutStats::default();
    for _ in 0..games {
        let mut board: Seeds = [SEEDS_PER_HOLE; HOLES];
        let mut side = Side::South;
        // The same draw as the full rules' playouts, on the full track.
        while let Some((_, after, sown)) = draw_sowing(&board, &track, side, rng) {
            board = after;
            stats.moves += 1;
            stats.laps += sown.laps as u64;
            side = side.opponent();
        }
        stats.games += 1;
    }
    stats
}
