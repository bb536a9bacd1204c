#!/usr/bin/env bash
# Measures report generation at scale: writes a synthetic run.json (10,000 tests, 100,000
# events by default; 10% failing, some flaky, with output; an analytics verdict for every test,
# 5% failing it, and coverage of a 42-event tracking plan), then times `telltale report`
# (read run.json; write junit.xml, index.html, summary.md, events.jsonl) under
# /usr/bin/time -v, and opens the HTML in headless Chromium.
# Targets: under 2 s and 500 MB peak for the reports; under 2 s for the page to render.
#
#   Scripts/benchmark-reports.sh [TESTS] [EVENTS]
#
# SCRATCH=DIR picks the build folder (default .build). Needs python3, /usr/bin/time and
# chromium (Scripts/install-dependencies.sh installs chromium).
set -euo pipefail
tests=${1:-10000}
events=${2:-100000}
cd "$(dirname "$0")/.."
scratch=${SCRATCH:-.build}
command -v chromium >/dev/null || { echo "chromium is needed: run Scripts/install-dependencies.sh" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "/usr/bin/time is needed (Debian: apt-get install time)" >&2; exit 1; }

swift build -c release --product telltale --scratch-path "$scratch" >/dev/null
telltale="$(swift build -c release --scratch-path "$scratch" --show-bin-path)/telltale"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

python3 - "$dir/run.json" "$tests" "$events" <<'PY'
import json, sys, random
path, n_tests, n_events = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
random.seed(7)
tests = []
for i in range(n_tests):
    outcome = "failed" if i % 10 == 0 else "error" if i % 97 == 0 else "skipped" if i % 53 == 0 else "passed"
    test = {"id": f"BenchTests.Suite{i // 50}/test{i}()", "framework": "swift-testing" if i % 2 else "xctest",
            "outcome": outcome, "duration": round(random.random(), 3), "startedAt": "2026-11-21T05:20:00Z",
            "messages": [], "output": f"line one of test {i}\nline two <b>{i}</b>\n" * 3, "previousAttempts": []}
    if outcome in ("failed", "error"):
        test["messages"] = [{"kind": "failure" if outcome == "failed" else "error",
                             "text": f"XCTAssertEqual failed: (\"{i}\") is not equal to (\"{i + 1}\")",
                             "location": {"file": f"/repo/Tests/BenchTests/Suite{i // 50}.swift", "line": i % 400 + 1}}]
    if i % 40 == 1:
        test["previousAttempts"] = [{"outcome": "failed", "duration": 0.2, "messages": [{"kind": "failure", "text": "flaked"}], "output": "first try"}]
    tests.append(test)
events = []
for j in range(n_events):
    events.append({"id": f"e{j}", "receivedAt": "2026-11-21T05:20:01Z", "session": "s1",
                   "test": tests[j % n_tests]["id"] if j % 50 else None, "source": "segment", "name": f"event_{j % 40}",
                   "params": {"screen": "checkout", "value": j * 0.5, "items": [{"sku": f"A{j % 9}", "qty": j % 4}], "user": {"id": f"u{j % 1000}", "premium": j % 2 == 0}},
                   "raw": {"event": f"event_{j % 40}", "properties": {"value": j * 0.5}}})
# The analytics verdict: a tracking plan of 42 events (two never sent), every test checked, one
# in 20 missing an expected event (three near misses each) and breaking the plan once.
per_test = [0] * n_tests
for j in range(n_events):
    if j % 50:
        per_test[j % n_tests] += 1
def params(j):
    return events[j]["params"]
