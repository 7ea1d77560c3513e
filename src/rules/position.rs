//! A position: the seeds on the board, the reserves, the holes in play and the player to move;
//! in Parker's games also the direction of sowing, the marked holes and who has made their first
//! turn of the round.

use crate::rules::board::{hole_of, Seeds, Track, HOLES, ROW, SEEDS_PER_HOLE};
use crate::rules::error::MoveError;
use crate::rules::marks::Marks;
use crate::rules::outcome::Ending;
use crate::rules::ruleset::{hole_number, move_direction, signed, Direction, RuleSet};
use crate::rules::side::Side;
use crate::rules::sowing::{sow_by, Endless, Sown};
use crate::rules::trace::{Event, Sink};

/// Everything the next move depends on. Positions are small values: playing a move returns a new
/// one and leaves the old one as it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) seeds: Seeds,
    pub(crate) reserves: [u8; 2],
    /// The holes in play, run in the direction of sowing (counterclockwise until it is chosen).
    pub(crate) track: Track,
    pub(crate) to_move: Side,
    pub(crate) rules: RuleSet,
    /// Parker's games: the direction chosen for the round; `None` before the first move.
    pub(crate) direction: Option<Direction>,
    pub(crate) marks: Marks,
    /// Kotu-baendum: whether each side has made its first turn of the round (which must start
    /// from an end hole).
    pub(crate) opened: [bool; 2],
}

impl Position {
    /// The opening of today's rules: four seeds in every hole, empty reserves, `first` to move.
    pub fn start(first: Side) -> Position {
        Position::opening(RuleSet::MancalaWorld, first)
    }

    /// The opening of a rule set.
    pub fn opening(rules: RuleSet, first: Side) -> Position {
        Position::new(rules, [SEEDS_PER_HOLE; HOLES], [0, 0], Track::full(), first)
    }

    /// A position of a round under way by `rules`, with no marked hole, no direction chosen and
    /// nobody's first turn made.
    pub fn new(rules: RuleSet, seeds: Seeds, reserves: [u8; 2], track: Track, to_move: Side) -> Position {
        Position { seeds, reserves, track, to_move, rules, direction: None, marks: Marks::NONE, opened: [false; 2] }
    }

    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    /// Parker's games: the same position with the round's direction already chosen.
    pub fn with_direction(mut self, direction: Direction) -> Position {
        if self.rules.is_parker() {
            self.track = self.track.turned(direction);
            self.direction = Some(direction);
        }
        self
    }

    /// Parker's games: the round's direction, once chosen.
    pub fn direction(&self) -> Option<Direction> {
        self.direction
    }

    pub fn marks(&self) -> &Marks {
        &self.marks
    }

    /// Kotu-baendum: whether `side` has made its first turn of the round.
    pub fn opened(&self, side: Side) -> bool {
        self.opened[side.index()]
    }

    pub fn seeds(&self) -> &Seeds {
        &self.seeds
    }

    pub fn reserves(&self) -> [u8; 2] {
        self.reserves
    }

    pub fn track(&self) -> &Track {
        &self.track
    }

    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// Checks that the player to move may play their hole `number` (1..=7) and gives its track
    /// hole. Does not look for endless sowing; [`Position::play`] does.
    pub fn playable_hole(&self, number: u8) -> Result<usize, MoveError> {
        let hole = hole_of(self.to_move, number).ok_or(MoveError::NoSuchHole { number })?;
        if !self.track.is_in_play(hole) {
            return Err(MoveError::OutOfPlay { side: self.to_move, number });
        }
        if self.seeds[hole] == 0 {
            return Err(MoveError::EmptyHole { side: self.to_move, number });
        }
        Ok(hole)
    }

    /// Plays the move `mv` (the mover's hole number 1..=7 from their left; in Parker's games the
    /// first move of a game carries the direction it fixes, see [`crate::rules::ruleset::signed`]),
    /// reporting each step to `sink`, and passes the turn.
    ///
    /// Ending the game when the next player cannot move is the game's business, not the
    /// position's: see [`crate::Game`].
    ///
    /// ```
    /// use walak::{Position, Side};
    /// let start = Position::start(Side::South);
    /// let (after, sown) = start.play(1, &mut ()).unwrap();
    /// assert_eq!(after.reserves(), [6, 0]);
    /// assert_eq!(after.to_move(), Side::North);
    /// assert_eq!(sown.laps, 7);
    /// assert!(start.play(8, &mut ()).is_err());
    /// ```
    pub fn play<S: Sink>(&self, mv: u8, sink: &mut S) -> Result<(Position, Sown), MoveError> {
        let (hole, track) = self.check(mv)?;
        let side = self.to_move;
        let endless = |_: Endless| MoveError::Endless { side, number: hole_number(mv) };
        if let (Some(direction), None) = (move_direction(mv), self.direction) {
            sink.event(Event::Chosen { direction });
        }
        let (seeds, marks, sown) = match self.rules {
            RuleSet::MancalaWorld => sow_by(RuleSet::MancalaWorld, &self.seeds, self.marks, &track, hole, sink),
            RuleSet::ParkerWalak => sow_by(RuleSet::ParkerWalak, &self.seeds, self.marks, &track, hole, sink),
            RuleSet::ParkerKotu => sow_by(RuleSet::ParkerKotu, &self.seeds, self.marks, &track, hole, sink),
        }
        .map_err(endless)?;
        let mut reserves = self.reserves;
        reserves[side.index()] += sown.captured;
        let mut opened = self.opened;
        if self.rules == RuleSet::ParkerKotu {
            opened[side.index()] = true;
        }
        let to_move = side.opponent();
        sink.event(Event::TurnPass { to: to_move });
        let direction = if self.rules.is_parker() { Some(track.direction()) } else { None };
        Ok((Position { seeds, reserves, track, to_move, marks, opened, direction, rules: self.rules }, sown))
    }

