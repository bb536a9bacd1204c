#!/usr/bin/env bash
# The launchers side by side on one package (release build of telltale), in alternating rounds:
#   - `telltale run --launcher direct` and `--launcher swiftpm`, both with --workers WORKERS,
#   - `swift test --skip-build --parallel --num-workers WORKERS`, what a user would run instead;
# then checks that the two launchers gave the same verdict for every test, and that no worker
# of the swiftpm runs waited for SwiftPM's lock on .build.
#
#   Scripts/benchmark-launchers.sh PACKAGE [ROUNDS] [WORKERS]
#
# PACKAGE is built with `swift build --build-tests` first; every run uses --skip-build and
# --no-history, so each round does the same work. TELLTALE_BIN runs a given release binary.
set -euo pipefail
package=$(cd "${1:?usage: Scripts/benchmark-launchers.sh PACKAGE [ROUNDS] [WORKERS]}" && pwd)
rounds=${2:-3}
workers=${3:-2}
cd "$(dirname "$0")/.."

telltale=$(Scripts/release-telltale)
swift build --build-tests --package-path "$package" >/dev/null
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

seconds() { local start=$1; python3 -c "import time; print(f'{time.time() - $start:.2f}')"; }
now() { python3 -c 'import time; print(time.time())'; }

printf '%-6s %12s %12s %22s\n' round direct swiftpm "swift test --parallel"
for round in $(seq 1 "$rounds"); do
    row=()
    for launcher in direct swiftpm; do
        start=$(now)
        "$telltale" run --package "$package" --skip-build --no-history --workers "$workers" --launcher "$launcher" \
            --report-dir "$out/$launcher-$round" >"$out/$launcher-$round.out" 2>&1 || true
        row+=("$(seconds "$start")")
    done
    start=$(now)
    swift test --package-path "$package" --skip-build --parallel --num-workers "$workers" >"$out/swift-test-$round.out" 2>&1 || true
    row+=("$(seconds "$start")")
    printf '%-6s %11ss %11ss %21ss\n' "$round" "${row[@]}"
done

python3 - "$out" "$rounds" <<'PY'
import json, os, sys
out, rounds = sys.argv[1], int(sys.argv[2])
def verdicts(folder):
    record = json.load(open(os.path.join(out, folder, "run.json")))
    return {t["id"]: (t["outcome"], [m["text"].split("\n")[0] for m in t.get("messages", [])]) for t in record["tests"]}
for round in range(1, rounds + 1):
    direct, swiftpm = verdicts(f"direct-{round}"), verdicts(f"swiftpm-{round}")
    differ = sorted(k for k in set(direct) | set(swiftpm) if direct.get(k) != swiftpm.get(k))
    print(f"round {round}: {len(direct)} tests, verdicts {'the same' if not differ else 'DIFFER: ' + ', '.join(differ[:5])}")
waited = [f for f in os.listdir(out) if f.startswith("swiftpm-") and os.path.isdir(os.path.join(out, f))
          for log in os.listdir(os.path.join(out, f, "logs")) if log.startswith("worker-")
          and "waiting until that process has finished" in open(os.path.join(out, f, "logs", log)).read()]
print("workers that waited for the .build lock:", len(waited))
PY
