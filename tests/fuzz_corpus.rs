//! Every committed fuzz corpus input and crash reproduction, run through the fuzz targets' own
//! checks (`fuzz/src/lib.rs`), so that CI guards them on a stable compiler. See the "Fuzzing"
//! section of `docs/testing.md` for the targets and how to run them.
#![cfg(not(target_arch = "wasm32"))]

#[path = "../fuzz/src/lib.rs"]
#[allow(dead_code)]
mod checks;

use std::path::{Path, PathBuf};

/// The files of `fuzz/<kind>/<target>/`, in a fixed order; none when the folder does not exist.
fn inputs(kind: &str, target: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz").join(kind).join(target);
    let mut files: Vec<PathBuf> = match std::fs::read_dir(&dir) {
        Ok(entries) => entries.map(|e| e.expect("a readable folder").path()).filter(|p| p.is_file()).collect(),
        Err(_) => Vec::new(),
    };
    files.sort();
    files
}

fn run(kind: &str) -> usize {
    let mut count = 0;
    for (target, check) in checks::TARGETS {
        for file in inputs(kind, target) {
            let data = std::fs::read(&file).expect("a readable input");
            if std::panic::catch_unwind(|| check(&data)).is_err() {
                panic!("fuzz target {target} fails on {}", file.display());
            }
            count += 1;
        }
    }
    count
}

#[test]
fn every_corpus_input_passes_its_target_checks() {
    for (target, _) in checks::TARGETS {
        assert!(!inputs("corpus", target).is_empty(), "fuzz/corpus/{target} holds no inputs");
    }
    assert!(run("corpus") > 0);
}

#[test]
fn every_crash_reproduction_passes_now() {
    run("regressions");
}

#[test]
fn hand_made_inputs_pass() {
    for (target, check) in checks::TARGETS {
        for data in
            [&b""[..], b"\0", b"{}", b"walak=1&moves=7264", b"7264 1", &[0xFF; 64], &[0x85, 3, 0xC3, 0xD3, 0xE2]]
        {
            if std::panic::catch_unwind(|| check(data)).is_err() {
                panic!("fuzz target {target} fails on {data:?}");
            }
        }
    }
}
