#!/usr/bin/env bash
# Measures the capture server on loopback against an nginx `return 204` baseline, in one run:
#   - sustained requests/s and events/s, p50/p99 latency, for single-event POSTs and
#     100-event batches, every event written to the log before its 2xx (CAPTURE_FLAGS=--sync:
#     fdatasync'd group commits); the stored line count is checked against wrk's total;
#   - each server's CPU time per request (user + system, from /proc), which on a machine whose
#     cores wrk shares is what the request rate comes down to;
#   - the time from an event's arrival to a waiting /_telltale/wait's answer (p50/p99).
#
#   Scripts/benchmark-capture.sh [SECONDS]
#
# ROUNDS (default 3) alternates nginx and Telltale that many times, SECONDS each, and reports
# each round's ratio and their median: the machine's speed drifts over minutes (other VMs share
# its host), and a ratio taken from two runs side by side is the one drift distorts least.
#
# SWIFT_SCRATCH_PATH chooses the build folder (default .build); TELLTALE_BIN runs a given
# release binary instead of building one. WRK_THREADS and WRK_CONNECTIONS
# (default 1 and 256) are the same for nginx and Telltale: one wrk thread leaves the servers
# most of a 2-core machine, and 256 connections let a group commit gather enough requests to
# amortise its fdatasync (with 64, at most 64 requests can share one).
# CAPTURE_FLAGS are added to `telltale capture` (`--sync`, `--max-events 0`).
# Installs wrk and nginx-light from Debian if missing. Prints a table and the ratio to nginx.
set -euo pipefail
duration=${1:-10}
rounds=${ROUNDS:-3}
threads=${WRK_THREADS:-1}
connections=${WRK_CONNECTIONS:-256}
cd "$(dirname "$0")/.."

