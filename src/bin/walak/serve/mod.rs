//! `walak serve`: the built page and live play from one process. The page's files are served
//! from its folder alone, text gzipped once (files.rs); at `/live` a plain request says live play
//! is offered, and a WebSocket carries the games (docs/live-protocol.md). Rooms are kept in
//! memory, or with `--redis` in a Redis that several processes share: this module chooses which,
//! and the connections see only the [`Store`] interface both implement. Connections are accepted
//! by http.rs, which bounds how long and how large a request's headers may be.

mod connection;
mod files;
mod health;
mod http;
mod hub;
mod limits;
mod logs;
mod memory;
mod metrics;
mod random;
mod server;
mod shared;
mod store;
mod watch;

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{rejection::WebSocketUpgradeRejection, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use walak::live::message::MAX_FRAME;

use crate::cli::ServeArgs;
use hub::Hub;
use limits::{Allowance, Limits};
use memory::Memory;
use server::Server;
use shared::Shared;
use store::{now, Store};

/// A connection's read buffer, which the WebSocket library fills with zeros before each read,
/// so that every open socket holds all of it: room for a dozen of the players' frames (under 100
/// bytes each). A larger frame is still read whole, the buffer growing to take it. The library's
/// default of 128 KiB cost half a gigabyte for 2,000 rooms, and twice the largest frame (8 KiB)
/// was two thirds of an idle socket's 12 KB.
const READ_BUFFER: usize = 1024;
/// What a connection that does not read may leave queued before its writes fail.
const MAX_WRITE_BUFFER: usize = 64 * 1024;

/// `walak serve`: serves until stopped (Ctrl-C or SIGTERM). Prints one JSON line when listening:
/// `{"serving":"http://127.0.0.1:8080/","store":"memory","open_files":1048576}`.
pub fn run(args: ServeArgs) -> Result<String, String> {
    if !Path::new(&args.dist).join("index.html").is_file() {
        return Err(format!(
            "{} has no index.html: build the page first (trunk build --release) or give --dist",
            args.dist
        ));
    }
    logs::init(args.log_format);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|error| format!("cannot start: {error}"))?;
    runtime.block_on(start(args))?;
    Ok(String::new())
}

/// Keeps the rooms where `args` says, and serves.
async fn start(args: ServeArgs) -> Result<(), String> {
    let hub = Arc::new(Hub::default());
    let allowance = Allowance {
        open_rooms: args.open_rooms,
        entries_per_minute: args.entries_per_minute,
        spectators: args.spectators,
    };
    let limits = Limits::new(allowance, args.trust_proxy.clone());
    // A room idle for this many seconds goes.
    let idle = ((args.idle_hours * 3600.0).round() as u64).max(1);
    match &args.redis {
        Some(url) => {
            // Redis forgets an idle room by itself (its key expires).
            let shared = Shared::connect(url, args.rooms, idle, hub.clone()).await?;
            serve(Arc::new(Server::new(shared, hub, args.origin.clone(), limits)), &args).await
        }
        None => {
            let memory = match &args.state {
                Some(path) => {
                    let (memory, unread) = Memory::restore(Path::new(path), args.rooms, hub.clone())?;
                    watch::rooms_restored(path, memory.len(), unread);
                    memory
                }
                None => Memory::new(args.rooms, hub.clone()),
            };
            let server = Arc::new(Server::new(memory, hub, args.origin.clone(), limits));
            let expiring = server.clone();
            tokio::spawn(async move {
                let mut every = tokio::time::interval(Duration::from_secs(60.min(idle)));
                loop {
                    every.tick().await;
                    expiring.store.expire(now(), idle);
                }
            });
            serve(server.clone(), &args).await?;
            if let Some(path) = &args.state {
                let saved = server.store.save(Path::new(path)).map_err(|error| format!("--state {path}: {error}"))?;
                watch::rooms_saved(path, saved);
            }
            Ok(())
        }
    }
}

