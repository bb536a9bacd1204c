#!/usr/bin/env bash
# Coverage's cost, on swift-collections 1.6.0 with WORKERS workers (release build of telltale),
# in one script run, in alternating rounds:
#   - `telltale run --coverage`: coverage build, every process's profile, merge + export once;
#   - the same run without coverage;
#   - `swift test --enable-code-coverage --parallel` (which merges and exports its JSON itself),
#     plus `llvm-cov export -format=lcov` of its profile, the LCOV a coverage tool would want.
# Each runs in its own clone, built once before the rounds (the three builds differ in flags),
# so every timed run's build step finds nothing to do. Prints the wall times, Telltale's own
# merge-and-export time and its share of the run, and both tools' line totals for the package's
# own (non-test) sources, which must agree.
#
#   Scripts/benchmark-coverage.sh [ROUNDS] [WORKERS]
#
# TELLTALE_BIN runs a given release binary; COLLECTIONS_URL another copy of the package; KEEP=1
# keeps the work folder; REUSE=FOLDER runs more rounds in a folder KEEP=1 kept (clones built,
# history recorded), numbered after the rounds it holds.
set -euo pipefail
rounds=${1:-2}
workers=${2:-2}
cd "$(dirname "$0")/.."

telltale=$(Scripts/release-telltale)
if [ -n "${REUSE:-}" ]; then
    work=$REUSE
    first=$(($(ls -d "$work"/coverage-[0-9]* 2>/dev/null | grep -c 'coverage-[0-9]*$') + 1))
