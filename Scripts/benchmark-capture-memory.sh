#!/usr/bin/env bash
# Measures the capture server's memory: what the in-memory index costs per event, and the peak
# resident memory over a long session with the default `--max-events` (1,000,000).
#
#   Scripts/benchmark-capture-memory.sh [EVENTS]
#
# Sends EVENTS (default 10,000,000) events in 100-event batches (wrk, 2 threads, 32
# connections) to a release `telltale capture`, twice:
#   1. `--max-events 0` (every event in memory) up to 1,000,000 events: the index's memory per
#      event is (RSS after - RSS before) / events;
#   2. default settings, all EVENTS: the peak RSS (VmHWM), which the cap bounds.
# Every event is checked to be in the log afterwards. TELLTALE_BIN runs a given release binary;
# SWIFT_SCRATCH_PATH chooses the build folder. Installs wrk if missing.
set -euo pipefail
total=${1:-10000000}
cd "$(dirname "$0")/.."

if ! command -v wrk >/dev/null 2>&1; then
    sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
    echo "benchmark-capture-memory: installing wrk" >&2
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends wrk >/dev/null
fi
telltale=$(Scripts/release-telltale)
work=$(mktemp -d)
capture_pid=""
cleanup() { [ -n "$capture_pid" ] && kill "$capture_pid" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

# A 100-event batch, each event a name and three params: a typical analytics event.
python3 - "$work" <<'PY'
import json, sys
body = json.dumps({"events": [{"name": "screen_viewed", "params": {"screen": "checkout", "step": i, "plan": "pro"}} for i in range(100)]})
with open(f"{sys.argv[1]}/batch.lua", "w") as f:
    f.write('wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\n')
    f.write("wrk.body = " + json.dumps(body) + "\n")
    # Stop after the wanted number of answers, counted per thread (as wrk's scripts/stop.lua
    # does: stopping from `request` leaves wrk waiting for its duration).
    f.write("local limit = tonumber(os.getenv('REQUESTS_PER_THREAD'))\nlocal answered = 0\n")
    f.write("response = function() answered = answered + 1; if answered >= limit then wrk.thread:stop() end end\n")
PY

kib() { awk -v key="$2:" '$1 == key { print $2 }' "/proc/$1/status"; }

start_capture() { # FLAGS...
    # A FIFO: reading its first line waits for the server to announce itself, without polling.
    rm -f "$work/capture.out"; mkfifo "$work/capture.out"
    "$telltale" capture --port 0 --out "$work/events.jsonl" --quiet "$@" > "$work/capture.out" 2> "$work/capture.err" &
    capture_pid=$!
    exec 3< "$work/capture.out"
    read -r first <&3
    capture_url=${first#capture listening on }
}

send() { # EVENTS
    local requests=$(( $1 / 100 ))
    REQUESTS_PER_THREAD=$(( requests / 2 )) wrk -t2 -c32 -d1200s -s "$work/batch.lua" "$capture_url/s/memory/events" > "$work/wrk.txt" &
    local wrk_pid=$!
    # wrk sometimes keeps waiting after its threads stopped: once the log holds them all, it is stopped.
    while kill -0 "$wrk_pid" 2>/dev/null; do
        sleep 2
        [ "$(wc -l < "$work/events.jsonl")" -ge "$1" ] && { sleep 1; kill "$wrk_pid" 2>/dev/null || true; }
    done
    wait "$wrk_pid" 2>/dev/null || true
}

stop_capture() {
    kill "$capture_pid"; wait "$capture_pid" 2>/dev/null || true; capture_pid=""
}

# 1. The index's memory per event, everything kept.
rm -f "$work/events.jsonl"
start_capture --max-events 0
before=$(kib "$capture_pid" VmRSS)
send 1000000
after=$(kib "$capture_pid" VmRSS)
kept=$(curl -fsS "$capture_url/_telltale/health" | python3 -c 'import json,sys; print(json.load(sys.stdin)["events"])')
stop_capture
per_event=$(python3 -c "print(round(($after - $before) * 1024 / $kept))")
echo "index: $kept events in memory, RSS $((before / 1024)) MiB → $((after / 1024)) MiB: $per_event bytes per event"

# 2. Default settings over the whole session.
rm -f "$work/events.jsonl"
start_capture
send "$total"
peak=$(kib "$capture_pid" VmHWM)
rss=$(kib "$capture_pid" VmRSS)
kept=$(curl -fsS "$capture_url/_telltale/health" | python3 -c 'import json,sys; print(json.load(sys.stdin)["events"])')
stop_capture
logged=$(wc -l < "$work/events.jsonl")
echo "default settings: $logged events sent and logged, $kept in memory; RSS $((rss / 1024)) MiB at the end, peak $((peak / 1024)) MiB"
grep -h "leave memory" "$work/capture.err" | head -1 || true
[ "$logged" -ge "$total" ] || { echo "benchmark-capture-memory: only $logged of $total events reached the log" >&2; exit 1; }
