//! Properties over many random games: what a player relies on whatever the moves.
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use walak::format::replay::Replayer;
use walak::playout::Rng;
use walak::{Game, Options, Setup, Side, StateView, Status};

/// Long enough for any game seen so far (matches in rounds run to a few thousand moves).
const MOVE_LIMIT: usize = 200_000;

fn options(rounds: bool, north_first: bool) -> Options {
    Options { rounds, first: if north_first { Side::North } else { Side::South }, ..Options::default() }
}

/// Plays random legal moves to the end, calling `check` with the game before and the trace of
/// each move.
fn play_out(options: Options, seed: u64, mut check: impl FnMut(&Game, &Game, &[walak::Event])) -> Game {
    let mut rng = Rng::new(seed);
    let mut game = Game::new(options);
    for _ in 0..MOVE_LIMIT {
        let legal = game.legal_moves();
        if legal.is_empty() {
            return game;
        }
        let before = game.clone();
        let trace = game.play(legal[rng.below(legal.len())]).expect("a legal move is accepted");
        check(&before, &game, &trace);
    }
    panic!("game with seed {seed} did not end within {MOVE_LIMIT} moves");
}

fn without_legal(mut view: StateView) -> StateView {
    view.legal.clear();
    view
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn replaying_a_trace_gives_the_new_state_and_conserves_seeds(seed: u64, rounds: bool, north_first: bool) {
        let game = play_out(options(rounds, north_first), seed, |before, after, trace| {
            let mut replay = Replayer::new(before.view());
            for event in trace {
                replay.apply(event).unwrap_or_else(|e| panic!("{e} at {event:?}"));
                assert_eq!(replay.seeds_accounted(), 56, "seeds not conserved at {event:?}");
            }
            let replayed = replay.finish().expect("the hand is empty after a move");
            assert_eq!(without_legal(replayed), without_legal(after.view()));
        });
        prop_assert_eq!(game.view().status, Status::GameOver);
        prop_assert!(game.view().board.iter().all(|&n| n == 0), "the board is claimed at the end");
        prop_assert!(game.legal_moves().is_empty());
    }

    #[test]
    fn the_same_record_gives_the_same_game(seed: u64, rounds: bool) {
        let mut traces = Vec::new();
        let game = play_out(options(rounds, false), seed, |_, _, trace| traces.push(trace.to_vec()));
        let again = Game::from_record(&game.record(), options(rounds, false)).expect("the record replays");
        prop_assert_eq!(again.view(), game.view());
        let mut replayed = Game::new(options(rounds, false));
        for (number, trace) in game.moves_played().into_iter().zip(&traces) {
            prop_assert_eq!(&replayed.play(number).unwrap(), trace);
        }
    }

    #[test]
    fn illegal_moves_are_refused_and_change_nothing(seed: u64, rounds: bool, number in 0u8..=255) {
        play_out(options(rounds, false), seed, |before, _, _| {
            if before.legal_moves().contains(&number) {
                return;
            }
            let mut tried = before.clone();
            let error = tried.play(number).expect_err("an illegal move is refused");
            assert!(!error.to_string().is_empty());
            assert_eq!(tried.view(), before.view());
            assert_eq!(tried.record(), before.record());
        });
    }

    #[test]
    fn a_finished_game_refuses_every_move(seed: u64, rounds: bool, number in 1u8..=7) {
        let mut game = play_out(options(rounds, false), seed, |_, _, _| {});
        let view = game.view();
        prop_assert_eq!(game.play(number).unwrap_err(), walak::MoveError::GameOver);
        prop_assert_eq!(game.view(), view);
    }

    #[test]
    fn undo_and_redo_walk_the_game_back_and_forth(seed: u64, rounds: bool) {
        let mut views = Vec::new();
        let mut game = play_out(options(rounds, false), seed, |before, _, _| views.push(before.view()));
        let last = game.view();
        for view in views.iter().rev().take(30) {
            prop_assert!(game.undo());
            prop_assert_eq!(&game.view(), view);
        }
        while game.redo().is_some() {}
        prop_assert_eq!(game.view(), last);
    }

    /// Taking moves back leaves no trace: playing on gives the same game, repetitions and round
    /// ends included, as replaying the shorter record and playing on from there.
    #[test]
    fn a_game_played_on_after_undo_is_the_game_without_those_moves(seed: u64, rounds: bool, back in 1usize..400) {
        let mut game = play_out(options(rounds, false), seed, |_, _, _| {});
        for _ in 0..back.min(game.plies().len()) {
            prop_assert!(game.undo());
        }
        let mut fresh = Game::from_record(&game.record(), options(rounds, false)).unwrap();
        prop_assert_eq!(game.round_positions(), fresh.round_positions());
        let mut rng = Rng::new(seed ^ 0x5eed);
        for _ in 0..MOVE_LIMIT {
            prop_assert_eq!(game.view(), fresh.view());
            let legal = game.legal_moves();
            if legal.is_empty() {
                break;
            }
            let number = legal[rng.below(legal.len())];
            prop_assert_eq!(game.play(number).unwrap(), fresh.play(number).unwrap());
        }
    }

    #[test]
    fn a_position_set_up_from_a_game_plays_on_the_same(seed: u64, rounds: bool, stop in 0usize..300) {
        let mut rng = Rng::new(seed);
        let mut game = Game::new(options(rounds, false));
        for _ in 0..stop {
            let legal = game.legal_moves();
            if legal.is_empty() { break; }
            game.play(legal[rng.below(legal.len())]).unwrap();
        }
        let view = game.view();
        let setup = Setup {
            board: view.board.to_vec(),
            reserves: view.reserves,
            to_move: view.to_move,
            rounds,
            round: view.round,
            in_play: Some(view.in_play.to_vec()),
            ..Setup::new(view.board, view.reserves, view.to_move)
        };
        let copy = setup.to_game();
        if view.status == Status::Playing {
            let copy = copy.expect("a position reached in play is possible");
            prop_assert_eq!(&copy.view().legal, &view.legal);
            prop_assert_eq!(copy.view().board, view.board);
        }
    }
}

