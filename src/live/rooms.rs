//! The rooms one server holds in memory, bounded: at most a given number at once, each gone once
//! idle for long enough. Codes and tokens come from the caller (the server draws them from the
//! system's random source), so that everything here is plain and testable.
//!
//! ```
//! use walak::live::rooms::Rooms;
//! use walak::live::room::{Joined, Seat};
//! use walak::{Options, Side};
//! let mut rooms = Rooms::new(100);
//! rooms.create("K7Q2M5XA".into(), Options::default(), Side::South, "a".repeat(22), 0).unwrap();
//! let joined = rooms.join("K7Q2M5XA", None, "b".repeat(22), 1).unwrap();
//! assert_eq!(joined.seat, Seat::Player(Side::North));
//! rooms.play("K7Q2M5XA", &"a".repeat(22), 0, 3, 2).unwrap();
//! assert_eq!(rooms.join("K7Q2M5XA", None, "c".repeat(22), 3).unwrap(),
//!     Joined { seat: Seat::Spectator, token: None, record: "3".into(), options: Options::default(),
//!         number: 1, resigned: None });
//! ```

use std::collections::HashMap;
use std::fmt;

use crate::live::room::{Joined, Played, Refusal, Rematch, Room};
use crate::rules::game::Options;
use crate::rules::side::Side;

/// Why a room could not be made or entered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoomError {
    /// As many rooms as the server holds are open.
    Full,
    /// No room has this code (never made, or gone after a long idle time).
    NoSuchRoom,
    /// The code is already a room's (the caller draws another).
    CodeTaken,
    /// The room's referee refused.
    Refused(Refusal),
}

impl RoomError {
    /// The error's name in messages: `full`, `no_such_room`, `code_taken`, or the refusal's.
    pub fn kind(&self) -> &'static str {
        match self {
            RoomError::Full => "full",
            RoomError::NoSuchRoom => "no_such_room",
            RoomError::CodeTaken => "code_taken",
            RoomError::Refused(refusal) => refusal.kind(),
        }
    }
}

impl fmt::Display for RoomError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RoomError::Full => write!(f, "the server holds as many games as it can: try again later"),
            RoomError::NoSuchRoom => write!(f, "there is no game with this code (it may have ended long ago)"),
            RoomError::CodeTaken => write!(f, "this code is taken"),
            RoomError::Refused(refusal) => refusal.fmt(f),
        }
    }
}

impl From<Refusal> for RoomError {
    fn from(refusal: Refusal) -> RoomError {
        RoomError::Refused(refusal)
    }
}

/// The rooms of one server, by code.
pub struct Rooms {
    rooms: HashMap<String, Room>,
    limit: usize,
}

impl Rooms {
    /// No rooms yet; at most `limit` at once.
    pub fn new(limit: usize) -> Rooms {
        Rooms { rooms: HashMap::new(), limit }
    }

    pub fn len(&self) -> usize {
        self.rooms.len()
    }

    pub fn is_empty(&self) -> bool {
        self.rooms.is_empty()
    }

    /// Opens room `code` with `options`, its creator holding `side` with `token`.
    pub fn create(
        &mut self,
        code: String,
        options: Options,
        side: Side,
        token: String,
        now: u64,
    ) -> Result<(), RoomError> {
        if self.rooms.contains_key(&code) {
            return Err(RoomError::CodeTaken);
        }
        if self.rooms.len() >= self.limit {
            return Err(RoomError::Full);
        }
        let mut room = Room::new(options, now);
        room.sit(side, token)?;
        self.rooms.insert(code, room);
        Ok(())
    }

    /// Enters room `code`: with a seat's `token`, that seat again; without, the free seat with
    /// `new_token`, or a spectator's place when both are taken.
    pub fn join(&mut self, code: &str, token: Option<&str>, new_token: String, now: u64) -> Result<Joined, RoomError> {
        let room = self.rooms.get_mut(code).ok_or(RoomError::NoSuchRoom)?;
        Ok(room.enter(token, new_token, now)?)
    }

    /// Plays `hole` in room `code` for the holder of `token`, who saw `ply` moves.
    pub fn play(&mut self, code: &str, token: &str, ply: usize, hole: u8, now: u64) -> Result<Played, RoomError> {
        let room = self.rooms.get_mut(code).ok_or(RoomError::NoSuchRoom)?;
        Ok(room.play(token, ply, hole, now)?)
    }

