//! A room of live play: one game, two seats, and the server as its referee. Every move is played
//! through the rules; a move out of turn, for a seat the sender does not hold, or in a finished
//! game is refused with its reason and changes nothing. A seat is held by a secret token (made by
//! the caller from at least 128 random bits); whoever shows the token plays the seat, after a
//! reconnect too. Everyone else watches.
//!
//! ```
//! use walak::live::room::{Refusal, Room, Seat};
//! use walak::{Options, Side};
//! let mut room = Room::new(Options::default(), 0);
//! let south = room.sit(Side::South, "token-of-south".into()).unwrap();
//! assert_eq!(room.seat_of("token-of-south"), Seat::Player(Side::South));
//! assert_eq!(room.seat_of("anyone else"), Seat::Spectator);
//! room.play("token-of-south", 0, 3, 1).unwrap();
//! assert_eq!(room.record(), "3");
//! // Out of turn: South again, before North has moved.
//! assert_eq!(room.play(&south, 1, 4, 2), Err(Refusal::NotYourTurn));
//! assert_eq!(room.record(), "3");
//! ```

use std::fmt;

use crate::format::json::Json;
use crate::rules::error::MoveError;
use crate::rules::game::{Game, Options};
use crate::rules::ruleset::RuleSet;
use crate::rules::side::Side;

/// Who a connection is in a room.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    Player(Side),
    /// Anyone without a seat's token: watches, never plays.
    Spectator,
}

/// Why the referee refused an action. Nothing changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The sender holds no seat.
    Spectator,
    /// The seat asked for is taken.
    SeatTaken,
    /// It is the other player's turn.
    NotYourTurn,
    /// The move was made for a position the game has left: `ply` moves were seen, the game has
    /// `moves` (a move sent twice, or crossed with the other player's).
    Stale { ply: usize, moves: usize },
    /// The rules refuse the move.
    Illegal(MoveError),
    /// The game is over.
    GameOver,
    /// A rematch is asked for before the game is over.
    NotOver,
}

impl Refusal {
    /// The refusal's name in messages: `spectator`, `seat_taken`, `not_your_turn`, `stale`,
    /// `illegal`, `game_over`.
    pub fn kind(&self) -> &'static str {
        match self {
            Refusal::Spectator => "spectator",
            Refusal::SeatTaken => "seat_taken",
            Refusal::NotYourTurn => "not_your_turn",
            Refusal::Stale { .. } => "stale",
            Refusal::Illegal(_) => "illegal",
            Refusal::GameOver => "game_over",
            Refusal::NotOver => "not_over",
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Spectator => write!(f, "you are watching this game: only its players move"),
            Refusal::SeatTaken => write!(f, "that seat is taken"),
            Refusal::NotYourTurn => write!(f, "it is not your turn"),
            Refusal::Stale { ply, moves } => {
                write!(f, "the move was made after move {ply}, but the game has {moves} moves")
            }
            Refusal::Illegal(error) => error.fmt(f),
            Refusal::GameOver => write!(f, "the game is over"),
            Refusal::NotOver => write!(f, "a rematch is played once this game is over"),
        }
    }
}

/// A move the referee accepted: its side and hole number, and how many moves the game has now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    pub side: Side,
    pub number: u8,
    pub moves: usize,
}

/// Where a rematch stands after a player asked for one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rematch {
    /// `side` asked; the other player has not (yet).
    Asked(Side),
    /// Both asked: game `number` has begun, the players' sides swapped.
    Began { number: u32 },
}

/// Who entered a room and what they found: their seat, the token that holds it (a newcomer's,
/// or the one shown again), and the game so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Joined {
    pub seat: Seat,
    pub token: Option<String>,
    pub record: String,
    pub options: Options,
    /// The room's game number (one more at each rematch).
    pub number: u32,
    pub resigned: Option<Side>,
}

/// Seconds a room with a free seat may stay idle: an hour, to share the link and be joined.
pub const UNJOINED_IDLE: u64 = 3600;

