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
#  5. a real suite of short tests: swift-argument-parser 1.8.2 (563 XCTest tests, most under
#     10 ms, in about 90 classes), cloned from the package mirror into .build-packages: a plain
#     run, queue mode with one machine (goal: within 10% of the plain run), three machines in
#     queue mode and with static --shard I/3 (goal: queue within the shards' time), beside
#     `swift test` and `swift test --parallel`; then the three machines again with the first
#     plain run's durations (--timings), as a team with a history runs them; every run's exit
#     status, which must agree. Then, where a CPU cgroup can be made (root, cgroup v1's `cpu` or
#     v2), the three machines of both modes again with a CPU budget each (BUDGET_CPUS of a core,
#     default 0.6), as separate hosts would have: on one shared host a machine that finishes
#     early lends its cores to the others, so a static split's imbalance costs nothing there and
#     only the queue's coordination shows; with a budget each, an idle machine's share is lost,
#     as it is on separate hosts.
#
#   Scripts/benchmark-queue.sh [RUNS]        (RUNS of each, default 3; medians printed)
#
# TELLTALE_BIN runs a given release binary of telltale (the queue benchmark's own binary is still
# built); REAL_SUITE=0 leaves out (5), ONLY_REAL_SUITE=1 runs only (5).
# QUEUE_URL=postgres://USER@HOST/DB uses that database; otherwise a throwaway cluster of the
# machine's PostgreSQL (Debian's, as Scripts/install-dependencies.sh installs it) is started in
# a temporary folder on 127.0.0.1 and removed at the end. SCRATCH=DIR picks the build folder.
set -euo pipefail
runs=${1:-3}
cd "$(dirname "$0")/.."
scratch=${SCRATCH:-.build}

only_real=${ONLY_REAL_SUITE:-0}
if [ -n "${TELLTALE_BIN:-}" ]; then
    telltale=$TELLTALE_BIN
else
    swift build -c release --product telltale --scratch-path "$scratch" >/dev/null
    telltale="$(swift build -c release --scratch-path "$scratch" --show-bin-path)/telltale"
fi
if [ "$only_real" != 1 ]; then
    swift build -c release --product telltale-queue-benchmark --scratch-path "$scratch" >/dev/null
    bin="$(swift build -c release --scratch-path "$scratch" --show-bin-path)"
fi
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

seconds_since() { python3 -c "import time; print(f'{time.time() - $1:.2f}')"; }

# (5) The real suite: one build's wall time (s) and its machines' exit statuses on stdout.
# $1: label, $2: mode (plain|queue|shard|swift-test|swift-test-parallel), $3: machines.
real_url=https://github.com/apple/swift-argument-parser
real_tag=1.8.2
real=.build-packages/swift-argument-parser-$real_tag
# The CPU budgets: a cgroup per machine under budget_root, each with a CPU quota; `in_budget M`
# runs a command in machine M's while BUDGET=1.
budget_root=""
budget_setup() {
    local quota period=100000 machine root
    quota=$(python3 -c "print(int(${BUDGET_CPUS:-0.6} * $period))")
    for root in /sys/fs/cgroup/cpu /sys/fs/cgroup/unified /sys/fs/cgroup; do
        [ -w "$root" ] || continue
        mkdir -p "$root/telltale-benchmark-$$" 2>/dev/null || continue
        budget_root="$root/telltale-benchmark-$$"
        break
    done
    [ -n "$budget_root" ] || return 1
    for machine in 1 2 3; do
        mkdir -p "$budget_root/m$machine" || return 1
        if [ -f "$budget_root/m$machine/cpu.cfs_quota_us" ]; then
            echo "$quota" >"$budget_root/m$machine/cpu.cfs_quota_us" || return 1
        else
            echo "$quota $period" >"$budget_root/m$machine/cpu.max" 2>/dev/null || return 1
        fi
    done
}
budget_cleanup() {
    [ -n "$budget_root" ] || return 0
    local group
    for group in "$budget_root"/m*; do rmdir "$group" 2>/dev/null || true; done
    rmdir "$budget_root" 2>/dev/null || true
}
# Runs a command in machine M's budget: the shell joins the cgroup, then becomes the command.
in_budget() {
    local machine=$1
    shift
    sh -c 'echo $$ >"$0/cgroup.procs" && exec "$@"' "$budget_root/m$machine" "$@"
}