verifications = []
for i, test in enumerate(tests):
    v = {"test": test["id"], "eventCount": per_test[i], "failures": [], "violations": []}
    if i % 20 == 0:
        mine = [j for j in range(i, n_events, n_tests) if j % 50][:3]
        closest = [{"eventID": f"e{j}", "name": events[j]["name"], "receivedAt": events[j]["receivedAt"], "sameName": False,
                    "matchedParams": 1, "paramCount": 2,
                    "differences": [{"path": "value", "expected": "number > 1000000", "actual": f"{j * 0.5} (number)"}],
                    "params": params(j)} for j in mine]
        failure = {"kind": "missingEvent", "event": "purchase_completed",
                   "message": "missing event: expected purchase_completed { screen: \"checkout\", value: number > 1000000 } (at least 1), but the test sent no purchase_completed event",
                   "expectation": {"file": "Plans/bench.yml", "line": 10 + i % 50, "column": 9}, "eventIDs": [], "closest": closest}
        violation = {"kind": "typeMismatch", "event": events[mine[0]]["name"] if mine else "event_0", "path": "user.premium", "expected": "string",
                     "actual": "true (bool)", "test": test["id"], "count": len(mine), "eventIDs": [f"e{j}" for j in mine]}
        v["failures"].append(failure)
        v["violations"].append(violation)
        test["messages"].append({"kind": "failure", "text": failure["message"], "location": failure["expectation"]})
        test["messages"].append({"kind": "failure", "text": f"tracking plan: {violation['event']}.user.premium: expected string, got true (bool)"})
    verifications.append(v)
coverage = [{"name": f"event_{k}", "count": sum(1 for j in range(k, n_events, 40))} for k in range(40)]
coverage += [{"name": "purchase_completed", "count": 0}, {"name": "app_opened", "count": 0}]
verification = {"tests": sorted(verifications, key=lambda v: v["test"]), "coverage": {"events": coverage},
                "unattributed": [{"kind": "extraProperty", "event": f"event_{k}", "path": "user.premium", "expected": "id",
                                  "actual": "true (bool)", "test": None, "count": 10, "eventIDs": [f"e{j}" for j in range(k * 50, k * 50 + 250, 50)]}
                                 for k in range(0, 40, 10)],
                "unusedSelectors": ["BenchTests.Gone/*"], "eventCount": n_events, "unattributedEventCount": n_events - sum(per_test)}
record = {"schemaVersion": 1, "tool": {"name": "telltale", "version": "bench"},
          "plan": {"name": "benchmark", "package": "."}, "environment": {"host": "bench", "operatingSystem": "Linux"},
          "startedAt": "2026-11-21T05:20:00Z", "duration": 600.0, "tests": tests, "notes": [], "events": events,
          "verification": verification}
json.dump(record, open(path, "w"))
PY
echo "run.json: $(du -h "$dir/run.json" | cut -f1), $tests tests, $events events" >&2

/usr/bin/time -v "$telltale" report "$dir" >/dev/null 2>"$dir/time.txt" || { cat "$dir/time.txt" >&2; exit 1; }
wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$dir/time.txt")
rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$dir/time.txt")
echo "telltale report: wall ${wall}, peak RSS $((rss / 1024)) MB"
echo "index.html: $(du -h "$dir/index.html" | cut -f1), summary.md: $(wc -c <"$dir/summary.md") bytes, events.jsonl: $(wc -l <"$dir/events.jsonl") lines"

profile=$(mktemp -d)
start=$(date +%s.%N)
dom=$(chromium --headless=new --disable-gpu --no-sandbox --no-first-run --user-data-dir="$profile" --dump-dom "file://$dir/index.html" 2>/dev/null)
end=$(date +%s.%N)
rm -rf "$profile"
render=$(printf '%s' "$dom" | grep -o 'data-render-ms="[0-9]*"' | grep -o '[0-9]*' || true)
[ -n "$render" ] || { echo "the page did not render (no data-render-ms)" >&2; exit 1; }
python3 -c "import sys; print(f'chromium: page rendered {int(sys.argv[1])} ms after navigation; launch to DOM dump {float(sys.argv[3]) - float(sys.argv[2]):.2f} s')" "$render" "$start" "$end"