else
    work=$(mktemp -d)
    first=1
    [ "${KEEP:-}" = 1 ] && echo "work folder: $work" >&2 || trap 'rm -rf "$work"' EXIT
    url=${COLLECTIONS_URL:-https://github.com/apple/swift-collections}
    for copy in coverage plain swifttest; do
        git clone -q "$url" "$work/$copy"
        git -C "$work/$copy" -c advice.detachedHead=false checkout -q 1.6.0
    done
fi
last=$((first + rounds - 1))

# The flags Telltale's coverage build adds (CoverageBuild.buildArguments on Linux).
coverage_flags=(--enable-code-coverage -Xswiftc -Xllvm -Xswiftc -runtime-counter-relocation)
seconds() { python3 -c "import time; print(f'{time.time() - $1:.2f}')"; }
now() { python3 -c 'import time; print(time.time())'; }

# Telltale schedules by its history, as a user's CI does after one run: the plain clone's first
# run records one, and each timed Telltale run starts from a copy of it (so no round sees another's).
if [ -z "${REUSE:-}" ]; then
    echo "building the three clones (once; each with its own flags) and recording a history…" >&2
    "$telltale" run --package "$work/plain" --history "$work/history.sqlite" --workers "$workers" --report-dir "$work/warm-plain" >/dev/null 2>&1 || true
    swift build --build-tests --package-path "$work/coverage" "${coverage_flags[@]}" >/dev/null 2>&1
    swift test --package-path "$work/swifttest" --enable-code-coverage --parallel --num-workers "$workers" --filter '^NoSuchTest$' >/dev/null 2>&1 || true
fi

bin=$(swift build --package-path "$work/swifttest" --show-bin-path)
llvm_cov="$(dirname "$(readlink -f "$(command -v swift)")")/llvm-cov"
printf '%-6s %16s %18s %26s %16s\n' round "telltale --coverage" "telltale (no cov.)" "swift test --enable-code-coverage" "merge+export"
for round in $(seq "$first" "$last"); do
    start=$(now)
    cp "$work/history.sqlite" "$work/history-coverage-$round.sqlite"
    "$telltale" run --package "$work/coverage" --coverage --history "$work/history-coverage-$round.sqlite" --workers "$workers" \
        --report-dir "$work/coverage-$round" >"$work/coverage-$round.out" 2>"$work/coverage-$round.err" || true
    covered=$(seconds "$start")
    start=$(now)
    cp "$work/history.sqlite" "$work/history-plain-$round.sqlite"
    "$telltale" run --package "$work/plain" --history "$work/history-plain-$round.sqlite" --workers "$workers" \
        --report-dir "$work/plain-$round" >"$work/plain-$round.out" 2>&1 || true
    plain=$(seconds "$start")
    start=$(now)
    swift test --package-path "$work/swifttest" --enable-code-coverage --parallel --num-workers "$workers" \
        >"$work/swifttest-$round.out" 2>&1 || true
    "$llvm_cov" export -format=lcov -instr-profile="$bin/codecov/default.profdata" "$bin"/*PackageTests.xctest >"$work/swifttest-$round.lcov"
    swifttest=$(seconds "$start")
    merge=$(grep -o 'merged and exported in [0-9]* ms' "$work/coverage-$round.err" | grep -o '[0-9]*' || echo "?")
    printf '%-6s %15ss %17ss %25ss %13s ms\n' "$round" "$covered" "$plain" "$swifttest" "$merge"
done

# Both tools' totals for the package's own files, each from llvm-cov's LCOV (distinct lines):
# the file summaries of SwiftPM's JSON count a line once for every function whose code covers it
# (a closure's lines again for the function around it), so they run higher where code nests.
python3 - "$work" "$first" "$last" <<'PY'
import json, os, re, sys
work, first, last = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
root = os.path.realpath(os.path.join(work, "swifttest")) + "/"

def lcov_lines(path, keep):
    """Each kept file's lines and their highest count, from an LCOV file."""
    files, current, lines = {}, None, {}
    for text in open(path):
        text = text.rstrip("\n")
        if text.startswith("SF:"):
            current, lines = text[3:], {}
        elif text.startswith("DA:"):
            number, count = text[3:].split(",")[:2]
            lines[int(number)] = max(lines.get(int(number), 0), int(count))
        elif text == "end_of_record" and current and current.startswith(root) and current[len(root):] in keep:
            merged = files.setdefault(current[len(root):], {})
            for number, count in lines.items():
                merged[number] = max(merged.get(number, 0), count)
    return {p: {"covered": sum(1 for c in l.values() if c > 0), "total": len(l)} for p, l in files.items()}

for round in range(first, last + 1):
    record = json.load(open(os.path.join(work, f"coverage-{round}", "run.json")))
    coverage = record.get("coverage")
    if not coverage:
        print(f"round {round}: the coverage run measured nothing; see {work}/coverage-{round}.err")
        continue
    ours = {f["path"]: f["lines"] for f in coverage["files"]}
    theirs = lcov_lines(os.path.join(work, f"swifttest-{round}.lcov"), ours)
    sum_ours = (sum(ours[p]["covered"] for p in theirs), sum(ours[p]["total"] for p in theirs))
    sum_theirs = (sum(v["covered"] for v in theirs.values()), sum(v["total"] for v in theirs.values()))
    share = ""
    m = re.search(r"merged and exported in (\d+) ms", open(os.path.join(work, f"coverage-{round}.err")).read())
    if m:
        share = f", merge+export {int(m.group(1)) / 1000 / record['duration'] * 100:.1f}% of the run ({record['duration']:.1f} s)"
    print(f"round {round}: {len(theirs)} files; telltale {sum_ours[0]}/{sum_ours[1]} lines, swift test {sum_theirs[0]}/{sum_theirs[1]} "
          f"({'the same' if sum_ours == sum_theirs else 'DIFFERENT'}){share}; "
          f"{sum(1 for t in record['tests'] if t['outcome'] in ('failed', 'error'))} tests failed")
    # Where they differ, the files, to look at (a package whose tests are randomized covers a
    # few lines more or less from run to run, whichever tool runs it).
    for path in sorted(p for p in theirs if ours[p] != theirs[p])[:10]:
        print(f"  {path}: telltale {ours[path]['covered']}/{ours[path]['total']}, swift test {theirs[path]['covered']}/{theirs[path]['total']}")
PY
