//! Where the rooms live, as a connection sees it: the [`Store`] interface, which two stores
//! implement: this process's memory (`memory.rs`, the default), or Redis, shared by every server
//! process on it (`shared.rs`). Both referee through the same [`Room`], with [`apply`]; they
//! differ only in where the room is kept and how its frames reach the connections (this
//! process's hub directly, or a Redis channel every process listens to).

use std::fmt;
use std::future::Future;
use std::time::{SystemTime, UNIX_EPOCH};

use walak::live::message::ServerMessage;
use walak::live::room::{Joined, Refusal, Rematch, Room, Seat};
use walak::live::rooms::RoomError;
use walak::{Options, Side};

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

/// Where the rooms are kept: what a connection asks of them, whichever store it is.
pub trait Store: Send + Sync + 'static {
    /// Opens a new room with `options`, its creator at `side` and of mark `by` (see
    /// [`Room::open_by`]); returns its code and what the creator finds there.
    fn create(
        &self,
        options: Options,
        side: Side,
        now: u64,
        by: &str,
    ) -> impl Future<Output = Result<(String, Joined), StoreError>> + Send;

    /// Enters room `code` (with a seat's `token`, that seat again), for someone of mark `from`.
    fn join(
        &self,
        code: &str,
        token: Option<&str>,
        now: u64,
        from: &str,
    ) -> impl Future<Output = Result<Joined, StoreError>> + Send;

    /// Whether room `code` is there, opened by `by`, and nobody from elsewhere has sat down.
    fn waits_for_someone_else(&self, code: &str, by: &str) -> impl Future<Output = Result<bool, StoreError>> + Send;

    /// The holder of `token` acts in room `code`; what it changed goes to everyone in the room.
    fn act(
        &self,
        code: &str,
        token: &str,
        action: Action,
        now: u64,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Connection `id` is now in room `code` with `token` (a spectator's is empty), or has left
    /// it (`None`). Everyone in the room hears who is present when that changed; when it did not
    /// (a spectator came or went, a page came back), only the connection that came in needs to
    /// know: the frame for it alone is returned. Kept by token, not by seat, so that a rematch
    /// swapping the seats never shows a player as gone for a moment.
    fn presence(
        &self,
        code: &str,
        id: ConnectionId,
        token: Option<&str>,
    ) -> impl Future<Output = Option<ServerMessage>> + Send;

    /// Whether the rooms can be reached now (Redis answers a ping); if not, why.
    fn reachable(&self) -> impl Future<Output = Result<(), String>> + Send;

    /// How many rooms the store holds now (in Redis: every process's), for the metrics.
    fn count_rooms(&self) -> impl Future<Output = Result<usize, String>> + Send;

    /// Which store this is, for the start-up line.
    fn name(&self) -> &'static str;
}

/// Seconds since 1970: the rooms' clock, the same in every process on one Redis.
pub fn now() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |since| since.as_secs())
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