    /// The holder of `token` resigns the game of room `code`.
    pub fn resign(&mut self, code: &str, token: &str, now: u64) -> Result<Side, RoomError> {
        let room = self.rooms.get_mut(code).ok_or(RoomError::NoSuchRoom)?;
        Ok(room.resign(token, now)?)
    }

    /// The holder of `token` asks for a rematch in room `code`.
    pub fn rematch(&mut self, code: &str, token: &str, now: u64) -> Result<Rematch, RoomError> {
        let room = self.rooms.get_mut(code).ok_or(RoomError::NoSuchRoom)?;
        Ok(room.rematch(token, now)?)
    }

    /// Room `code`, to act on.
    pub fn get_mut(&mut self, code: &str) -> Option<&mut Room> {
        self.rooms.get_mut(code)
    }

    /// Room `code`, to read.
    pub fn get(&self, code: &str) -> Option<&Room> {
        self.rooms.get(code)
    }

    /// Every room written down, one line each: its code, a space, and the room as
    /// [`Room::to_stored`] writes it. How a server that keeps its rooms in memory keeps them
    /// over a restart.
    ///
    /// ```
    /// use walak::live::rooms::Rooms;
    /// use walak::{Options, Side};
    /// let mut rooms = Rooms::new(10);
    /// rooms.create("K7Q2M5XAK7Q2M5XA".into(), Options::default(), Side::South, "s".repeat(22), 0).unwrap();
    /// rooms.play("K7Q2M5XAK7Q2M5XA", &"s".repeat(22), 0, 3, 1).unwrap();
    /// let (back, unread) = Rooms::from_lines(&rooms.to_lines(), 10);
    /// assert_eq!((back.len(), unread), (1, 0));
    /// assert_eq!(back.get("K7Q2M5XAK7Q2M5XA").unwrap().record(), "3");
    /// ```
    pub fn to_lines(&self) -> String {
        let mut codes: Vec<&String> = self.rooms.keys().collect();
        codes.sort();
        codes.into_iter().map(|code| format!("{code} {}\n", self.rooms[code].to_stored())).collect()
    }

    /// The rooms [`Rooms::to_lines`] wrote, at most `limit` of them, and how many lines could
    /// not be read as a room (left out: a damaged line costs that room alone).
    pub fn from_lines(text: &str, limit: usize) -> (Rooms, usize) {
        let mut rooms = Rooms::new(limit);
        let mut unread = 0;
        for line in text.lines().filter(|line| !line.trim().is_empty()) {
            let room = line.split_once(' ').and_then(|(code, stored)| Some((code, Room::from_stored(stored)?)));
            match room {
                Some((code, room)) if rooms.rooms.len() < limit => {
                    rooms.rooms.insert(code.to_string(), room);
                }
                _ => unread += 1,
            }
        }
        (rooms, unread)
    }

