#!/usr/bin/env bash
# Exit tests at their own speed: a package whose test binary is large (it links SwiftNIO) and
# whose Swift Testing suite has EXIT_TESTS exit tests that trap on purpose, run side by side in
# alternating rounds by
#   - `telltale run --skip-build --no-history` (release build of telltale),
#   - `swift test --skip-build --parallel`, what a user would run instead;
# then an ordinary test that crashes, to show its error still carries the crashed thread.
#
#   Scripts/benchmark-exit-tests.sh [ROUNDS] [EXIT_TESTS]
#
# The package is generated in a temporary folder and built once (debug, as swift test builds).
# TELLTALE_BIN runs a given release binary.
set -euo pipefail
rounds=${1:-5}
count=${2:-20}
cd "$(dirname "$0")/.."

telltale=$(Scripts/release-telltale)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
package="$work/ExitTestsBenchmark"
mkdir -p "$package/Sources/Server" "$package/Tests/ServerTests"
cat >"$package/Package.swift" <<'SWIFT'
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ExitTestsBenchmark",
    dependencies: [.package(url: "https://github.com/apple/swift-nio", from: "2.80.0")],
    targets: [
        .target(name: "Server", dependencies: [.product(name: "NIOPosix", package: "swift-nio"), .product(name: "NIOCore", package: "swift-nio")]),
        .testTarget(name: "ServerTests", dependencies: ["Server"]),
    ]
)
SWIFT
cat >"$package/Sources/Server/Server.swift" <<'SWIFT'
import NIOCore
import NIOPosix

public enum Server {
    public static func port(_ value: Int) -> Int {
        precondition(value > 0 && value < 65536, "not a port: \(value)")
        return value
    }

    public static func group() -> MultiThreadedEventLoopGroup { MultiThreadedEventLoopGroup(numberOfThreads: 1) }
}
SWIFT
{
    echo 'import Server'
    echo 'import Testing'
    echo
    echo '@Suite struct PortExitTests {'
    for i in $(seq 1 "$count"); do
        echo "    @Test func rejectsPort$i() async { await #expect(processExitsWith: .failure) { _ = Server.port(-$i) } }"
    done
    echo '    @Test func acceptsAPort() { #expect(Server.port(8080) == 8080) }'
    echo '}'
} >"$package/Tests/ServerTests/PortExitTests.swift"
echo "building the benchmark package (SwiftNIO, $count exit tests)" >&2
swift build --build-tests --package-path "$package" >/dev/null

now() { python3 -c 'import time; print(time.time())'; }
seconds() { python3 -c "import time; print(f'{time.time() - $1:.2f}')"; }
printf '%-6s %12s %24s\n' round telltale "swift test --parallel"
for round in $(seq 1 "$rounds"); do
    start=$(now)
    "$telltale" run --package "$package" --skip-build --no-history --report-dir "$work/reports-$round" >"$work/telltale-$round.out" 2>&1 \
        || { echo "telltale failed:"; cat "$work/telltale-$round.out"; exit 1; }
    a=$(seconds "$start")
    start=$(now)
    swift test --package-path "$package" --skip-build --parallel >"$work/swift-test-$round.out" 2>&1 \
        || { echo "swift test failed:"; cat "$work/swift-test-$round.out"; exit 1; }
    b=$(seconds "$start")
    printf '%-6s %11ss %23ss\n' "$round" "$a" "$b"
done
python3 - "$work" "$rounds" <<'PY'
import json, statistics, sys
work, rounds = sys.argv[1], int(sys.argv[2])
record = json.load(open(f"{work}/reports-{rounds}/run.json"))
slowest = sorted(record["tests"], key=lambda t: -t["duration"])[:3]
print(f"{len(record['tests'])} tests, all passed: {all(t['outcome'] == 'passed' for t in record['tests'])}")
print("slowest: " + ", ".join(f"{t['id'].split('/')[-1]} {t['duration']:.2f} s" for t in slowest))
PY

# An ordinary test that crashes still shows where and the crashed thread's frames.
cat >>"$package/Tests/ServerTests/PortExitTests.swift" <<'SWIFT'

@Suite struct CrashingTests {
    @Test func crashes() { _ = Server.port(0) }
}
SWIFT
swift build --build-tests --package-path "$package" >/dev/null
"$telltale" run --package "$package" --skip-build --no-history --filter CrashingTests --report-dir "$work/crash" >/dev/null 2>&1 || true
python3 - "$work/crash/run.json" <<'PY'
import json, sys
test = json.load(open(sys.argv[1]))["tests"][0]
message = test["messages"][-1]
print(f"\nan ordinary crash: {test['outcome']} at {message.get('location')}")
print("\n".join(message["text"].split("\n")[:14]))
PY