/// One live game and the tokens of its seats.
#[derive(Clone)]
pub struct Room {
    game: Game,
    /// The token of each seat (South's, North's), once taken.
    tokens: [Option<String>; 2],
    /// When something last happened here, in the caller's clock (for expiry).
    active_at: u64,
    /// The side that resigned, if one did.
    resigned: Option<Side>,
    /// Which game of the room this is: 1, then one more at each rematch.
    number: u32,
    /// Who asked for a rematch of the finished game (South, North).
    rematch: [bool; 2],
    /// The mark of whoever opened the room (the server makes it, from their address), as long
    /// as nobody from elsewhere has taken the other seat: the server bounds how many such
    /// rooms one address may hold. `None` once someone else sat down.
    waiting: Option<String>,
}

impl Room {
    /// A new game with `options`, both seats free, at time `now`.
    pub fn new(options: Options, now: u64) -> Room {
        Room {
            game: Game::new(options),
            tokens: [None, None],
            active_at: now,
            resigned: None,
            number: 1,
            rematch: [false, false],
            waiting: None,
        }
    }

    /// Notes who opened the room, by `mark`, until someone from elsewhere takes the other seat.
    pub fn open_by(&mut self, mark: String) {
        self.waiting = Some(mark);
    }

    /// Whether this room was opened by `mark` and nobody from elsewhere has sat down since.
    ///
    /// ```
    /// use walak::live::room::Room;
    /// use walak::{Options, Side};
    /// let mut room = Room::new(Options::default(), 0);
    /// room.sit(Side::South, "s".repeat(22)).unwrap();
    /// room.open_by("home".into());
    /// room.enter_from(None, "n".repeat(22), 1, "home").unwrap(); // the other seat, from home
    /// assert!(room.waits_for_someone_else("home"));
    /// let mut room = Room::new(Options::default(), 0);
    /// room.open_by("home".into());
    /// room.enter_from(None, "f".repeat(22), 1, "a friend's").unwrap();
    /// assert!(!room.waits_for_someone_else("home"));
    /// ```
    pub fn waits_for_someone_else(&self, mark: &str) -> bool {
        self.waiting.as_deref() == Some(mark)
    }

    /// Takes `side`'s seat with `token`, or finds it already held by that token. Returns the token.
    pub fn sit(&mut self, side: Side, token: String) -> Result<String, Refusal> {
        let seat = &mut self.tokens[side.index()];
        match seat {
            Some(held) if *held != token => Err(Refusal::SeatTaken),
            _ => {
                *seat = Some(token.clone());
                Ok(token)
            }
        }
    }

    /// The seat a free side gives to a newcomer, if any (South first).
    pub fn free_side(&self) -> Option<Side> {
        [Side::South, Side::North].into_iter().find(|side| self.tokens[side.index()].is_none())
    }

    /// Someone enters at `now`: with a seat's `token`, that seat again; without (or with a
    /// token that holds no seat here), the free seat with `new_token`, or a spectator's place.
    /// Whoever takes a free seat here counts as someone other than the room's opener.
    pub fn enter(&mut self, token: Option<&str>, new_token: String, now: u64) -> Result<Joined, Refusal> {
        self.enter_from(token, new_token, now, "")
    }

    /// As [`Room::enter`], for someone whose mark is `from`: taking the free seat, they end the
    /// room's wait for someone else unless they are its opener again.
    pub fn enter_from(
        &mut self,
        token: Option<&str>,
        new_token: String,
        now: u64,
        from: &str,
    ) -> Result<Joined, Refusal> {
        let (seat, token) = match token.map(|token| (self.seat_of(token), token)) {
            Some((seat @ Seat::Player(_), token)) => (seat, Some(token.to_string())),
            _ => match self.free_side() {
                Some(side) => {
                    if self.waiting.as_deref() != Some(from) {
                        self.waiting = None;
                    }
                    (Seat::Player(side), Some(self.sit(side, new_token)?))
                }
                None => (Seat::Spectator, None),
            },
        };
        // A player coming in or back keeps the room alive; a spectator does not, so that watchers
        // alone cannot hold a room nobody plays in.
        if seat != Seat::Spectator {
            self.touch(now);
        }
        Ok(Joined {
            seat,
            token,
            record: self.record(),
            options: self.options(),
            number: self.number,
            resigned: self.resigned,
        })
    }

