//! Replaying a move's trace onto a game's state, event by event, as an animation does: each event
//! is checked against the state so that a wrong trace is caught rather than drawn.

use crate::format::view::{Phase, StateView};
use crate::rules::board::{HOLES, TOTAL_SEEDS};
use crate::rules::marks::Short;
use crate::rules::outcome::{Status, Winner};
use crate::rules::side::Side;
use crate::rules::trace::Event;

/// Applies trace events to a state, one by one, refusing any event that does not fit it.
///
/// ```
/// use walak::{Game, Options, format::replay::Replayer};
/// let mut game = Game::new(Options::default());
/// let before = game.view();
/// let trace = game.play(1).unwrap();
/// let mut replay = Replayer::new(before);
/// for event in &trace {
///     replay.apply(event).unwrap();
/// }
/// assert_eq!(replay.finish().unwrap().board, game.view().board);
/// ```
#[derive(Clone, Debug)]
pub struct Replayer {
    state: StateView,
    hand: u8,
}

impl Replayer {
    pub fn new(state: StateView) -> Replayer {
        Replayer { state, hand: 0 }
    }

    /// The state so far (the hand is not part of it).
    pub fn state(&self) -> &StateView {
        &self.state
    }

    /// Seeds in the mover's hand.
    pub fn hand(&self) -> u8 {
        self.hand
    }

    /// Seeds on the board, in both reserves and in the hand: 56 after every event.
    pub fn seeds_accounted(&self) -> u32 {
        let board: u32 = self.state.board.iter().map(|&s| s as u32).sum();
        board + self.state.reserves.iter().map(|&s| s as u32).sum::<u32>() + self.hand as u32
    }

