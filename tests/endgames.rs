//! The endgame table the page and the tool ship (`www/endgames.bin`, made by `walak endgames`):
//! that it is what the solver works out today, that its values are those of solves that do not
//! read it, and that solves reading it give the same values as solves that do not.
//!
//! `tests/solver.rs` checks the solver that reads it against the simple solver too.
#![cfg(not(target_arch = "wasm32"))]

use walak::solve::{Endgames, Solver};
use walak::{Game, Options, Setup, Side};

fn shipped() -> Endgames {
    let bytes = std::fs::read("www/endgames.bin").expect("www/endgames.bin is in the repository");
    Endgames::from_bytes(&bytes).expect("the shipped endgame table is whole")
}

/// xorshift64: positions of our own choosing, the same on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

#[test]
fn the_shipped_table_is_what_the_solver_works_out_today() {
    // A change to the rules or the solver that changes a value shows here: rebuild the table with
    // `walak endgames --seeds N --out www/endgames.bin`.
    let shipped = shipped();
    assert!(shipped.most() >= 11, "the page's figures were measured with boards of up to 11 seeds");
    let built = Endgames::build(shipped.most(), &mut |_| {});
    assert!(built == shipped, "www/endgames.bin differs from a table built now");
}

#[test]
fn each_board_sampled_has_the_value_a_solve_without_the_table_finds() {
    // Set up by hand, so right after the set-up no earlier position can come back: the same
    // condition as right after a capture. Both sides to move: North's boards are read turned round.
    let endgames = shipped();
    let mut rng = Rng(0x005E_ED0F_E4D6);
    let mut solver = Solver::new(16);
    for i in 0..600 {
        let seeds = 1 + i % endgames.most() as usize;
        let mut board = [0u8; 14];
        for _ in 0..seeds {
            board[rng.below(14)] += 1;
        }
        let to_move = if i % 2 == 0 { Side::South } else { Side::North };
        let south = rng.below(56 - seeds + 1) as u8;
        let game = Setup::new(board, [south, 56 - seeds as u8 - south], to_move).to_game().expect("56 seeds in all");
        if game.is_over() {
            // The mover has no move: the set-up itself ends the game and clears the board.
            continue;
        }
        let held = game.position().reserves()[to_move.index()] as i32
            - game.position().reserves()[to_move.opponent().index()] as i32;
        let solved = solver.value(&game, &mut |_| true).expect("nothing stops the solve");
        assert_eq!(endgames.value(&board, to_move).map(|v| held + v), Some(solved), "{board:?}, {to_move:?} to move");
    }
}

#[test]
fn solves_that_read_the_table_give_the_values_of_solves_that_do_not() {
    // Positions of random games from the 8th to the 37th move: their solves reach the table's
    // boards by captures all the time, after long histories too.
    let mut rng = Rng(0xE4D6_A3E5);
    let mut without = Solver::new(16);
    let mut with = Solver::new(16).with_endgames(shipped());
    let mut compared = 0;
    for i in 0..120 {
        let mut game = Game::new(Options::default());
        for _ in 0..8 + i % 30 {
            let legal = game.legal_moves();
            if legal.is_empty() {
                break;
            }
            game.play(legal[rng.below(legal.len())]).expect("a legal move");
        }
        if game.is_over() {
            continue;
        }
        // Solves that would take the solver without the table long are left out.
        let Ok(expected) = without.move_values(&game, &mut |p| p.nodes < 3_000_000) else { continue };
        let found = with.move_values(&game, &mut |_| true).expect("nothing stops the solve");
        assert_eq!(
            (found.value, &found.move_values),
            (expected.value, &expected.move_values),
            "after {}",
            game.record()
        );
        compared += 1;
    }
    assert!(compared >= 60, "only {compared} positions compared");
}

#[test]
fn a_match_round_solved_with_the_table_has_the_values_of_one_solved_without() {
    // In a match the values run to the end of the round, and a round ends with the board as a game
    // does: the table's values hold there too. (Rounds with holes out of play never read it: the
    // solver gives it only to a full track.)
    let record = "35141541325677424117";
    let game = Game::from_record(record, Options { rounds: true, ..Options::default() }).expect("a legal record");
    let plain = Solver::new(16).solve(&game, true, &mut |_| true).expect("nothing stops the solve");
    let read =
        Solver::new(16).with_endgames(shipped()).solve(&game, true, &mut |_| true).expect("nothing stops the solve");
    assert_eq!((read.value, read.move_values), (plain.value, plain.move_values));
}