    /// The hole a move lifts and the track it is sown on, or why the move may not be played
    /// (all but an endless sowing, which only sowing finds).
    fn check(&self, mv: u8) -> Result<(usize, Track), MoveError> {
        let side = self.to_move;
        if !self.rules.is_parker() {
            // Today's moves are the hole numbers alone: any other byte is no hole.
            return Ok((self.playable_hole(mv)?, self.track));
        }
        let number = hole_number(mv);
        if number > ROW as u8 || mv & !0x3f != 0 {
            return Err(MoveError::NoSuchHole { number: mv });
        }
        if number == 0 {
            return Err(MoveError::NotChoosing);
        }
        let track = match (self.direction, move_direction(mv)) {
            (Some(_), None) => self.track,
            (None, Some(direction)) => self.track.turned(direction),
            (None, None) => return Err(MoveError::DirectionNeeded { side, number }),
            (Some(_), Some(_)) => return Err(MoveError::DirectionFixed { side, number }),
        };
        let hole = self.playable_hole(number)?;
        if let Some(short) = self.marks.blocked(hole) {
            return Err(MoveError::Blocked { side, number, short });
        }
        if let Some(by) = self.marks.tied_by(hole) {
            return Err(MoveError::Tied { side, number, by });
        }
        if self.allowed(&track) >> hole & 1 == 0 {
            return Err(self.why_waiting(hole, &track));
        }
        Ok((hole, track))
    }

    /// Parker's games: the mover's holes that may be lifted on `track` (bit `h` for hole `h`),
    /// before looking for endless sowings: see [`allowed_holes`].
    fn allowed(&self, track: &Track) -> u16 {
        let side = self.to_move;
        allowed_holes(self.rules, &self.seeds, &self.marks, track, side, self.opened[side.index()])
    }

    /// Why the rules of single seeds and first turns hold back `hole`.
    fn why_waiting(&self, hole: usize, track: &Track) -> MoveError {
        let (side, number) = (self.to_move, crate::rules::board::number_of(hole));
        let first_turn = self.rules == RuleSet::ParkerKotu && !self.opened[side.index()];
        let row = side.row();
        if first_turn && hole != row.start && hole != row.end - 1 {
            MoveError::NotAnEndHole { side, number }
        } else if row.clone().any(|h| {
            self.seeds[h] >= 2
                && track.is_in_play(h)
                && !self.marks.is_fixed(h)
                && (!first_turn || h == row.start || h == row.end - 1)
        }) {
            MoveError::SingletonWaits { side, number }
        } else {
            MoveError::FrontSingleton { side, number }
        }
    }

    /// The mover's legal moves, ascending: non-empty holes whose sowing ends (and, in Parker's
    /// games, that the rules of single seeds and first turns allow). Before the direction of a
    /// Parker game is chosen, every legal move counterclockwise (`1+` …) then clockwise (`1-` …).
    pub fn legal_moves(&self) -> Vec<u8> {
        if self.rules.is_parker() && self.direction.is_none() {
            Direction::BOTH
                .into_iter()
                .flat_map(|d| (1..=ROW as u8).map(move |n| signed(n, d)))
                .filter(|&mv| self.is_legal(mv))
                .collect()
        } else {
            (1..=ROW as u8).filter(|&n| self.is_legal(n)).collect()
        }
    }

    pub fn is_legal(&self, mv: u8) -> bool {
        match self.check(mv) {
            Ok((hole, track)) => match self.rules {
                RuleSet::MancalaWorld => {
                    sow_by(RuleSet::MancalaWorld, &self.seeds, self.marks, &track, hole, &mut ()).is_ok()
                }
                RuleSet::ParkerWalak => {
                    sow_by(RuleSet::ParkerWalak, &self.seeds, self.marks, &track, hole, &mut ()).is_ok()
                }
                RuleSet::ParkerKotu => {
                    sow_by(RuleSet::ParkerKotu, &self.seeds, self.marks, &track, hole, &mut ()).is_ok()
                }
            },
            Err(_) => false,
        }
    }

