//! Rooms in this process's memory: the default, for one server process.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use walak::live::room::Joined;
use walak::live::rooms::{RoomError, Rooms};
use walak::{Options, Side};

use super::hub::Hub;
use super::random;
use super::store::{apply, presence_of, Action, ConnectionId, Store, StoreError};
use super::watch;

pub struct Memory {
    rooms: Mutex<Rooms>,
    /// The token of every connection in each room (a spectator's is empty).
    present: Mutex<HashMap<String, HashMap<ConnectionId, String>>>,
    hub: Arc<Hub>,
}

impl Memory {
    /// At most `limit` rooms at once.
    pub fn new(limit: usize, hub: Arc<Hub>) -> Memory {
        Memory { rooms: Mutex::new(Rooms::new(limit)), present: Mutex::default(), hub }
    }

    fn rooms(&self) -> std::sync::MutexGuard<'_, Rooms> {
        self.rooms.lock().expect("the rooms' lock is never poisoned")
    }

    /// Closes the rooms idle for `idle` seconds or more; returns how many went.
    pub fn expire(&self, now: u64, idle: u64) -> usize {
        let gone = self.rooms().expire(now, idle);
        watch::rooms_expired(gone);
        gone
    }
}

impl Store for Memory {
    async fn create(&self, options: Options, side: Side, now: u64) -> Result<(String, Joined), StoreError> {
        let mut rooms = self.rooms();
        loop {
            let (code, token) = (random::room_code(), random::seat_token());
            match rooms.create(code.clone(), options, side, token.clone(), now) {
                // 80 random bits: a taken code is all but impossible, but costs only a retry.
                Err(RoomError::CodeTaken) => continue,
                Err(error) => return Err(error.into()),
                Ok(()) => return Ok((code.clone(), rooms.join(&code, Some(&token), String::new(), now)?)),
            }
        }
    }

    async fn join(&self, code: &str, token: Option<&str>, now: u64) -> Result<Joined, StoreError> {
        Ok(self.rooms().join(code, token, random::seat_token(), now)?)
    }

    async fn act(&self, code: &str, token: &str, action: Action, now: u64) -> Result<(), StoreError> {
        let mut rooms = self.rooms();
        let room = rooms.get_mut(code).ok_or(RoomError::NoSuchRoom)?;
        let frame = apply(room, token, action, now)?;
        // Sent under the rooms' lock, so that every connection hears a room's moves in order.
        self.hub.send(code, frame.to_json().into());
        Ok(())
    }

    async fn presence(&self, code: &str, id: ConnectionId, token: Option<&str>) {
        // Told under the presence lock (taken before the rooms'), so that the room hears who is
        // present in the order it changed.
        let mut present = self.present.lock().expect("the presence lock is never poisoned");
        let tokens = present.entry(code.to_string()).or_default();
        match token {
            Some(token) => tokens.insert(id, token.to_string()),
            None => tokens.remove(&id),
        };
        if let Some(room) = self.rooms().get(code) {
            self.hub.send(code, presence_of(room, tokens.values().map(String::as_str)).to_json().into());
        }
        if tokens.is_empty() {
            present.remove(code);
        }
    }

    async fn reachable(&self) -> Result<(), String> {
        Ok(())
    }

    async fn count_rooms(&self) -> Result<usize, String> {
        Ok(self.rooms().len())
    }

    fn name(&self) -> &'static str {
        "memory"
    }
}
