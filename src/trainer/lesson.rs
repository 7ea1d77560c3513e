//! The lesson: seven short steps that teach the game by playing it, each a position set up for
//! the purpose and a move to make there.
//!
//! What a step says its move does ("it runs 3 laps", "it takes a necklace of 3 beads") is never
//! written by hand: [`Step::claim`] plays the move and reads it from the engine's trace, and the
//! tests check that the move shows what its step teaches — and, where the person must find the
//! move, that no other move does.
//!
//! ```
//! use walak::trainer::lesson::{steps, Topic};
//! let steps = steps();
//! assert_eq!(steps.len(), 7);
//! let relay = steps.iter().find(|step| step.topic == Topic::Relay).unwrap();
//! let claim = relay.claim(relay.hole).unwrap();
//! assert!(claim.laps >= 3 && claim.captured == 0);
//! ```

use serde::Serialize;

use crate::rules::board::HOLES;
use crate::rules::error::MoveError;
use crate::rules::game::Game;
use crate::rules::outcome::Ending;
use crate::rules::setup::Setup;
use crate::rules::side::Side;
use crate::rules::trace::Event;

/// What a step teaches, in the order the lesson takes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Topic {
    /// Lift a hole's seeds and drop them one by one, counterclockwise.
    Sowing,
    /// The last seed falls before a hole with seeds: they are lifted and sown on, lap after lap.
    Relay,
    /// A sowing ends in front of an empty hole.
    Stop,
    /// The seeds just beyond that empty hole are captured.
    Capture,
    /// The capture runs on along every second hole, on either side of the board.
    Necklace,
    /// A player who cannot move ends the game; the other takes the seeds left on the board.
    NoMove,
    /// The bigger reserve wins.
    Winner,
}

impl Topic {
    /// Whether the person must find the move themselves (otherwise the step names the hole).
    pub fn find(self) -> bool {
        !matches!(self, Topic::Sowing | Topic::Relay)
    }
}

/// What one move does, as the lesson speaks of it, read from the engine's trace of the move.
/// Holes are track indices 0..=13 (South's row 0..=6, North's 7..=13).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Claim {
    /// The hole played, 1..=7 from the mover's left.
    pub hole: u8,
    /// Seeds lifted from it.
    pub seeds: u8,
    pub laps: u16,
    /// The empty hole in front of which the sowing ended.
    pub stop: u8,
    /// The holes captured, in the necklace's order.
    pub beads: Vec<u8>,
    /// Seeds captured in all.
    pub captured: u8,
    /// The move ended the game.
    pub over: bool,
    /// How the game ended, when it did.
    pub ending: Option<Ending>,
    /// Seeds taken off the board at the end of the game, and by whom.
    pub claimed: u8,
    pub claimer: Option<Side>,
    /// The winner, once the game is over (none for a draw).
    pub winner: Option<Side>,
    /// The reserves after the move, `[south, north]`.
    pub reserves: [u8; 2],
}

impl Claim {
    /// Plays `hole` in `game` (a copy) and reads what it did from the trace.
    pub fn of(game: &Game, hole: u8) -> Result<Claim, MoveError> {
        let mut after = game.clone();
        let trace = after.play(hole)?;
        let mut claim = Claim {
            hole,
            seeds: 0,
            laps: 0,
            stop: 0,
            beads: Vec::new(),
            captured: 0,
            over: false,
            ending: None,
            claimed: 0,
            claimer: None,
            winner: None,
            reserves: after.position().reserves(),
        };
        for event in trace {
            match event {
                Event::Lift { seeds, .. } => claim.seeds = seeds,
                Event::SowingEnd { hole, laps } => (claim.stop, claim.laps) = (hole, laps),
                Event::Capture { hole, seeds, .. } => {
                    claim.beads.push(hole);
                    claim.captured += seeds;
                }
                Event::Claim { seeds, side, .. } => {
                    claim.claimed += seeds;
                    claim.claimer = Some(side);
                }
                Event::GameOver { ending, winner } => {
                    (claim.over, claim.ending, claim.winner) = (true, Some(ending), winner)
                }
                _ => {}
            }
        }
        Ok(claim)
    }

