//! The opening book shipped with the page (`www/book.txt`, made by `walak book`): well formed,
//! complete for the positions it promises, consistent with itself, and equal to what the solver
//! gives when a sample of its positions is solved again.

use walak::solve::{Book, Solver};
use walak::{Game, Options};

/// The shipped book, with the depths its header names: `walak book --plies P [--every E]`.
fn shipped() -> (Book, usize, usize) {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/www/book.txt")).expect("www/book.txt");
    let depth = |flag: &str| {
        text.lines()
            .find_map(|line| line.split(flag).nth(1))
            .and_then(|rest| rest.split_whitespace().next()?.parse().ok())
    };
    let plies = depth("--plies ").expect("the book's header names its --plies");
    (Book::parse(&text).expect("the book reads"), plies, depth("--every ").unwrap_or(0))
}

fn game(record: &str) -> Game {
    Game::from_record(record, Options::default()).unwrap()
}

/// Walks the positions the book promises: fewer than `every` moves, or fewer than `plies` moves
/// with one side having played only best moves; the game not over. Each is in the book, and a move's value is minus the best value of the position
/// it leads to (when that position is in the book too).
#[test]
fn the_book_holds_every_promised_position_and_agrees_with_itself() {
    let (book, plies, every) = shipped();
    let mut level = vec![(String::new(), [true, true])];
    let mut seen = 0;
    for ply in 0..plies.max(every) {
        let mut next = Vec::new();
        for (record, perfect) in level {
            let game = game(&record);
            if game.is_over() {
                continue; // no move to value
            }
            let values = book.move_values(&game).unwrap_or_else(|| panic!("the book lacks '{record}'"));
            seen += 1;
            let legal = game.legal_moves();
            assert_eq!(values.iter().map(|&(hole, _)| hole).collect::<Vec<_>>(), legal, "'{record}'");
            let (best_value, best) = Book::best(values);
            let mover = game.position().to_move().index();
            for &(hole, value) in values {
                let child = format!("{record}{hole}");
                if let Some(after) = book.move_values(&self::game(&child)) {
                    assert_eq!(value, -Book::best(after).0, "the value of {hole} after '{record}'");
                }
                let mut perfect = perfect;
                perfect[mover] &= best.contains(&hole);
                let wanted = if perfect == [false, false] { every } else { plies.max(every) };
                if ply + 1 < wanted {
                    next.push((child, perfect));
                }
            }
            assert!(values.iter().any(|&(_, v)| v == best_value));
        }
        level = next;
    }
    assert_eq!(seen, book.len(), "the book holds only the positions it promises");
}

/// The deepest positions solve quickly: solving a sample again must give the book's values.
#[test]
fn a_sample_of_the_book_solves_to_the_same_values() {
    let (book, _, _) = shipped();
    let text = book.to_text("");
    let mut entries: Vec<&str> = text.lines().filter(|line| !line.starts_with('#')).collect();
    // The longest records (cheapest to solve), every third one, at most four.
    entries.sort_by_key(|line| std::cmp::Reverse(line.find('=').unwrap()));
    let mut solver = Solver::new(64).threads(2);
    for line in entries.iter().step_by(3).take(4) {
        let record = &line[..line.find('=').unwrap()];
        let game = game(record);
        let solution = solver.solve(&game, true, &mut |_| true).unwrap();
        assert_eq!(Some(solution.move_values.as_slice()), book.move_values(&game), "'{record}'");
    }
}

/// The positions of every line (neither side's moves all best, where a learner's odd opening goes):
/// a sample of the deepest, spread over the book by a fixed stride, solved again gives the book's
/// values.
#[test]
fn a_sample_of_every_line_solves_to_the_same_values() {
    let (book, _, every) = shipped();
    let text = book.to_text("");
    let records: Vec<&str> = text
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| &line[..line.find('=').unwrap()])
        .filter(|record| every > 1 && record.len() == every - 1)
        .collect();
    assert!(every == 0 || records.len() > 100, "the book holds every line to {every} moves");
    let mut solver = Solver::new(64).threads(2);
    for record in records.iter().step_by(records.len() / 5 + 1).take(5) {
        let game = game(record);
        let solution = solver.move_values(&game, &mut |_| true).unwrap();
        assert_eq!(Some(solution.move_values.as_slice()), book.move_values(&game), "'{record}'");
    }
}

/// The same book serves a game where North moves first: records are from the mover's left.
#[test]
fn the_book_serves_either_first_player_and_not_rounds() {
    let (book, _, _) = shipped();
    let north_first = Game::new(Options { first: walak::Side::North, ..Options::default() });
    assert_eq!(book.move_values(&north_first), book.move_values(&game("")));
    let rounds = Game::new(Options { rounds: true, ..Options::default() });
    assert_eq!(book.move_values(&rounds), None);
}
