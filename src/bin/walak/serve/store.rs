//! Where the rooms live: in this process's memory (the default), or in Redis, shared by every
//! server process on it. Both referee through the same [`Room`]; they differ only in where the
//! room is kept and how its frames reach the connections (this process's [`Hub`] directly, or a
//! Redis channel every process listens to).

use std::fmt;

use walak::live::message::ServerMessage;
use walak::live::room::{Joined, Refusal, Rematch, Room, Seat};
use walak::live::rooms::RoomError;
use walak::{Options, Side};

use super::memory::Memory;
use super::shared::Shared;

/// What a player does in a room.
#[derive(Clone, Copy, Debug)]
pub enum Action {
    Move { ply: usize, hole: u8 },
    Resign,
    Rematch,
}

/// Why the store did not do what was asked.
#[derive(Debug)]
pub enum StoreError {
    Room(RoomError),
    /// The shared store cannot be reached (or keeps changing under us): nothing was done.
    Unavailable,
}

impl StoreError {
    /// The reason's name in `refused` frames.
    pub fn kind(&self) -> &'static str {
        match self {
            StoreError::Room(error) => error.kind(),
            StoreError::Unavailable => "unavailable",
        }
    }
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Room(error) => error.fmt(f),
            StoreError::Unavailable => write!(f, "the server cannot reach where its games are kept: try again shortly"),
        }
    }
}

impl From<RoomError> for StoreError {
    fn from(error: RoomError) -> StoreError {
        StoreError::Room(error)
    }
}

impl From<Refusal> for StoreError {
    fn from(refusal: Refusal) -> StoreError {
        StoreError::Room(RoomError::Refused(refusal))
    }
}

/// A connection of this process, to tell who is present in a room.
pub type ConnectionId = u64;

pub enum Store {
    Memory(Memory),
    Redis(Shared),
}

impl Store {
    /// Opens a new room with `options`, its creator at `side`; returns its code and what the
    /// creator finds there.
    pub async fn create(&self, options: Options, side: Side, now: u64) -> Result<(String, Joined), StoreError> {
        match self {
            Store::Memory(memory) => memory.create(options, side, now),
            Store::Redis(shared) => shared.create(options, side, now).await,
        }
    }

    /// Enters room `code` (with a seat's `token`, that seat again).
    pub async fn join(&self, code: &str, token: Option<&str>, now: u64) -> Result<Joined, StoreError> {
        match self {
            Store::Memory(memory) => memory.join(code, token, now),
            Store::Redis(shared) => shared.join(code, token, now).await,
        }
    }

    /// The holder of `token` acts in room `code`; what it changed goes to everyone in the room.
    pub async fn act(&self, code: &str, token: &str, action: Action, now: u64) -> Result<(), StoreError> {
        match self {
            Store::Memory(memory) => memory.act(code, token, action, now),
            Store::Redis(shared) => shared.act(code, token, action, now).await,
        }
    }

    /// Connection `id` is now in room `code` with `token` (a spectator's is empty), or has left
    /// it (`None`); everyone in the room hears who is present. Kept by token, not by seat, so
    /// that a rematch swapping the seats never shows a player as gone for a moment.
    pub async fn presence(&self, code: &str, id: ConnectionId, token: Option<&str>) {
        match self {
            Store::Memory(memory) => memory.presence(code, id, token),
            Store::Redis(shared) => shared.presence(code, id, token).await,
        }
    }

    /// Which store this is, for the start-up line.
    pub fn name(&self) -> &'static str {
        match self {
            Store::Memory(_) => "memory",
            Store::Redis(_) => "redis",
        }
    }
}

/// Plays `action` in `room` for the holder of `token`: the frame everyone in the room is sent.
pub fn apply(room: &mut Room, token: &str, action: Action, now: u64) -> Result<ServerMessage, Refusal> {
    Ok(match action {
        Action::Move { ply, hole } => {
            let played = room.play(token, ply, hole, now)?;
            ServerMessage::Moved { moves: played.moves, side: played.side, hole: played.number }
        }
        Action::Resign => ServerMessage::Resigned { side: room.resign(token, now)? },
        Action::Rematch => match room.rematch(token, now)? {
            Rematch::Asked(side) => ServerMessage::Rematch { side },
            Rematch::Began { number } => ServerMessage::Rematched { number },
        },
    })
}

/// Who is present in `room`, from the tokens of the connections in it.
pub fn presence_of<'a>(room: &Room, tokens: impl IntoIterator<Item = &'a str>) -> ServerMessage {
    let (mut south, mut north) = (false, false);
    for token in tokens {
        match room.seat_of(token) {
            Seat::Player(Side::South) => south = true,
            Seat::Player(Side::North) => north = true,
            Seat::Spectator => {}
        }
    }
    ServerMessage::Presence { south, north }
}
