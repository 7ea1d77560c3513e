//! A short walk-through of what Parker's rule sets change, for a player who knows today's rules:
//! four steps each, every one a position set up to show one difference and the move that shows
//! it. As in the lesson, what a move does is read from the engine's trace, never written by hand,
//! and the tests check that each move shows what its step is about.
//!
//! ```
//! use walak::rules::ruleset::RuleSet;
//! use walak::trainer::walkthrough::{walkthrough, Topic};
//! let steps = walkthrough(RuleSet::ParkerKotu);
//! let tie = steps.iter().find(|step| step.topic == Topic::Tie).unwrap();
//! assert!(tie.shows.tied.is_some());
//! assert!(walkthrough(RuleSet::MancalaWorld).is_empty());
//! ```

use serde::Serialize;

use crate::rules::board::HOLES;
use crate::rules::error::MoveError;
use crate::rules::game::Game;
use crate::rules::record::parse_move;
use crate::rules::ruleset::{Direction, RuleSet};
use crate::rules::setup::Setup;
use crate::rules::side::Side;
use crate::rules::trace::{Event, Stop};

/// What a step is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Topic {
    /// The first move chooses the direction for the whole round.
    ChooseDirection,
    /// Walak-pussa: a last seed into an empty hole ends the move, with no capture.
    EmptyStop,
    /// Walak-pussa: after a last seed into a full hole, the capture beyond an empty hole and its
    /// necklace, as today.
    Necklace,
    /// A single seed waits while a hole of two or more can be played.
    Singletons,
    /// Kotu-baendum: each player's first turn starts from an end hole.
    EndHole,
    /// Kotu-baendum: seeds pass over holes of three.
    PassThree,
    /// Kotu-baendum: a last seed making four eats them.
    EatFour,
    /// Kotu-baendum: a last seed making four in an end hole ties it to the mover.
    Tie,
}

/// What a move did, read from its trace.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Shows {
    /// The direction the move chose.
    pub chosen: Option<Direction>,
    pub laps: u16,
    /// Where the last seed fell and the move ended, and why.
    pub stop: Option<(u8, Stop)>,
    /// Holes passed over.
    pub skipped: Vec<u8>,
    /// Holes captured (the necklace's beads, or the four eaten), in order.
    pub captured: Vec<u8>,
    pub seeds_captured: u8,
    /// The hole tied, and to whom.
    pub tied: Option<(u8, Side)>,
}

impl Shows {
    fn of(trace: &[Event]) -> Shows {
        let mut shows = Shows { laps: 1, ..Shows::default() };
        for event in trace {
            match *event {
                Event::Chosen { direction } => shows.chosen = Some(direction),
                Event::Relay { lap, .. } => shows.laps = lap,
                Event::Stop { hole, why, .. } => shows.stop = Some((hole, why)),
                Event::Skip { hole } => shows.skipped.push(hole),
                Event::Capture { hole, seeds, .. } | Event::Eat { hole, seeds } => {
                    shows.captured.push(hole);
                    shows.seeds_captured += seeds;
                }
                Event::Tie { hole, side } => shows.tied = Some((hole, side)),
                _ => {}
            }
        }
        shows
    }
}

/// One step: the position, what it is about, the move to play (in the notation) and, for the
/// step on single seeds, the moves the rules refuse there.
#[derive(Clone, Debug, Serialize)]
pub struct Step {
    pub topic: Topic,
    pub setup: Setup,
    #[serde(rename = "move")]
    pub mv: String,
    pub shows: Shows,
    /// Moves refused in this position, with the reason's kind (as the page's refusals name them).
    pub refused: Vec<(String, MoveError)>,
}

fn step(
    topic: Topic,
    rules: RuleSet,
    board: [u8; HOLES],
    to_move: Side,
    direction: Option<Direction>,
    mv: &str,
) -> Step {
    let total: u32 = board.iter().map(|&n| n as u32).sum();
    let rest = (56 - total) as u8;
    let mut setup = Setup::new(board, [rest / 2, rest - rest / 2], to_move);
    setup.rules = rules;
    setup.direction = direction;
    let game = setup.to_game().expect("a walk-through position is possible");
    let trace = game
        .preview(parse_move(mv).expect("a walk-through move is written right"))
        .expect("a walk-through move is legal");
    // The other holes of the mover's row that hold seeds, where the rules refuse them.
    let refused = (1..=7u8)
        .filter_map(|number| {
            let text = match direction {
                Some(_) => number.to_string(),
                None => format!("{number}{}", parse_direction_sign(mv)),
            };
            let error = game.preview(parse_move(&text)?).err()?;
            matches!(
                error,
                MoveError::SingletonWaits { .. } | MoveError::FrontSingleton { .. } | MoveError::NotAnEndHole { .. }
            )
            .then_some((text, error))
        })
        .collect();
    Step { topic, setup, mv: mv.to_string(), shows: Shows::of(&trace), refused }
}

