//! The perfect level: its move always keeps the exact value of the position, whichever side it
//! plays and wherever the game stands; when a proof does not fit the time it still plays a legal
//! move and says it is not exact.

use walak::computer::{Level, Player};
use walak::playout::Rng;
use walak::solve::Solver;
use walak::{Game, Options};

/// Random games played on until the board holds at most `seeds` seeds.
fn positions(count: usize, seeds: u32, seed: u64) -> Vec<Game> {
    let mut rng = Rng::new(seed);
    let mut found = Vec::new();
    while found.len() < count {
        let mut game = Game::new(Options::default());
        while !game.is_over() && game.position().seeds().iter().map(|&n| n as u32).sum::<u32>() > seeds {
            let legal = game.legal_moves();
            game.play(legal[rng.below(legal.len())]).unwrap();
        }
        if !game.is_over() {
            found.push(game);
        }
    }
    found
}

#[test]
fn every_perfect_move_keeps_the_value() {
    let mut player = Player::default();
    let mut solver = Solver::new(16);
    for (index, game) in positions(24, 22, 11).iter().enumerate() {
        let solution = solver.solve(game, true, &mut |_| true).unwrap();
        let chosen = player.choose(game, Level::Perfect, &|| 0.0, index as u64).unwrap();
        assert!(chosen.exact, "after '{}'", game.record());
        assert_eq!(chosen.eval, solution.value, "after '{}'", game.record());
        let kept = solution.move_values.iter().find(|&&(hole, _)| hole == chosen.number).unwrap().1;
        assert_eq!(kept, solution.value, "{} after '{}' gives value away", chosen.number, game.record());
    }
}

#[test]
fn a_position_too_large_to_prove_in_time_still_gets_a_legal_move_not_called_exact() {
    // A clock that jumps a second at every reading: no proof of the opening fits.
    let now = std::cell::Cell::new(0.0);
    let clock = || {
        now.set(now.get() + 1000.0);
        now.get()
    };
    let game = Game::new(Options::default());
    let chosen = Player::default().choose(&game, Level::Perfect, &clock, 0).unwrap();
    assert!(game.legal_moves().contains(&chosen.number));
    assert!(!chosen.exact);
}
