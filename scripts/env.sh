# shellcheck shell=bash
# Shared environment for the project's scripts: source it, don't run it.
#   . "$(dirname "$0")/env.sh"
# Sets ROOT (the repository root), puts cargo's and the npm packages' tools on PATH and pins the
# tool versions that scripts/setup.sh installs.

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export ROOT

# Versions. The wasm-bindgen CLI must match the wasm-bindgen crate pinned in Cargo.toml
# (and the version in Trunk.toml); bump all three together.
WASM_BINDGEN_VERSION="0.2.130"
TRUNK_VERSION="0.21.14"
WASM_OPT_VERSION="132" # from the npm package binaryen@132.0.0 (package.json)
export WASM_BINDGEN_VERSION TRUNK_VERSION WASM_OPT_VERSION

# Tools installed with `cargo install`.
CARGO_BIN="${CARGO_HOME:-$HOME/.cargo}/bin"
case ":$PATH:" in
  *":$CARGO_BIN:"*) ;;
  *) PATH="$CARGO_BIN:$PATH" ;;
esac
# wasm-opt comes from the npm package binaryen; it must come before any system binaryen
# (Debian's is too old: its output fails to start in browsers).
PATH="$ROOT/node_modules/.bin:$PATH"
export PATH

# The wasm names source files in its panic messages: the builder's own folders stay out of it.
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="--remap-path-prefix=${CARGO_HOME:-$HOME/.cargo}/registry/src=crates"

# Trunk would otherwise look for updates online.
export TRUNK_SKIP_VERSION_CHECK=true

# Debian's Chromium, used by the end-to-end tests (playwright.config.mjs reads this too).
export CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"

# Prints a tagged progress line: say TAG message...
say() {
  local tag="$1"
  shift
  printf '[%s] %s\n' "$tag" "$*"
}

# Where cargo builds (CARGO_TARGET_DIR, if set, names another place).
TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"

# Builds the native tool and the wasm module for Node into OUT (release, optimised as the page's
# build is), for the benchmarks that compare the two: build_for_bench OUT
build_for_bench() {
  local out="$1"
  cargo build --release --quiet --bin walak
  cargo build --release --quiet --lib --target wasm32-unknown-unknown --no-default-features --features computer
  wasm-bindgen --target nodejs --out-dir "$out" "$TARGET/wasm32-unknown-unknown/release/walak.wasm"
  # The project's package.json makes .js files ES modules; wasm-bindgen's Node glue is CommonJS.
  echo '{"type": "commonjs"}' >"$out/package.json"
  wasm-opt -Oz --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-reference-types --enable-multivalue "$out/walak_bg.wasm" -o "$out/walak_bg.wasm"
}
