//! See `walak_fuzz::saved` for what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| walak_fuzz::saved(data));
