#!/usr/bin/env bash
# Measures the run history at scale in a release build, on synthetic runs in a fresh file:
# recording one run of 10,000 tests (target < 200 ms), then with 1,000 runs × 1,000 tests
# recorded, the queries a run and its reports make (target < 300 ms), and the file's size.
#
#   Scripts/benchmark-history.sh [RECORD_TESTS] [RUNS] [TESTS] [ROUNDS]
#
# HISTORY_URL=postgres://USER@HOST/DB measures the PostgreSQL history instead, in fresh
# databases beside DB (USER needs CREATEDB; they are dropped at the end).
# SCRATCH=DIR picks the build folder (default .build).
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=${SCRATCH:-.build}

swift build -c release --product telltale-history-benchmark --scratch-path "$scratch" >/dev/null
benchmark="$(swift build -c release --scratch-path "$scratch" --show-bin-path)/telltale-history-benchmark"
"$benchmark" "${1:-10000}" "${2:-1000}" "${3:-1000}" "${4:-11}"
