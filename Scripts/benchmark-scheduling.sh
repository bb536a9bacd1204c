#!/usr/bin/env bash
# Longest-first scheduling from past durations, measured on a real package, side by side
# with `swift test --parallel` in the same run:
#   1. `swift test --skip-build --parallel`;
#   2. `telltale run --skip-build --workers W` with no past durations (records run.json);
#   3. the same with `--timings` from step 2, so workers take the longest work first.
# The bound is max(sum of test times / W, the longest test), from step 2's record.
#
#   Scripts/benchmark-scheduling.sh PACKAGE_DIR [WORKERS]
# Build the package's tests first (`swift build --build-tests` in PACKAGE_DIR).
set -euo pipefail
package=$(cd "$1" && pwd)
workers=${2:-$(nproc)}
cd "$(dirname "$0")/.."
swift build -c release --product telltale >/dev/null
telltale="$(swift build -c release --show-bin-path)/telltale"
out=$(mktemp -d)

# Wall seconds of a command; its output goes to a log, its failure (a failing test) is fine.
seconds() { local start=$EPOCHREALTIME; "$@" >"$out/last.log" 2>&1 || true; python3 -c "print($EPOCHREALTIME - $start)"; }

parallel=$(cd "$package" && seconds swift test --skip-build --parallel --num-workers "$workers")
blind=$(seconds "$telltale" run --package "$package" --skip-build --workers "$workers" --report-dir "$out/blind")
timed=$(seconds "$telltale" run --package "$package" --skip-build --workers "$workers" --timings "$out/blind/run.json" --report-dir "$out/timed")

python3 - "$out" "$workers" "$parallel" "$blind" "$timed" <<'PY'
import json, sys
out, workers = sys.argv[1], int(sys.argv[2])
parallel, blind, timed = map(float, sys.argv[3:6])
tests = json.load(open(f"{out}/blind/run.json"))["tests"]
durations = [t.get("duration", 0) for t in tests]
bound = max(sum(durations) / workers, max(durations))
print(f"{len(tests)} tests, {workers} workers; bound {bound:.1f} s (sum {sum(durations):.1f} s, longest {max(durations):.1f} s)")
print(f"swift test --parallel:        {parallel:7.1f} s")
print(f"telltale, no past durations:  {blind:7.1f} s  ({blind / bound:.2f}x the bound)")
print(f"telltale, --timings:          {timed:7.1f} s  ({timed / bound:.2f}x the bound)")
PY