/// The sign a move carries, if any.
fn parse_direction_sign(mv: &str) -> &str {
    mv.trim_start_matches(|c: char| c.is_ascii_digit())
}

/// The walk-through of a rule set: none for today's rules, which the lesson teaches.
pub fn walkthrough(rules: RuleSet) -> Vec<Step> {
    use Direction::{Clockwise, Counterclockwise};
    use Side::{North, South};
    use Topic::*;
    match rules {
        RuleSet::MancalaWorld => Vec::new(),
        RuleSet::ParkerWalak => vec![
            // From the opening: hole 1 counterclockwise runs three laps, and the last seed falls
            // into the hole it was lifted from, now empty.
            step(ChooseDirection, rules, [4; HOLES], South, None, "1+"),
            // Clockwise, the two seeds of hole 3 end in South's empty hole 1: nothing is taken.
            step(EmptyStop, rules, [0, 0, 2, 1, 3, 0, 2, 0, 6, 0, 0, 1, 0, 0], South, Some(Clockwise), "3"),
            // Counterclockwise the same two seeds end on three: beyond the empty hole the
            // necklace takes South's hole 7 and North's hole 2.
            step(Necklace, rules, [0, 0, 2, 1, 3, 0, 2, 0, 6, 0, 0, 1, 0, 0], South, Some(Counterclockwise), "3"),
            // Hole 5 holds five: the single seed of hole 1 must wait.
            step(Singletons, rules, [1, 0, 0, 0, 5, 0, 0, 0, 0, 1, 0, 3, 0, 2], South, Some(Counterclockwise), "5"),
        ],
        RuleSet::ParkerKotu => vec![
            // A first turn lifts an end hole: hole 1 or hole 7, in either direction.
            step(EndHole, rules, [4; HOLES], South, None, "7-"),
            // North's three seeds pass over South's holes of three and end in an empty hole.
            step(PassThree, rules, [0, 3, 3, 0, 0, 2, 1, 0, 0, 0, 0, 0, 0, 3], North, Some(Counterclockwise), "7"),
            // Two seeds: the last one makes four in South's hole 2, and North eats them.
            step(EatFour, rules, [0, 3, 3, 0, 0, 2, 1, 0, 0, 0, 0, 0, 0, 2], North, Some(Counterclockwise), "7"),
            // One seed makes four in South's end hole 1: it is tied to North.
            step(Tie, rules, [3, 1, 0, 0, 2, 0, 1, 0, 0, 0, 0, 0, 0, 1], North, Some(Counterclockwise), "7"),
        ],
    }
}

/// A walk-through position as a game.
pub fn game_of(step: &Step) -> Game {
    step.setup.to_game().expect("a walk-through position is possible")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn find(rules: RuleSet, topic: Topic) -> Step {
        walkthrough(rules).into_iter().find(|step| step.topic == topic).unwrap()
    }

    #[test]
    fn every_step_shows_what_it_is_about() {
        let walak = RuleSet::ParkerWalak;
        let direction = find(walak, Topic::ChooseDirection).shows;
        assert_eq!((direction.chosen, direction.laps), (Some(Direction::Counterclockwise), 3));
        let stop = find(walak, Topic::EmptyStop).shows;
        assert_eq!((stop.stop, stop.seeds_captured), (Some((0, Stop::Empty)), 0));
        let necklace = find(walak, Topic::Necklace).shows;
        assert_eq!((necklace.captured.clone(), necklace.seeds_captured), (vec![6, 8], 8));
        let singletons = find(walak, Topic::Singletons);
        assert!(singletons.refused.iter().any(|(mv, e)| mv == "1" && matches!(e, MoveError::SingletonWaits { .. })));

        let kotu = RuleSet::ParkerKotu;
        let end = find(kotu, Topic::EndHole);
        assert_eq!(end.refused.len(), 5, "holes 2 to 6 may not start a first turn: {:?}", end.refused);
        let pass = find(kotu, Topic::PassThree).shows;
        assert_eq!((pass.skipped.clone(), pass.stop), (vec![1, 2], Some((4, Stop::Empty))));
        let eat = find(kotu, Topic::EatFour).shows;
        assert_eq!((eat.captured.clone(), eat.seeds_captured), (vec![1], 4));
        let tie = find(kotu, Topic::Tie).shows;
        assert_eq!(tie.tied, Some((0, Side::North)));
    }

    #[test]
    fn every_step_is_a_game_of_its_rule_set() {
        for rules in [RuleSet::ParkerWalak, RuleSet::ParkerKotu] {
            for step in walkthrough(rules) {
                assert_eq!(game_of(&step).rules(), rules);
                assert!(game_of(&step).legal_moves().contains(&parse_move(&step.mv).unwrap()), "{:?}", step.topic);
            }
        }
    }
}
