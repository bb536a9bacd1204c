#!/usr/bin/env bash
# Measures what Telltale adds to a test run: `telltale run --package DIR` on a warm
# build (it still runs `swift build --build-tests`, a no-op) against
# `swift test --skip-build` on the same package. Target: at most 10% slower.
#
#   Scripts/benchmark-overhead.sh DIR [RUNS]
#
# Needs hyperfine (Debian: apt-get install hyperfine). Prints both means and the ratio.
set -euo pipefail
package=$(cd "${1:?usage: $0 PACKAGE_DIR [RUNS]}" && pwd)
runs=${2:-10}
cd "$(dirname "$0")/.."
command -v hyperfine >/dev/null || { echo "hyperfine is needed: apt-get install hyperfine" >&2; exit 1; }

swift build -c release --product telltale >/dev/null
telltale="$(swift build -c release --show-bin-path)/telltale"
swift build --build-tests --package-path "$package" >/dev/null
reports=$(mktemp -d)
results=$(mktemp)

# Both commands exit 1 when the package has failing tests; that is not an error here.
hyperfine --warmup 2 --runs "$runs" --ignore-failure --export-json "$results" \
    --command-name "swift test --skip-build" "swift test --package-path '$package' --skip-build" \
    --command-name "telltale run" "'$telltale' run --package '$package' --report-dir '$reports'" >&2

python3 - "$results" <<'PY'
import json, sys
r = {x["command"]: x for x in json.load(open(sys.argv[1]))["results"]}
base, ours = r["swift test --skip-build"]["mean"], r["telltale run"]["mean"]
print(f"swift test --skip-build: {base:.3f} s   telltale run: {ours:.3f} s   ratio: {ours / base:.3f}")
PY
