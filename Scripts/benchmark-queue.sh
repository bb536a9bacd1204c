#!/usr/bin/env bash
# Queue mode, measured (Docs/Fleet.md), in a release build, on Tests/Fixtures/QueueModeFixture
# (60 tests that each wait 0.5 s) with three "machines": three telltale processes of two
# workers each, on this one host.
#  1. one machine three times slower (QUEUE_FIXTURE_SLOWDOWN=3: its tests take 1.5 s):
#     queue mode's wall time against static --shard I/3 (the same slow machine); goal <= 0.7x;
#  2. equal machines: queue mode against static shards; goal within 5%;
#  3. one machine killed with SIGKILL after 3 s (--lease-timeout 5): the build completes, every
#     test once in `queue report`, and the delay against (2) is about the lease timeout;
#  4. telltale-queue-benchmark: 20 machines x 2 workers drain 2,000 tiny units against one
#     PostgreSQL, no test processes: the time per reservation (goal < 5 ms), rows and bytes.
#
#   Scripts/benchmark-queue.sh [RUNS]        (RUNS of 1 and 2 each, default 3; medians printed)
#
# QUEUE_URL=postgres://USER@HOST/DB uses that database; otherwise a throwaway cluster of the
# machine's PostgreSQL (Debian's, as Scripts/install-dependencies.sh installs it) is started in
# a temporary folder on 127.0.0.1 and removed at the end. SCRATCH=DIR picks the build folder.
set -euo pipefail
runs=${1:-3}
cd "$(dirname "$0")/.."
scratch=${SCRATCH:-.build}

swift build -c release --product telltale --scratch-path "$scratch" >/dev/null
swift build -c release --product telltale-queue-benchmark --scratch-path "$scratch" >/dev/null
bin="$(swift build -c release --scratch-path "$scratch" --show-bin-path)"
telltale="$bin/telltale"
fixture=Tests/Fixtures/QueueModeFixture
swift build --build-tests --package-path "$fixture" >/dev/null
out=$(mktemp -d)
cluster=""
cleanup() {
    if [ -n "$cluster" ]; then
        $as_owner "$pg_bin/pg_ctl" -D "$cluster/data" -m immediate stop >/dev/null 2>&1 || true
        rm -rf "$cluster"
    fi
    rm -rf "$out"
}
trap cleanup EXIT

if [ -z "${QUEUE_URL:-}" ]; then
    pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
    [ -x "$pg_bin/initdb" ] || { echo "PostgreSQL's server is not installed: run Scripts/install-dependencies.sh, or set QUEUE_URL" >&2; exit 1; }
    cluster=$(mktemp -d /tmp/telltale-queue-bench-XXXXXX)
    as_owner=""
    # Debian's initdb refuses root: the cluster then belongs to the postgres user the package made.
    if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$cluster"; as_owner="setpriv --reuid=postgres --regid=postgres --init-groups --"; fi
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    $as_owner "$pg_bin/initdb" -D "$cluster/data" -U postgres --auth=trust -E UTF8 --locale=C --no-sync >/dev/null
    $as_owner "$pg_bin/pg_ctl" -D "$cluster/data" -l "$cluster/log" -w \
        -o "-c listen_addresses=127.0.0.1 -p $port -k $cluster -c fsync=off -c max_connections=200" start >/dev/null
    QUEUE_URL="postgres://postgres@127.0.0.1:$port/postgres"
fi

# One build of three machines, its wall time (s) on stdout. $1: label, $2: mode (queue|shard),
# $3: the third machine's slowdown, $4: kill the third machine after 3 s (yes|no).
build() {
    local label=$1 mode=$2 slowdown=$3 kill_third=$4
    local started pids=() machine
    started=$(date +%s.%N)
    for machine in 1 2 3; do
        local env_slow=1 args=()
        [ "$machine" = 3 ] && env_slow=$slowdown
        if [ "$mode" = queue ]; then
            args=(--queue "$QUEUE_URL" --build "$label" --machine "m$machine" --lease-timeout 5)
        else
            args=(--shard "$machine/3")
        fi
        QUEUE_FIXTURE_SLOWDOWN=$env_slow "$telltale" run --package "$fixture" --skip-build --no-history --workers 2 \
            --filter WaitCases --report-dir "$out/$label/m$machine" "${args[@]}" >/dev/null 2>&1 &
        pids+=($!)
    done
    if [ "$kill_third" = yes ]; then sleep 3; kill -KILL "${pids[2]}"; fi
    for pid in "${pids[@]}"; do wait "$pid" || true; done
    python3 -c "import time; print(f'{time.time() - $started:.2f}')"
}

median() { python3 -c 'import sys, statistics; print(f"{statistics.median(float(x) for x in sys.argv[1:]):.2f}")' "$@"; }

for scenario in slow equal; do
    slowdown=1
    [ "$scenario" = slow ] && slowdown=3
    queue_times=() shard_times=()
    for run in $(seq "$runs"); do
        shard_times+=("$(build "$scenario-shard-$run-$$" shard "$slowdown" no)")
        queue_times+=("$(build "$scenario-queue-$run-$$" queue "$slowdown" no)")
    done
    q=$(median "${queue_times[@]}")
    s=$(median "${shard_times[@]}")
    echo "$scenario machines: queue ${q} s (${queue_times[*]}), static shards ${s} s (${shard_times[*]}), queue/shards $(python3 -c "print(f'{$q / $s:.2f}')")x"
    [ "$scenario" = equal ] && equal_queue=$q
done

label="killed-$$"
killed=$(build "$label" queue 1 yes)
"$telltale" queue report --queue "$QUEUE_URL" --build "$label" --report-dir "$out/$label/build" --wait 120 >/dev/null 2>&1 || true
python3 - "$out/$label/build/run.json" "$killed" "$equal_queue" <<'PY'
import json, sys, collections
record = json.load(open(sys.argv[1]))
ids = collections.Counter(t["id"] for t in record["tests"])
machines = collections.Counter(t.get("machine") for t in record["tests"])
once = len(ids) == 60 and set(ids.values()) == {1}
print(f"one machine SIGKILLed after 3 s: {sys.argv[2]} s (equal machines: {sys.argv[3]} s; delay {float(sys.argv[2]) - float(sys.argv[3]):+.2f} s, lease 5 s); "
      f"{len(record['tests'])} results, every test once: {once}; by machine: {dict(machines)}")
PY

"$bin/telltale-queue-benchmark" "$QUEUE_URL" 20 2000 2
