//! Rooms in this process's memory: the default, for one server process.

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex};

use walak::live::message::ServerMessage;
use walak::live::room::Joined;
use walak::live::rooms::{RoomError, Rooms};
use walak::{Options, Side};

use super::hub::Hub;
use super::random;
use super::store::{apply, presence_of, Action, ConnectionId, Store, StoreError};
use super::watch;

pub struct Memory {
    rooms: Mutex<Rooms>,
    /// Who is in each room.
    present: Mutex<HashMap<String, Present>>,
    hub: Arc<Hub>,
}

/// Who is in a room: the token of every connection in it (a spectator's is empty), and who the
/// room was last told is present.
#[derive(Default)]
struct Present {
    tokens: HashMap<ConnectionId, String>,
    told: Option<ServerMessage>,
}

impl Memory {
    /// At most `limit` rooms at once.
    pub fn new(limit: usize, hub: Arc<Hub>) -> Memory {
        Memory { rooms: Mutex::new(Rooms::new(limit)), present: Mutex::default(), hub }
    }

    fn rooms(&self) -> std::sync::MutexGuard<'_, Rooms> {
        self.rooms.lock().expect("the rooms' lock is never poisoned")
    }

    /// Writes every room to `path` (through a file beside it, renamed: a crash mid-write leaves
    /// the last whole file); returns how many.
    pub fn save(&self, path: &Path) -> std::io::Result<usize> {
        let rooms = self.rooms();
        let partial = path.with_extension("partial");
        std::fs::write(&partial, rooms.to_lines())?;
        std::fs::rename(&partial, path)?;
        Ok(rooms.len())
    }

    /// The rooms written to `path` by [`Memory::save`], at most `limit`; no file, no rooms.
    /// Returns them and how many lines could not be read as a room.
    pub fn restore(path: &Path, limit: usize, hub: Arc<Hub>) -> Result<(Memory, usize), String> {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(error) => return Err(format!("--state {}: {error}", path.display())),
        };
        let (rooms, unread) = Rooms::from_lines(&text, limit);
        Ok((Memory { rooms: Mutex::new(rooms), present: Mutex::default(), hub }, unread))
    }

    /// How many rooms there are.
    pub fn len(&self) -> usize {
        self.rooms().len()
    }

    /// Closes the rooms idle for `idle` seconds or more; returns how many went.
    pub fn expire(&self, now: u64, idle: u64) -> usize {
        let gone = self.rooms().expire(now, idle);
        watch::rooms_expired(gone);
        gone
    }
}

impl Store for Memory {
    async fn create(&self, options: Options, side: Side, now: u64, by: &str) -> Result<(String, Joined), StoreError> {
        let mut rooms = self.rooms();
        loop {
            let (code, token) = (random::room_code(), random::seat_token());
            match rooms.create(code.clone(), options, side, token.clone(), now) {
                // 80 random bits: a taken code is all but impossible, but costs only a retry.
                Err(RoomError::CodeTaken) => continue,
                Err(error) => return Err(error.into()),
                Ok(()) => {
                    let room = rooms.get_mut(&code).expect("the room just opened");
                    room.open_by(by.to_string());
                    let joined = room.enter_from(Some(&token), String::new(), now, by)?;
                    return Ok((code, joined));
                }
            }
        }
    }

    async fn join(&self, code: &str, token: Option<&str>, now: u64, from: &str) -> Result<Joined, StoreError> {
        let mut rooms = self.rooms();
        let room = rooms.get_mut(code).ok_or(RoomError::NoSuchRoom)?;
        Ok(room.enter_from(token, random::seat_token(), now, from)?)
    }

    async fn waits_for_someone_else(&self, code: &str, by: &str) -> Result<bool, StoreError> {
        Ok(self.rooms().get(code).is_some_and(|room| room.waits_for_someone_else(by)))
    }

    async fn act(&self, code: &str, token: &str, action: Action, now: u64) -> Result<(), StoreError> {
        let mut rooms = self.rooms();
        let room = rooms.get_mut(code).ok_or(RoomError::NoSuchRoom)?;
        let frame = apply(room, token, action, now)?;
        // Sent under the rooms' lock, so that every connection hears a room's moves in order.
        self.hub.send(code, frame.to_json().into());
        Ok(())
    }

    async fn presence(&self, code: &str, id: ConnectionId, token: Option<&str>) -> Option<ServerMessage> {
        // Told under the presence lock (taken before the rooms'), so that the room hears who is
        // present in the order it changed.
        let mut present = self.present.lock().expect("the presence lock is never poisoned");
        let here = present.entry(code.to_string()).or_default();
        match token {
            Some(token) => here.tokens.insert(id, token.to_string()),
            None => here.tokens.remove(&id),
        };
        let now = self.rooms().get(code).map(|room| presence_of(room, here.tokens.values().map(String::as_str)));
        let alone = match now {
            Some(now) if here.told.as_ref() != Some(&now) => {
                self.hub.send(code, now.to_json().into());
                here.told = Some(now);
                None
            }
            now => now,
        };
        if here.tokens.is_empty() {
            present.remove(code);
        }
        alone
    }

    async fn reachable(&self) -> Result<(), String> {
        Ok(())
    }

    async fn count_rooms(&self) -> Result<usize, String> {
        Ok(self.len())
    }

    fn name(&self) -> &'static str {
        "memory"
    }
}
