//! What the server counts, for `/metrics`: plain atomics, one set per process, written in
//! Prometheus' text format by hand. One static rather than a handle passed around, because the
//! connections and both stores count, and a counter costs one atomic add wherever it is.

use std::fmt::Write;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering::Relaxed};
use std::time::Duration;

use walak::live::reason::{self, REASONS};

/// The relay time's buckets, in seconds: from a millisecond (a move within one process) to a
/// second (a store far away, or struggling).
const BUCKETS: [f64; 10] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0];

pub struct Metrics {
    connections: AtomicI64,
    rooms_created: AtomicU64,
    moves: AtomicU64,
    refusals: [AtomicU64; REASONS.len()],
    store_errors: AtomicU64,
    /// Relay times by bucket (not cumulative: the last counts those over the last bound).
    relay: [AtomicU64; BUCKETS.len() + 1],
    relay_micros: AtomicU64,
}

static METRICS: Metrics = Metrics::new();

/// This process's counters.
pub fn metrics() -> &'static Metrics {
    &METRICS
}

impl Metrics {
    const fn new() -> Metrics {
        Metrics {
            connections: AtomicI64::new(0),
            rooms_created: AtomicU64::new(0),
            moves: AtomicU64::new(0),
            refusals: [const { AtomicU64::new(0) }; REASONS.len()],
            store_errors: AtomicU64::new(0),
            relay: [const { AtomicU64::new(0) }; BUCKETS.len() + 1],
            relay_micros: AtomicU64::new(0),
        }
    }

    pub fn connection_opened(&self) {
        self.connections.fetch_add(1, Relaxed);
    }

    pub fn connection_closed(&self) {
        self.connections.fetch_sub(1, Relaxed);
    }

    pub fn room_created(&self) {
        self.rooms_created.fetch_add(1, Relaxed);
    }

    pub fn moved(&self) {
        self.moves.fetch_add(1, Relaxed);
    }

    /// A move's `moved` frame came back `relay` after the move was read.
    pub fn relayed(&self, relay: Duration) {
        let seconds = relay.as_secs_f64();
        let bucket = BUCKETS.iter().position(|&bound| seconds <= bound).unwrap_or(BUCKETS.len());
        self.relay[bucket].fetch_add(1, Relaxed);
        self.relay_micros.fetch_add(relay.as_micros().min(u128::from(u64::MAX)) as u64, Relaxed);
    }

    /// A frame was refused for `reason`; false if that is no reason of the protocol's list.
    pub fn refused(&self, reason: &str) -> bool {
        let Some(at) = reason::index(reason) else { return false };
        self.refusals[at].fetch_add(1, Relaxed);
        true
    }

    pub fn store_error(&self) {
        self.store_errors.fetch_add(1, Relaxed);
    }

    /// Every family in Prometheus' text format; `rooms` is how many rooms the store holds (`None`
    /// if it could not say), and `store` names it.
    pub fn exposition(&self, store: &str, rooms: Option<usize>) -> String {
        let mut out = String::new();
        let mut family = |name: &str, kind: &str, help: &str, samples: &[(String, String)]| {
            let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} {kind}");
            for (suffix, value) in samples {
                let _ = writeln!(out, "{name}{suffix} {value}");
            }
        };
        let one = |value: String| [(String::new(), value)];
        let connections = self.connections.load(Relaxed).max(0);
        family(
            "walak_connections",
            "gauge",
            "Live-play WebSocket connections open on this process.",
            &one(connections.to_string()),
        );
        let rooms_help = if store == "redis" {
            "Rooms in Redis, every process's (the rooms of the sorted set walak:rooms not yet expired); absent while Redis cannot be reached."
        } else {
            "Rooms in this process's memory (an expired room goes within a minute)."
        };
        let rooms_sample: Vec<_> = rooms.map(|rooms| (String::new(), rooms.to_string())).into_iter().collect();
        family("walak_rooms", "gauge", rooms_help, &rooms_sample);
        family(
            "walak_store_up",
            "gauge",
            "1 if the store answered just now (the rooms' count), 0 if not.",
            &one(u8::from(rooms.is_some()).to_string()),
        );
        family(
            "walak_rooms_created_total",
            "counter",
            "Rooms created through this process.",
            &one(self.rooms_created.load(Relaxed).to_string()),
        );
        family(
            "walak_moves_total",
            "counter",
            "Moves played through this process's connections.",
            &one(self.moves.load(Relaxed).to_string()),
        );
        let refusals: Vec<_> = REASONS
            .iter()
            .zip(&self.refusals)
            .map(|(reason, count)| (format!("{{reason=\"{reason}\"}}"), count.load(Relaxed).to_string()))
            .collect();
        family(
            "walak_refusals_total",
            "counter",
            "Refused frames answered, by reason (docs/live-protocol.md); a flood is answered once in 20 frames.",
            &refusals,
        );
        family(
            "walak_store_errors_total",
            "counter",
            "Times the store (Redis) could not be reached or answered with an error.",
            &one(self.store_errors.load(Relaxed).to_string()),
        );
        let mut relay = Vec::new();
        let mut cumulative = 0;
        for (at, count) in self.relay.iter().enumerate() {
            cumulative += count.load(Relaxed);
            let bound = BUCKETS.get(at).map_or_else(|| "+Inf".to_string(), f64::to_string);
            relay.push((format!("_bucket{{le=\"{bound}\"}}"), cumulative.to_string()));
        }
        relay.push(("_sum".into(), (self.relay_micros.load(Relaxed) as f64 / 1e6).to_string()));
        relay.push(("_count".into(), cumulative.to_string()));
        family(
            "walak_move_relay_seconds",
            "histogram",
            "Time from reading a move frame to its moved frame reaching the mover's own connection: the referee, the store (with Redis, its round trips, its publish and the subscription back) and the hand-off to the room's connections on this process.",
            &relay,
        );
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_exposition_lists_every_family_and_reason() {
        // Its own counters: other tests count in the process's.
        let metrics = Metrics::new();
        metrics.relayed(Duration::from_micros(1500));
        metrics.relayed(Duration::from_secs(3));
        assert!(metrics.refused("stale"));
        assert!(!metrics.refused("no_such_reason"));
        let text = metrics.exposition("memory", Some(4));
        assert!(text.contains("walak_rooms 4\n"), "{text}");
        for reason in REASONS {
            assert!(text.contains(&format!("walak_refusals_total{{reason=\"{reason}\"}} ")), "{reason}");
        }
        assert!(text.contains("walak_move_relay_seconds_bucket{le=\"0.001\"} 0\n"), "{text}");
        assert!(text.contains("walak_move_relay_seconds_bucket{le=\"0.0025\"} 1\n"), "{text}");
        assert!(text.contains("walak_move_relay_seconds_bucket{le=\"1\"} 1\n"), "{text}");
        assert!(text.contains("walak_move_relay_seconds_bucket{le=\"+Inf\"} 2\n"), "{text}");
        assert!(text.contains("walak_move_relay_seconds_count 2\n"), "{text}");
        assert!(text.contains("walak_move_relay_seconds_sum 3.0015\n"), "{text}");
        // Every sample line follows its family's TYPE line.
        let mut typed = String::new();
        for line in text.lines() {
            if let Some(rest) = line.strip_prefix("# TYPE ") {
                typed = rest.split(' ').next().unwrap().to_string();
            } else if !line.starts_with('#') {
                assert!(line.starts_with(&typed), "{line} after the TYPE of {typed}");
            }
        }
        assert!(!metrics.exposition("redis", None).contains("\nwalak_rooms "));
    }
}
