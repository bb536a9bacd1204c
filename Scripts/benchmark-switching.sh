#!/usr/bin/env bash
# Switching between `swift test` (an editor's, a developer's) and `telltale run` (the pre-push
# hook's) on one small app package: each run is timed warm, alternating, so a rebuild that one
# causes the other shows. For contrast, the same alternation with `swift build --build-tests`
# (how Telltale built before it built as `swift test` does) and `swift test`. Then coverage:
# `telltale run --coverage` alternating with `swift test` and with `swift test
# --enable-code-coverage` (Telltale's coverage build has a folder of its own, so neither should
# compile anything once both are built), and the line totals each coverage run gives.
#
#   Scripts/benchmark-switching.sh [ROUNDS]
#
# The package (an app target with TelltaleTracker, tests with TelltaleTesting in both frameworks,
# Telltale added with `traits: []`) is generated in a temporary folder. TELLTALE_BIN runs a given
# release binary.
set -euo pipefail
rounds=${1:-3}
cd "$(dirname "$0")/.."
root=$(pwd)

telltale=$(Scripts/release-telltale)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
package="$work/SwitchApp"
Scripts/make-app-package "$package" "$root"
echo "building the app package once" >&2
swift build --build-tests --package-path "$package" >/dev/null
swift test --package-path "$package" >/dev/null 2>&1

now() { python3 -c 'import time; print(time.time())'; }
seconds() { python3 -c "import time; print(f'{time.time() - $1:.2f}')"; }
timed() {
    local start
    start=$(now)
    "$@" >"$work/last.out" 2>&1 || { echo "failed: $*" >&2; cat "$work/last.out" >&2; exit 1; }
    seconds "$start"
}

# What a run compiled: SwiftPM prints a "Compiling" line per module it rebuilds (the
# output of `swift test`, Telltale's logs/build.log); its "Compiling plugin" line for
# Telltale's build-tool plugin is printed on every build, cached or not.
compiled() { grep 'Compiling' "$1" | grep -vc 'Compiling plugin' || true; }

echo "alternating swift test and telltale run (each warm; modules compiled in brackets):"
printf '%-6s %18s %20s\n' round "swift test" "telltale run"
for round in $(seq 1 "$rounds"); do
    a=$(timed swift test --package-path "$package")
    ac=$(compiled "$work/last.out")
    b=$(timed "$telltale" run --package "$package" --no-history --report-dir "$work/reports")
    bc=$(compiled "$work/reports/logs/build.log")
    printf '%-6s %11ss [%2s] %13ss [%2s]\n' "$round" "$a" "$ac" "$b" "$bc"
done
echo "without switching, each run twice (the floor a switch adds to):"
printf '%-6s %18s %20s\n' round "swift test" "telltale run"
for round in $(seq 1 "$rounds"); do
    swift test --package-path "$package" >/dev/null 2>&1
    a=$(timed swift test --package-path "$package")
    ac=$(compiled "$work/last.out")
    "$telltale" run --package "$package" --no-history --report-dir "$work/reports" >/dev/null 2>&1
    b=$(timed "$telltale" run --package "$package" --no-history --report-dir "$work/reports")
    bc=$(compiled "$work/reports/logs/build.log")
    printf '%-6s %11ss [%2s] %13ss [%2s]\n' "$round" "$a" "$ac" "$b" "$bc"
done
echo "for contrast, alternating swift test and swift build --build-tests (how Telltale built before):"
printf '%-6s %18s %32s\n' round "swift test" "swift build --build-tests"
for round in $(seq 1 "$rounds"); do
    a=$(timed swift test --package-path "$package")
    ac=$(compiled "$work/last.out")
    b=$(timed swift build --build-tests --package-path "$package")
    bc=$(compiled "$work/last.out")
    printf '%-6s %11ss [%2s] %25ss [%2s]\n' "$round" "$a" "$ac" "$b" "$bc"
done
echo "coverage: alternating swift test and telltale run --coverage (each warm; modules compiled in brackets):"
printf '%-6s %18s %26s %16s\n' round "swift test" "telltale run --coverage" "line coverage"
coverage_run() {
    "$telltale" run --package "$package" --no-history --coverage --report-dir "$work/coverage" >"$work/coverage.out" 2>&1
}
for round in $(seq 1 "$rounds"); do
    a=$(timed swift test --package-path "$package")
    ac=$(compiled "$work/last.out")
    b=$(timed coverage_run)
    bc=$(compiled "$work/coverage/logs/build.log")
    lines=$(grep -o 'line coverage [^,]*' "$work/coverage.out" | head -1 | sed 's/line coverage //')
    printf '%-6s %11ss [%2s] %19ss [%2s] %16s\n' "$round" "$a" "$ac" "$b" "$bc" "$lines"
done
echo "coverage: alternating swift test --enable-code-coverage and telltale run --coverage:"
printf '%-6s %34s %26s %16s\n' round "swift test --enable-code-coverage" "telltale run --coverage" "line coverage"
for round in $(seq 1 "$rounds"); do
    a=$(timed swift test --package-path "$package" --enable-code-coverage)
    ac=$(compiled "$work/last.out")
    b=$(timed coverage_run)
    bc=$(compiled "$work/coverage/logs/build.log")
    lines=$(grep -o 'line coverage [^,]*' "$work/coverage.out" | head -1 | sed 's/line coverage //')
    printf '%-6s %27ss [%2s] %19ss [%2s] %16s\n' "$round" "$a" "$ac" "$b" "$bc" "$lines"
done
