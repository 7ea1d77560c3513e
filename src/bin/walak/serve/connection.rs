//! One browser's WebSocket: its frames read strictly and limited in rate, its room's frames
//! passed on, and its presence told to the room. Whatever a client sends, only its own
//! connection is answered or closed: nothing here panics on input, and other rooms never see it.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::{CloseFrame, Message, WebSocket};
use futures_util::{SinkExt, StreamExt};
use tokio::sync::broadcast;
use walak::live::message::{ClientMessage, ServerMessage};
use walak::live::room::Joined;
use walak::live::room::Seat;

use super::hub::Frame;
use super::limits::{self, Bucket};
use super::server::Server;
use super::store::{now, Action, Store, StoreError};
use super::watch;

/// Frames a connection may send in a burst, and how many more each second.
const BURST: f64 = 40.0;
const PER_SECOND: f64 = 20.0;
/// Frames refused as a flood before the connection is closed.
const FLOOD_LIMIT: u32 = 100;
/// Rooms one connection may open: a player opens one, and a few more for rematches elsewhere.
const ROOMS_PER_CONNECTION: u32 = 20;

/// How often the server pings, and how long a silent connection is kept.
const PING_EVERY: Duration = Duration::from_secs(20);
const SILENT_FOR: Duration = Duration::from_secs(60);

/// The close code for a connection that broke the protocol's rules (RFC 6455: policy violation).
const POLICY: u16 = 1008;
/// The close code for every connection when the server stops (service restart): the page comes
/// back by itself, to this server once restarted or to another behind the same address.
const RESTART: u16 = 1012;

/// Who a connection is: its number, and the address it comes from (and that address's mark).
#[derive(Clone)]
pub struct Visitor {
    pub id: u64,
    pub address: IpAddr,
    pub mark: String,
}

/// A connection's place in a room.
struct InRoom {
    code: String,
    /// The token of the connection's seat (a spectator has none).
    token: Option<String>,
    events: broadcast::Receiver<Frame>,
}

