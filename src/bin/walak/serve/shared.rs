//! Rooms in Redis, shared by every `walak serve` process on it: a player on one process plays a
//! player on another, and a page whose process is gone reconnects to any other.
//!
//! - `walak:room:CODE` holds the room as [`Room::to_stored`] writes it, expiring when idle;
//! - `walak:rooms` (a sorted set) holds every room's code by the time it expires, to count them;
//! - `walak:events:CODE` is the room's channel: every process subscribes to all of them and hands
//!   each frame to its own connections in that room;
//! - `walak:presence:CODE` holds the token of every connection in the room (a spectator's is
//!   empty), by process and connection, and `walak:process:ID` tells which processes are alive,
//!   so that the connections of a killed process stop counting once its key expires;
//!   `walak:told:CODE` is who the room was last told is present (it hears only a change);
//! - `walak:processes` (a sorted set) holds every process by when it last said it is alive, and
//!   `walak:rooms-of:ID` the rooms it has connections in: when a process dies, another tells
//!   those rooms that its players are away.
//!
//! A room changes by compare-and-set: read it, referee the action with the rules, and write it
//! back (publishing its frame in the same step) only if nobody changed it meanwhile; otherwise
//! read it again. Two processes can never both play a move at the same place of a game.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use futures_util::StreamExt;
use redis::aio::{ConnectionManager, ConnectionManagerConfig};
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
/// A process not heard of for this long is gone, and its players are shown away by another
/// (which looks every [`BEAT_EVERY`]): within this, a second of the clock's rounding and a beat,
/// under the ten seconds a friend should wait to be told.
const PROCESS_TTL_SECONDS: u64 = 5;
/// How often a process says it is alive, and looks for those that died.
const BEAT_EVERY: Duration = Duration::from_secs(1);
/// How often a lost Redis is tried again: soon after it went, then less often, never less often
/// than this, so that games go on within a second or so of its return.
const RETRY_FIRST: Duration = Duration::from_millis(250);
const RETRY_MOST: Duration = Duration::from_secs(1);
/// How long a request to Redis may take before it counts as lost: a player waits no longer to
/// hear that the game cannot go on just now.
const REDIS_TIMEOUT: Duration = Duration::from_secs(2);

/// Opens a room unless its code is taken or the rooms are full: `ok`, `taken` or `full`.
const CREATE: &str = r"
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[2])
if redis.call('EXISTS', KEYS[1]) == 1 then return 'taken' end
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[4]) then return 'full' end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[5])
redis.call('ZADD', KEYS[2], ARGV[3], KEYS[1])
return 'ok'
";

/// Publishes who is present in a room if the room was last told otherwise: 1 if told, 0 if not.
const TELL: &str = r"
if redis.call('GET', KEYS[1]) == ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
redis.call('PUBLISH', ARGV[3], ARGV[1])
return 1
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

/// Who room `code` was last told is present.
fn told_key(code: &str) -> String {
    format!("walak:told:{code}")
}

/// The rooms a process has connections in, to tell them its players are away if it dies.
fn rooms_of_key(process: &str) -> String {
    format!("walak:rooms-of:{process}")
}

/// Every process by the last time it said it is alive (a sorted set), to find those that died.
const PROCESSES: &str = "walak:processes";

fn process_key(process: &str) -> String {
    format!("walak:process:{process}")
}

#[derive(Clone)]
pub struct Shared {
    /// Commands to Redis: connects again by itself once Redis is back.
    connection: ConnectionManager,
    create: Script,
    update: Script,
    tell: Script,
    process: String,
    limit: usize,
    idle: u64,
    /// Whether the rooms' channel is listened to: without it, moves made elsewhere go unheard.
    listening: Arc<AtomicBool>,
    /// Wakes the watch over Redis at once when a request finds it gone.
    lost: Arc<tokio::sync::Notify>,
    /// Wakes it when the rooms' channel is listened to again, or no longer: Redis is back, or
    /// gone.
    relistened: Arc<tokio::sync::Notify>,
}