    /// Whether the necklace took beads from both rows.
    pub fn beads_on_both_rows(&self) -> bool {
        let south = |hole: &u8| (*hole as usize) < HOLES / 2;
        self.beads.iter().any(south) && !self.beads.iter().all(south)
    }
}

/// One step of the lesson: a position, the topic it teaches and the move to make.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub topic: Topic,
    /// The position, South to move.
    pub setup: Setup,
    /// The move that shows the topic (1..=7, South's own numbering).
    pub hole: u8,
}

impl Step {
    fn new(topic: Topic, board: [u8; HOLES], reserves: [u8; 2], hole: u8) -> Step {
        Step { topic, setup: Setup::new(board, reserves, Side::South), hole }
    }

    /// The step's position as a game.
    pub fn game(&self) -> Game {
        self.setup.to_game().expect("a lesson position is a legal position")
    }

    /// What playing `hole` in the step's position does.
    pub fn claim(&self, hole: u8) -> Result<Claim, MoveError> {
        Claim::of(&self.game(), hole)
    }

    /// The empty hole (track index) the board rings before the move, when the step asks for a
    /// move that stops in front of it.
    pub fn target(&self) -> Option<u8> {
        match self.topic {
            Topic::Stop => self.claim(self.hole).ok().map(|claim| claim.stop),
            _ => None,
        }
    }

    /// Whether a move did what the step asks for.
    pub fn accepts(&self, claim: &Claim) -> bool {
        let mover = self.setup.to_move;
        match self.topic {
            Topic::Sowing => claim.laps == 1 && claim.captured == 0 && !claim.over,
            Topic::Relay => claim.laps >= 3 && claim.captured == 0 && !claim.over,
            Topic::Stop => claim.captured == 0 && !claim.over && Some(claim.stop) == self.target(),
            Topic::Capture => claim.beads.len() == 1 && !claim.over,
            Topic::Necklace => claim.beads.len() >= 3 && claim.beads_on_both_rows() && !claim.over,
            Topic::NoMove => claim.ending == Some(Ending::NoMoves) && claim.claimer == Some(mover) && claim.claimed > 0,
            Topic::Winner => claim.over && claim.winner == Some(mover),
        }
    }
}

/// The lesson's steps, in order.
pub fn steps() -> Vec<Step> {
    use Topic::*;
    vec![
        // Three seeds, one lap, and the hole after the last one is empty: the plainest move.
        Step::new(Sowing, [2, 3, 0, 0, 0, 0, 0, 1, 2, 0, 3, 1, 0, 2], [20, 22], 2),
        // Two relays carry the sowing round to North's side.
        Step::new(Relay, [0, 2, 0, 0, 2, 0, 0, 2, 0, 0, 0, 0, 3, 1], [22, 24], 2),
        // Only hole 7 ends in front of North's empty hole 5; the others stop elsewhere.
        Step::new(Stop, [1, 0, 0, 0, 2, 0, 2, 0, 0, 1, 1, 0, 0, 0], [25, 24], 7),
        // Two laps, then the three seeds of North's hole 7 beyond the empty hole.
        Step::new(Capture, [1, 0, 2, 1, 3, 0, 0, 1, 3, 0, 0, 2, 0, 3], [22, 18], 5),
        // One seed, and the necklace takes South's holes 4 and 6 and North's hole 1.
        Step::new(Necklace, [1, 0, 0, 1, 0, 3, 0, 2, 0, 0, 1, 2, 1, 3], [17, 25], 1),
        // Taking North's last seed leaves North no move: South takes the rest of the board.
        Step::new(NoMove, [0, 0, 0, 0, 2, 2, 2, 0, 1, 0, 0, 0, 0, 0], [30, 19], 5),
        // Behind by one in reserve, South wins only by ending the game with the board.
        Step::new(Winner, [1, 2, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0], [25, 26], 6),
    ]
}

