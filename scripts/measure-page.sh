#!/usr/bin/env bash
# Builds the release page and measures it: page weight (raw and gzipped), time to the first drawn
# board over cold loads, frames per second during long animations, and the page's long tasks and
# frame rate while the computer thinks, in headless Chromium. Not part of the tests: the figures
# are reported for docs/measurements.md, never asserted.
#
#   scripts/measure-page.sh [--loads N]      (default 10 cold loads)
#   scripts/measure-page.sh --dist OLD       this build and another (an earlier one, built with
#                                            trunk build --release --dist OLD) side by side
#   scripts/measure-page.sh --lang CODE      the cold loads in that language (English by default)
#   scripts/measure-page.sh --perfect N      the perfect level's time per move over N whole games
#   scripts/measure-page.sh --review MOVES   the time a review of that game takes
#   scripts/measure-page.sh --phones         the board's size and smallest hole target on phones
set -euo pipefail
# shellcheck source=scripts/env.sh
. "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"

say measure "building the page (trunk build --release)"
trunk build --release
say measure "measuring dist/ in headless Chromium"
if [[ " $* " == *" --dist "* ]]; then
  node scripts/measure-page.mjs --dist dist "$@"
else
  node scripts/measure-page.mjs "$@"
fi
