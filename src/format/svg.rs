//! Pictures of the board as SVG, for articles and print: a position as a still, and a move as the
//! frames of its trace, one frame for each step a hand makes. Drawn from the state the outside
//! sees ([`StateView`]) and the trace replayed onto it ([`crate::format::replay`]), so a picture
//! shows exactly what the rules did.
//!
//! The words on a picture (the sides' names, the marks of Parker's holes) are the caller's, so a
//! page draws them in its reader's language; [`Words::default`] is English.
//!
//! ```
//! use walak::{Game, Options, format::svg::{move_frames, position_svg, Words}};
//! let mut game = Game::new(Options::default());
//! let still = position_svg(&game.view(), &Words::default());
//! assert!(still.starts_with("<svg") && still.contains(">4</text>"));
//! let before = game.view();
//! let trace = game.play(1).unwrap();
//! let frames = move_frames(before, &trace, &Words::default()).unwrap();
//! // The position before, each step but the turn passing, and the position after.
//! assert_eq!(frames.len(), 1 + (trace.len() - 1) + 1);
//! assert_eq!(frames.last().unwrap(), &position_svg(&game.view(), &Words::default()));
//! ```

use std::fmt::Write;

use crate::format::json::{FromJson, Json, Members, WrongShape};
use crate::format::replay::Replayer;
use crate::format::view::StateView;
use crate::rules::board::{HOLES, ROW};
use crate::rules::ruleset::Direction;
use crate::rules::side::Side;
use crate::rules::trace::Event;

/// The words a picture writes, in the reader's language.
#[derive(Clone, Debug)]
pub struct Words {
    pub south: String,
    pub north: String,
    pub puta: String,
    pub naga: String,
    /// Written under a tied hole, before the initial of who tied it.
    pub tied: String,
    /// Written beside the seeds in the hand during a move.
    pub hand: String,
    /// The picture's title (for screen readers and file browsers).
    pub title: String,
}

/// Words left out are English's.
impl FromJson for Words {
    fn from_json(value: &Json) -> Result<Words, WrongShape> {
        let members = Members::of(value, "Words")?;
        let english = Words::default();
        Ok(Words {
            south: members.or_else("south", || english.south)?,
            north: members.or_else("north", || english.north)?,
            puta: members.or_else("puta", || english.puta)?,
            naga: members.or_else("naga", || english.naga)?,
            tied: members.or_else("tied", || english.tied)?,
            hand: members.or_else("hand", || english.hand)?,
            title: members.or_else("title", || english.title)?,
        })
    }
}

impl Default for Words {
    fn default() -> Words {
        Words {
            south: "South".into(),
            north: "North".into(),
            puta: "puta".into(),
            naga: "naga".into(),
            tied: "tied".into(),
            hand: "in hand".into(),
            title: "Walak-pussa".into(),
        }
    }
}

const WIDTH: u32 = 760;
const HEIGHT: u32 = 320;
const HOLE_R: i32 = 31;
const INK: &str = "#3b2a1a";
const WOOD: &str = "#e8c9a0";
const HOLE: &str = "#c99b66";
const ACCENT: &str = "#b3261e";

/// Where a track hole is drawn: South's row along the bottom from South's left, North's along the
/// top from North's left (South's right).
fn centre(hole: usize) -> (i32, i32) {
    let column = if hole < ROW { hole } else { 2 * ROW - 1 - hole } as i32;
    (140 + column * 80, if hole < ROW { 215 } else { 105 })
}

/// A still of the position.
pub fn position_svg(view: &StateView, words: &Words) -> String {
    draw(view, None, 0, words)
}

/// The frames of a move: the position before it, the board after each step of its trace (the
/// turn passing draws nothing new) with the hole the step acts on ringed and the seeds in hand
/// counted, and the position after it. Fails when the trace does not fit the position.
pub fn move_frames(before: StateView, trace: &[Event], words: &Words) -> Result<Vec<String>, String> {
    let mut frames = vec![draw(&before, None, 0, words)];
    let mut replay = Replayer::new(before);
    for event in trace {
        replay.apply(event)?;
        if matches!(event, Event::TurnPass { .. }) {
            continue;
        }
        frames.push(draw(replay.state(), acted_on(event), replay.hand(), words));
    }
    frames.push(draw(&replay.finish()?, None, 0, words));
    Ok(frames)
}

/// The hole a step acts on, if it acts on one.
fn acted_on(event: &Event) -> Option<usize> {
    match *event {
        Event::Lift { hole, .. }
        | Event::Drop { hole }
        | Event::Skip { hole }
        | Event::Relay { hole, .. }
        | Event::Stop { hole, .. }
        | Event::SowingEnd { hole, .. }
        | Event::Capture { hole, .. }
        | Event::Eat { hole, .. }
        | Event::Tie { hole, .. }
        | Event::Claim { hole, .. }
        | Event::Fill { hole, .. }
        | Event::Short { hole, .. } => Some(hole as usize),
        _ => None,
    }
}

/// Text safe inside an SVG element or attribute.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