need=()
command -v wrk >/dev/null 2>&1 || need+=(wrk)
command -v nginx >/dev/null 2>&1 || need+=(nginx-light)
if [ ${#need[@]} -gt 0 ]; then
    sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
    echo "benchmark-capture: installing ${need[*]}" >&2
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

telltale=$(Scripts/release-telltale)
work=$(mktemp -d)
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# nginx: return 204 on loopback, as many workers as the machine has cores.
nginx_port=$(free_port)
mkdir -p "$work/nginx"
cat > "$work/nginx/nginx.conf" <<CONF
worker_processes auto;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path $work/nginx/body;
    server { listen 127.0.0.1:$nginx_port; location / { return 204; } }
}
CONF
nginx -c "$work/nginx/nginx.conf" -g 'daemon off;' &
nginx_pid=$!
pids+=($nginx_pid)

# telltale capture: port 0, the real port read from its first stdout line.
mkfifo "$work/capture.out"
"$telltale" capture --port 0 --out "$work/events.jsonl" --quiet ${CAPTURE_FLAGS:-} > "$work/capture.out" &
capture_pid=$!
pids+=($capture_pid)
exec 3< "$work/capture.out"
read -r first <&3
capture_url=${first#capture listening on }
for _ in $(seq 50); do curl -fs "http://127.0.0.1:$nginx_port/" -o /dev/null -w '' 2>/dev/null && break; sleep 0.1; done

python3 - "$work" <<'PY'
import json, sys
work = sys.argv[1]
single = json.dumps({"name": "bench_event", "params": {"plan": "pro", "value": 9.99}})
batch = json.dumps({"events": [{"name": "bench_batch", "params": {"i": i, "plan": "pro"}} for i in range(100)]})
for name, body in (("single", single), ("batch", batch)):
    with open(f"{work}/{name}.lua", "w") as f:
        f.write('wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\n')
        f.write("wrk.body = " + json.dumps(body) + "\n")
PY

# CPU ticks (user + system) of a process and its children: nginx's workers, or telltale's threads.
cpu_ticks() {
    local total=0 pid
    for pid in "$1" $(pgrep -P "$1" || true); do
        total=$((total + $(awk '{print $14 + $15}' "/proc/$pid/stat")))
    done
    echo "$total"
}
run_wrk() { # URL LUA NAME SERVER_PID
    local before
    before=$(cpu_ticks "$4")
    wrk -t"$threads" -c"$connections" -d"${duration}s" --latency -s "$2" "$1" > "$work/$3.txt"
    echo "$before $(cpu_ticks "$4")" > "$work/$3.cpu"
}
for round in $(seq "$rounds"); do
    echo "benchmark-capture: round $round of $rounds" >&2
    for kind in single batch; do
        run_wrk "http://127.0.0.1:$nginx_port/events" "$work/$kind.lua" "nginx-$kind-$round" "$nginx_pid"
        # Each run starts from an empty in-memory index, as a test run's capture server does;
        # the durable log keeps every line, and is checked below.
        curl -fsS -X POST "$capture_url/_telltale/reset" -o /dev/null
        run_wrk "$capture_url/s/bench/events" "$work/$kind.lua" "capture-$kind-$round" "$capture_pid"
    done
done

# Wake-up latency: a waiter long-polls for a unique event; the clock runs from just before the
# event is sent until the waiter's answer arrives (an upper bound on arrival → wake-up).
python3 - "$capture_url" > "$work/wake.txt" <<'PY'
import http.client, json, sys, threading, time, urllib.parse
url = urllib.parse.urlparse(sys.argv[1])
samples = []
poster = http.client.HTTPConnection(url.hostname, url.port)
for i in range(300):
    name = f"wake_{i}"
    done = {}
    def wait():
        c = http.client.HTTPConnection(url.hostname, url.port)
        c.request("POST", "/_telltale/wait", json.dumps({"session": "wake", "name": name, "timeout": 10}), {"Content-Type": "application/json"})
        body = json.loads(c.getresponse().read())
        done["t"] = time.perf_counter()
        done["matched"] = body["matched"]
    t = threading.Thread(target=wait); t.start()
    time.sleep(0.01)  # let the wait register; not part of the measurement
    start = time.perf_counter()
    poster.request("POST", "/s/wake/events", json.dumps({"name": name}), {"Content-Type": "application/json"})
    poster.getresponse().read()
    t.join()
    assert done["matched"]
    samples.append((done["t"] - start) * 1000)
samples.sort()
print(f"{samples[len(samples)//2]:.2f} {samples[int(len(samples)*0.99)-1]:.2f}")
PY

stored=$(wc -l < "$work/events.jsonl")
echo "wrk -t$threads -c$connections -d${duration}s, $rounds rounds; $(nproc) cores"
python3 - "$work" "$stored" "$(getconf CLK_TCK)" "$rounds" <<'PY'
import re, statistics, sys
work, stored, tick, rounds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
def parse(name):
    text = open(f"{work}/{name}.txt").read()
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
    total = int(re.search(r"(\d+) requests in", text).group(1))
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
    def pct(p):
        m = re.search(rf"\s{p}%\s+([\d.]+)(us|ms|s)", text)
        v = float(m.group(1)); return v / 1000 if m.group(2) == "us" else v * 1000 if m.group(2) == "s" else v
    before, after = map(int, open(f"{work}/{name}.cpu").read().split())
    cpu = (after - before) / tick * 1e6 / total
    return dict(rps=rps, total=total, errors=int(errors.group(1)) if errors else 0, p50=pct(50), p99=pct(99), cpu=cpu)
print(f"{'':28}{'req/s':>10}{'events/s':>12}{'p50 ms':>9}{'p99 ms':>9}{'non-2xx':>9}{'CPU us/req':>12}")
r, acked = {}, 0
for kind, per in (("single", 1), ("batch", 100)):
    for n in range(1, rounds + 1):
        for server in ("nginx", "capture"):
            name = f"{server}-{kind}-{n}"
            x = r[name] = parse(name)
            events = f"{x['rps'] * per:12.0f}" if server == "capture" else f"{'-':>12}"
            print(f"{name:28}{x['rps']:10.0f}{events}{x['p50']:9.2f}{x['p99']:9.2f}{x['errors']:9d}{x['cpu']:12.1f}")
            if server == "capture": acked += per * (x["total"] - x["errors"])
for kind, label in (("single", "single events"), ("batch", "100-event batches")):
    ratios = [r[f"capture-{kind}-{n}"]["rps"] / r[f"nginx-{kind}-{n}"]["rps"] for n in range(1, rounds + 1)]
    print(f"ratio to nginx, {label}: {' '.join(f'{x:.2f}' for x in ratios)} (median {statistics.median(ratios):.2f})")
print(f"events acknowledged: {acked}, lines in the durable log: {stored - 300} ({'all stored' if stored - 300 >= acked else 'MISSING EVENTS'})")
p50, p99 = open(f"{work}/wake.txt").read().split()
print(f"event arrival to waiter wake-up: p50 {p50} ms, p99 {p99} ms (target p99 < 5 ms)")
PY
