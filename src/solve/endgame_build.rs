//! Working out the endgame table ([`Endgames`]): every board of a seed count solved in turn,
//! fewest seeds first, each solve reading the boards of fewer seeds its captures lead to.

use crate::negamax::line::Line;
use crate::negamax::round::Round;
use crate::rules::board::{Track, HOLES};
use crate::rules::side::Side;

use super::endgame::{boards_below, next_board, Endgames, MOST_SEEDS};
use super::table::Table;
use super::tree::{Order, Progress, Tree};

/// How far [`Endgames::build`] has come.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Built {
    /// The seed count being worked on.
    pub seeds: u8,
    /// Boards done so far, of `total`.
    pub done: usize,
    pub total: usize,
}

impl Endgames {
    /// Works out every board of up to `most` seeds, fewest seeds first: a board's captures lead to
    /// boards of fewer seeds, already worked out. `observer` hears every 65,536 boards.
    pub fn build(most: u8, observer: &mut dyn FnMut(&Built)) -> Endgames {
        let most = most.min(MOST_SEEDS);
        let total = boards_below(most as usize + 1);
        let mut values: Vec<i8> = Vec::with_capacity(total);
        let mut endgames = Endgames::none();
        let round = Round::today(Track::full());
        let mut table = Table::new(64);
        let mut quiet = |_: &Progress| true;
        for seeds_on_board in 0..=most {
            table.new_generation();
            let first = values.len();
            let mut level = vec![0i8; boards_below(seeds_on_board as usize + 1) - first];
            let mut board = [0u8; HOLES];
            board[0] = seeds_on_board;
            let mut done = first;
            loop {
                let key = round.key_of(&board, Side::South, 0);
                let line = Line::from_game(&[key]);
                let mut tree = Tree::new(round, &table, line, Order::Best, &mut quiet);
                tree.endgames = Some(&endgames);
                let value = tree
                    .exact(&board, Side::South, 0, seeds_on_board as i32, || 0)
                    .expect("a quiet solve runs to its end");
                level[Endgames::index(&board, Side::South, seeds_on_board as usize) - first] = value as i8;
                done += 1;
                if done % (1 << 16) == 0 {
                    observer(&Built { seeds: seeds_on_board, done, total });
                }
                if !next_board(&mut board) {
                    break;
                }
            }
            values.extend(level);
            endgames = Endgames::from_values(seeds_on_board, &values);
        }
        observer(&Built { seeds: most, done: total, total });
        endgames
    }
}
