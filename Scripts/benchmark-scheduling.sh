#!/usr/bin/env bash
# Scheduling by the run history, measured on a real package side by side with
# `swift test --parallel` in the same script, in alternating rounds:
#   1. `telltale run --workers W` with an empty history: no past durations (it records one run);
#   2. ROUNDS times, alternating: `swift test --skip-build --parallel --num-workers W`, then
#      `telltale run --workers W` on a copy of the history after that one recorded run, so workers
#      take the longest tests first by their recorded medians.
# The bound of a telltale run is max(sum of its test times / W, its longest test).
#
#   Scripts/benchmark-scheduling.sh PACKAGE_DIR [WORKERS] [ROUNDS]
# Build the package's tests first (`swift build --build-tests` in PACKAGE_DIR).
set -euo pipefail
package=$(cd "$1" && pwd)
workers=${2:-$(nproc)}
rounds=${3:-2}
cd "$(dirname "$0")/.."
swift build -c release --product telltale >/dev/null
telltale="$(swift build -c release --show-bin-path)/telltale"
out=$(mktemp -d)

# Wall seconds of a command; its output goes to a log, its failure (a failing test) is fine.
seconds() { local start=$EPOCHREALTIME; "$@" >"$out/last.log" 2>&1 || true; python3 -c "print($EPOCHREALTIME - $start)"; }

blind=$(seconds "$telltale" run --package "$package" --skip-build --workers "$workers" --history "$out/recorded.sqlite" --report-dir "$out/blind")
results=("$blind")
for round in $(seq 1 "$rounds"); do
    parallel=$(cd "$package" && seconds swift test --skip-build --parallel --num-workers "$workers")
    cp "$out/recorded.sqlite" "$out/round$round.sqlite"
    timed=$(seconds "$telltale" run --package "$package" --skip-build --workers "$workers" --history "$out/round$round.sqlite" --report-dir "$out/round$round")
    results+=("$parallel" "$timed")
done

python3 - "$out" "$workers" "$rounds" "${results[@]}" <<'PY'
import json, statistics, sys
out, workers, rounds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
times = list(map(float, sys.argv[4:]))
def bound(folder):
    durations = [t.get("duration", 0) for t in json.load(open(f"{out}/{folder}/run.json"))["tests"]]
    return max(sum(durations) / workers, max(durations)), len(durations)
blind_bound, count = bound("blind")
print(f"{count} tests, {workers} workers, {rounds} rounds")
print(f"telltale, empty history:      {times[0]:7.1f} s  ({times[0] / blind_bound:.2f}x its bound {blind_bound:.1f} s)")
ratios, speedups = [], []
for r in range(rounds):
    parallel, timed = times[1 + 2 * r], times[2 + 2 * r]
    b, _ = bound(f"round{r + 1}")
    ratios.append(timed / b)
    speedups.append(timed / parallel)
    print(f"round {r + 1}: swift test --parallel {parallel:7.1f} s; telltale with history {timed:7.1f} s "
          f"({timed / b:.2f}x its bound {b:.1f} s; {timed / parallel:.2f}x swift test --parallel)")
print(f"median: {statistics.median(ratios):.2f}x the bound, {statistics.median(speedups):.2f}x swift test --parallel")
PY
