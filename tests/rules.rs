//! The rules a player meets at the edges of the game: endless sowing, repetition, a player with no
//! move, and the rounds of a match. Each is checked against the trace and the record, not against
//! the engine's own bookkeeping.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::HashMap;

use walak::playout::Rng;
use walak::{Ending, Event, Game, MoveError, Options, Setup, Side, Status};

/// Random games from fixed seeds, each with the trace of every move.
fn games(rounds: bool, count: u64) -> impl Iterator<Item = (Game, Vec<Vec<Event>>)> {
    (0..count).map(move |seed| {
        let mut rng = Rng::new(seed);
        let mut game = Game::new(Options { rounds, ..Options::default() });
        let mut traces = Vec::new();
        while !game.is_over() {
            let legal = game.legal_moves();
            traces.push(game.play(legal[rng.below(legal.len())]).unwrap());
        }
        (game, traces)
    })
}

#[test]
fn an_endless_sowing_is_not_a_legal_move() {
    // South's first hole relays around this sparse board forever.
    let board = [1, 0, 1, 0, 1, 0, 1, 0, 2, 1, 0, 1, 0, 1];
    let mut game = Setup::new(board, [20, 27], Side::South).to_game().unwrap();
    assert_eq!(game.play(1).unwrap_err(), MoveError::Endless { side: Side::South, number: 1 });
    assert!(!game.legal_moves().contains(&1));
    assert_eq!(game.view().board, board);
    assert!(game.play(1).unwrap_err().to_string().contains("endless"));
}

#[test]
fn a_third_repetition_ends_the_game_with_each_side_taking_its_row() {
    let mut found = 0;
    for (game, traces) in games(false, 400) {
        if game.result().map(|(ending, _)| ending) != Some(Ending::Repetition) {
            continue;
        }
        found += 1;
        // Replaying the record independently: the final position is the third of its kind.
        let mut replay = Game::new(Options::default());
        let mut seen = HashMap::new();
        *seen.entry((replay.view().board, replay.view().to_move)).or_insert(0) += 1;
        let moves = game.moves_played();
        let (last, earlier) = moves.split_last().unwrap();
        for &number in earlier {
            replay.play(number).unwrap();
            *seen.entry((replay.view().board, replay.view().to_move)).or_insert(0) += 1;
        }
        let ending = replay.preview(*last).unwrap();
        assert!(seen.values().all(|&n| n <= 2), "no position came three times before the end");
        for event in &ending {
            if let Event::Claim { hole, side, .. } = event {
                assert_eq!(*side, Side::owning(*hole as usize), "each side takes its own row");
            }
        }
        assert_eq!(traces.last().unwrap(), &ending);
    }
    assert!(found > 0, "some random games end by repetition");
}

#[test]
fn a_player_without_a_move_ends_the_game_and_the_opponent_takes_the_board() {
    let mut found = 0;
    for (game, traces) in games(false, 100) {
        let Some((Ending::NoMoves, winner)) = game.result() else { continue };
        found += 1;
        let view = game.view();
        let stuck = view.to_move;
        for event in traces.last().unwrap() {
            if let Event::Claim { side, .. } = event {
                assert_eq!(*side, stuck.opponent());
            }
        }
        let reserves = view.reserves;
        assert_eq!(reserves[0] as u32 + reserves[1] as u32, 56);
        let expected = match reserves[0].cmp(&reserves[1]) {
            std::cmp::Ordering::Greater => Some(Side::South),
            std::cmp::Ordering::Less => Some(Side::North),
            std::cmp::Ordering::Equal => None,
        };
        assert_eq!(winner, expected);
    }
    assert!(found > 50, "most random games end with a player unable to move");
}