pub async fn session<S: Store>(socket: WebSocket, server: Arc<Server<S>>, address: IpAddr) {
    let visitor = Visitor { id: server.next_connection(), address, mark: limits::mark(address) };
    let _open = watch::Open::connection(visitor.id);
    let mut relay = watch::Relay::default();
    let (mut sink, mut stream) = socket.split();
    let mut room: Option<InRoom> = None;
    let mut created = 0u32;
    let mut bucket = Bucket::new(BURST, PER_SECOND);
    let mut floods = 0u32;
    let mut ping = tokio::time::interval(PING_EVERY);
    let mut heard = Instant::now();
    let mut reachable = server.hub.watch_reachable();
    let mut closing = server.hub.watch_closing();
    loop {
        let replies: Vec<String> = tokio::select! {
            incoming = stream.next() => {
                heard = Instant::now();
                match incoming {
                    None => break,
                    // Answered, as the protocol asks: the reply the library queued goes out.
                    Some(Ok(Message::Close(_))) => {
                        let _ = sink.flush().await;
                        break;
                    }
                    // A frame the protocol forbids: closed saying why, when the socket still can.
                    Some(Err(error)) => {
                        let close = CloseFrame { code: close_code(error), reason: "".into() };
                        let _ = sink.send(Message::Close(Some(close))).await;
                        break;
                    }
                    Some(Ok(Message::Text(text))) => {
                        if bucket.take() {
                            match ClientMessage::parse(text.as_str()) {
                                Ok(ClientMessage::Create { .. }) if created >= ROOMS_PER_CONNECTION => {
                                    vec![refused("flood", "this connection has opened as many games as it may".into())]
                                }
                                Ok(message) => {
                                    created += u32::from(matches!(message, ClientMessage::Create { .. }));
                                    relay.read(&message, heard);
                                    // Boxed, as every call into the store below: a task is as
                                    // large as its largest await, and an idle connection, most
                                    // of them, would otherwise hold room for these all its life
                                    // (2.0 KB a task, 1.4 KB with them boxed).
                                    let replies = Box::pin(handle(&server, &visitor, &mut room, message)).await;
                                    relay.answered(&replies);
                                    replies
                                }
                                Err(error) => vec![refused(error.kind(), error.to_string())],
                            }
                        } else {
                            floods += 1;
                            if floods > FLOOD_LIMIT {
                                let close = CloseFrame { code: POLICY, reason: "too many messages".into() };
                                let _ = sink.send(Message::Close(Some(close))).await;
                                break;
                            }
                            // One refusal per burst, not one per frame: a flood is not echoed.
                            if floods == 1 || floods % 20 == 0 {
                                vec![refused("flood", "too many messages: slow down".into())]
                            } else {
                                vec![]
                            }
                        }
                    }
                    Some(Ok(Message::Binary(_))) => vec![refused("not_json", "the message is not JSON".into())],
                    Some(Ok(_)) => vec![],
                }
            }
            frame = next_frame(&mut room) => match frame {
                Ok(frame) => {
                    relay.arrived(&frame);
                    let rematched = frame.starts_with(r#"{"type":"rematched""#);
                    let mut replies = vec![frame.to_string()];
                    if rematched {
                        // The seats swapped: this connection's own view of the room, again.
                        replies.extend(Box::pin(rejoin(&server, &visitor, &mut room, false)).await);
                    }
                    replies
                }
                // Fallen behind (or the room's frames stopped): the whole room again.
                Err(_) => Box::pin(rejoin(&server, &visitor, &mut room, true)).await,
            },
            Ok(()) = reachable.changed() => {
                let now_reachable = *reachable.borrow_and_update();
                match &room {
                    None => vec![],
                    // Back: the room read again has whatever was missed meanwhile.
                    Some(_) if now_reachable => Box::pin(rejoin(&server, &visitor, &mut room, true)).await,
                    Some(_) => vec![ServerMessage::Unavailable.to_json()],
                }
            }
            Ok(()) = closing.changed() => {
                let close = CloseFrame { code: RESTART, reason: "the server is restarting".into() };
                let _ = sink.send(Message::Close(Some(close))).await;
                break;
            }
            _ = ping.tick() => {
                if heard.elapsed() > SILENT_FOR {
                    break;
                }
                if sink.send(Message::Ping(Default::default())).await.is_err() {
                    break;
                }
                vec![]
            }
        };
        for reply in replies {
            if sink.send(Message::Text(reply.into())).await.is_err() {
                Box::pin(leave(&server, &visitor, &mut room)).await;
                return;
            }
        }
    }
    Box::pin(leave(&server, &visitor, &mut room)).await;
}

/// The close code for a frame the WebSocket library refused (RFC 6455, 7.4.1): too big (1009),
/// text that is not UTF-8 (1007), anything else against the protocol (1002).
fn close_code(error: axum::Error) -> u16 {
    use tokio_tungstenite::tungstenite::Error;
    match error.into_inner().downcast::<Error>().map(|error| *error) {
        Ok(Error::Capacity(_)) => 1009,
        Ok(Error::Utf8(_)) => 1007,
        _ => 1002,
    }
}

async fn next_frame(room: &mut Option<InRoom>) -> Result<Frame, broadcast::error::RecvError> {
    match room {
        Some(room) => room.events.recv().await,
        None => std::future::pending().await,
    }
}

async fn handle<S: Store>(
    server: &Server<S>,
    visitor: &Visitor,
    room: &mut Option<InRoom>,
    message: ClientMessage,
) -> Vec<String> {
    let now = now();
    let entering = matches!(message, ClientMessage::Create { .. } | ClientMessage::Join { .. });
    if entering && !server.limits.enter(visitor.address) {
        return vec![refused("flood", "too many games opened or joined from this address: wait a moment".into())];
    }
    match message {
        // The room the connection was in is left only once the new one is entered: a refused
        // create or join changes nothing, and the friend does not see this player go.
        ClientMessage::Create { options, side } => {
            if let Err(refusal) = may_open(server, visitor).await {
                return vec![refusal];
            }
            match server.store.create(options, side, now, &visitor.mark).await {
                // A new room: nothing has happened in it to miss.
                Ok((code, joined)) => {
                    server.limits.open(visitor.address, code.clone());
                    watch::room_created(&code);
                    let events = server.hub.subscribe(&code);
                    leave(server, visitor, room).await;
                    seated(server, visitor, room, code, events, joined).await
                }
                Err(error) => vec![refusal(&error)],
            }
        }
        ClientMessage::Join { room: code, token } => {
            // Listening before reading the room, so that no move falls between the two.
            let events = server.hub.subscribe(&code);
            match server.store.join(&code, token.as_deref(), now, &visitor.mark).await {
                // A spectator of a crowded room changed nothing there: turning them away is free.
                Ok(joined)
                    if joined.seat == Seat::Spectator
                        && server.hub.listeners(&code) > server.limits.allowance().spectators + 2 =>
                {
                    drop(events);
                    server.hub.prune(&code);
                    vec![refused("crowded", "this game has as many spectators as it may have: try again later".into())]
                }
                Ok(joined) => {
                    leave(server, visitor, room).await;
                    seated(server, visitor, room, code, events, joined).await
                }
                Err(error) => {
                    drop(events);
                    server.hub.prune(&code);
                    vec![refusal(&error)]
                }
            }
        }
        ClientMessage::Move { ply, hole } => act(server, room, Action::Move { ply, hole }, now).await,
        ClientMessage::Resign => act(server, room, Action::Resign, now).await,
        ClientMessage::Rematch => act(server, room, Action::Rematch, now).await,
        ClientMessage::Ping => vec![ServerMessage::Pong.to_json()],
    }
}

/// Whether `visitor`'s address may open another room: it holds fewer open rooms that nobody from
/// elsewhere has joined than it may. Those it holds are asked of the store only when there are
/// as many as that, so that the usual create costs nothing more.
async fn may_open<S: Store>(server: &Server<S>, visitor: &Visitor) -> Result<(), String> {
    let most = server.limits.allowance().open_rooms;
    let opened = server.limits.opened(visitor.address);
    if opened.len() < most {
        return Ok(());
    }
    let mut no_longer = Vec::new();
    for code in &opened {
        match server.store.waits_for_someone_else(code, &visitor.mark).await {
            Ok(true) => {}
            Ok(false) => no_longer.push(code.clone()),
            Err(error) => return Err(refusal(&error)),
        }
    }
    server.limits.no_longer_open(visitor.address, &no_longer);
    if opened.len() - no_longer.len() >= most {
        let message =
            format!("this address holds {most} games that nobody has joined yet: share one, or wait for one to close");
        return Err(refused("too_many_open", message));
    }
    Ok(())
}

async fn act<S: Store>(server: &Server<S>, room: &Option<InRoom>, action: Action, now: u64) -> Vec<String> {
    let Some(room) = room else {
        return vec![refused("no_room", "open or join a game first".into())];
    };
    // A spectator's empty token holds no seat: the referee refuses it as a spectator's.
    let token = room.token.as_deref().unwrap_or("");
    match server.store.act(&room.code, token, action, now).await {
        // The frame comes back through the room, to this connection as to everyone.
        Ok(()) => vec![],
        Err(error) => vec![refusal(&error)],
    }
}

/// The connection is in room `code` now, listening to `events`, as `joined` says.
async fn seated<S: Store>(
    server: &Server<S>,
    visitor: &Visitor,
    room: &mut Option<InRoom>,
    code: String,
    events: broadcast::Receiver<Frame>,
    joined: Joined,
) -> Vec<String> {
    *room = Some(InRoom { code: code.clone(), token: joined.token.clone(), events });
    arrived(server, visitor, &code, joined).await
}

/// Tells the room who came in, and gives the newcomer the room.
async fn arrived<S: Store>(server: &Server<S>, visitor: &Visitor, code: &str, joined: Joined) -> Vec<String> {
    let token = joined.token.clone().unwrap_or_default();
    let mut frames = vec![joined_frame(code, joined)];
    // Who is present, after the room: to everyone if it changed, else to the newcomer alone.
    frames.extend(server.store.presence(code, visitor.id, Some(&token)).await.map(|alone| alone.to_json()));
    frames
}

/// This connection's room read again: after a rematch, or after falling behind (`behind`: the
/// frames missed are dropped, since the room read again has all they said).
async fn rejoin<S: Store>(
    server: &Server<S>,
    visitor: &Visitor,
    room: &mut Option<InRoom>,
    behind: bool,
) -> Vec<String> {
    let Some(current) = room.as_mut() else { return vec![] };
    if behind {
        current.events = current.events.resubscribe();
    }
    let code = current.code.clone();
    match server.store.join(&code, current.token.as_deref(), now(), &visitor.mark).await {
        Ok(joined) => {
            current.token = joined.token.clone();
            arrived(server, visitor, &code, joined).await
        }
        Err(error) => vec![refusal(&error)],
    }
}

async fn leave<S: Store>(server: &Server<S>, visitor: &Visitor, room: &mut Option<InRoom>) {
    if let Some(left) = room.take() {
        drop(left.events);
        server.hub.prune(&left.code);
        server.store.presence(&left.code, visitor.id, None).await;
    }
}

fn joined_frame(code: &str, joined: Joined) -> String {
    ServerMessage::Joined {
        room: code.to_string(),
        seat: match joined.seat {
            Seat::Player(side) => Some(side),
            Seat::Spectator => None,
        },
        token: joined.token,
        options: joined.options,
        number: joined.number,
        moves: joined.record,
        resigned: joined.resigned,
    }
    .to_json()
}

fn refusal(error: &StoreError) -> String {
    refused(error.kind(), error.to_string())
}

fn refused(reason: &'static str, message: String) -> String {
    watch::refused(reason);
    ServerMessage::Refused { reason, message }.to_json()
}
