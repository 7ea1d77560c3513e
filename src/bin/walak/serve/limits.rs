//! What one client address may do, so that no single client can lock everyone else out: how
//! often it may open or enter a room, and how many rooms it may hold open that nobody from
//! elsewhere has joined. Kept per process, in memory: with several processes behind one proxy,
//! an address may do as much on each.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::net::{IpAddr, SocketAddr};
use std::sync::Mutex;
use std::time::Instant;

use axum::http::HeaderMap;

/// A token bucket: `burst` at once, then `per_second`.
pub struct Bucket {
    left: f64,
    at: Instant,
    burst: f64,
    per_second: f64,
}

impl Bucket {
    pub fn new(burst: f64, per_second: f64) -> Bucket {
        Bucket { left: burst, at: Instant::now(), burst, per_second }
    }

    /// Takes one, if there is one left now.
    pub fn take(&mut self) -> bool {
        let now = Instant::now();
        self.left = (self.left + now.duration_since(self.at).as_secs_f64() * self.per_second).min(self.burst);
        self.at = now;
        if self.left >= 1.0 {
            self.left -= 1.0;
            true
        } else {
            false
        }
    }

    /// Whether the bucket is full again (nothing taken lately).
    fn full(&self) -> bool {
        self.left + self.at.elapsed().as_secs_f64() * self.per_second >= self.burst
    }
}

/// How much one address may do.
#[derive(Clone, Copy, Debug)]
pub struct Allowance {
    /// Rooms it may hold open that nobody from elsewhere has joined.
    pub open_rooms: usize,
    /// Rooms it may open or enter a minute (all at once, then spread over the minute).
    pub entries_per_minute: u32,
    /// Spectators a room may have on this process (not per address: a crowd of sockets held
    /// by one client must not slow the players' own frames).
    pub spectators: usize,
}

/// One address: what it may still do, and the rooms it opened that may still wait.
struct Address {
    entries: Bucket,
    opened: Vec<String>,
}

pub struct Limits {
    allowance: Allowance,
    /// The proxies whose `X-Forwarded-For` names the client.
    proxies: Vec<IpAddr>,
    addresses: Mutex<Addresses>,
}

/// Every address seen, and how many there may be before the quiet ones are forgotten.
struct Addresses {
    by_address: HashMap<IpAddr, Address>,
    /// Twice as many as were left at the last forgetting (at least [`ADDRESSES_KEPT`]), so that
    /// a crowd of busy addresses costs one pass over them now and then, not one per newcomer.
    forget_at: usize,
}

/// Addresses kept before the quiet ones are forgotten.
const ADDRESSES_KEPT: usize = 10_000;

impl Limits {
    pub fn new(allowance: Allowance, proxies: Vec<IpAddr>) -> Limits {
        let addresses = Addresses { by_address: HashMap::new(), forget_at: ADDRESSES_KEPT };
        Limits { allowance, proxies, addresses: Mutex::new(addresses) }
    }

    pub fn allowance(&self) -> Allowance {
        self.allowance
    }

    /// The client's address: the peer's, or, when the peer is one of the trusted proxies, the
    /// last address in `X-Forwarded-For` that is not one of them (each proxy appends the address
    /// it heard from, so the ones before could be made up by the client).
    pub fn client(&self, peer: SocketAddr, headers: &HeaderMap) -> IpAddr {
        let peer = peer.ip().to_canonical();
        if !self.proxies.contains(&peer) {
            return peer;
        }
        let forwarded = headers.get_all("x-forwarded-for").iter().filter_map(|value| value.to_str().ok());
        let hops: Vec<&str> = forwarded.flat_map(|value| value.split(',')).map(str::trim).collect();
        for hop in hops.iter().rev() {
            match hop.parse::<IpAddr>() {
                Ok(address) if self.proxies.contains(&address.to_canonical()) => continue,
                Ok(address) => return address.to_canonical(),
                // A hop that is not an address: nothing before it can be trusted either.
                Err(_) => return peer,
            }
        }
        peer
    }

    /// Whether `address` may open or enter a room now (and it counts).
    pub fn enter(&self, address: IpAddr) -> bool {
        self.with(address, |entry| entry.entries.take())
    }

    /// The rooms `address` opened that may still wait for someone else.
    pub fn opened(&self, address: IpAddr) -> Vec<String> {
        self.with(address, |entry| entry.opened.clone())
    }

    /// `address`'s rooms `codes` wait for someone else no longer (joined from elsewhere, or
    /// gone); the others it opened, meanwhile too, still count.
    pub fn no_longer_open(&self, address: IpAddr, codes: &[String]) {
        self.with(address, |entry| entry.opened.retain(|code| !codes.contains(code)));
    }