#[test]
fn rounds_refill_from_the_left_and_the_poorer_side_starts() {
    let mut rounds_seen = 0;
    for (game, traces) in games(true, 20) {
        let mut starter = Side::South;
        for trace in &traces {
            let Some(start) = trace.iter().position(|e| matches!(e, Event::RoundEnd { .. })) else { continue };
            // Reserves at the end of the round: replay the trace up to the round end.
            let fills: Vec<(u8, u8)> = trace[start..]
                .iter()
                .filter_map(|e| match e {
                    Event::Fill { hole, seeds } => Some((*hole, *seeds)),
                    _ => None,
                })
                .collect();
            let Some(Event::RoundStart { to_move, in_play, .. }) =
                trace.iter().find(|e| matches!(e, Event::RoundStart { .. }))
            else {
                continue; // the match ended
            };
            rounds_seen += 1;
            for side in Side::BOTH {
                let row: Vec<u8> =
                    side.row().map(|hole| fills.iter().find(|(h, _)| *h as usize == hole).map_or(0, |f| f.1)).collect();
                // Full holes, then at most one deficient hole, then empty holes out of play.
                let full = row.iter().take_while(|&&n| n == 4).count();
                assert!(row[full..].iter().skip(1).all(|&n| n == 0), "{row:?}");
                for (i, hole) in side.row().enumerate() {
                    assert_eq!(in_play[hole], row[i] > 0);
                }
            }
            let held = |side: Side| -> u32 {
                fills.iter().filter(|(h, _)| Side::owning(*h as usize) == side).map(|f| f.1 as u32).sum()
            };
            let (south, north) = (held(Side::South), held(Side::North));
            // Fewer seeds placed means fewer held: only a side with all holes full keeps a surplus.
            if south != north {
                assert_eq!(*to_move, if south < north { Side::South } else { Side::North });
            }
            if south == north {
                assert_eq!(*to_move, starter.opponent());
            }
            starter = *to_move;
        }
        let view = game.view();
        assert_eq!(game.result().unwrap().0, Ending::MatchOver);
        assert!(view.reserves.iter().any(|&r| r < 4));
        assert_eq!(view.status, Status::GameOver);
    }
    assert!(rounds_seen > 20);
}

#[test]
fn impossible_positions_are_refused_with_the_reason() {
    let setup = |f: &dyn Fn(&mut Setup)| {
        let mut s = Setup::new([4; 14], [0, 0], Side::South);
        f(&mut s);
        s.to_game().map(|_| ()).unwrap_err().to_string()
    };
    assert!(setup(&|s| s.board[3] = 9).contains("61 seeds"));
    assert!(setup(&|s| s.board.pop().map(|_| ()).unwrap()).contains("14 holes"));
    assert!(setup(&|s| s.round = 0).contains("from 1"));
    assert!(setup(&|s| s.round = 2).contains("a single game has only one round"));
    assert!(setup(&|s| s.in_play = Some(vec![true; 13])).contains("14 holes"));
    let out_of_play = |s: &mut Setup| {
        s.rounds = true;
        s.round = 3;
        let mut flags = vec![true; 14];
        flags[6] = false;
        s.in_play = Some(flags);
    };
    assert!(setup(&|s| out_of_play(s)).contains("South's hole 7 is out of play but holds seeds"));
    assert!(setup(&|s| {
        out_of_play(s);
        s.rounds = false;
    })
    .contains("only in rounds mode"));
    assert!(setup(&|s| {
        out_of_play(s);
        // South's sixth hole out of play but the seventh in play: not how holes are filled.
        s.board = vec![4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 4, 4];
        s.reserves = [4, 0];
        s.in_play = Some((0..14).map(|hole| hole != 5).collect());
    })
    .contains("without a gap"));
}

#[test]
fn a_position_with_no_move_for_the_player_to_move_is_already_over() {
    // North's row is empty: South takes the rest.
    let board = [1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    let game = Setup::new(board, [30, 23], Side::North).to_game().unwrap();
    assert_eq!(game.view().status, Status::GameOver);
    assert_eq!(game.view().reserves, [33, 23]);
    assert_eq!(game.result(), Some((Ending::NoMoves, Some(Side::South))));
}
