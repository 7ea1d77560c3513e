//! The rules a search plays by: what stays fixed through the round it searches ([`Round`]), and
//! what each of its positions holds beyond the board and the player to move (a [`State`]).
//!
//! By today's rules a position is its board and its mover, on a track fixed for the round. In
//! Parker's games the round also fixes the direction of sowing (the track is turned that way)
//! and the puta and naga holes; a Kotu-baendum position adds the holes tied so far and who has
//! made his first turn, which change from move to move: that is its [`State`], a small word the
//! children carry. Before a Parker game's direction is chosen, its position is searched as two
//! rounds, one per direction ([`Round::branches`]): every move below that is played in one
//! direction, so a round never changes direction.

use crate::rules::board::{Seeds, Track, HOLES};
use crate::rules::marks::Marks;
use crate::rules::outcome::Ending;
use crate::rules::position::Position;
use crate::rules::ruleset::{Direction, RuleSet};
use crate::rules::side::Side;

use super::keys::{mix, position_key, track_key};

/// What a position holds beyond its board and its mover: 0 by today's rules and in Walak-pussa;
/// in Kotu-baendum, who has made his first turn of the round (bits 0 and 1, South and North) and
/// which end hole each side has tied (bits 2–5 South's, 6–9 North's, for holes 0, 6, 7 and 13).
pub(crate) type State = u16;

/// Kotu-baendum's end holes, the only ones a tie can mark, in the order of their state bits.
const END_HOLES: [usize; 4] = [0, 6, 7, 13];

/// Bit of `side`'s first turn in a state.
#[inline(always)]
fn opened_bit(side: Side) -> State {
    1 << side.index()
}

/// The rules a search plays by through one round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Round {
    pub rules: RuleSet,
    /// The holes in play, sown in the round's direction.
    pub track: Track,
    /// Parker's games: the puta and naga holes, fixed for the round (tied holes are each
    /// position's own: see [`State`]).
    pub blocked: Marks,
    /// The key of all of these, from which every position's key starts.
    pub key: u64,
}

impl Round {
    /// Today's rules on `track`: the key is the track's, as it always was.
    pub fn today(track: Track) -> Round {
        Round { rules: RuleSet::MancalaWorld, track, blocked: Marks::NONE, key: track_key(&track) }
    }

    /// The round of `position`, sown in `direction` (in Parker's games: the position's own once
    /// chosen, else the one to try).
    pub fn of(position: &Position, direction: Direction) -> Round {
        let rules = position.rules();
        if !rules.is_parker() {
            return Round::today(*position.track());
        }
        let track = position.track().turned(direction);
        let marks = position.marks();
        let mut blocked = Marks::NONE;
        let mut blocked_bits = 0u64;
        for hole in 0..HOLES {
            if let Some(short) = marks.blocked(hole) {
                blocked.block(hole, short);
                blocked_bits |= (1 + short as u64) << (2 * hole);
            }
        }
        let rules_bits = 1 + rules as u64 * 2 + (direction == Direction::Clockwise) as u64;
        let key = mix(track_key(&track)
            ^ mix(rules_bits.wrapping_mul(0xA076_1D64_78BD_642F))
            ^ mix(blocked_bits.wrapping_mul(0xE703_7ED1_A0B4_28DB) ^ 0x5052_4B52));
        Round { rules, track, blocked, key }
    }

    /// The rounds to search `position` in, each with the sign its first moves carry: one round
    /// (and no sign) once the direction is chosen or by today's rules; before a Parker game's
    /// direction is chosen, both directions, counterclockwise first.
    pub fn branches(position: &Position) -> Vec<(Round, Option<Direction>)> {
        match position.direction() {
            None if position.rules().is_parker() => Direction::BOTH.map(|d| (Round::of(position, d), Some(d))).to_vec(),
            chosen => vec![(Round::of(position, chosen.unwrap_or(Direction::Counterclockwise)), None)],
        }
    }

    /// Whether `position` is its own mirror image: each row read from its other end, the same
    /// seeds, holes in play and marked holes, and the same first turns made. Such a position
    /// sown clockwise is the mirror image of itself sown counterclockwise, move for move (hole
    /// `n` one way is hole `8 - n` the other), so before its direction is chosen one direction
    /// tells the values of both. Parker's opening is one.
    pub fn is_symmetric(position: &Position) -> bool {
        let (seeds, track, marks) = (position.seeds(), position.track(), position.marks());
        (0..HOLES).all(|hole| {
            let other = mirror(hole);
            seeds[hole] == seeds[other]
                && track.is_in_play(hole) == track.is_in_play(other)
                && marks.blocked(hole) == marks.blocked(other)
                && marks.tied_by(hole) == marks.tied_by(other)
        })
    }

