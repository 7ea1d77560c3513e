//! The server's own accept loop: HTTP/1.1 with limits a slow or hostile client cannot stretch
//! (how long and how large a request's headers may be), which `axum::serve` does not expose. Each
//! request is told its client's address, and a shutdown lets the requests under way finish.

use std::convert::Infallible;
use std::future::Future;
use std::time::Duration;

use axum::extract::{ConnectInfo, Request};
use axum::Router;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;
use tokio::sync::{mpsc, watch};
use tower_service::Service;

/// How long a request's headers may take to arrive, counted from the connection's opening or,
/// kept alive, from its last answer: a connection that sends nothing is closed after it too. A
/// browser sends its headers in one packet; a client that dribbles them (slowloris) would
/// otherwise hold a connection, and a file descriptor, as long as it likes. Generous for the
/// slowest phone network.
pub const HEADER_TIME: Duration = Duration::from_secs(10);

/// The most a request's line and headers may take; beyond it the answer is 431. A browser's
/// request to this server is well under 2 KiB (the page sets no cookies).
pub const HEADER_BYTES: usize = 16 * 1024;

/// How long a shutdown waits for the plain requests under way (a file being sent) before it gives
/// up on them. WebSockets are not waited for: the live connections close themselves.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);

/// Serves `app` on `listener` until `shutdown` resolves, then accepts nothing more, lets each
/// connection finish the request it is answering (an idle one is closed at once) and returns once
/// they are all done or after [`SHUTDOWN_GRACE`]. Each request carries its client's address as
/// `ConnectInfo<SocketAddr>`, as `Router::into_make_service_with_connect_info` would give it.
pub async fn serve(listener: TcpListener, app: Router, shutdown: impl Future<Output = ()>) -> Result<(), String> {
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new()).header_read_timeout(HEADER_TIME).max_buf_size(HEADER_BYTES);
    // Tells the connections to wind down; each holds a `done` sender, dropped when it ends.
    let (stop, stopping) = watch::channel(false);
    let (done, mut all_done) = mpsc::channel::<()>(1);
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    // Out of file descriptors (EMFILE), or a connection reset before it was
                    // taken: none is a reason to stop serving. A pause, so that a lack of
                    // descriptors is not a busy loop while connections close.
                    if !is_connection_error(&error) {
                        eprintln!("walak serve: accept: {error}");
                        tokio::time::sleep(Duration::from_millis(100)).await;
                    }
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        // Live play's frames are small and each is awaited: no waiting to fill a packet.
        let _ = stream.set_nodelay(true);
        let app = app.clone();
        let service = hyper::service::service_fn(move |mut request: Request<Incoming>| {
            request.extensions_mut().insert(ConnectInfo(peer));
            let mut app = app.clone();
            async move { Ok::<_, Infallible>(app.call(request).await.unwrap_or_else(|never| match never {})) }
        });
        let connection = http.serve_connection(TokioIo::new(stream), service).with_upgrades();
        let mut stopping = stopping.clone();
        let done = done.clone();
        tokio::spawn(async move {
            tokio::pin!(connection);
            tokio::select! {
                // A client that goes away, or is cut off for its headers, is no error of the server's.
                _ = connection.as_mut() => {}
                _ = stopping.changed() => {
                    connection.as_mut().graceful_shutdown();
                    let _ = connection.await;
                }
            }
            drop(done);
        });
    }
    drop(listener);
    let _ = stop.send(true);
    drop(done);
    // Every sender dropped: `recv` answers `None`.
    let _ = tokio::time::timeout(SHUTDOWN_GRACE, all_done.recv()).await;
    Ok(())
}

/// An error of one connection on its way in, rather than of the listening socket.
fn is_connection_error(error: &std::io::Error) -> bool {
    use std::io::ErrorKind::{ConnectionAborted, ConnectionRefused, ConnectionReset};
    matches!(error.kind(), ConnectionAborted | ConnectionRefused | ConnectionReset)
}

/// Raises the limit of open files (each connection is one) to the most the system allows this
/// process, and says what it is now: the usual 1,024 would refuse players long before the rooms'
/// limit. `None` where the system has no such limit to read.
#[cfg(unix)]
pub fn raise_open_files() -> Option<u64> {
    let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: getrlimit and setrlimit read or write only the struct given.
    if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } != 0 {
        return None;
    }
    if limit.rlim_cur < limit.rlim_max {
        let raised = libc::rlimit { rlim_cur: limit.rlim_max, rlim_max: limit.rlim_max };
        // Refused (macOS refuses an unlimited hard limit): the current limit stays.
        if unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &raised) } == 0 {
            limit = raised;
        }
    }
    #[allow(clippy::unnecessary_cast)] // rlim_t is not u64 on every system
    Some(limit.rlim_cur as u64)
}

#[cfg(not(unix))]
pub fn raise_open_files() -> Option<u64> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Read, Write};
    use std::net::SocketAddr;
    use std::sync::Arc;

    use axum::routing::get;
    use tokio::sync::{oneshot, Notify};

    #[tokio::test]
    async fn requests_know_their_client_and_a_shutdown_lets_them_finish() {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        let started = Arc::new(Notify::new());
        let handler_started = started.clone();
        let app = Router::new().route(
            "/",
            get(move |ConnectInfo(peer): ConnectInfo<SocketAddr>| async move {
                handler_started.notify_one();
                tokio::time::sleep(Duration::from_millis(300)).await;
                peer.to_string()
            }),
        );
        let (stop, stopped) = oneshot::channel::<()>();
        let server = tokio::spawn(serve(listener, app, async {
            let _ = stopped.await;
        }));
        let client = tokio::task::spawn_blocking(move || {
            let mut stream = std::net::TcpStream::connect(address).unwrap();
            // Kept alive: the shutdown, not the client, ends the connection after the answer.
            write!(stream, "GET / HTTP/1.1\r\nHost: test\r\n\r\n").unwrap();
            let mut answer = String::new();
            stream.read_to_string(&mut answer).unwrap();
            (stream.local_addr().unwrap(), answer)
        });
        started.notified().await;
        stop.send(()).unwrap();
        let (client_address, answer) = client.await.unwrap();
        assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
        assert!(answer.ends_with(&client_address.to_string()), "{answer}");
        server.await.unwrap().unwrap();
        assert!(std::net::TcpStream::connect(address).is_err(), "still accepting after the shutdown");
    }
}
