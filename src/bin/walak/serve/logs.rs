//! The server's log, on stderr: a line for people, or with `--log-format json` one JSON object a
//! line, filtered by `RUST_LOG` (`info` unless it says otherwise). Stdout keeps only the start-up
//! line that scripts read. And a [`Throttle`], so that what a client can repeat at will (refused
//! frames, a store's errors while it is away) makes a line now and then, not a line each time.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use tracing_subscriber::filter::{EnvFilter, LevelFilter};

use crate::cli::LogFormat;

/// Starts the log. Called once, before anything is logged.
pub fn init(format: LogFormat) {
    let filter = EnvFilter::builder().with_default_directive(LevelFilter::INFO.into()).from_env_lossy();
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr);
    // Another subscriber already set (never, outside tests) only means this one is not needed.
    let _ = match format {
        LogFormat::Text => builder.try_init(),
        LogFormat::Json => builder.json().flatten_event(true).try_init(),
    };
}

/// Lets one of many like events be logged every so often, and counts those it held back.
pub struct Throttle {
    every: Duration,
    /// When a line was last let through, and how many were held back since.
    state: Mutex<(Option<Instant>, u64)>,
}

impl Throttle {
    pub const fn new(every: Duration) -> Throttle {
        Throttle { every, state: Mutex::new((None, 0)) }
    }

    /// `Some(held back since the last line)` if this one is to be logged, `None` if not.
    pub fn pass(&self) -> Option<u64> {
        let mut state = self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let (last, held) = &mut *state;
        let now = Instant::now();
        if last.is_some_and(|last| now.duration_since(last) < self.every) {
            *held += 1;
            return None;
        }
        *last = Some(now);
        Some(std::mem::take(held))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_throttle_lets_one_through_and_counts_the_rest() {
        let throttle = Throttle::new(Duration::from_millis(200));
        assert_eq!(throttle.pass(), Some(0));
        assert_eq!(throttle.pass(), None);
        assert_eq!(throttle.pass(), None);
        std::thread::sleep(Duration::from_millis(250));
        assert_eq!(throttle.pass(), Some(2));
        assert_eq!(throttle.pass(), None);
    }
}
