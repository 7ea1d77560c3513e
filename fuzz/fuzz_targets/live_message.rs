//! See `walak_fuzz::live_message` for what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| walak_fuzz::live_message(data));
