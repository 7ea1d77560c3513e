//! See `walak_fuzz::position` for what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| walak_fuzz::position(data));
