#!/usr/bin/env bash
# Bisection's speed (release build of telltale): a generated package whose one XCTest class holds
# PREDECESSORS tests (default 1000) and a victim that runs after all of them in one process, one
# of them (POLLUTER, default 637) leaving behind the state that fails it. Then:
#   - `telltale run --workers 1 --retries 1`: the victim fails after the others, passes alone on
#     its retry, and is bisected automatically; its orderDependency gives the runs it took,
#   - `telltale bisect` of the same victim from that run's record, timed on its own,
# and checks the runs against the bound of ceil(log2 n) + 2 and that the reproduction command
# reproduces the failure.
#
#   Scripts/benchmark-bisect.sh [PREDECESSORS] [POLLUTER]
#
# TELLTALE_BIN runs a given release binary.
set -euo pipefail
count=${1:-1000}
polluter=${2:-637}
cd "$(dirname "$0")/.."
telltale=$(Scripts/release-telltale)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
package="$work/BisectBenchmark"
mkdir -p "$package/Tests/BisectBenchmarkTests"
cat >"$package/Package.swift" <<'SWIFT'
// swift-tools-version: 6.0
import PackageDescription
let package = Package(name: "BisectBenchmark", targets: [.testTarget(name: "BisectBenchmarkTests")])
SWIFT
python3 - "$package/Tests/BisectBenchmarkTests/ManyTests.swift" "$count" "$polluter" <<'PY'
import sys
path, count, polluter = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
lines = ["import XCTest", "", "nonisolated(unsafe) var polluted = false", "", "final class ManyTests: XCTestCase {"]
for i in range(count):
    body = "polluted = true" if i == polluter else ""
    lines.append(f"    func test{i:05d}() {{ {body} }}")
lines.append('    func testZVictim() { XCTAssertFalse(polluted, "a test before it left polluted set") }')
lines.append("}")
open(path, "w").write("\n".join(lines) + "\n")
PY
echo "building a package of $count tests and a victim (test$(printf %05d "$polluter") pollutes)"
swift build --build-tests --package-path "$package" >"$work/build.log" 2>&1 || { tail -20 "$work/build.log"; exit 1; }

now() { python3 -c 'import time; print(time.time())'; }
seconds() { python3 -c "import time; print(f'{time.time() - $1:.2f}')"; }

start=$(now)
"$telltale" run --package "$package" --skip-build --no-history --workers 1 --retries 1 --report-dir "$work/run" \
    >"$work/run.out" 2>&1 || true
run_seconds=$(seconds "$start")
start=$(now)
"$telltale" bisect BisectBenchmarkTests.ManyTests/testZVictim --package "$package" --skip-build --run "$work/run" \
    >"$work/bisect.out" 2>&1 || true
bisect_seconds=$(seconds "$start")

python3 - "$work/run/run.json" "$count" "$polluter" "$run_seconds" "$bisect_seconds" "$work/bisect.out" <<'PY'
import json, math, sys
record, count, polluter = json.load(open(sys.argv[1])), int(sys.argv[2]), int(sys.argv[3])
victim = next(t for t in record["tests"] if t["id"].endswith("/testZVictim"))
found = victim.get("orderDependency")
if not found:
    sys.exit(f"no bisection recorded for the victim: {json.dumps(victim)[:400]}")
bound = math.ceil(math.log2(count)) + 2
expected = f"BisectBenchmarkTests.ManyTests/test{polluter:05d}"
print(f"predecessors:        {found['predecessors']}")
print(f"verdict:             {found['verdict']}, polluters {found['tests']} ({'right' if found['tests'] == [expected] else 'WRONG, expected ' + expected})")
print(f"runs:                {found['runs']} (bound ceil(log2 {count}) + 2 = {bound}: {'within' if found['runs'] <= bound else 'OVER'})")
print(f"bisection in run:    {found['seconds']:.2f} s ({found['seconds'] / found['runs']:.2f} s a run)")
print(f"telltale run:        {sys.argv[4]} s in all (the first pass, the retry, the bisection)")
print(f"telltale bisect:     {sys.argv[5]} s (build skipped: listing, runs)")
print("bisect said:        ", open(sys.argv[6]).read().strip().splitlines()[-2:])
PY
# The reproduction command must fail the victim again.
reproduce=$(python3 -c "import json,sys; print(next(t for t in json.load(open(sys.argv[1]))['tests'] if t['id'].endswith('/testZVictim'))['orderDependency']['reproduce'])" "$work/run/run.json")
cd "$work"
if eval "${reproduce/telltale/\"$telltale\"} --skip-build --report-dir $work/reproduce" >"$work/reproduce.out" 2>&1; then
    echo "reproduction: PASSED (it should have failed): $reproduce"
    exit 1
fi
echo "reproduction: fails as recorded ($reproduce)"