impl Shared {
    /// Connects to the Redis at `url`, and starts handing the rooms' frames to `hub`, telling
    /// the other processes this one is alive, and watching that Redis can be reached (the hub
    /// hears when it is lost and when it is back).
    pub async fn connect(url: &str, limit: usize, idle: u64, hub: Arc<Hub>) -> Result<Shared, String> {
        let client = redis::Client::open(url).map_err(|error| format!("--redis {url}: {error}"))?;
        // One quick try per request: the watch below keeps trying, and a player is answered
        // `unavailable` rather than kept waiting.
        let config = ConnectionManagerConfig::new()
            .set_number_of_retries(1)
            .set_factor(RETRY_FIRST.as_millis() as u64)
            .set_max_delay(RETRY_MOST.as_millis() as u64)
            .set_connection_timeout(REDIS_TIMEOUT)
            .set_response_timeout(REDIS_TIMEOUT);
        let connection = ConnectionManager::new_with_config(client.clone(), config)
            .await
            .map_err(|error| format!("cannot reach Redis at {url}: {error}"))?;
        let shared = Shared {
            connection,
            create: Script::new(CREATE),
            update: Script::new(UPDATE),
            tell: Script::new(TELL),
            process: random::process_id(),
            limit,
            idle,
            listening: Arc::default(),
            lost: Arc::default(),
            relistened: Arc::default(),
        };
        shared.heartbeat().await.map_err(|error| format!("Redis at {url}: {error}"))?;
        tokio::spawn(listen(client, hub.clone(), shared.listening.clone(), shared.relistened.clone()));
        // Serving only once moves made on other processes are heard here.
        let listening = async {
            while !shared.listening.load(Ordering::SeqCst) {
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        };
        tokio::time::timeout(2 * REDIS_TIMEOUT, listening)
            .await
            .map_err(|_| format!("Redis at {url}: cannot listen to the rooms' channel"))?;
        tokio::spawn(shared.clone().watch(hub));
        Ok(shared)
    }

    /// Tells the other processes this one is alive, and the hub whether Redis can be reached:
    /// every few seconds while it can, and more often while it cannot, so that the games go on
    /// soon after it is back.
    async fn watch(self, hub: Arc<Hub>) {
        let mut retry = RETRY_FIRST;
        loop {
            let beat = self.heartbeat().await;
            if beat.is_ok() {
                if let Err(error) = self.mourn().await {
                    watch::store_error(&error);
                }
            }
            let reachable = beat.is_ok() && self.listening.load(Ordering::SeqCst);
            if reachable != hub.reachable() {
                match &beat {
                    Ok(()) if reachable => watch::store_back(),
                    Ok(()) => watch::store_lost(&"the rooms' channel is lost; listening again"),
                    Err(error) => watch::store_lost(error),
                }
            }
            hub.set_reachable(reachable);
            let wait = if reachable {
                retry = RETRY_FIRST;
                BEAT_EVERY
            } else {
                retry = (retry * 2).min(RETRY_MOST);
                retry
            };
            tokio::select! {
                () = tokio::time::sleep(wait) => {}
                // A failed request counts only while Redis is thought reachable: while it is
                // not, every frame meets one, and the watch would spin.
                () = self.lost.notified(), if reachable => {}
                () = self.relistened.notified() => {}
            }
        }
    }

    async fn heartbeat(&self) -> redis::RedisResult<()> {
        let mut connection = self.connection.clone();
        let () = connection.set_ex(process_key(&self.process), 1, PROCESS_TTL_SECONDS).await?;
        let () = connection.zadd(PROCESSES, &self.process, now()).await?;
        Ok(())
    }

    /// Finds the processes that died (not heard of for longer than their key lives) and tells
    /// each room they had connections in who is present now. Whichever process takes a dead
    /// one out of the set first does it, once.
    async fn mourn(&self) -> redis::RedisResult<()> {
        let mut connection = self.connection.clone();
        let dead: Vec<String> =
            connection.zrangebyscore(PROCESSES, "-inf", now().saturating_sub(PROCESS_TTL_SECONDS + 1)).await?;
        for process in dead {
            let taken: i64 = connection.zrem(PROCESSES, &process).await?;
            if taken == 0 {
                continue;
            }
            let rooms: Vec<String> = connection.smembers(rooms_of_key(&process)).await?;
            for code in rooms {
                self.announce(&code).await?;
            }
            let () = connection.del(rooms_of_key(&process)).await?;
        }
        Ok(())
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
            let stored: Option<String> =
                connection.get(room_key(code)).await.map_err(|error| self.unavailable(error))?;
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
                .map_err(|error| self.unavailable(error))?;
            if written == 1 {
                return Ok(answer);
            }
        }
        Err(StoreError::Unavailable)
    }

    /// Notes connection `id` in room `code` with `token`, or gone (`None`), then tells the room
    /// who is present if that changed; else returns the frame for the newcomer alone.
    async fn tell_presence(
        &self,
        code: &str,
        id: ConnectionId,
        token: Option<&str>,
    ) -> redis::RedisResult<Option<ServerMessage>> {
        let mut connection = self.connection.clone();
        let (key, field) = (presence_key(code), format!("{}:{id}", self.process));
        match token {
            Some(token) => {
                let () = connection.hset(&key, &field, token).await?;
                let () = connection.expire(&key, self.idle as i64).await?;
                let () = connection.sadd(rooms_of_key(&self.process), code).await?;
                let () = connection.expire(rooms_of_key(&self.process), self.idle as i64).await?;
            }
            None => {
                let () = connection.hdel(&key, &field).await?;
            }
        }
        self.announce(code).await
    }