    /// The state of `position` in this round.
    pub fn state_of(&self, position: &Position) -> State {
        if self.rules != RuleSet::ParkerKotu {
            return 0;
        }
        let mut state = 0;
        for side in Side::BOTH {
            if position.opened(side) {
                state |= opened_bit(side);
            }
        }
        state | tie_bits(position.marks())
    }

    /// The marked holes of a position in this round: the round's puta and naga holes and the
    /// state's tied holes.
    #[inline]
    pub fn marks(&self, state: State) -> Marks {
        let mut marks = self.blocked;
        if state >> 2 != 0 {
            for (i, &hole) in END_HOLES.iter().enumerate() {
                for side in Side::BOTH {
                    if state >> (2 + 4 * side.index() + i) & 1 == 1 {
                        marks.tie(hole, side);
                    }
                }
            }
        }
        marks
    }

    /// Whether `side` has made his first turn of the round (Kotu-baendum's only).
    #[inline]
    pub fn opened(state: State, side: Side) -> bool {
        state & opened_bit(side) != 0
    }

    /// The state after `side` moved and left `marks`.
    #[inline]
    pub fn after_move(state: State, side: Side, marks: &Marks) -> State {
        (state & 3) | opened_bit(side) | tie_bits(marks)
    }

    /// The key of a position of this round: its board, mover and state.
    #[inline(always)]
    pub fn key_of(&self, seeds: &Seeds, to_move: Side, state: State) -> u64 {
        let key = position_key(seeds, to_move, self.key);
        if state == 0 {
            key
        } else {
            key ^ mix((state as u64).wrapping_mul(0xD1B5_4A32_D192_ED03) ^ 0x4B4F_5455)
        }
    }

    /// What the seeds left on the board give the player to move more than the opponent when the
    /// round ends this way: [`Ending::margin_by`], by this round's rules.
    #[inline(always)]
    pub fn margin(&self, ending: Ending, seeds: &Seeds, state: State, to_move: Side, on_board: i32) -> i32 {
        if !self.rules.is_parker() {
            return ending.margin(seeds, to_move, on_board);
        }
        ending.margin_by(self.rules, seeds, &self.marks(state), to_move, on_board)
    }
}

/// The hole in the same row at the same distance from its other end.
#[inline]
pub(crate) fn mirror(hole: usize) -> usize {
    let row = hole / 7 * 7;
    row + 6 - (hole - row)
}

/// The state bits of the tied holes of `marks`.
#[inline]
fn tie_bits(marks: &Marks) -> State {
    let mut bits = 0;
    for (i, &hole) in END_HOLES.iter().enumerate() {
        if let Some(side) = marks.tied_by(hole) {
            bits |= 1 << (2 + 4 * side.index() + i);
        }
    }
    bits
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::game::{Game, Options};

    #[test]
    fn a_kotu_state_carries_first_turns_and_ties_and_the_rounds_differ_by_direction() {
        let game = Game::from_record("1+", Options::by(RuleSet::ParkerKotu)).unwrap();
        let position = game.position();
        let round = Round::of(position, Direction::Counterclockwise);
        let state = round.state_of(position);
        assert!(Round::opened(state, Side::South) && !Round::opened(state, Side::North));
        let mut marks = Marks::NONE;
        marks.tie(13, Side::South);
        marks.tie(0, Side::North);
        let tied = Round::after_move(state, Side::North, &marks);
        assert_eq!(round.marks(tied), marks);
        assert!(Round::opened(tied, Side::North));
        let start = Position::opening(RuleSet::ParkerWalak, Side::South);
        let [(plus, _), (minus, _)] = Round::branches(&start)[..] else { panic!("two directions") };
        assert_ne!(plus.key, minus.key);
        assert_ne!(plus.key, Round::today(Track::full()).key);
        assert_eq!(Round::branches(&Position::start(Side::South)), vec![(Round::today(Track::full()), None)]);
        assert!(Round::is_symmetric(&start) && !Round::is_symmetric(position));
        assert_eq!((mirror(0), mirror(6), mirror(7), mirror(10), mirror(13)), (6, 0, 13, 10, 7));
    }
}
