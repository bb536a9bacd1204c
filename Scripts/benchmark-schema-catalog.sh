#!/usr/bin/env bash
# Measures JSON Schema tracking plans at scale: a folder of 200 Segment-style schema files
# (nested objects, arrays, enums, patterns, formats, $refs to a shared file, oneOf) loaded with
# CatalogLoader; 100,000 captured events (about 2% breaking their schema) checked as a run
# checks them, and one at a time as `telltale capture --catalog` checks each as it arrives.
# Prints the median of several rounds.
# Targets (release build): the run's check under 1 s; the live check under 50 µs per event.
#
#   Scripts/benchmark-schema-catalog.sh [EVENTS] [SCHEMAS] [ROUNDS]
#
# SCRATCH=DIR picks the build folder (default .build).
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=${SCRATCH:-.build}

swift build -c release --product telltale-schema-benchmark --scratch-path "$scratch" >/dev/null
benchmark="$(swift build -c release --scratch-path "$scratch" --show-bin-path)/telltale-schema-benchmark"
"$benchmark" "${1:-100000}" "${2:-200}" "${3:-5}"
