#!/usr/bin/env bash
# Measures readiness overhead: the time from a service's "listening" line to
# Telltale detecting it as ready, for HTTP, TCP and log-line readiness.
# The fixture prints CLOCK_MONOTONIC in its listening line; the probe reads the
# same clock the moment readiness is detected. Target: under 50 ms.
#
#   Scripts/benchmark-readiness.sh [RUNS]     (default 100 runs per kind)
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-100}"
scratch=.build-services
swift build --package-path Tests/Fixtures/ServiceFixture >/dev/null 2>&1
swift build --scratch-path "$scratch" --product telltale-services-probe >/dev/null 2>&1
logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT
"$scratch/debug/telltale-services-probe" bench "$logs" "$runs" "$PWD/Tests/Fixtures/ServiceFixture/.build/debug/service-fixture"