    /// The seat of whoever shows `token`.
    pub fn seat_of(&self, token: &str) -> Seat {
        // Compared in full whatever the first difference, so that timing tells nothing of a token.
        let same = |held: &String| {
            held.len() == token.len() && held.bytes().zip(token.bytes()).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0
        };
        match &self.tokens {
            [Some(south), _] if same(south) => Seat::Player(Side::South),
            [_, Some(north)] if same(north) => Seat::Player(Side::North),
            _ => Seat::Spectator,
        }
    }

    /// Plays `number` for the holder of `token`, who saw the game after `ply` moves, at time `now`.
    pub fn play(&mut self, token: &str, ply: usize, number: u8, now: u64) -> Result<Played, Refusal> {
        let Seat::Player(side) = self.seat_of(token) else {
            return Err(Refusal::Spectator);
        };
        if self.is_over() {
            return Err(Refusal::GameOver);
        }
        let moves = self.game.plies().len();
        if ply != moves {
            return Err(Refusal::Stale { ply, moves });
        }
        if self.game.position().to_move() != side {
            return Err(Refusal::NotYourTurn);
        }
        self.game.play(number).map_err(Refusal::Illegal)?;
        self.active_at = now;
        Ok(Played { side, number, moves: moves + 1 })
    }

    /// The holder of `token` gives the game up, at time `now`.
    pub fn resign(&mut self, token: &str, now: u64) -> Result<Side, Refusal> {
        let Seat::Player(side) = self.seat_of(token) else {
            return Err(Refusal::Spectator);
        };
        if self.is_over() {
            return Err(Refusal::GameOver);
        }
        self.resigned = Some(side);
        self.active_at = now;
        Ok(side)
    }

    /// The holder of `token` asks for a rematch of the finished game, at time `now`. Once both
    /// players have asked, the next game begins with the seats swapped: each token now holds
    /// the other side.
    pub fn rematch(&mut self, token: &str, now: u64) -> Result<Rematch, Refusal> {
        let Seat::Player(side) = self.seat_of(token) else {
            return Err(Refusal::Spectator);
        };
        if !self.is_over() {
            return Err(Refusal::NotOver);
        }
        self.rematch[side.index()] = true;
        self.active_at = now;
        if self.rematch != [true, true] {
            return Ok(Rematch::Asked(side));
        }
        self.game = Game::new(self.game.options());
        self.tokens.swap(0, 1);
        self.resigned = None;
        self.rematch = [false, false];
        self.number += 1;
        Ok(Rematch::Began { number: self.number })
    }

    /// Which game of the room this is: 1, then one more at each rematch.
    pub fn number(&self) -> u32 {
        self.number
    }

    /// The game is over: ended by the rules, or resigned.
    pub fn is_over(&self) -> bool {
        self.resigned.is_some() || self.game.is_over()
    }

    /// The side that resigned, if one did.
    pub fn resigned(&self) -> Option<Side> {
        self.resigned
    }

    /// The moves played, as a record.
    pub fn record(&self) -> String {
        self.game.record()
    }

    pub fn options(&self) -> Options {
        self.game.options()
    }

    /// Something happened here at `now` (a player came in, or acted): the room is not idle.
    pub fn touch(&mut self, now: u64) {
        self.active_at = self.active_at.max(now);
    }

    /// How long this room may stay idle, when a room both players have entered may stay `idle`
    /// seconds: a room nobody joined goes within [`UNJOINED_IDLE`], so that rooms opened and
    /// never shared do not fill the server for a day.
    pub fn idle_limit(&self, idle: u64) -> u64 {
        if self.tokens.iter().all(Option::is_some) {
            idle
        } else {
            idle.min(UNJOINED_IDLE)
        }
    }

    /// Whether nothing happened here for as long as [`Room::idle_limit`] allows (the room may go).
    pub fn idle_since(&self, now: u64, idle: u64) -> bool {
        now.saturating_sub(self.active_at) >= self.idle_limit(idle)
    }
}