/// Parker's rule sets: what their rules promise, over random single rounds and (capped) matches.
mod parker {
    use super::*;
    use walak::format::view::Phase;
    use walak::rules::ruleset::RuleSet;
    use walak::Event;

    /// Matches of Parker's games can run for thousands of moves; the properties are checked on
    /// their first moves.
    const MATCH_MOVES: usize = 3_000;

    fn rules(kotu: bool) -> RuleSet {
        if kotu {
            RuleSet::ParkerKotu
        } else {
            RuleSet::ParkerWalak
        }
    }

    /// Plays random legal moves until the end or `limit` moves, checking each one.
    fn play_for(options: Options, seed: u64, limit: usize, mut check: impl FnMut(&Game, &Game, &[Event])) -> Game {
        let mut rng = Rng::new(seed);
        let mut game = Game::new(options);
        for _ in 0..limit {
            let legal = game.legal_moves();
            if legal.is_empty() {
                break;
            }
            let before = game.clone();
            let trace = game.play(legal[rng.below(legal.len())]).expect("a legal move is accepted");
            check(&before, &game, &trace);
        }
        game
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

        #[test]
        fn every_move_keeps_the_seeds_the_direction_and_the_marked_holes(seed: u64, kotu: bool, rounds: bool) {
            let options = Options { rules: rules(kotu), rounds, ..Options::default() };
            let game = play_for(options, seed, if rounds { MATCH_MOVES } else { usize::MAX }, |before, after, trace| {
                let (view, marks) = (before.view(), before.position().marks());
                // The trace replays onto the state, seeds conserved at every step.
                let mut replay = Replayer::new(view.clone());
                for event in trace {
                    replay.apply(event).unwrap_or_else(|e| panic!("{e} at {event:?}"));
                    assert_eq!(replay.seeds_accounted(), 56, "seeds not conserved at {event:?}");
                }
                assert_eq!(without_legal(replay.finish().unwrap()), without_legal(after.view()));
                // Until the round ends: never lifted, never captured, the direction kept.
                for event in trace.iter().take_while(|e| !matches!(e, Event::RoundEnd { .. } | Event::GameOver { .. })) {
                    match *event {
                        Event::Lift { hole, .. } | Event::Relay { hole, .. } => {
                            assert!(!marks.is_fixed(hole as usize), "a blocked or tied hole {hole} was lifted");
                        }
                        Event::Capture { hole, .. } | Event::Eat { hole, .. } => {
                            assert!(!marks.is_fixed(hole as usize), "a blocked or tied hole {hole} was captured");
                        }
                        _ => {}
                    }
                }
                if before.round() == after.round() && !before.is_choosing() {
                    if let Some(direction) = before.position().direction() {
                        assert_eq!(after.position().direction(), Some(direction), "the direction changed within a round");
                    }
                    for hole in 0..14 {
                        if let Some(by) = marks.tied_by(hole) {
                            assert_eq!(after.position().marks().tied_by(hole), Some(by), "a tie was undone");
                        }
                    }
                }
            });
            if !rounds {
                let view = game.view();
                prop_assert_eq!(view.status, Status::GameOver);
                prop_assert!(view.board.iter().all(|&n| n == 0), "the board is claimed at the end");
                prop_assert_eq!(view.parker.unwrap().phase, Phase::Over);
            }
        }

        #[test]
        fn a_parker_record_reads_back_as_the_same_game_and_undo_walks_it_back(seed: u64, kotu: bool, rounds: bool) {
            let options = Options { rules: rules(kotu), rounds, ..Options::default() };
            let mut game = play_for(options, seed, 400, |_, _, _| {});
            let again = Game::from_record(&game.record(), options).expect("a game's record plays again");
            prop_assert_eq!(again.view(), game.view());
            let end = game.view();
            let mut states = Vec::new();
            while game.can_undo() {
                states.push(game.view());
                game.undo();
            }
            prop_assert_eq!(game.view(), Game::new(options).view());
            while let Some(state) = states.pop() {
                game.redo().expect("a move taken back is redone");
                prop_assert_eq!(game.view(), state);
            }
            prop_assert_eq!(game.view(), end);
        }
    }
}