async fn serve<S: Store>(server: Arc<Server<S>>, args: &ServeArgs) -> Result<(), String> {
    // The page's files, text gzipped for browsers that take it (all do): phones fetch a third as
    // much.
    let page = Arc::new(files::Page::new(&args.dist)?);
    let app = Router::new()
        .route("/live", get(live::<S>))
        .route("/healthz", get(health::healthz::<S>))
        .route("/metrics", get(health::exposition::<S>))
        .fallback(move |request: Request| page.clone().answer(request))
        .layer(axum::middleware::from_fn(files::guard))
        .with_state(server.clone());
    let open_files = http::raise_open_files();
    let listener = listen(SocketAddr::new(args.host, args.port))
        .map_err(|error| format!("cannot listen on {}:{}: {error}", args.host, args.port))?;
    let address = listener.local_addr().map_err(|error| error.to_string())?;
    let open_files = open_files.map_or("null".to_string(), |limit| limit.to_string());
    println!(r#"{{"serving":"http://{address}/","store":"{}","open_files":{open_files}}}"#, server.store.name());
    watch::started(&address.to_string(), server.store.name(), args.rooms, args.idle_hours);
    let stop = async {
        let interrupt = tokio::signal::ctrl_c();
        #[cfg(unix)]
        {
            let mut terminate = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
                .expect("a server can listen for SIGTERM");
            tokio::select! { _ = interrupt => {}, _ = terminate.recv() => {} }
        }
        #[cfg(not(unix))]
        let _ = interrupt.await;
    };
    let stopping = tokio::sync::Notify::new();
    let stop = async {
        stop.await;
        watch::stopping();
        stopping.notify_one();
    };
    let served = async {
        let served = http::serve(listener, app, stop).await;
        // Stopped by a failure of its own: the sockets are closed as at a stop.
        stopping.notify_one();
        served
    };
    // Every WebSocket is told to close (1012) while the HTTP requests under way finish: the two
    // waits overlap, so that the process is gone within the longer of them.
    let sockets_closed = async {
        stopping.notified().await;
        server.hub.close_all();
        wait_for_connections(&server).await;
    };
    let (served, ()) = tokio::join!(served, sockets_closed);
    served
}

/// How long the connections have to close when the server stops (as the HTTP requests under way
/// have five): within the ten seconds a service manager usually waits before it kills, with time
/// left to write the rooms down.
const CLOSING_WITHIN: Duration = Duration::from_secs(8);

/// Waits until every WebSocket, told to close (1012, service restart), has closed, or until
/// [`CLOSING_WITHIN`] has passed. No new connection is accepted meanwhile.
async fn wait_for_connections<S: Store>(server: &Server<S>) {
    let deadline = tokio::time::Instant::now() + CLOSING_WITHIN;
    while server.hub.open_connections() > 0 && tokio::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Connections the system may hold for the server before it accepts them. The usual 128
/// overflowed when a server process died and its players all reconnected to another at once:
/// the connections dropped were tried again only a second or more later. The system caps it
/// (somaxconn, 4096 on current Linux).
const BACKLOG: u32 = 4096;

fn listen(address: SocketAddr) -> std::io::Result<tokio::net::TcpListener> {
    let socket = match address {
        SocketAddr::V4(_) => tokio::net::TcpSocket::new_v4()?,
        SocketAddr::V6(_) => tokio::net::TcpSocket::new_v6()?,
    };
    // As a plain bind does: a restarted server takes its port back at once.
    socket.set_reuseaddr(true)?;
    socket.bind(address)?;
    socket.listen(BACKLOG)
}

/// `/live`: a WebSocket for live play, or, asked plainly, whether live play is offered.
async fn live<S: Store>(
    State(server): State<Arc<Server<S>>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Response {
    let upgrade = match upgrade {
        Ok(upgrade) => upgrade,
        // A WebSocket of another version of the protocol than the one there is (RFC 6455).
        Err(WebSocketUpgradeRejection::InvalidWebSocketVersionHeader(_)) => {
            return (
                StatusCode::UPGRADE_REQUIRED,
                [(header::SEC_WEBSOCKET_VERSION, "13")],
                "WebSocket version 13 only",
            )
                .into_response();
        }
        Err(_) => {
            // `available`: whether the games can be reached just now (false while Redis is lost).
            let answer = format!(r#"{{"live":true,"version":1,"available":{}}}"#, server.hub.reachable());
            return ([(header::CONTENT_TYPE, "application/json"), (header::CACHE_CONTROL, "no-store")], answer)
                .into_response();
        }
    };
    if !origin_allowed(&headers, &server.origins) {
        return (StatusCode::FORBIDDEN, "live play is open to this server's own pages only").into_response();
    }
    upgrade
        .max_message_size(MAX_FRAME)
        // A frame somewhat over the limit is still read whole (and refused as too big, 1009):
        // left unread, it would make the socket's close a reset, and the close frame be lost.
        .max_frame_size(4 * MAX_FRAME)
        .read_buffer_size(READ_BUFFER)
        .write_buffer_size(0)
        .max_write_buffer_size(MAX_WRITE_BUFFER)
        .on_upgrade(move |socket| {
            let address = server.limits.client(peer, &headers);
            connection::session(socket, server, address)
        })
}

/// Whether a WebSocket may be opened from the page that asks: a browser names the page's origin,
/// which must be one of `origins`, or, none given, this server's own (the Host asked for). A
/// client that is not a browser names none, and is let in: the Origin check only keeps other
/// sites' pages from playing with a visitor's seat.
fn origin_allowed(headers: &HeaderMap, origins: &[String]) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else { return true };
    let Ok(origin) = origin.to_str() else { return false };
    if !origins.is_empty() {
        return origins.iter().any(|allowed| allowed.trim_end_matches('/') == origin);
    }
    let host = headers.get(header::HOST).and_then(|host| host.to_str().ok());
    let origin_host = origin.strip_prefix("http://").or_else(|| origin.strip_prefix("https://"));
    matches!((origin_host, host), (Some(origin_host), Some(host)) if origin_host == host)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(origin: Option<&str>, host: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(header::HOST, host.parse().unwrap());
        if let Some(origin) = origin {
            headers.insert(header::ORIGIN, origin.parse().unwrap());
        }
        headers
    }

    #[test]
    fn only_the_servers_own_pages_open_a_socket() {
        assert!(origin_allowed(&headers(Some("http://127.0.0.1:8080"), "127.0.0.1:8080"), &[]));
        assert!(!origin_allowed(&headers(Some("http://evil.example"), "127.0.0.1:8080"), &[]));
        assert!(!origin_allowed(&headers(Some("null"), "127.0.0.1:8080"), &[]));
        assert!(origin_allowed(&headers(None, "127.0.0.1:8080"), &[]));
        let allowed = vec!["https://walak.example/".to_string()];
        assert!(origin_allowed(&headers(Some("https://walak.example"), "10.0.0.2:8080"), &allowed));
        assert!(!origin_allowed(&headers(Some("http://127.0.0.1:8080"), "127.0.0.1:8080"), &allowed));
    }
}
