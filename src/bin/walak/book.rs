//! `walak book`: the opening book the perfect level and the move values use in a browser, where
//! the positions near the opening take too long to solve.
//!
//! The book holds every position of fewer than `every` moves from the opening, whatever was
//! played (where a learner's odd opening would otherwise wait longest), and every position of
//! fewer than `plies` moves in which one side (either) has played only best moves, while the other
//! played anything: the positions a perfect computer meets, as South or as North, whatever a person
//! replies. Each holds every legal move's exact value. Values are exact, so the book is the same
//! whatever the table size or threads.

use std::time::Instant;

use walak::solve::{Book, Solver};
use walak::{Game, Options, Side};

use crate::cli::BookArgs;

/// `walak book`: the book, as text on stdout.
pub fn run(args: BookArgs) -> Result<String, String> {
    let known = match &args.resume {
        None => None,
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
            Some(Book::parse(&text).map_err(|e| format!("{path}: {e}"))?)
        }
    };
    let (plies, every) = (args.plies as usize, args.every as usize);
    let table_mb = args.solver.table_mb as usize;
    let book = build(&args.from, plies, every, known.as_ref(), table_mb, args.solver.thread_count())?;
    Ok(book.to_text(&header(&args.from, plies, every)).trim_end().to_string())
}

/// A position to solve: its record and whether South and North have played only best moves.
struct Node {
    record: String,
    perfect: [bool; 2],
}

/// Builds the book of positions with fewer than `every` moves, or fewer than `plies` moves with
/// one side's moves all best, after the record `from` (the opening when empty), reporting
/// progress on stderr. Positions `known` holds (a smaller book made
/// before) take their values from it instead of being solved again.
fn build(
    from: &str,
    plies: usize,
    every: usize,
    known: Option<&Book>,
    table_mb: usize,
    threads: usize,
) -> Result<Book, String> {
    Game::from_record(from, Options::default()).map_err(|e| e.to_string())?;
    let started = Instant::now();
    let mut solver = Solver::new(table_mb).threads(threads).with_endgames(crate::endgames::shipped());
    let mut book = Book::default();
    let mut level = vec![Node { record: from.to_string(), perfect: [true, true] }];
    for ply in 0..plies.max(every) {
        let mut next = Vec::new();
        for (index, node) in level.iter().enumerate() {
            let game = Game::from_record(&node.record, Options::default()).map_err(|e| e.to_string())?;
            if game.is_over() {
                continue;
            }
            let move_values = match known.and_then(|book| book.move_values(&game)) {
                Some(values) => values.to_vec(),
                None => solver.move_values(&game, &mut |_| true).expect("the solve is never stopped").move_values,
            };
            let (_, best) = Book::best(&move_values);
            // The values go with the progress, so that a long run stopped early still tells them.
            eprintln!(
                "walak book: ply {ply}, position {} of {}, {:.0} s in all: {}",
                index + 1,
                level.len(),
                started.elapsed().as_secs_f64(),
                Book::line(&node.record, &move_values)
            );
            let mover = game.position().to_move();
            for &(hole, _) in &move_values {
                let mut perfect = node.perfect;
                perfect[mover.index()] &= best.contains(&hole);
                let wanted = if perfect == [false, false] { every } else { plies.max(every) };
                if ply + 1 < wanted {
                    next.push(Node { record: format!("{}{hole}", node.record), perfect });
                }
            }
            book.insert(&node.record, move_values);
        }
        level = next;
    }
    Ok(book)
}

/// The comment at the head of the book: what it is and how to make it again.
fn header(from: &str, plies: usize, every: usize) -> String {
    let (start, mut command) = if from.is_empty() {
        ("the opening".to_string(), String::new())
    } else {
        (format!("'{from}'"), format!(" --from {from}"))
    };
    let mut every_line = String::new();
    if every > 0 {
        every_line = format!(", and in every position of fewer than {every} moves");
        command.push_str(&format!(" --every {every}"));
    }
    format!(
        "Walak-pussa opening book: every legal move's exact value (final seed difference for the\n\
         player to move, reserves included) in each position of fewer than {plies} moves from\n\
         {start} where {} or {} has played only best moves{every_line}. Made by: walak book --plies {plies}{command}",
        Side::South.name(),
        Side::North.name()
    )
}