    /// Closes every room idle for `idle` or longer at `now`; returns how many went.
    pub fn expire(&mut self, now: u64, idle: u64) -> usize {
        let before = self.rooms.len();
        self.rooms.retain(|_, room| !room.idle_since(now, idle));
        before - self.rooms.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::live::room::Seat;

    const CODE: &str = "K7Q2M5XA";

    fn token(c: char) -> String {
        c.to_string().repeat(22)
    }

    #[test]
    fn the_second_comer_takes_the_free_seat_and_the_rest_watch() {
        let mut rooms = Rooms::new(10);
        rooms.create(CODE.into(), Options::default(), Side::North, token('a'), 0).unwrap();
        let friend = rooms.join(CODE, None, token('b'), 1).unwrap();
        assert_eq!((friend.seat, friend.token), (Seat::Player(Side::South), Some(token('b'))));
        let watcher = rooms.join(CODE, Some(&token('z')), token('c'), 2).unwrap();
        assert_eq!((watcher.seat, watcher.token), (Seat::Spectator, None));
        // A player back after a reconnect keeps their seat and token.
        let back = rooms.join(CODE, Some(&token('a')), token('d'), 3).unwrap();
        assert_eq!((back.seat, back.token), (Seat::Player(Side::North), Some(token('a'))));
    }

    #[test]
    fn rooms_written_down_come_back_whole_and_a_damaged_line_costs_only_its_room() {
        let mut rooms = Rooms::new(10);
        rooms.create(CODE.into(), Options::default(), Side::North, token('a'), 0).unwrap();
        rooms.join(CODE, None, token('b'), 1).unwrap();
        rooms.play(CODE, &token('b'), 0, 2, 2).unwrap();
        rooms.create("BBBBBBBB".into(), Options::default(), Side::South, token('c'), 3).unwrap();
        let lines = rooms.to_lines();
        let damaged = format!("{lines}CCCCCCCC {{\"moves\":\"9\"}}\nnonsense\n");
        let (back, unread) = Rooms::from_lines(&damaged, 10);
        assert_eq!((back.len(), unread), (2, 2));
        assert_eq!(back.to_lines(), lines);
        assert_eq!(back.get(CODE).unwrap().seat_of(&token('b')), Seat::Player(Side::South));
        // No more than the server may hold.
        assert_eq!(Rooms::from_lines(&lines, 1).0.len(), 1);
    }

    #[test]
    fn rooms_are_bounded_and_expire() {
        let mut rooms = Rooms::new(2);
        rooms.create("AAAAAAAA".into(), Options::default(), Side::South, token('a'), 0).unwrap();
        assert_eq!(
            rooms.create("AAAAAAAA".into(), Options::default(), Side::South, token('a'), 0),
            Err(RoomError::CodeTaken)
        );
        rooms.create("BBBBBBBB".into(), Options::default(), Side::South, token('b'), 5).unwrap();
        assert_eq!(
            rooms.create("CCCCCCCC".into(), Options::default(), Side::South, token('c'), 6),
            Err(RoomError::Full)
        );
        assert_eq!(rooms.expire(10, 8), 1);
        assert_eq!(rooms.join("AAAAAAAA", None, token('x'), 11), Err(RoomError::NoSuchRoom));
        assert!(rooms.get("BBBBBBBB").is_some());
        rooms.create("CCCCCCCC".into(), Options::default(), Side::South, token('c'), 12).unwrap();
        assert_eq!(rooms.len(), 2);
    }

    #[test]
    fn spectators_alone_do_not_keep_a_room_alive() {
        let mut rooms = Rooms::new(10);
        rooms.create(CODE.into(), Options::default(), Side::South, token('a'), 0).unwrap();
        rooms.join(CODE, None, token('b'), 1).unwrap();
        for now in 2..10 {
            assert_eq!(rooms.join(CODE, None, token('c'), now).unwrap().seat, Seat::Spectator);
        }
        assert_eq!(rooms.expire(9, 8), 1);
        // A player coming back does keep it.
        rooms.create(CODE.into(), Options::default(), Side::South, token('a'), 10).unwrap();
        rooms.join(CODE, Some(&token('a')), token('d'), 17).unwrap();
        assert_eq!(rooms.expire(19, 8), 0);
    }

    #[test]
    fn a_room_nobody_joined_goes_within_the_hour() {
        const DAY: u64 = 24 * 3600;
        let mut rooms = Rooms::new(10);
        rooms.create("AAAAAAAA".into(), Options::default(), Side::South, token('a'), 0).unwrap();
        rooms.create("BBBBBBBB".into(), Options::default(), Side::South, token('b'), 0).unwrap();
        rooms.join("BBBBBBBB", None, token('c'), 10).unwrap();
        assert_eq!(rooms.expire(3599, DAY), 0);
        assert_eq!(rooms.expire(3600, DAY), 1);
        assert!(rooms.get("AAAAAAAA").is_none());
        // Joined, a room keeps the whole idle time.
        assert_eq!(rooms.expire(DAY + 9, DAY), 0);
        assert_eq!(rooms.expire(DAY + 10, DAY), 1);
    }

    #[test]
    fn moves_and_refusals_go_through_the_room() {
        let mut rooms = Rooms::new(10);
        rooms.create(CODE.into(), Options::default(), Side::South, token('a'), 0).unwrap();
        assert_eq!(rooms.play("ZZZZZZZZ", &token('a'), 0, 3, 1), Err(RoomError::NoSuchRoom));
        assert_eq!(rooms.play(CODE, &token('q'), 0, 3, 1), Err(RoomError::Refused(Refusal::Spectator)));
        assert!(rooms.play(CODE, &token('a'), 0, 3, 1).is_ok());
        assert_eq!(rooms.resign(CODE, &token('a'), 2), Ok(Side::South));
        assert_eq!(rooms.play(CODE, &token('a'), 1, 3, 3), Err(RoomError::Refused(Refusal::GameOver)));
    }
}
