//! Rooms in Redis, shared by every `walak serve` process on it: a player on one process plays a
//! player on another, and a page whose process is gone reconnects to any other.
//!
//! - `walak:room:CODE` holds the room as [`Room::to_stored`] writes it, expiring when idle;
//! - `walak:rooms` (a sorted set) holds every room's code by the time it expires, to count them;
//! - `walak:events:CODE` is the room's channel: every process subscribes to all of them and hands
//!   each frame to its own connections in that room;
//! - `walak:presence:CODE` holds the token of every connection in the room (a spectator's is
//!   empty), by process and connection, and `walak:process:ID` tells which processes are alive, so that the connections
//!   of a killed process stop counting once its key expires.
//!
//! A room changes by compare-and-set: read it, referee the action with the rules, and write it
//! back (publishing its frame in the same step) only if nobody changed it meanwhile; otherwise
//! read it again. Two processes can never both play a move at the same place of a game.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use futures_util::StreamExt;
use redis::aio::MultiplexedConnection;
use redis::{AsyncCommands, Script};
use walak::live::message::ServerMessage;
use walak::live::room::{Joined, Room};
use walak::live::rooms::RoomError;
use walak::{Options, Side};

use super::hub::Hub;
use super::random;
use super::store::{apply, now, presence_of, Action, ConnectionId, Store, StoreError};
use super::watch;

/// How often a room changed under us is read again before the action is given up.
const RETRIES: usize = 16;
/// A process not heard of for this long is gone (it refreshes its key three times as often).
const PROCESS_TTL_SECONDS: u64 = 9;

/// Opens a room unless its code is taken or the rooms are full: `ok`, `taken` or `full`.
const CREATE: &str = r"
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[2])
if redis.call('EXISTS', KEYS[1]) == 1 then return 'taken' end
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[4]) then return 'full' end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[5])
redis.call('ZADD', KEYS[2], ARGV[3], KEYS[1])
return 'ok'
";

/// Writes the room if it is still as read, and publishes its frame: 1 if written, 0 if not.
const UPDATE: &str = r"
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'EX', ARGV[3])
redis.call('ZADD', KEYS[2], ARGV[4], KEYS[1])
if ARGV[6] ~= '' then redis.call('PUBLISH', ARGV[5], ARGV[6]) end
return 1
";

const ROOMS: &str = "walak:rooms";

fn room_key(code: &str) -> String {
    format!("walak:room:{code}")
}

fn channel(code: &str) -> String {
    format!("walak:events:{code}")
}

fn presence_key(code: &str) -> String {
    format!("walak:presence:{code}")
}

fn process_key(process: &str) -> String {
    format!("walak:process:{process}")
}

#[derive(Clone)]
pub struct Shared {
    connection: MultiplexedConnection,
    create: Script,
    update: Script,
    process: String,
    limit: usize,
    idle: u64,
}

impl Shared {
    /// Connects to the Redis at `url`, and starts handing the rooms' frames to `hub` and telling
    /// the other processes this one is alive.
    pub async fn connect(url: &str, limit: usize, idle: u64, hub: Arc<Hub>) -> Result<Shared, String> {
        let client = redis::Client::open(url).map_err(|error| format!("--redis {url}: {error}"))?;
        let connection = client
            .get_multiplexed_async_connection()
            .await
            .map_err(|error| format!("cannot reach Redis at {url}: {error}"))?;
        let shared = Shared {
            connection,
            create: Script::new(CREATE),
            update: Script::new(UPDATE),
            process: random::process_id(),
            limit,
            idle,
        };
        shared.heartbeat().await.map_err(|error| format!("Redis at {url}: {error}"))?;
        tokio::spawn(listen(client, hub));
        let beating = shared.clone();
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(Duration::from_secs(PROCESS_TTL_SECONDS / 3)).await;
                if let Err(error) = beating.heartbeat().await {
                    watch::store_error(&error);
                }
            }
        });
        Ok(shared)
    }

    async fn heartbeat(&self) -> redis::RedisResult<()> {
        self.connection.clone().set_ex(process_key(&self.process), 1, PROCESS_TTL_SECONDS).await
    }

    /// Reads room `code`, changes it with `change`, and writes it back with the frame `change`
    /// gives (if any) unless another change came first, in which case all of it is done again.
    async fn change<T>(
        &self,
        code: &str,
        now: u64,
        mut change: impl FnMut(&mut Room) -> Result<(T, Option<ServerMessage>), StoreError>,
    ) -> Result<T, StoreError> {
        let mut connection = self.connection.clone();
        for _ in 0..RETRIES {
            let stored: Option<String> = connection.get(room_key(code)).await.map_err(unavailable)?;
            let stored = stored.ok_or(RoomError::NoSuchRoom)?;
            let Some(mut room) = Room::from_stored(&stored) else {
                watch::store_fault(&format!("room {code} in Redis cannot be read; it is left alone"));
                return Err(RoomError::NoSuchRoom.into());
            };
            let (answer, frame) = change(&mut room)?;
            let changed = room.to_stored();
            let kept_for = room.idle_limit(self.idle);
            if changed == stored && frame.is_none() {
                // Nothing to write (a spectator came in within the same second): no write to race.
                return Ok(answer);
            }
            let written: i64 = self
                .update
                .key(room_key(code))
                .key(ROOMS)
                .arg(&stored)
                .arg(changed)
                .arg(kept_for)
                .arg(now + kept_for)
                .arg(channel(code))
                .arg(frame.map(|frame| frame.to_json()).unwrap_or_default())
                .invoke_async(&mut connection)
                .await
                .map_err(unavailable)?;
            if written == 1 {
                return Ok(answer);
            }
        }
        Err(StoreError::Unavailable)
    }

    async fn tell_presence(&self, code: &str, id: ConnectionId, token: Option<&str>) -> redis::RedisResult<()> {
        let mut connection = self.connection.clone();
        let (key, field) = (presence_key(code), format!("{}:{id}", self.process));
        match token {
            Some(token) => {
                let () = connection.hset(&key, &field, token).await?;
                let () = connection.expire(&key, self.idle as i64).await?;
            }
            None => {
                let () = connection.hdel(&key, &field).await?;
            }
        }
        let present: HashMap<String, String> = connection.hgetall(&key).await?;
        let mut alive: HashMap<String, bool> = HashMap::new();
        let mut tokens = Vec::new();
        for (field, token) in present {
            let process = field.split(':').next().unwrap_or_default().to_string();
            let is_alive = match alive.get(&process) {
                Some(&known) => known,
                None => {
                    let known: bool = connection.exists(process_key(&process)).await?;
                    alive.insert(process, known);
                    known
                }
            };
            if is_alive {
                tokens.push(token);
            }
        }
        let stored: Option<String> = connection.get(room_key(code)).await?;
        if let Some(room) = stored.as_deref().and_then(Room::from_stored) {
            let presence = presence_of(&room, tokens.iter().map(String::as_str));
            let () = connection.publish(channel(code), presence.to_json()).await?;
        }
        Ok(())
    }
}