    pub fn apply(&mut self, event: &Event) -> Result<(), String> {
        let s = &mut self.state;
        let hole_at = |hole: u8| -> Result<usize, String> {
            let h = hole as usize;
            if h < HOLES {
                Ok(h)
            } else {
                Err(format!("hole {hole} is not on the board"))
            }
        };
        match *event {
            Event::Lift { hole, seeds } | Event::Relay { hole, seeds, .. } => {
                let h = hole_at(hole)?;
                if self.hand != 0 {
                    return Err(format!("lift from hole {hole} with {} seeds still in hand", self.hand));
                }
                if s.board[h] != seeds || seeds == 0 {
                    return Err(format!("lift of {seeds} seeds from hole {hole}, which holds {}", s.board[h]));
                }
                s.board[h] = 0;
                self.hand = seeds;
            }
            Event::Drop { hole } => {
                let h = hole_at(hole)?;
                if self.hand == 0 {
                    return Err(format!("drop into hole {hole} with an empty hand"));
                }
                if !s.in_play[h] {
                    return Err(format!("drop into hole {hole}, which is out of play"));
                }
                self.hand -= 1;
                add(&mut s.board[h], 1)?;
            }
            Event::SowingEnd { hole, .. } => {
                let h = hole_at(hole)?;
                // A puta or naga hole counts as empty.
                let blocked = s.parker.as_ref().is_some_and(|p| p.blocked[h].is_some());
                if self.hand != 0 || (s.board[h] != 0 && !blocked) {
                    return Err(format!("sowing cannot end before hole {hole}"));
                }
            }
            Event::Capture { hole, seeds, .. } => {
                let h = hole_at(hole)?;
                if s.board[h] != seeds || seeds == 0 {
                    return Err(format!("capture of {seeds} seeds from hole {hole}, which holds {}", s.board[h]));
                }
                s.board[h] = 0;
                add(&mut s.reserves[s.to_move.index()], seeds)?;
            }
            Event::TurnPass { to } => {
                if self.hand != 0 {
                    return Err("the turn passed with seeds in hand".into());
                }
                s.to_move = to;
            }
            Event::Claim { hole, seeds, side } => {
                let h = hole_at(hole)?;
                if s.board[h] != seeds {
                    return Err(format!("claim of {seeds} seeds from hole {hole}, which holds {}", s.board[h]));
                }
                s.board[h] = 0;
                add(&mut s.reserves[side.index()], seeds)?;
            }
            Event::RoundEnd { .. } => {
                if s.board.iter().any(|&n| n != 0) {
                    return Err("a round ended with seeds left on the board".into());
                }
            }
            Event::Fill { hole, seeds } => {
                let h = hole_at(hole)?;
                let owner = Side::owning(h).index();
                if s.reserves[owner] < seeds || s.board[h] != 0 {
                    return Err(format!("cannot fill hole {hole} with {seeds} seeds"));
                }
                s.reserves[owner] -= seeds;
                s.board[h] = seeds;
            }
            Event::RoundStart { round, to_move, in_play } => {
                s.round = round;
                s.to_move = to_move;
                s.in_play = in_play;
            }
            Event::Chosen { direction } => {
                let parker = s.parker.as_mut().ok_or("a direction chosen by today's rules")?;
                if parker.phase == Phase::Choose {
                    // A new round's marks come with its fill.
                    parker.blocked = [None; HOLES];
                    parker.tied_by = [None; HOLES];
                    parker.phase = Phase::Play;
                }
                parker.direction = Some(direction);
            }
            Event::Skip { hole } => {
                let h = hole_at(hole)?;
                if self.hand < 2 || s.board[h] != 3 {
                    return Err(format!("a seed cannot pass over hole {hole}"));
                }
            }
            Event::Stop { hole, .. } => {
                let h = hole_at(hole)?;
                if self.hand != 0 || s.board[h] == 0 {
                    return Err(format!("a move cannot stop in hole {hole}"));
                }
            }
            Event::Eat { hole, seeds } => {
                let h = hole_at(hole)?;
                if self.hand != 0 || s.board[h] != seeds {
                    return Err(format!("cannot eat {seeds} seeds from hole {hole}, which holds {}", s.board[h]));
                }
                s.board[h] = 0;
                add(&mut s.reserves[s.to_move.index()], seeds)?;
            }
            Event::Tie { hole, side } => {
                let h = hole_at(hole)?;
                let parker = s.parker.as_mut().ok_or("a hole tied by today's rules")?;
                if parker.tied_by[h].is_some() {
                    return Err(format!("hole {hole} is tied already"));
                }
                parker.tied_by[h] = Some(side);
            }
            Event::Choosing { round, side } => {
                let parker = s.parker.as_mut().ok_or("a direction to choose by today's rules")?;
                parker.phase = Phase::Choose;
                s.round = round;
                s.to_move = side;
            }
            Event::Short { hole, short, opposite, removed } => {
                let (h, o) = (hole_at(hole)?, hole_at(opposite)?);
                if s.board[o] < removed {
                    return Err(format!("cannot take {removed} seeds from hole {opposite}"));
                }
                s.board[o] -= removed;
                add(&mut s.reserves[Side::owning(o).index()], removed)?;
                if let (Some(parker), Some(kind)) = (s.parker.as_mut(), Some(short).filter(|k| *k != Short::Wala)) {
                    parker.blocked[h] = Some(kind);
                }
            }
            Event::GameOver { winner, .. } => {
                if let Some(parker) = s.parker.as_mut() {
                    parker.phase = Phase::Over;
                }
                s.status = Status::GameOver;
                s.winner = Some(match winner {
                    Some(Side::South) => Winner::South,
                    Some(Side::North) => Winner::North,
                    None => Winner::Draw,
                });
            }
        }
        Ok(())
    }

    /// The state after the last event. Legal moves are not part of a trace: they are left as they
    /// were and should be read from the game.
    pub fn finish(self) -> Result<StateView, String> {
        if self.hand != 0 {
            return Err(format!("the trace ended with {} seeds in hand", self.hand));
        }
        Ok(self.state)
    }
}

/// Replays a move's trace on the state before it, checking every event and that all 56 seeds are
/// on the board, in the reserves or in the hand after each one. Gives the state after the move;
/// its legal moves are left as they were, since a trace does not say them.
///
/// ```
/// use walak::{Game, Options, format::replay::replay};
/// let mut game = Game::new(Options::default());
/// let before = game.view();
/// let trace = game.play(3).unwrap();
/// let after = replay(before, &trace).unwrap();
/// assert_eq!((after.board, after.reserves), (game.view().board, game.view().reserves));
/// ```
pub fn replay(before: StateView, trace: &[Event]) -> Result<StateView, String> {
    let mut replayer = Replayer::new(before);
    for event in trace {
        replayer.apply(event).map_err(|e| format!("{e} (at {event:?})"))?;
        let seeds = replayer.seeds_accounted();
        if seeds != TOTAL_SEEDS {
            return Err(format!("{seeds} seeds accounted for after {event:?}"));
        }
    }
    replayer.finish()
}

/// Adds seeds to a count; a count past what a byte holds means the trace does not fit the state.
fn add(count: &mut u8, seeds: u8) -> Result<(), String> {
    *count = count.checked_add(seeds).ok_or("more seeds than the game holds")?;
    Ok(())
}
