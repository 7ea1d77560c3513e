#!/usr/bin/env bash
# Every move's value (`walak solve MOVES`, what the page's move values and a review need) on
# positions off the beaten path, with one or more builds of the tool taking turns on each
# position, so that all meet the same moments of a shared machine. Prints p50/p95/max of the
# seconds each build reports, for all positions and for those within the first 12 plies, and
# whether the builds agree on every move's value. Not part of the tests: timings are reported,
# never asserted.
#
#   scripts/bench-solve-positions.sh [--count N] [--threads T] WALAK [WALAK...]
#
# The positions (the same on every run): N games (default 76) played from the opening by random
# moves and by the beginner and casual levels, each stopped after 1 to 12 moves (two games in
# three) or 13 to 40, duplicates and finished games left out. A solve gets 60 seconds at most.
set -euo pipefail
count=76
threads=2
while [ $# -gt 0 ]; do
  case "$1" in
    --count) count="$2"; shift 2 ;;
    --threads) threads="$2"; shift 2 ;;
    *) break ;;
  esac
done
[ $# -ge 1 ] || { echo "usage: $0 [--count N] [--threads T] WALAK [WALAK...]" >&2; exit 2; }

positions=$(python3 - "$1" "$count" <<'PY'
import json, random, subprocess, sys
walak, count = sys.argv[1], int(sys.argv[2])
rng = random.Random(2026)
def run(*args):
    return json.loads(subprocess.run([walak, *args], capture_output=True, text=True, check=True).stdout)
seen = []
for i in range(count):
    plies = rng.randint(1, 12) if i % 3 != 2 else rng.randint(13, 40)
    policy = ["random", "beginner", "casual"][i % 3 if i % 2 == 0 else 0]
    record = ""
    for _ in range(plies):
        state = run("state", record)
        if state["status"] != "playing":
            break
        if policy == "random":
            record += str(rng.choice(state["legal"]))
        else:
            seed = str(rng.randint(0, 1 << 30))
            record += str(run("bestmove", record, "--level", policy, "--seed", seed)["move"])
    if run("state", record)["status"] == "playing" and record not in seen:
        seen.append(record)
print("\n".join(seen))
PY
)

results=$(for record in $positions; do
  line="$record"
  for walak in "$@"; do
    out=$(timeout 60 "$walak" solve "$record" --threads "$threads" 2>/dev/null || true)
    line="$line	${out:-timeout}"
  done
  echo "$line"
done)

python3 - "$@" <<PY
import json, sys
rows = [line.split("\t") for line in """$results""".splitlines() if line.strip()]
builds = sys.argv[1:]
def seconds(cell):
    return float("inf") if cell == "timeout" else json.loads(cell)["seconds"]
def values(cell):
    return None if cell == "timeout" else json.loads(cell).get("move_values")
def spread(times):
    times = sorted(times)
    at = lambda p: times[min(len(times) - 1, round(p * (len(times) - 1)))]
    return f"p50 {at(0.5):.2f} s, p95 {at(0.95):.2f} s, max {times[-1]:.2f} s"
for name, chosen in [("all", rows), ("within 12 plies", [r for r in rows if len(r[0]) <= 12])]:
    for b, build in enumerate(builds):
        print(f"{build}: {len(chosen)} positions ({name}): {spread([seconds(r[1 + b]) for r in chosen])}")
differ = [r[0] for r in rows if len({json.dumps(values(c)) for c in r[1:]}) > 1]
print("builds disagree on:", differ or "no position")
PY