    /// Who is present in room `code`, from the connections of the processes alive: published
    /// to the room if it was last told otherwise (then `None`), else returned.
    async fn announce(&self, code: &str) -> redis::RedisResult<Option<ServerMessage>> {
        let mut connection = self.connection.clone();
        let present: HashMap<String, String> = connection.hgetall(presence_key(code)).await?;
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
        let Some(room) = stored.as_deref().and_then(Room::from_stored) else { return Ok(None) };
        let presence = presence_of(&room, tokens.iter().map(String::as_str));
        let told: i64 = self
            .tell
            .key(told_key(code))
            .arg(presence.to_json())
            .arg(self.idle)
            .arg(channel(code))
            .invoke_async(&mut connection)
            .await?;
        Ok((told == 0).then_some(presence))
    }
}

impl Store for Shared {
    async fn create(&self, options: Options, side: Side, now: u64, by: &str) -> Result<(String, Joined), StoreError> {
        for _ in 0..RETRIES {
            let (code, token) = (random::room_code(), random::seat_token());
            let mut room = Room::new(options, now);
            room.sit(side, token.clone())?;
            room.open_by(by.to_string());
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
                .map_err(|error| self.unavailable(error))?;
            match answer.as_str() {
                "ok" => {
                    let joined = room.enter_from(Some(&token), String::new(), now, by)?;
                    return Ok((code, joined));
                }
                "full" => return Err(RoomError::Full.into()),
                _ => continue,
            }
        }
        Err(StoreError::Unavailable)
    }

    async fn join(&self, code: &str, token: Option<&str>, now: u64, from: &str) -> Result<Joined, StoreError> {
        let new_token = random::seat_token();
        self.change(code, now, |room| Ok((room.enter_from(token, new_token.clone(), now, from)?, None))).await
    }

    async fn waits_for_someone_else(&self, code: &str, by: &str) -> Result<bool, StoreError> {
        let stored: Option<String> =
            self.connection.clone().get(room_key(code)).await.map_err(|error| self.unavailable(error))?;
        Ok(stored.as_deref().and_then(Room::from_stored).is_some_and(|room| room.waits_for_someone_else(by)))
    }

    async fn act(&self, code: &str, token: &str, action: Action, now: u64) -> Result<(), StoreError> {
        self.change(code, now, |room| Ok(((), Some(apply(room, token, action, now)?)))).await
    }

    async fn presence(&self, code: &str, id: ConnectionId, token: Option<&str>) -> Option<ServerMessage> {
        self.tell_presence(code, id, token).await.unwrap_or_else(|error| {
            self.unavailable(error);
            None
        })
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

impl Shared {
    /// A request found Redis gone: the watch over it looks at once (and tells the rooms).
    fn unavailable(&self, error: redis::RedisError) -> StoreError {
        watch::store_error(&error);
        self.lost.notify_one();
        StoreError::Unavailable
    }
}

/// Hands every room's frames, from whichever process, to this process's connections; listens
/// again after Redis goes away and comes back. `listening` says whether it listens now.
async fn listen(client: redis::Client, hub: Arc<Hub>, listening: Arc<AtomicBool>, changed: Arc<tokio::sync::Notify>) {
    let mut retry = RETRY_FIRST;
    loop {
        let subscribed = async {
            let mut pubsub = client.get_async_pubsub().await?;
            pubsub.psubscribe(channel("*")).await?;
            Ok::<_, redis::RedisError>(pubsub)
        };
        match tokio::time::timeout(REDIS_TIMEOUT, subscribed).await {
            Ok(Ok(mut pubsub)) => {
                retry = RETRY_FIRST;
                listening.store(true, Ordering::SeqCst);
                changed.notify_one();
                let mut messages = pubsub.on_message();
                while let Some(message) = messages.next().await {
                    let Some(code) = message.get_channel_name().strip_prefix("walak:events:") else { continue };
                    if let Ok(frame) = message.get_payload::<String>() {
                        hub.send(code, frame.into());
                    }
                }
                listening.store(false, Ordering::SeqCst);
                changed.notify_one();
            }
            // Logged by the watch over Redis, once, not at every try.
            Ok(Err(_)) | Err(_) => {}
        }
        tokio::time::sleep(retry).await;
        retry = (retry * 2).min(RETRY_MOST);
    }
}