impl Store for Shared {
    async fn create(&self, options: Options, side: Side, now: u64) -> Result<(String, Joined), StoreError> {
        for _ in 0..RETRIES {
            let (code, token) = (random::room_code(), random::seat_token());
            let mut room = Room::new(options, now);
            room.sit(side, token.clone())?;
            let kept_for = room.idle_limit(self.idle);
            let answer: String = self
                .create
                .key(room_key(&code))
                .key(ROOMS)
                .arg(room.to_stored())
                .arg(now)
                .arg(now + kept_for)
                .arg(self.limit)
                .arg(kept_for)
                .invoke_async(&mut self.connection.clone())
                .await
                .map_err(unavailable)?;
            match answer.as_str() {
                "ok" => {
                    let joined = room.enter(Some(&token), String::new(), now)?;
                    return Ok((code, joined));
                }
                "full" => return Err(RoomError::Full.into()),
                _ => continue,
            }
        }
        Err(StoreError::Unavailable)
    }

    async fn join(&self, code: &str, token: Option<&str>, now: u64) -> Result<Joined, StoreError> {
        let new_token = random::seat_token();
        self.change(code, now, |room| Ok((room.enter(token, new_token.clone(), now)?, None))).await
    }

    async fn act(&self, code: &str, token: &str, action: Action, now: u64) -> Result<(), StoreError> {
        self.change(code, now, |room| Ok(((), Some(apply(room, token, action, now)?)))).await
    }

    async fn presence(&self, code: &str, id: ConnectionId, token: Option<&str>) {
        if let Err(error) = self.tell_presence(code, id, token).await {
            watch::store_error(&error);
        }
    }

    async fn reachable(&self) -> Result<(), String> {
        let (mut connection, command) = (self.connection.clone(), redis::cmd("PING"));
        let ping = command.query_async::<String>(&mut connection);
        match tokio::time::timeout(Duration::from_secs(2), ping).await {
            Ok(Ok(_)) => Ok(()),
            Ok(Err(error)) => Err(format!("Redis: {error}")),
            Err(_) => Err("Redis did not answer within 2 s".into()),
        }
    }

    async fn count_rooms(&self) -> Result<usize, String> {
        let (mut connection, mut command) = (self.connection.clone(), redis::cmd("ZCOUNT"));
        // The rooms not yet expired: the set keeps an expired room's code until the next create.
        command.arg(ROOMS).arg(now()).arg("+inf");
        let count = command.query_async::<usize>(&mut connection);
        match tokio::time::timeout(Duration::from_secs(2), count).await {
            Ok(Ok(rooms)) => Ok(rooms),
            Ok(Err(error)) => Err(format!("Redis: {error}")),
            Err(_) => Err("Redis did not answer within 2 s".into()),
        }
    }

    fn name(&self) -> &'static str {
        "redis"
    }
}

fn unavailable(error: redis::RedisError) -> StoreError {
    watch::store_error(&error);
    StoreError::Unavailable
}

/// Hands every room's frames, from whichever process, to this process's connections; listens
/// again after Redis goes away and comes back.
async fn listen(client: redis::Client, hub: Arc<Hub>) {
    loop {
        match client.get_async_pubsub().await {
            Ok(mut pubsub) => match pubsub.psubscribe(channel("*")).await {
                Ok(()) => {
                    let mut messages = pubsub.on_message();
                    while let Some(message) = messages.next().await {
                        let Some(code) = message.get_channel_name().strip_prefix("walak:events:") else { continue };
                        if let Ok(frame) = message.get_payload::<String>() {
                            hub.send(code, frame.into());
                        }
                    }
                    watch::store_error(&"the rooms' channel closed; subscribing again");
                }
                Err(error) => watch::store_error(&error),
            },
            Err(error) => watch::store_error(&error),
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}
