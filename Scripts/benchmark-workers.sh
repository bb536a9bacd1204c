#!/usr/bin/env bash
# Workers and shards, measured:
#  1. wall time of 40 tests that each wait 0.5 s (Tests/Fixtures/SchedulingFixture,
#     BenchmarkSleepCases, one class: handed out one by one with --split-classes) with
#     --workers 1 and --workers 8; target: at least 6x faster;
#  2. the balance of a 4-shard split by recorded timings: VariedDurationCases (24
#     tests of 0.05 s to 0.6 s) is run once to record its timings, then as 4 shards
#     split by that record; each shard's measured test time is compared with the
#     mean. Target: the longest shard within 5% of the mean.
#
#   Scripts/benchmark-workers.sh [RUNS]
set -euo pipefail
runs=${1:-3}
cd "$(dirname "$0")/.."
command -v hyperfine >/dev/null || { echo "hyperfine is needed: apt-get install hyperfine" >&2; exit 1; }

swift build -c release --product telltale >/dev/null
telltale="$(swift build -c release --show-bin-path)/telltale"
fixture=Tests/Fixtures/SchedulingFixture
swift build --build-tests --package-path "$fixture" >/dev/null
out=$(mktemp -d)

hyperfine --runs "$runs" --export-json "$out/workers.json" \
    --command-name "workers 1" "'$telltale' run --package $fixture --filter BenchmarkSleepCases --skip-build --split-classes --workers 1 --report-dir '$out/w1'" \
    --command-name "workers 8" "'$telltale' run --package $fixture --filter BenchmarkSleepCases --skip-build --split-classes --workers 8 --report-dir '$out/w8'" >&2

python3 - "$out/workers.json" <<'PY'
import json, sys
r = {x["command"]: x["mean"] for x in json.load(open(sys.argv[1]))["results"]}
print(f"workers 1: {r['workers 1']:.2f} s   workers 8: {r['workers 8']:.2f} s   speed-up: {r['workers 1'] / r['workers 8']:.1f}x")
PY

"$telltale" run --package "$fixture" --skip-build --filter VariedDurationCases --workers 1 \
    --report-dir "$out/recorded" >/dev/null 2>&1
for shard in 1 2 3 4; do
    "$telltale" run --package "$fixture" --skip-build --timings "$out/recorded/run.json" --shard "$shard/4" \
        --filter VariedDurationCases --workers 1 --report-dir "$out/s$shard" >/dev/null 2>&1
done
python3 - "$out" <<'PY'
import json, sys
totals = []
for shard in range(1, 5):
    tests = json.load(open(f"{sys.argv[1]}/s{shard}/run.json"))["tests"]
    totals.append(sum(t["duration"] for t in tests))
mean = sum(totals) / len(totals)
print("shard test time (s): " + ", ".join(f"{t:.2f}" for t in totals) + f"   longest vs mean: {max(totals) / mean - 1:+.1%}")
PY