    pub fn has_legal_move(&self) -> bool {
        if self.rules.is_parker() && self.direction.is_none() {
            return !self.legal_moves().is_empty();
        }
        (1..=ROW as u8).any(|n| self.is_legal(n))
    }

    /// Moves every seed left on the board into a reserve: to `taker`, or to each hole's owner when
    /// `taker` is `None`.
    pub(crate) fn claim<S: Sink>(&mut self, taker: Option<Side>, sink: &mut S) {
        for hole in 0..HOLES {
            let seeds = self.seeds[hole];
            if seeds == 0 {
                continue;
            }
            let side = taker.unwrap_or(Side::owning(hole));
            self.seeds[hole] = 0;
            self.reserves[side.index()] += seeds;
            sink.event(Event::Claim { hole: hole as u8, seeds, side });
        }
    }

    /// The claim that ends a single game or a round: by today's rules, after `NoMoves` the
    /// player who still had moves takes the board, and otherwise each side takes its own row. In
    /// Parker's games each side always takes its own row, and a tied hole goes to who tied it.
    pub(crate) fn claim_at_end<S: Sink>(&mut self, ending: Ending, sink: &mut S) {
        if self.rules.is_parker() {
            for hole in 0..HOLES {
                let seeds = self.seeds[hole];
                if seeds > 0 {
                    let side = self.marks.claimed_by(hole);
                    self.seeds[hole] = 0;
                    self.reserves[side.index()] += seeds;
                    sink.event(Event::Claim { hole: hole as u8, seeds, side });
                }
            }
        } else {
            self.claim(ending.taker(self.to_move), sink);
        }
    }

    /// The side with more seeds in reserve (the winner of a single game once all are claimed), or
    /// `None` when both have as many.
    pub fn ahead(&self) -> Option<Side> {
        match self.reserves[0].cmp(&self.reserves[1]) {
            std::cmp::Ordering::Greater => Some(Side::South),
            std::cmp::Ordering::Less => Some(Side::North),
            std::cmp::Ordering::Equal => None,
        }
    }
}

/// The holes `side` may lift (bit `h` for hole `h`) on `seeds` with these marks, sowing along
/// `track`, before looking for endless sowings; `opened` says whether `side` has made his first
/// turn of the round (Kotu-baendum's first turn lifts an end hole). By today's rules: every hole
/// of his row in play that holds seeds. In Parker's games: a hole holding two or more seeds may
/// always be lifted; single seeds only when no hole holds more, and then not the one in the front
/// hole (the last of the mover's row in the direction of sowing) while another single seed can
/// move; puta, naga and tied holes never.
///
/// [`Position::legal_moves`] is these holes less the endless sowings; the search and the random
/// playouts generate moves from them.
///
/// ```
/// use walak::rules::{board::Track, marks::Marks, position::allowed_holes, ruleset::{Direction, RuleSet}};
/// use walak::Side;
/// // Parker's example A6: South's singletons in holes 1, 3 and 7.
/// let seeds = [1, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0];
/// let track = Track::full();
/// assert_eq!(allowed_holes(RuleSet::ParkerWalak, &seeds, &Marks::NONE, &track, Side::South, false), 0b101);
/// let clockwise = track.turned(Direction::Clockwise);
/// assert_eq!(allowed_holes(RuleSet::ParkerWalak, &seeds, &Marks::NONE, &clockwise, Side::South, false), 0b1000100);
/// assert_eq!(allowed_holes(RuleSet::MancalaWorld, &seeds, &Marks::NONE, &track, Side::South, false), 0b1000101);
/// ```
#[inline]
pub fn allowed_holes(rules: RuleSet, seeds: &Seeds, marks: &Marks, track: &Track, side: Side, opened: bool) -> u16 {
    let row = side.row();
    let first_turn = rules == RuleSet::ParkerKotu && !opened;
    let mut liftable = 0u16;
    for hole in row.clone() {
        let end = hole == row.start || hole == row.end - 1;
        if seeds[hole] > 0 && track.is_in_play(hole) && !marks.is_fixed(hole) && (end || !first_turn) {
            liftable |= 1 << hole;
        }
    }
    if !rules.is_parker() {
        return liftable;
    }
    let heavy = (0..HOLES).filter(|&h| liftable >> h & 1 == 1 && seeds[h] >= 2).fold(0u16, |m, h| m | 1 << h);
    if heavy != 0 {
        return heavy;
    }
    if liftable.count_ones() >= 2 {
        if let Some(front) = row.clone().find(|&h| track.is_in_play(h) && Side::owning(track.next(h)) != side) {
            liftable &= !(1 << front);
        }
    }
    liftable
}