/// A step as the page uses it: its position, the move, and what that move does, computed.
#[derive(Clone, Debug, Serialize)]
pub struct StepView {
    pub topic: Topic,
    pub setup: Setup,
    pub hole: u8,
    /// The person must find the move.
    pub find: bool,
    /// The empty hole to stop in front of, for a step that asks for it.
    pub target: Option<u8>,
    pub claim: Claim,
}

/// Every step, as the page shows it.
pub fn lesson() -> Vec<StepView> {
    steps()
        .into_iter()
        .map(|step| StepView {
            topic: step.topic,
            find: step.topic.find(),
            target: step.target(),
            claim: step.claim(step.hole).expect("a lesson move is legal"),
            setup: step.setup,
            hole: step.hole,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn claims(step: &Step) -> Vec<Claim> {
        step.game().legal_moves().into_iter().map(|hole| step.claim(hole).unwrap()).collect()
    }

    #[test]
    fn each_move_shows_what_its_step_teaches() {
        for step in steps() {
            let game = step.setup.to_game().unwrap_or_else(|e| panic!("{:?}: {e}", step.topic));
            assert_eq!(game.position().to_move(), Side::South);
            assert!(game.legal_moves().contains(&step.hole), "{:?}: hole {} is not legal", step.topic, step.hole);
            let claim = step.claim(step.hole).unwrap();
            assert!(step.accepts(&claim), "{:?}: hole {} does not show it: {claim:?}", step.topic, step.hole);
        }
    }

    #[test]
    fn a_move_to_find_is_the_only_one_that_does_it() {
        for step in steps().into_iter().filter(|step| step.topic.find()) {
            let accepted: Vec<u8> = claims(&step).into_iter().filter(|c| step.accepts(c)).map(|c| c.hole).collect();
            assert_eq!(accepted, [step.hole], "{:?}", step.topic);
            assert!(claims(&step).len() >= 3, "{:?}: too few moves to choose from", step.topic);
        }
    }

    #[test]
    fn the_steps_take_each_topic_once_in_order() {
        let topics: Vec<Topic> = steps().iter().map(|s| s.topic).collect();
        use Topic::*;
        assert_eq!(topics, [Sowing, Relay, Stop, Capture, Necklace, NoMove, Winner]);
    }

    #[test]
    fn the_claims_the_page_puts_in_words() {
        let views = lesson();
        let claim = |topic: Topic| &views.iter().find(|v| v.topic == topic).unwrap().claim;
        assert_eq!((claim(Topic::Sowing).seeds, claim(Topic::Sowing).laps), (3, 1));
        assert_eq!(claim(Topic::Relay).laps, 3);
        let stop = views.iter().find(|v| v.topic == Topic::Stop).unwrap();
        assert_eq!(stop.target, Some(11)); // North's hole 5, empty
        assert_eq!(stop.setup.board[11], 0);
        assert_eq!(claim(Topic::Capture).beads, [13]);
        assert_eq!(claim(Topic::Necklace).beads, [3, 5, 7]);
        let no_move = claim(Topic::NoMove);
        assert_eq!((no_move.claimer, no_move.claimed), (Some(Side::South), 6));
        let winner = claim(Topic::Winner);
        assert_eq!((winner.winner, winner.reserves), (Some(Side::South), [30, 26]));
        // Before the move South was behind.
        let setup = &views.last().unwrap().setup;
        assert!(setup.reserves[0] < setup.reserves[1]);
    }

    #[test]
    fn a_wrong_move_is_described_too() {
        let step = &steps()[3];
        let wrong = claims(step).into_iter().find(|c| c.hole != step.hole).unwrap();
        assert!(!step.accepts(&wrong));
        assert_eq!(wrong.captured, 0);
    }
}
