//! What the server tells its operator about live play, as it happens: each event counted for
//! `/metrics` and, where it helps, logged. The connections, the stores and the start-up call these,
//! one line each where the event happens.

use std::time::{Duration, Instant};

use tracing::{debug, error, info, warn};
use walak::live::message::ClientMessage;
use walak::live::reason::REASONS;

use super::logs::Throttle;
use super::metrics::metrics;

/// A refusal of each reason is logged at most this often, with how many went unlogged.
const REFUSALS_EVERY: Duration = Duration::from_secs(60);
/// The store's errors, likewise: while Redis is away every frame meets one.
const STORE_ERRORS_EVERY: Duration = Duration::from_secs(10);

static REFUSALS: [Throttle; REASONS.len()] = [const { Throttle::new(REFUSALS_EVERY) }; REASONS.len()];
static STORE_ERRORS: Throttle = Throttle::new(STORE_ERRORS_EVERY);

/// The server is listening.
pub fn started(address: &str, store: &str, rooms: usize, idle_hours: f64) {
    info!(address, store, rooms, idle_hours, "serving");
}

/// The server was asked to stop (Ctrl-C or SIGTERM).
pub fn stopping() {
    info!("stopping");
}

/// The rooms written down at the last stop were read back (`unread`: lines that were not a room).
pub fn rooms_restored(path: &str, rooms: usize, unread: usize) {
    if unread > 0 {
        warn!(path, rooms, unread, "rooms restored, some lines unread");
    } else {
        info!(path, rooms, "rooms restored");
    }
}

/// The rooms in memory were written down as the server stopped.
pub fn rooms_saved(path: &str, rooms: usize) {
    info!(path, rooms, "rooms saved");
}

/// A room was created through this process.
pub fn room_created(code: &str) {
    metrics().room_created();
    info!(room = code, "room created");
}

/// Rooms went, idle too long (in memory; Redis forgets its rooms by itself, unseen).
pub fn rooms_expired(count: usize) {
    if count > 0 {
        info!(rooms = count, "rooms expired");
    }
}

/// A frame was refused for `reason`.
pub fn refused(reason: &'static str) {
    let at = REASONS.iter().position(|known| *known == reason);
    debug_assert!(at.is_some(), "{reason} is not in the protocol's list of reasons");
    metrics().refused(reason);
    if let Some(held) = at.and_then(|at| REFUSALS[at].pass()) {
        info!(reason, unlogged_since_last = held, "refused");
    }
}

/// The store could not do what was asked: Redis away, or answering with an error.
pub fn store_error(error: &dyn std::fmt::Display) {
    metrics().store_error();
    if let Some(held) = STORE_ERRORS.pass() {
        warn!(%error, unlogged_since_last = held, "store error");
    }
}

/// The store can no longer be reached: every room of this process is told, and it is tried
/// again until it is back.
pub fn store_lost(error: &dyn std::fmt::Display) {
    metrics().store_error();
    warn!(%error, "store lost; trying again");
}

/// The store can be reached again: every room of this process is sent its game again.
pub fn store_back() {
    info!("store back; the games go on");
}

/// Something in the store that should never be there: logged every time.
pub fn store_fault(what: &str) {
    error!("{what}");
}

/// An open connection: counted while it lives, and said at debug level when it opens and closes.
pub struct Open {
    id: u64,
    since: Instant,
}

impl Open {
    pub fn connection(id: u64) -> Open {
        metrics().connection_opened();
        debug!(connection = id, "connection opened");
        Open { id, since: Instant::now() }
    }
}

impl Drop for Open {
    fn drop(&mut self) {
        metrics().connection_closed();
        debug!(connection = self.id, seconds = self.since.elapsed().as_secs(), "connection closed");
    }
}

/// A connection's move on its way: read at one moment, played, and back as the room's `moved`
/// frame. Its time is the relay time `/metrics` shows.
#[derive(Default)]
pub struct Relay {
    /// The frame being answered, if a move: when it was read, and how many moves the game has
    /// once it is played.
    reading: Option<(Instant, usize)>,
    /// The move played and not yet back.
    waiting: Option<(Instant, usize)>,
}

impl Relay {
    /// A frame was read at `at`: a move is timed from then.
    pub fn read(&mut self, message: &ClientMessage, at: Instant) {
        self.reading = match *message {
            ClientMessage::Move { ply, .. } => Some((at, ply + 1)),
            _ => None,
        };
    }

    /// The frame just read was answered with `replies`. A move answered at all was refused; one
    /// played is answered only through the room.
    pub fn answered(&mut self, replies: &[String]) {
        if let Some(move_read) = self.reading.take() {
            if replies.is_empty() {
                metrics().moved();
                self.waiting = Some(move_read);
            }
        }
    }

    /// A frame of the room reached this connection: the move waited for, perhaps.
    pub fn arrived(&mut self, frame: &str) {
        let Some((at, moves)) = self.waiting else { return };
        let Some(played) = moved_count(frame) else { return };
        if played == moves {
            metrics().relayed(at.elapsed());
        }
        if played >= moves {
            self.waiting = None;
        }
    }
}

/// The number of moves a `moved` frame says the game has, as the server writes the frame.
fn moved_count(frame: &str) -> Option<usize> {
    let rest = frame.strip_prefix(r#"{"type":"moved","moves":"#)?;
    rest[..rest.find(',')?].parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use walak::live::message::ServerMessage;
    use walak::Side;

    #[test]
    fn a_moved_frame_says_how_many_moves() {
        let moved = ServerMessage::Moved { moves: 12, side: Side::North, hole: 3 }.to_json();
        assert_eq!(moved_count(&moved), Some(12));
        assert_eq!(moved_count(&ServerMessage::Resigned { side: Side::North }.to_json()), None);
    }

    #[test]
    fn only_the_move_waited_for_ends_the_wait() {
        let mut relay = Relay::default();
        relay.read(&ClientMessage::Move { ply: 4, hole: 3 }, Instant::now());
        relay.answered(&[]);
        relay.arrived(&ServerMessage::Moved { moves: 4, side: Side::North, hole: 1 }.to_json());
        assert!(relay.waiting.is_some(), "the move before it");
        relay.arrived(&ServerMessage::Moved { moves: 5, side: Side::South, hole: 3 }.to_json());
        assert!(relay.waiting.is_none());
        // A refused move is waited for no more.
        relay.read(&ClientMessage::Move { ply: 5, hole: 3 }, Instant::now());
        relay.answered(&["refused".into()]);
        assert!(relay.waiting.is_none());
        // Other frames between a move and its return change nothing.
        relay.read(&ClientMessage::Move { ply: 5, hole: 3 }, Instant::now());
        relay.answered(&[]);
        relay.read(&ClientMessage::Ping, Instant::now());
        relay.answered(&["pong".into()]);
        assert!(relay.waiting.is_some());
    }
}
