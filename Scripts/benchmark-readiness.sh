#!/usr/bin/env bash
# Measures readiness overhead, for HTTP, TCP and log-line readiness. Target: under 50 ms.
#
# 1. Supervisor alone: from a service's "listening" line to Telltale detecting it as
#    ready. The fixture prints CLOCK_MONOTONIC in its listening line; the probe reads
#    the same clock the moment readiness is detected.
# 2. Whole `telltale run` (HTTP readiness): from the "listening" line to the first
#    test's `POST /tests/reset` reaching the service, both stamped by the service
#    itself with CLOCK_MONOTONIC: the time until Telltale starts tests.
#
#   Scripts/benchmark-readiness.sh [RUNS] [RUN_RUNS]   (defaults: 100 per kind, 20 runs)
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-100}"
run_runs="${2:-20}"
scratch="${SCRATCH:-.build-services}"   # SCRATCH=.build reuses the usual build folder
swift build --package-path Tests/Fixtures/ServiceFixture >/dev/null 2>&1
swift build --scratch-path "$scratch" --product telltale-services-probe >/dev/null 2>&1
swift build --scratch-path "$scratch" --product telltale >/dev/null 2>&1
swift build --build-tests --package-path Tests/Fixtures/ServicesRunFixture >/dev/null 2>&1
logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT
fixture="$PWD/Tests/Fixtures/ServiceFixture/.build/debug/service-fixture"

echo "== supervisor: listening line -> ready detected ($runs runs each)"
"$scratch/debug/telltale-services-probe" bench "$logs" "$runs" "$fixture"

echo "== telltale run with HTTP readiness: listening line -> first test's reset ($run_runs runs)"
# Only the HTTP fixture also serves the test-mode protocol, and HTTP is the slowest probe.
for run in $(seq 1 "$run_runs"); do
  dir="$logs/run-$run"
  mkdir -p "$dir"
  cat > "$dir/plan.yml" <<PLAN
version: 1
name: readiness-benchmark
package: Tests/Fixtures/ServicesRunFixture
workers: 1
filter: ['BackendTests/testSeesItsOwnSetup$']
services:
  backend:
    command: ["$fixture", "--http"]
    ready: { http: /health }
    testMode: true
PLAN
  "$scratch/debug/telltale" run "$dir/plan.yml" --report-dir "$dir/reports" --skip-build >/dev/null 2>&1
done
python3 - "$logs" "$run_runs" <<'PY'
import re, sys, statistics
folder, runs = sys.argv[1], int(sys.argv[2])
delays = []
for run in range(1, runs + 1):
    text = open(f"{folder}/run-{run}/reports/logs/backend.log").read()
    listening = re.search(r"listening on \S+ \(monotonic (\d+)\)", text)
    reset = re.search(r"POST /tests/reset \(monotonic (\d+)\)", text)
    delays.append((int(reset.group(1)) - int(listening.group(1))) / 1e6)
delays.sort()
p99 = delays[min(len(delays) - 1, int(len(delays) * 0.99))]
print(f"http: n={len(delays)} p50={statistics.median(delays):.1f} ms p99={p99:.1f} ms max={delays[-1]:.1f} ms")
PY