real_build() {
    local label=$1 mode=$2 count=$3 timings=${4:-} started pids=() statuses=() machine pid
    local budget=()
    started=$(date +%s.%N)
    case $mode in
    swift-test) swift test --package-path "$real" --skip-build >/dev/null 2>&1 & pids+=($!) ;;
    swift-test-parallel) swift test --package-path "$real" --skip-build --parallel >/dev/null 2>&1 & pids+=($!) ;;
    *)
        for machine in $(seq "$count"); do
            local args=()
            [ "$mode" = queue ] && args=(--queue "$QUEUE_URL" --build "$label" --machine "m$machine")
            [ "$mode" = shard ] && args=(--shard "$machine/$count")
            [ -n "$timings" ] && args+=(--timings "$timings")
            [ "${BUDGET:-0}" = 1 ] && budget=(in_budget "$machine")
            "${budget[@]}" "$telltale" run --package "$real" --skip-build --no-history --workers 2 --report-dir "$out/$label/m$machine" \
                "${args[@]}" >/dev/null 2>&1 &
            pids+=($!)
        done
        ;;
    esac
    for pid in "${pids[@]}"; do
        if wait "$pid"; then statuses+=(0); else statuses+=($?); fi
    done
    echo "$(seconds_since "$started") $(IFS=,; echo "${statuses[*]}")"
}

real_suite() {
    if [ ! -f "$real/Package.swift" ]; then
        mkdir -p .build-packages
        rm -rf "$real.partial"
        git clone -q "$real_url" "$real.partial"
        git -C "$real.partial" -c advice.detachedHead=false checkout -q "$real_tag"
        mv "$real.partial" "$real"
    fi
    swift build --build-tests --package-path "$real" >/dev/null
    declare -A medians
    # One scenario RUNS times: its median in medians[KEY] and a line. $1: key prefix ("" or
    # "timed "), $2: mode, $3: machines, $4: a --timings file or "".
    real_scenario() {
        local prefix=$1 mode=$2 count=$3 timings=$4 times=() statuses=() result run m
        for run in $(seq "$runs"); do
            result=$(real_build "real-${prefix// /-}$mode-$count-$run-$$" "$mode" "$count" "$timings")
            times+=("${result% *}")
            statuses+=("${result#* }")
        done
        m=$(median "${times[@]}")
        medians["$prefix$mode $count"]=$m
        echo "swift-argument-parser $real_tag, $mode x$count${timings:+ with --timings}${BUDGET:+, a CPU budget of ${BUDGET_CPUS:-0.6} each}: ${m} s (${times[*]}); exit statuses ${statuses[*]}"
    }
    local scenario
    for scenario in "plain 1" "queue 1" "queue 3" "shard 3" "swift-test 1" "swift-test-parallel 1"; do
        real_scenario "" $scenario ""
    done
    # As a team with a history runs them: every machine given the durations of the first plain
    # run (--timings), so shards split by past durations and the queue goes longest first.
    local timed
    timed=$(ls "$out"/real-plain-1-1-*/m1/run.json | head -1)
    real_scenario "timed " queue 3 "$timed"
    real_scenario "timed " shard 3 "$timed"
    python3 - "${medians[plain 1]}" "${medians[queue 1]}" "${medians[queue 3]}" "${medians[shard 3]}" \
        "${medians[timed queue 3]}" "${medians[timed shard 3]}" <<'PY'
import sys
plain, one, three, shards, timed_three, timed_shards = map(float, sys.argv[1:])
print(f"real suite: queue with one machine / plain run {one / plain:.2f}x (goal <= 1.10); three machines queue / static shards "
      f"{three / shards:.2f}x, with --timings {timed_three / timed_shards:.2f}x (goal <= 1.00)")
PY
    if ! budget_setup; then
        budget_cleanup
        echo "real suite with a CPU budget per machine: skipped (no writable CPU cgroup here; run as root on Linux)"
        return 0
    fi
    trap 'budget_cleanup; cleanup' EXIT
    BUDGET=1
    real_scenario "budget " queue 3 ""
    real_scenario "budget " shard 3 ""
    real_scenario "budget timed " queue 3 "$timed"
    real_scenario "budget timed " shard 3 "$timed"
    unset BUDGET
    budget_cleanup
    python3 - "${medians[budget queue 3]}" "${medians[budget shard 3]}" "${medians[budget timed queue 3]}" "${medians[budget timed shard 3]}" <<'PY'
import sys
three, shards, timed_three, timed_shards = map(float, sys.argv[1:])
print(f"real suite, a CPU budget per machine (separate hosts): queue / static shards {three / shards:.2f}x, "
      f"with --timings {timed_three / timed_shards:.2f}x (goal <= 1.00)")
PY
}

median() { python3 -c 'import sys, statistics; print(f"{statistics.median(float(x) for x in sys.argv[1:]):.2f}")' "$@"; }

if [ "$only_real" = 1 ]; then
    real_suite
    exit 0
fi

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

[ "${REAL_SUITE:-1}" = 0 ] || real_suite