/// A room written as one line of JSON and read back: how a shared store (Redis) keeps it.
/// Reading it plays its moves again through the rules, so a damaged record is refused.
///
/// ```
/// use walak::live::room::Room;
/// use walak::{Options, Side};
/// let mut room = Room::new(Options::default(), 7);
/// room.sit(Side::South, "s".repeat(22)).unwrap();
/// room.play(&"s".repeat(22), 0, 3, 8).unwrap();
/// let stored = room.to_stored();
/// assert_eq!(Room::from_stored(&stored).unwrap().to_stored(), stored);
/// assert!(Room::from_stored(r#"{"moves":"9"}"#).is_none());
///
/// // A room of Parker's games keeps its rules, and its moves in their notation.
/// let options = Options { rules: walak::RuleSet::ParkerWalak, ..Options::default() };
/// let mut room = Room::new(options, 7);
/// room.sit(Side::South, "s".repeat(22)).unwrap();
/// room.play(&"s".repeat(22), 0, walak::rules::record::parse_move("1+").unwrap(), 8).unwrap();
/// let stored = room.to_stored();
/// assert_eq!(Room::from_stored(&stored).unwrap().record(), "1+");
/// assert_eq!(Room::from_stored(&stored).unwrap().to_stored(), stored);
/// ```
impl Room {
    pub fn to_stored(&self) -> String {
        let text = |s: &str| Json::Text(s.to_string());
        let token = |side: Side| self.tokens[side.index()].as_deref().map_or(Json::Null, text);
        let options = self.game.options();
        Json::Object(
            [
                ("rounds", Json::Bool(options.rounds)),
                ("first", text(options.first.name())),
                ("south", token(Side::South)),
                ("north", token(Side::North)),
                ("moves", text(&self.game.record())),
                ("resigned", self.resigned.map_or(Json::Null, |side| text(side.name()))),
                ("active", Json::Number(self.active_at.into())),
                ("number", Json::Number(u64::from(self.number).into())),
                ("rematch", Json::List(self.rematch.iter().map(|&asked| Json::Bool(asked)).collect())),
                ("waiting", self.waiting.as_deref().map_or(Json::Null, text)),
            ]
            .into_iter()
            .chain(options.rules.is_parker().then(|| ("rules", text(options.rules.name()))))
            .map(|(name, value)| (name.to_string(), value))
            .collect(),
        )
        .to_string()
    }