    /// `address` opened room `code`.
    pub fn open(&self, address: IpAddr, code: String) {
        self.with(address, |entry| entry.opened.push(code));
    }

    fn with<T>(&self, address: IpAddr, f: impl FnOnce(&mut Address) -> T) -> T {
        let mut addresses = self.addresses.lock().expect("the limits' lock is never poisoned");
        let Addresses { by_address, forget_at } = &mut *addresses;
        if by_address.len() >= *forget_at && !by_address.contains_key(&address) {
            // The addresses that did nothing lately and hold no open room are as new ones.
            by_address.retain(|_, entry| !entry.opened.is_empty() || !entry.entries.full());
            *forget_at = (2 * by_address.len()).max(ADDRESSES_KEPT);
        }
        let per_minute = f64::from(self.allowance.entries_per_minute);
        let entry = by_address
            .entry(address)
            .or_insert_with(|| Address { entries: Bucket::new(per_minute, per_minute / 60.0), opened: Vec::new() });
        f(entry)
    }
}

/// The mark a room keeps of the address that opened it: not the address itself, which the
/// store (perhaps a shared Redis) has no need to hold. The same in every process of a build.
pub fn mark(address: IpAddr) -> String {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    address.hash(&mut hasher);
    format!("{:016x}", hasher.finish())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(proxies: &[&str]) -> Limits {
        let allowance = Allowance { open_rooms: 2, entries_per_minute: 3, spectators: 1 };
        Limits::new(allowance, proxies.iter().map(|proxy| proxy.parse().unwrap()).collect())
    }

    fn forwarded(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert("x-forwarded-for", value.parse().unwrap());
        headers
    }

    #[test]
    fn a_proxy_is_believed_only_when_trusted() {
        let peer: SocketAddr = "127.0.0.1:5000".parse().unwrap();
        assert_eq!(limits(&[]).client(peer, &forwarded("203.0.113.9")), peer.ip());
        let behind = limits(&["127.0.0.1"]);
        assert_eq!(behind.client(peer, &forwarded("203.0.113.9")).to_string(), "203.0.113.9");
        // The client may make up the first hops; the last one the proxy added is the client.
        assert_eq!(behind.client(peer, &forwarded("1.2.3.4, 203.0.113.9")).to_string(), "203.0.113.9");
        assert_eq!(behind.client(peer, &forwarded("203.0.113.9, 127.0.0.1")).to_string(), "203.0.113.9");
        assert_eq!(behind.client(peer, &forwarded("nonsense")), peer.ip());
        assert_eq!(behind.client(peer, &HeaderMap::new()), peer.ip());
        let stranger: SocketAddr = "198.51.100.7:5000".parse().unwrap();
        assert_eq!(behind.client(stranger, &forwarded("203.0.113.9")), stranger.ip());
    }

    #[test]
    fn an_address_that_enters_too_often_waits_while_others_go_on() {
        let limits = limits(&[]);
        let (flooding, other) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        assert!((0..3).all(|_| limits.enter(flooding)));
        assert!(!limits.enter(flooding));
        assert!(limits.enter(other));
    }

    #[test]
    fn quiet_addresses_are_forgotten_once_many_are_kept() {
        let limits = Limits::new(Allowance { open_rooms: 2, entries_per_minute: 60_000, spectators: 1 }, vec![]);
        let address = |n: u32| IpAddr::from(std::net::Ipv4Addr::from(0x0A00_0000 + n));
        for n in 0..ADDRESSES_KEPT as u32 {
            assert!(limits.enter(address(n)));
        }
        limits.open(address(0), "ROOM".into());
        // A thousand entries a second: every bucket is full again within a few milliseconds.
        std::thread::sleep(std::time::Duration::from_millis(20));
        assert!(limits.enter(address(ADDRESSES_KEPT as u32)));
        let addresses = limits.addresses.lock().unwrap();
        // The one holding a room and the newcomer are kept; the next pass waits for 10,000 more.
        assert_eq!((addresses.by_address.len(), addresses.forget_at), (2, ADDRESSES_KEPT));
    }

    #[test]
    fn the_mark_of_an_address_is_stable_and_not_the_address() {
        let address: IpAddr = "203.0.113.9".parse().unwrap();
        assert_eq!(mark(address), mark(address));
        assert_ne!(mark(address), mark("203.0.113.10".parse().unwrap()));
        assert!(!mark(address).contains("203"));
    }
}
