#!/usr/bin/env bash
# Test-level selection (`--changed --select tests`) on swift-collections 1.6.0, release telltale:
#   - cost: the coverage map run (--coverage-map) against a plain run, the map's size; for a one-line
#     change in Sources/DequeModule, the tests selected and the test phase's wall time, test-level
#     against target-level against the full run, the incremental build apart, and the selection's own time;
#   - safety: COUNT executable lines of Sources/DequeModule (ones the tests ran, from the map run's
#     coverage.json), chosen by a seeded shuffle; each gets a small change that makes the code trap
#     (`fatalError` inserted before it); a line where that does not compile is skipped for the next.
#     For each, whether some test fails under target-level selection and under test-level selection:
#     every change that fails a test by target must fail one by test.
#
#   Scripts/benchmark-test-selection.sh [COUNT] [SEED] [WORKERS]
#
# Two clones: one built for coverage records the map, the other (a plain build, as a developer's)
# imports it and runs the selections, so neither rebuilds for the other. TELLTALE_BIN runs a given
# release binary; COLLECTIONS_URL another copy of the package; KEEP=1 keeps the work folder.
set -euo pipefail
count=${1:-20}
seed=${2:-28}
workers=${3:-2}
cd "$(dirname "$0")/.."

telltale=$(Scripts/release-telltale)
work=$(mktemp -d)
[ "${KEEP:-}" = 1 ] && echo "work folder: $work" >&2 || trap 'rm -rf "$work"' EXIT
url=${COLLECTIONS_URL:-https://github.com/apple/swift-collections}
for copy in mapped developer; do
    git clone -q "$url" "$work/$copy"
    git -C "$work/$copy" -c advice.detachedHead=false checkout -q -b base 1.6.0
    printf 'Reports/\n.telltale/\n' >>"$work/$copy/.git/info/exclude"
done

now() { python3 -c 'import time; print(time.time())'; }
seconds() { python3 -c "import time; print(f'{time.time() - $1:.2f}')"; }

echo "building both clones once (coverage build, plain build)…" >&2
swift build --build-tests --package-path "$work/mapped" --enable-code-coverage -Xswiftc -Xllvm -Xswiftc -runtime-counter-relocation >/dev/null 2>&1
swift build --build-tests --package-path "$work/developer" >/dev/null 2>&1
# Warm the plain clone's telltale build (as swift test builds) and its history's durations.
"$telltale" run --package "$work/developer" --workers "$workers" --report-dir "$work/developer/Reports/warm" >/dev/null 2>&1 || true

start=$(now)
"$telltale" run --package "$work/mapped" --coverage-map --no-history --workers "$workers" \
    --report-dir "$work/mapped/Reports/map" >"$work/map.out" 2>"$work/map.err" || true
map_seconds=$(seconds "$start")
start=$(now)
"$telltale" run --package "$work/developer" --skip-build --workers "$workers" \
    --report-dir "$work/developer/Reports/plain" >/dev/null 2>&1 || true
plain_seconds=$(seconds "$start")
"$telltale" history import --package "$work/developer" "$work/mapped/Reports/map/coverage-map.bin" >/dev/null
map_bytes=$(stat -c %s "$work/mapped/Reports/map/coverage-map.bin")
history_before=$(stat -c %s "$work/developer/.telltale/history.sqlite")
echo "map run (--coverage-map, every test alone): ${map_seconds}s; a plain run: ${plain_seconds}s"
grep -E '^coverage map: [0-9]+ tests' "$work/map.err" || { echo "the map run recorded no map; see $work/map.err" >&2; tail -20 "$work/map.err" >&2; exit 1; }
echo "coverage-map.bin: $((map_bytes / 1024)) KiB; history with it: $((history_before / 1024)) KiB"

python3 - "$work" "$telltale" "$count" "$seed" "$workers" <<'PY'
import contextlib, json, os, random, re, subprocess, sys, time
work, telltale, count, seed, workers = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
package = os.path.join(work, "developer")
data = json.load(open(os.path.join(work, "mapped", "Reports", "map", "coverage.json")))
candidates = [(f["path"], line) for f in data["files"] if f["path"].startswith("Sources/DequeModule/")
              for line, ran in f["lines"] if ran > 0]
candidates.sort()
random.Random(seed).shuffle(candidates)
print(f"{len(candidates)} executed lines in Sources/DequeModule; seed {seed}")

def run(arguments):
    start = time.time()
    result = subprocess.run([telltale, "run", "--package", package, "--skip-build", "--workers", workers] + arguments,
                            capture_output=True, text=True)
    elapsed = time.time() - start
    record = {}
    reports = arguments[arguments.index("--report-dir") + 1]
    try:
        record = json.load(open(os.path.join(reports, "run.json")))
    except Exception:
        pass
    tests = len(record.get("tests", []))
    chosen = re.search(r"chosen in (\d+) ms", result.stderr)
    return result.returncode, tests, elapsed, (int(chosen.group(1)) if chosen else None), result.stderr

@contextlib.contextmanager
def inserted(path, line, statement):
    """The package with `statement` inserted before `line` of `path`, at its indent, put back after."""
    file = os.path.join(package, path)
    original = open(file).read()
    lines = original.split("\n")
    indent = re.match(r"\s*", lines[line - 1]).group(0)
    lines.insert(line - 1, indent + statement)
    open(file, "w").write("\n".join(lines))
    try:
        yield
    finally:
        open(file, "w").write(original)

def build():
    start = time.time()
    result = subprocess.run(["swift", "build", "--build-tests", "--package-path", package], capture_output=True, text=True)
    return result.returncode == 0, time.time() - start

pairs = []
cost_done = False
for path, line in candidates:
    if len(pairs) >= count:
        break
    with inserted(path, line, 'fatalError("telltale mutant")'):
        compiled, build_seconds = build()
        if not compiled:
            print(f"  {path}:{line}: does not compile with the change; next line")
            continue
        by_target = run(["--changed", "--base", "HEAD", "--report-dir", os.path.join(work, "r-target")])
        by_test = run(["--changed", "--base", "HEAD", "--select", "tests", "--report-dir", os.path.join(work, "r-test")])
        if by_test[3] is None:
            print(f"  (no test-level selection was made; the run said:)\n{by_test[4][-2000:]}")
        fails = lambda outcome: outcome[0] == 1
        pairs.append((path, line, fails(by_target), fails(by_test), by_target[1], by_test[1]))
        print(f"  {path}:{line}: by target {'FAIL' if fails(by_target) else 'pass'} ({by_target[1]} tests), "
              f"by test {'FAIL' if fails(by_test) else 'pass'} ({by_test[1]} tests)")
        if not cost_done and fails(by_target):
            # The one-line change's cost, on the first change that fails a test (the trap makes every
            # test that reaches it crash; its runs are what a developer would wait for).
            full = run(["--report-dir", os.path.join(work, "r-full")])
            print(f"one-line change at {path}:{line}: incremental build {build_seconds:.1f}s (apart); test phase: "
                  f"full run {full[1]} tests {full[2]:.1f}s, target-level {by_target[1]} tests {by_target[2]:.1f}s, "
                  f"test-level {by_test[1]} tests {by_test[2]:.1f}s; selection itself {by_test[3]} ms")
            cost_done = True

# A harmless one-line change (a body line's value kept, its text changed) for a cost without traps.
for path, line in candidates:
    with inserted(path, line, "_ = 0"):
        compiled, build_seconds = build()
        if not compiled:
            continue
        by_target = run(["--changed", "--base", "HEAD", "--report-dir", os.path.join(work, "r-target")])
        by_test = run(["--changed", "--base", "HEAD", "--select", "tests", "--report-dir", os.path.join(work, "r-test")])
        full = run(["--report-dir", os.path.join(work, "r-full")])
        print(f"a passing one-line change at {path}:{line}: incremental build {build_seconds:.1f}s (apart); test phase: "
              f"full run {full[1]} tests {full[2]:.1f}s, target-level {by_target[1]} tests {by_target[2]:.1f}s, "
              f"test-level {by_test[1]} tests {by_test[2]:.1f}s; selection itself {by_test[3]} ms")
        break

unsafe = [p for p in pairs if p[2] and not p[3]]
print(f"{len(pairs)} changes: {sum(1 for p in pairs if p[2])} fail a test by target, "
      f"{sum(1 for p in pairs if p[3])} by test; missed by test-level: {len(unsafe)}")
for p in unsafe:
    print(f"  MISSED: {p[0]}:{p[1]}")
sys.exit(1 if unsafe else 0)
PY
