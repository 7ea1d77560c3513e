//! The connections of this process, by room: each room's frames go to every connection in it.
//! With rooms in memory the store sends here directly; with Redis every process's subscription
//! to the rooms' channel does, so that a move made on one process reaches the players on all.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tokio::sync::{broadcast, watch};

/// How many frames a slow connection may fall behind before it is sent the whole room again.
const BACKLOG: usize = 64;

/// A frame for every connection in a room.
pub type Frame = Arc<str>;

pub struct Hub {
    rooms: Mutex<HashMap<String, broadcast::Sender<Frame>>>,
    /// Whether the store can be reached now: each connection in a room is told when it is lost,
    /// and sent its room again when it is back.
    reachable: watch::Sender<bool>,
    /// Set once the server is stopping: every connection closes, saying so (1012).
    closing: watch::Sender<bool>,
}

impl Default for Hub {
    fn default() -> Hub {
        Hub { rooms: Mutex::default(), reachable: watch::Sender::new(true), closing: watch::Sender::new(false) }
    }
}

impl Hub {
    /// Whether the store can be reached now.
    pub fn reachable(&self) -> bool {
        *self.reachable.borrow()
    }

    /// Hears when the store is lost or back.
    pub fn watch_reachable(&self) -> watch::Receiver<bool> {
        self.reachable.subscribe()
    }

    /// The store was lost (`false`) or is back (`true`); only a change is told.
    pub fn set_reachable(&self, reachable: bool) {
        self.reachable.send_if_modified(|now| std::mem::replace(now, reachable) != reachable);
    }

    /// Listens to room `code`'s frames.
    pub fn subscribe(&self, code: &str) -> broadcast::Receiver<Frame> {
        let mut rooms = self.rooms.lock().expect("the hub's lock is never poisoned");
        rooms.entry(code.to_string()).or_insert_with(|| broadcast::channel(BACKLOG).0).subscribe()
    }

    /// Sends `frame` to every connection of this process in room `code`.
    pub fn send(&self, code: &str, frame: Frame) {
        let rooms = self.rooms.lock().expect("the hub's lock is never poisoned");
        if let Some(room) = rooms.get(code) {
            // No one listening is not an error: the room's players may be on another process.
            let _ = room.send(frame);
        }
    }

    /// Hears when the server stops. Each connection holds one while it lives.
    pub fn watch_closing(&self) -> watch::Receiver<bool> {
        self.closing.subscribe()
    }

    /// The server is stopping: every connection is told to close.
    pub fn close_all(&self) {
        self.closing.send_replace(true);
    }

    /// How many connections are still open (each holds a [`Hub::watch_closing`]).
    pub fn open_connections(&self) -> usize {
        self.closing.receiver_count()
    }

    /// How many connections of this process are in room `code`.
    pub fn listeners(&self, code: &str) -> usize {
        let rooms = self.rooms.lock().expect("the hub's lock is never poisoned");
        rooms.get(code).map_or(0, broadcast::Sender::receiver_count)
    }

    /// Forgets room `code` once no connection of this process listens to it.
    pub fn prune(&self, code: &str) {
        let mut rooms = self.rooms.lock().expect("the hub's lock is never poisoned");
        if rooms.get(code).is_some_and(|room| room.receiver_count() == 0) {
            rooms.remove(code);
        }
    }
}