fn draw(view: &StateView, ringed: Option<usize>, hand: u8, words: &Words) -> String {
    let mut svg = String::new();
    // Writing to a String cannot fail.
    let _ = write!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" font-family="Noto Sans, DejaVu Sans, sans-serif"><title>{}</title>"#,
        escaped(&words.title)
    );
    let _ = write!(
        svg,
        r#"<rect x="10" y="40" width="740" height="240" rx="60" fill="{WOOD}" stroke="{INK}" stroke-width="3"/>"#
    );
    // The reserves: North's at the left end, South's at the right, as each player's store sits at
    // their right hand.
    for (side, x) in [(Side::North, 55), (Side::South, 705)] {
        let seeds = view.reserves[side.index()];
        let _ = write!(
            svg,
            r#"<rect x="{}" y="90" width="70" height="140" rx="35" fill="{HOLE}" stroke="{INK}" stroke-width="2"/><text x="{x}" y="168" text-anchor="middle" font-size="28" font-weight="bold" fill="{INK}">{seeds}</text>"#,
            x - 35
        );
    }
    let names = [(&words.north, 28), (&words.south, 308)];
    for (name, y) in names {
        let _ = write!(
            svg,
            r#"<text x="380" y="{y}" text-anchor="middle" font-size="18" fill="{INK}">{}</text>"#,
            escaped(name)
        );
    }
    let parker = view.parker.as_ref();
    for hole in 0..HOLES {
        let (x, y) = centre(hole);
        let seeds = view.board[hole];
        let in_play = view.in_play[hole];
        let (fill, dash) = if in_play { (HOLE, "") } else { ("none", r#" stroke-dasharray="5 5""#) };
        let _ = write!(
            svg,
            r#"<circle cx="{x}" cy="{y}" r="{HOLE_R}" fill="{fill}" stroke="{INK}" stroke-width="2"{dash}/>"#
        );
        if let Some(by) = parker.and_then(|p| p.tied_by[hole]) {
            let _ = write!(
                svg,
                r#"<circle cx="{x}" cy="{y}" r="{}" fill="none" stroke="{INK}" stroke-width="2"/>"#,
                HOLE_R - 5
            );
            let initial = if by == Side::South { &words.south } else { &words.north };
            let label = format!("{} {}", words.tied, initial.chars().next().unwrap_or('?'));
            mark_label(&mut svg, hole, &label);
        } else if let Some(short) = parker.and_then(|p| p.blocked[hole]) {
            let _ = write!(
                svg,
                r#"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{INK}" stroke-width="2"/>"#,
                x - 20,
                y + 20,
                x + 20,
                y - 20
            );
            let word = if short == crate::rules::marks::Short::Puta { &words.puta } else { &words.naga };
            mark_label(&mut svg, hole, word);
        }
        if in_play {
            let _ = write!(
                svg,
                r#"<text x="{x}" y="{}" text-anchor="middle" font-size="24" font-weight="bold" fill="{INK}">{seeds}</text>"#,
                y + 8
            );
        }
        if ringed == Some(hole) {
            let _ = write!(
                svg,
                r#"<circle cx="{x}" cy="{y}" r="{}" fill="none" stroke="{ACCENT}" stroke-width="4"/>"#,
                HOLE_R + 5
            );
        }
    }
    if let Some(direction) = parker.and_then(|p| p.direction) {
        // South's row runs left to right counterclockwise.
        let (from, to) = match direction {
            Direction::Counterclockwise => (300, 460),
            Direction::Clockwise => (460, 300),
        };
        let head = if to > from { to - 12 } else { to + 12 };
        let _ = write!(
            svg,
            r#"<line x1="{from}" y1="168" x2="{head}" y2="168" stroke="{INK}" stroke-width="3"/><polygon points="{to},168 {head},160 {head},176" fill="{INK}"/>"#
        );
    }
    if hand > 0 {
        let _ = write!(
            svg,
            r#"<text x="380" y="{}" text-anchor="middle" font-size="16" fill="{ACCENT}">{}: {hand}</text>"#,
            if parker.and_then(|p| p.direction).is_some() { 153 } else { 166 },
            escaped(&words.hand)
        );
    }
    svg.push_str("</svg>");
    svg
}

/// A small word outside the hole, on the board's edge side.
fn mark_label(svg: &mut String, hole: usize, label: &str) {
    let (x, y) = centre(hole);
    let y = if hole < ROW { y + HOLE_R + 17 } else { y - HOLE_R - 7 };
    let _ = write!(
        svg,
        r#"<text x="{x}" y="{y}" text-anchor="middle" font-size="13" fill="{INK}">{}</text>"#,
        escaped(label)
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::game::{Game, Options};
    use crate::rules::record::parse_move;
    use crate::rules::ruleset::RuleSet;

    #[test]
    fn a_parker_picture_shows_the_direction_the_marks_and_the_readers_words() {
        let mut game = Game::new(Options { rules: RuleSet::ParkerKotu, ..Options::default() });
        let before = game.view();
        let trace = game.play(parse_move("1-").unwrap()).unwrap();
        let words = Words { south: "Dakuna <S>".into(), ..Words::default() };
        let still = position_svg(&game.view(), &words);
        assert!(still.contains("<polygon"), "the direction's arrow is drawn");
        assert!(still.contains("Dakuna &lt;S&gt;"), "the reader's words, escaped");
        let frames = move_frames(before, &trace, &words).unwrap();
        assert!(frames.iter().any(|f| f.contains(ACCENT)), "a step's hole is ringed");
        assert_eq!(frames.last().unwrap(), &still);
    }

    #[test]
    fn a_trace_that_does_not_fit_the_position_is_refused() {
        let game = Game::new(Options::default());
        let wrong = [Event::Lift { hole: 0, seeds: 9 }];
        assert!(move_frames(game.view(), &wrong, &Words::default()).is_err());
    }
}
