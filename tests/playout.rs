//! The fast random playout ([`random_playout`]) against the ordinary [`Game`]: the same random
//! numbers must give the same game, move for move, with the same ending, score and laps. The
//! fast path works on bare positions with its own repetition count, so it is checked by the simple
//! one and never trusted.
#![cfg(not(target_arch = "wasm32"))]

use walak::playout::{
    more_playouts, play_randomly, playouts, random_game, random_playout, Playout, PlayoutStats, Rng, SinceCapture,
};
use walak::{Ending, Game, Options, Position, Setup, Side};

/// The fast playout from `start`, with the moves it played as a record.
fn fast(start: Position, rng: &mut Rng, since_capture: &mut SinceCapture) -> (Playout, String) {
    let mut record = String::new();
    let played = random_playout(start, rng, since_capture, |number| record.push(char::from(b'0' + number)));
    (played, record)
}

/// The laps of every move of `game`, replayed through the ordinary game from `start`.
fn laps(start: &Game, game: &Game) -> u64 {
    let mut replay = start.clone();
    game.moves_played()[start.plies().len()..]
        .iter()
        .map(|&number| replay.play_into(number, &mut ()).expect("a move of the record replays").laps as u64)
        .sum()
}

/// Checks that the fast playout and the game played the same game.
fn assert_same(played: &Playout, record: &str, start: &Game, game: &Game, what: &str) {
    assert_eq!(record, &game.record()[start.record().len()..], "{what}: the moves");
    assert_eq!(played.moves as usize, record.len(), "{what}: the move count");
    assert_eq!(Some((played.ending, played.winner)), game.result(), "{what}: the ending and winner");
    assert_eq!(&played.position, game.position(), "{what}: the last position, claim included");
    assert_eq!(played.laps, laps(start, game), "{what}: the laps");
}

#[test]
fn the_fast_playout_plays_the_games_of_the_ordinary_game() {
    let mut since_capture = SinceCapture::default();
    let mut endings = [0; 2];
    for seed in 0..3_000 {
        for first in Side::BOTH {
            let options = Options { first, ..Options::default() };
            let (played, record) = fast(Position::start(first), &mut Rng::new(seed), &mut since_capture);
            let game = random_game(options, &mut Rng::new(seed));
            assert_same(&played, &record, &Game::new(options), &game, &format!("seed {seed}, {first:?} first"));
            endings[(played.ending == Ending::Repetition) as usize] += 1;
        }
    }
    // Both endings were met and compared.
    assert!(endings[0] > 0 && endings[1] > 100, "endings (no move, repetition): {endings:?}");
}

#[test]
fn an_endless_sowing_is_redrawn_and_the_others_stay_equally_likely() {
    // South's first hole relays around this sparse board forever.
    let board = [1, 0, 1, 0, 1, 0, 1, 0, 2, 1, 0, 1, 0, 1];
    let start = Setup::new(board, [20, 27], Side::South).to_game().expect("a legal position");
    let legal = start.legal_moves();
    assert!(!legal.contains(&1) && !legal.is_empty());
    let mut since_capture = SinceCapture::default();
    let mut firsts = [0u32; 8];
    let games = 3_000;
    for seed in 0..games {
        let (played, record) = fast(*start.position(), &mut Rng::new(seed), &mut since_capture);
        let mut game = start.clone();
        play_randomly(&mut game, &mut Rng::new(seed));
        assert_same(&played, &record, &start, &game, &format!("seed {seed}"));
        firsts[(record.as_bytes()[0] - b'0') as usize] += 1;
    }
    for number in 1..=7u8 {
        let times = firsts[number as usize];
        if legal.contains(&number) {
            // Each legal move comes first a third of the time, give or take a few deviations.
            let expected = games as u32 / legal.len() as u32;
            assert!(times.abs_diff(expected) < expected / 8, "hole {number} first {times} times of {games}");
        } else {
            assert_eq!(times, 0, "hole {number} is not legal");
        }
    }
}

#[test]
fn playouts_count_the_moves_and_laps_of_the_ordinary_games() {
    let (games, seed) = (500, 7);
    let mut rng = Rng::new(seed);
    let mut expected = PlayoutStats::default();
    for _ in 0..games {
        let start = Game::new(Options::default());
        let game = random_game(Options::default(), &mut rng);
        expected.games += 1;
        expected.moves += game.plies().len() as u64;
        expected.laps += laps(&start, &game);
    }
    assert_eq!(playouts(games, seed), expected);

    // Played in batches, they are the same games.
    let (mut rng, mut since_capture) = (Rng::new(seed), SinceCapture::default());
    let mut batched = more_playouts(200, &mut rng, &mut since_capture);
    batched += more_playouts(games - 200, &mut rng, &mut since_capture);
    assert_eq!(batched, expected);
}

#[test]
fn the_fast_playout_plays_parker_games_as_the_ordinary_game_does() {
    use walak::rules::ruleset::move_text;
    use walak::RuleSet;
    let mut since_capture = SinceCapture::default();
    for rules in [RuleSet::ParkerWalak, RuleSet::ParkerKotu] {
        let mut endings = [0; 2];
        for seed in 0..1_500 {
            let first = if seed % 2 == 0 { Side::South } else { Side::North };
            let options = Options { first, rules, ..Options::default() };
            let mut moves = Vec::new();
            let start = Position::opening(rules, first);
            let played = random_playout(start, &mut Rng::new(seed), &mut since_capture, |mv| moves.push(mv));
            let game = random_game(options, &mut Rng::new(seed));
            let what = format!("{rules}, seed {seed}");
            let record: Vec<String> = moves.iter().map(|&mv| move_text(mv)).collect();
            assert_eq!(record.join(" "), game.record(), "{what}: the moves");
            assert_eq!(Some((played.ending, played.winner)), game.result(), "{what}: the ending and winner");
            assert_eq!(&played.position, game.position(), "{what}: the last position, claim included");
            assert_eq!(played.laps, laps(&Game::new(options), &game), "{what}: the laps");
            endings[(played.ending == Ending::Repetition) as usize] += 1;
        }
        assert!(endings[0] > 100 && endings[1] > 0, "{rules}: endings (no move, repetition): {endings:?}");
        // The benchmark's batches play the same games.
        let (mut rng, mut since) = (Rng::new(5), SinceCapture::default());
        let mut batched = walak::playout::more_playouts_by(rules, 40, &mut rng, &mut since);
        batched += walak::playout::more_playouts_by(rules, 60, &mut rng, &mut since);
        assert_eq!(batched, walak::playout::playouts_by(rules, 100, 5), "{rules}: batches");
        let bare = walak::playout::bare_playouts_by(rules, 100, 5);
        assert_eq!(bare.games, 100);
    }
}
