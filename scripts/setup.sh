#!/usr/bin/env bash
# Installs everything needed to build, serve and test Walak-pussa. Safe to run again: each step
# checks first and skips what is already installed at the right version.
#
#   scripts/setup.sh             tools to build and serve the page
#   scripts/setup.sh --browser   also Chromium, chromedriver, the fonts of the page's languages and
#                                redis-server and nginx (Debian packages), for the tests
#
# Needs rustup, cargo, node and npm on PATH; the browser step needs apt-get (as root, or sudo).
# On a fresh machine the first run takes about 20 minutes (trunk alone compiles for ~14).
set -euo pipefail
# shellcheck source=scripts/env.sh
. "$(dirname "${BASH_SOURCE[0]}")/env.sh"

WANT_BROWSER=false
for arg in "$@"; do
  case "$arg" in
    --browser) WANT_BROWSER=true ;;
    -h | --help)
      sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    *)
      echo "setup.sh: unknown option '$arg' (try --help)" >&2
      exit 2
      ;;
  esac
done

cd "$ROOT"
SETUP_START=$SECONDS
STEP_START=$SECONDS

step() { STEP_START=$SECONDS; }
done_step() { say setup "$1 … $2 ($((SECONDS - STEP_START)) s)"; }
fail() {
  say setup "error: $*" >&2
  exit 1
}

need() {
  command -v "$1" >/dev/null 2>&1 || fail "'$1' is not on PATH; $2"
}

# --- prerequisites ------------------------------------------------------------------------------
need cargo "install Rust with rustup first"
need rustup "install Rust with rustup first"
need node "install Node.js (20 or newer) first"
need npm "install Node.js (20 or newer) with npm first"

# The crate's wasm-bindgen pin and Trunk.toml must agree with the CLI installed here.
if [[ -f Cargo.toml ]] && grep -q '^wasm-bindgen *=' Cargo.toml; then
  crate_pin="$(sed -n 's/^wasm-bindgen *= *"=\{0,1\}\([0-9.]*\)".*/\1/p' Cargo.toml | head -n1)"
  [[ "$crate_pin" == "$WASM_BINDGEN_VERSION" ]] ||
    fail "Cargo.toml pins wasm-bindgen $crate_pin but scripts/env.sh installs the CLI $WASM_BINDGEN_VERSION; bump them together"
fi
grep -q "wasm_bindgen = \"$WASM_BINDGEN_VERSION\"" Trunk.toml ||
  fail "Trunk.toml's [tools] wasm_bindgen is not $WASM_BINDGEN_VERSION; bump it with scripts/env.sh"

# Some cargo installs need a C compiler; a rustup machine normally has one.
need cc "install a C toolchain (Debian: apt-get install build-essential)"

as_root() {
  if [[ $(id -u) -eq 0 ]]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo "$@"
  else
    fail "need root (or sudo) to run: $*"
  fi
}

# --- Rust target ----------------------------------------------------------------------------------
step
if rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  done_step "rust target wasm32-unknown-unknown" "already installed"
else
  say setup "rust target wasm32-unknown-unknown … installing"
  rustup target add wasm32-unknown-unknown
  done_step "rust target wasm32-unknown-unknown" "installed"
fi

# --- wasm-bindgen CLI -----------------------------------------------------------------------------
step
have="$(wasm-bindgen --version 2>/dev/null || true)"
if [[ "$have" == "wasm-bindgen $WASM_BINDGEN_VERSION" ]]; then
  done_step "wasm-bindgen-cli $WASM_BINDGEN_VERSION" "already installed"
else
  [[ -n "$have" ]] && say setup "found ${have}, replacing it"
  say setup "wasm-bindgen-cli $WASM_BINDGEN_VERSION … installing (about 3 minutes)…"
  # No --locked: the registry here lacks one of its locked dependency versions.
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force
  done_step "wasm-bindgen-cli $WASM_BINDGEN_VERSION" "installed"
fi

# --- trunk ----------------------------------------------------------------------------------------
step
have="$(trunk --version 2>/dev/null || true)"
if [[ "$have" == "trunk $TRUNK_VERSION" ]]; then
  done_step "trunk $TRUNK_VERSION" "already installed"
else
  [[ -n "$have" ]] && say setup "found ${have}, replacing it"
  say setup "trunk $TRUNK_VERSION … installing (about 14 minutes on 2 cores)…"
  cargo install trunk --version "$TRUNK_VERSION" --locked --force
  done_step "trunk $TRUNK_VERSION" "installed"
fi

# --- npm packages (wasm-opt from binaryen, Playwright, TypeScript) --------------------------------
step
stamp="node_modules/.setup-stamp"
lock_sum="$(cat package.json package-lock.json 2>/dev/null | sha256sum | cut -d' ' -f1)"
if [[ -f "$stamp" && "$(cat "$stamp")" == "$lock_sum" && -x node_modules/.bin/wasm-opt ]]; then
  done_step "npm packages" "already installed"
else
  say setup "npm packages … installing"
  if [[ -f package-lock.json ]]; then
    npm ci --no-audit --no-fund
  else
    npm install --no-audit --no-fund
  fi
  # Recompute: `npm install` may have just written the lock file.
  cat package.json package-lock.json | sha256sum | cut -d' ' -f1 >"$stamp"
  done_step "npm packages" "installed"
fi
found_wasm_opt="$(wasm-opt --version 2>/dev/null || true)"
[[ "$found_wasm_opt" == *"version_$WASM_OPT_VERSION"* ]] ||
  fail "wasm-opt on PATH is '${found_wasm_opt:-missing}', expected version_$WASM_OPT_VERSION (from npm binaryen)"

# --- crates (trunk builds offline) ----------------------------------------------------------------
step
if [[ -f Cargo.toml ]]; then
  say setup "crates … fetching what is missing"
  cargo fetch --quiet
  done_step "crates" "ready"
fi

# --- Chromium, fonts and Redis for the tests ------------------------------------------------------
# The page uses only fonts the system has. fonts-noto-core writes every script of its languages:
# Malayalam, Thai, Gurmukhi, Sinhala, and Urdu in Nastaliq (with Naskh as a fallback).
if $WANT_BROWSER; then
  step
  missing=()
  command -v chromium >/dev/null 2>&1 || missing+=(chromium)
  command -v chromedriver >/dev/null 2>&1 || missing+=(chromium-driver)
  command -v python3 >/dev/null 2>&1 || missing+=(python3)
  # The live-play server's tests share rooms between processes through a real Redis.
  command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
  # A test puts a real nginx in front of two servers, as a public site runs them.
  command -v nginx >/dev/null 2>&1 || [[ -x /usr/sbin/nginx ]] || missing+=(nginx)
  dpkg-query -W -f='${Status}' fonts-noto-core 2>/dev/null | grep -q "install ok installed" ||
    missing+=(fonts-noto-core)
  if [[ ${#missing[@]} -eq 0 ]]; then
    done_step "chromium, chromedriver, fonts, redis-server, nginx" "already installed"
  else
    need apt-get "install ${missing[*]} with your system's package manager"
    say setup "${missing[*]} … installing (about a minute)…"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
    done_step "${missing[*]}" "installed"
  fi
fi

say setup "ready ($((SECONDS - SETUP_START)) s)"