    /// The room [`Room::to_stored`] wrote, or `None` if `stored` is not one.
    pub fn from_stored(stored: &str) -> Option<Room> {
        let value = Json::parse(stored).ok()?;
        let side = |name| match value.get(name)? {
            Json::Null => Some(None),
            other => Side::named(other.as_str()?).map(Some),
        };
        let token = |name| match value.get(name)? {
            Json::Null => Some(None),
            other => Some(Some(other.as_str()?.to_string())),
        };
        let whole = |name| value.get(name)?.as_number()?.as_whole();
        let rules = match value.get("rules") {
            None => RuleSet::MancalaWorld,
            Some(name) => RuleSet::named(name.as_str()?)?,
        };
        let options = Options { rounds: value.get("rounds")?.as_bool()?, first: side("first")??, rules };
        let game = Game::from_record(value.get("moves")?.as_str()?, options).ok()?;
        let rematch = match value.get("rematch")?.as_list()? {
            [south, north] => [south.as_bool()?, north.as_bool()?],
            _ => return None,
        };
        Some(Room {
            game,
            tokens: [token("south")?, token("north")?],
            active_at: whole("active")?,
            resigned: side("resigned")?,
            number: u32::try_from(whole("number")?).ok()?,
            rematch,
            // Rooms written before it was kept wait for nobody.
            waiting: match value.get("waiting") {
                None | Some(Json::Null) => None,
                Some(mark) => Some(mark.as_str()?.to_string()),
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn room() -> Room {
        let mut room = Room::new(Options::default(), 0);
        room.sit(Side::South, "s".repeat(32)).unwrap();
        room.sit(Side::North, "n".repeat(32)).unwrap();
        room
    }

    #[test]
    fn seats_are_held_by_their_tokens() {
        let mut room = Room::new(Options::default(), 0);
        assert_eq!(room.free_side(), Some(Side::South));
        room.sit(Side::South, "a".repeat(32)).unwrap();
        assert_eq!(room.free_side(), Some(Side::North));
        assert_eq!(room.sit(Side::South, "b".repeat(32)), Err(Refusal::SeatTaken));
        // The same token sits again after a reconnect.
        assert!(room.sit(Side::South, "a".repeat(32)).is_ok());
        assert_eq!(room.seat_of(&"a".repeat(31)), Seat::Spectator);
        assert_eq!(room.seat_of(""), Seat::Spectator);
    }

    #[test]
    fn the_referee_refuses_and_changes_nothing() {
        let mut room = room();
        let (south, north) = ("s".repeat(32), "n".repeat(32));
        assert_eq!(room.play("watcher", 0, 3, 1), Err(Refusal::Spectator));
        assert_eq!(room.play(&north, 0, 3, 1), Err(Refusal::NotYourTurn));
        assert_eq!(room.play(&south, 0, 9, 1), Err(Refusal::Illegal(MoveError::NoSuchHole { number: 9 })));
        assert_eq!(room.record(), "");
        assert_eq!(room.play(&south, 0, 3, 1), Ok(Played { side: Side::South, number: 3, moves: 1 }));
        // The same move sent twice: the second is stale.
        assert_eq!(room.play(&south, 0, 3, 2), Err(Refusal::Stale { ply: 0, moves: 1 }));
        assert_eq!(room.record(), "3");
    }

    #[test]
    fn a_resigned_game_takes_no_move() {
        let mut room = room();
        let north = "n".repeat(32);
        assert_eq!(room.resign(&north, 5), Ok(Side::North));
        assert!(room.is_over());
        assert_eq!(room.play(&"s".repeat(32), 0, 3, 6), Err(Refusal::GameOver));
        assert_eq!(room.resign(&north, 7), Err(Refusal::GameOver));
    }

    #[test]
    fn a_rematch_begins_when_both_ask_with_the_sides_swapped() {
        let mut room = room();
        let (south, north) = ("s".repeat(32), "n".repeat(32));
        room.play(&south, 0, 3, 1).unwrap();
        assert_eq!(room.rematch(&south, 2), Err(Refusal::NotOver));
        room.resign(&north, 3).unwrap();
        assert_eq!(room.rematch("watcher", 4), Err(Refusal::Spectator));
        assert_eq!(room.rematch(&north, 4), Ok(Rematch::Asked(Side::North)));
        assert_eq!(room.rematch(&north, 5), Ok(Rematch::Asked(Side::North)));
        assert_eq!(room.rematch(&south, 6), Ok(Rematch::Began { number: 2 }));
        assert_eq!(room.seat_of(&south), Seat::Player(Side::North));
        assert_eq!(room.seat_of(&north), Seat::Player(Side::South));
        assert_eq!((room.record(), room.is_over(), room.number()), (String::new(), false, 2));
        assert!(room.play(&north, 0, 3, 7).is_ok());
    }

    #[test]
    fn a_stored_room_is_the_same_room() {
        let mut room = room();
        room.play(&"s".repeat(32), 0, 3, 1).unwrap();
        room.resign(&"n".repeat(32), 2).unwrap();
        room.rematch(&"n".repeat(32), 3).unwrap();
        let back = Room::from_stored(&room.to_stored()).unwrap();
        assert_eq!(back.to_stored(), room.to_stored());
        assert_eq!(back.resigned(), Some(Side::North));
        assert_eq!(back.seat_of(&"s".repeat(32)), Seat::Player(Side::South));
        assert!(Room::from_stored("{}").is_none());
        assert!(Room::from_stored(&room.to_stored().replace("\"3\"", "\"8\"")).is_none());
    }

    #[test]
    fn a_room_idles_from_its_last_action() {
        let mut room = room();
        assert!(!room.idle_since(10, 24));
        room.play(&"s".repeat(32), 0, 3, 20).unwrap();
        assert!(!room.idle_since(40, 24));
        assert!(room.idle_since(44, 24));
    }
}
