//! The rules' own answers: `walak state` (a record's position), `walak moves` (every move's
//! outcome from a board) and `walak trace` (the events of one move), in the schemas of the golden
//! vectors, and `walak picture` (the board as SVG), by any rule set (`--rules`).

use walak::format::svg::{move_frames, position_svg, Words};
use walak::format::view::{move_outcomes, MoveOutcome};
use walak::rules::board::{Track, ROW};
use walak::rules::record::parse_move;
use walak::rules::ruleset::{move_text, signed, Direction, RuleSet};
use walak::{Game, MoveError, Options, Position};

use crate::cli::{MovesArgs, PictureArgs, RecordArgs, StateArgs, TraceArgs};
use crate::json::to_json;

pub fn state(args: StateArgs) -> Result<String, String> {
    Ok(to_json(&game_of(&args.game)?.view()))
}

pub fn moves(args: MovesArgs) -> Result<String, String> {
    if !args.rules.is_parker() {
        if args.direction.is_some() {
            return Err("--direction is for Parker's rules: today's rules always sow counterclockwise".into());
        }
        return Ok(to_json(&move_outcomes(&args.board, &Track::full(), args.to_move)));
    }
    // Parker's rules: the moves the rules of single seeds and first turns allow, each in the
    // direction given or, before one is chosen, in both.
    let track = Track::toward([true; 14], args.direction.unwrap_or(Direction::Counterclockwise))
        .expect("every hole is in play");
    let mut position = Position::new(args.rules, args.board, [0, 0], track, args.to_move);
    if let Some(direction) = args.direction {
        position = position.with_direction(direction);
    }
    let candidates: Vec<u8> = match args.direction {
        Some(_) => (1..=ROW as u8).collect(),
        None => Direction::BOTH.into_iter().flat_map(|d| (1..=ROW as u8).map(move |n| signed(n, d))).collect(),
    };
    let outcomes: Vec<MoveOutcome> = candidates
        .into_iter()
        .filter_map(|mv| {
            let number = mv & 0x0f;
            let played = position.play(mv, &mut ());
            let outcome = match played {
                Ok((after, sown)) => MoveOutcome {
                    hole: number,
                    endless: false,
                    board: Some(*after.seeds()),
                    captured: Some(sown.captured),
                    laps: Some(sown.laps),
                    mv: Some(move_text(mv)),
                },
                Err(MoveError::Endless { .. }) => MoveOutcome {
                    hole: number,
                    endless: true,
                    board: None,
                    captured: None,
                    laps: None,
                    mv: Some(move_text(mv)),
                },
                Err(_) => return None,
            };
            Some(outcome)
        })
        .collect();
    Ok(to_json(&outcomes))
}

pub fn trace(args: TraceArgs) -> Result<String, String> {
    let mv = read_move(&args.hole, args.game.rules)?;
    let mut game = game_of(&args.game)?;
    Ok(to_json(&game.play(mv).map_err(|e| e.to_string())?))
}

pub fn picture(args: PictureArgs) -> Result<String, String> {
    let game = game_of(&args.game)?;
    let words = Words::default();
    let (Some(mv), Some(dir)) = (&args.mv, &args.dir) else {
        return Ok(position_svg(&game.view(), &words));
    };
    let mv = read_move(mv, args.game.rules)?;
    let trace = game.preview(mv).map_err(|e| e.to_string())?;
    let frames = move_frames(game.view(), &trace, &words)?;
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
    for (i, frame) in frames.iter().enumerate() {
        let path = dir.join(format!("frame-{:03}.svg", i + 1));
        std::fs::write(&path, frame).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(to_json(&serde_json::json!({"frames": frames.len(), "dir": dir.display().to_string()})))
}

/// A move as the command line writes it: a hole number, or in Parker's rules the notation.
fn read_move(text: &str, rules: RuleSet) -> Result<u8, String> {
    if rules.is_parker() {
        parse_move(text.trim()).ok_or_else(|| {
            format!("'{text}' is not a move: write a hole 1 to 7, with + or - where it chooses the direction")
        })
    } else {
        text.parse().map_err(|_| format!("'{text}' is not a hole number 1 to 7"))
    }
}

/// The game after a record, or why the record cannot be played.
fn game_of(args: &RecordArgs) -> Result<Game, String> {
    let options = Options { rounds: args.rounds, rules: args.rules, ..Options::default() };
    Game::from_record(&args.moves, options).map_err(|e| e.to_string())
}
