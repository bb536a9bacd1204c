#!/usr/bin/env bash
# Measures TelltaleVerify at scale: synthetic captured events (100,000 by default) spread over
# 10,000 tests, checked against 10,000 event expectations (with forbids, orders, strict blocks
# and regex keys mixed in, about 2% failing so near misses are ranked) and a 40-event tracking
# plan that every event is checked against. Prints the median of several rounds.
# Target: compile + verify under 1 s in a release build.
#
#   Scripts/benchmark-verify.sh [EVENTS] [EXPECTATIONS] [TESTS] [ROUNDS]
#
# SCRATCH=DIR picks the build folder (default .build).
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=${SCRATCH:-.build}

swift build -c release --product telltale-verify-benchmark --scratch-path "$scratch" >/dev/null
benchmark="$(swift build -c release --scratch-path "$scratch" --show-bin-path)/telltale-verify-benchmark"
"$benchmark" "${1:-100000}" "${2:-10000}" "${3:-10000}" "${4:-5}"
