//! What every connection of a server shares: where the rooms are kept, the hub that hands their
//! frames to this process's connections, the origins whose pages may play, what one address may
//! do, and the connections' numbers.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use super::hub::Hub;
use super::limits::Limits;

pub struct Server<S> {
    pub store: S,
    pub hub: Arc<Hub>,
    /// The origins whose pages may open a WebSocket; none given: the server's own.
    pub origins: Vec<String>,
    /// What one client address may do.
    pub limits: Limits,
    connections: AtomicU64,
}

impl<S> Server<S> {
    pub fn new(store: S, hub: Arc<Hub>, origins: Vec<String>, limits: Limits) -> Server<S> {
        Server { store, hub, origins, limits, connections: AtomicU64::new(0) }
    }

    /// A number for a new connection, to tell who is present in a room.
    pub fn next_connection(&self) -> u64 {
        self.connections.fetch_add(1, Ordering::Relaxed)
    }
}
