#!/usr/bin/env bash
# Measures the inspector's stream under load: PAGES (default 100) connections to
# /_telltale/stream while events arrive at RATE a second (default 10,000, in 100-event batches)
# for SECONDS (default 10), against a release `telltale capture`. Reports whether every page
# received every event (ids 1…N in order) and the server's memory: RSS before the pages, with
# them, and its peak.
#
#   Scripts/benchmark-inspector-stream.sh [SECONDS]
#
# TELLTALE_BIN runs a given release binary; SWIFT_SCRATCH_PATH chooses the build folder.
set -euo pipefail
seconds=${1:-10}
cd "$(dirname "$0")/.."
telltale=$(Scripts/release-telltale)
PAGES=${PAGES:-100} RATE=${RATE:-10000} SECONDS_=$seconds python3 - "$telltale" <<'PY'
import http.client, json, os, re, shutil, subprocess, sys, tempfile, time

telltale = sys.argv[1]
pages, rate, seconds = int(os.environ["PAGES"]), int(os.environ["RATE"]), int(os.environ["SECONDS_"])
work = tempfile.mkdtemp(prefix="telltale-stream-")
server = subprocess.Popen([telltale, "capture", "--port", "0", "--out", f"{work}/events.jsonl", "--quiet"],
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
base = server.stdout.readline().strip().removeprefix("capture listening on ")
port = int(base.rsplit(":", 1)[1])

def kib(key):
    for line in open(f"/proc/{server.pid}/status"):
        if line.startswith(key + ":"):
            return int(line.split()[1])

total = rate * seconds
before = kib("VmRSS")
# Each page is a curl process writing its stream to a file: C, so the pages keep up.
readers = [subprocess.Popen(["curl", "-sN", "-o", f"{work}/page-{i}.txt", f"{base}/_telltale/stream"]) for i in range(pages)]
time.sleep(1)  # the pages' hellos; this is a benchmark, not a test
with_pages = kib("VmRSS")
batch = 100
body = json.dumps({"events": [{"name": "e", "params": {"n": i, "plan": "pro"}} for i in range(batch)]})
connection = http.client.HTTPConnection("127.0.0.1", port)
started = time.perf_counter()
sent = 0
while sent < total:
    connection.request("POST", "/events", body, {"Content-Type": "application/json"})
    connection.getresponse().read()
    sent += batch
    delay = started + sent / rate - time.perf_counter()  # paced to RATE
    if delay > 0:
        time.sleep(delay)
elapsed = time.perf_counter() - started
last = f"id: {total:08d}".encode()
deadline = time.time() + 120
for i in range(pages):
    while time.time() < deadline and last not in open(f"{work}/page-{i}.txt", "rb").read()[-4096:]:
        time.sleep(0.2)
peak, after = kib("VmHWM"), kib("VmRSS")
for reader in readers:
    reader.terminate()
server.terminate()
server.wait()
lost = 0
for i in range(pages):
    ids = [int(m) for m in re.findall(rb"^id: (\d+)\nevent: capture", open(f"{work}/page-{i}.txt", "rb").read(), re.M)]
    if ids != list(range(1, total + 1)):
        lost += 1
print(f"{pages} pages, {total} events at {total / elapsed:,.0f}/s over {elapsed:.1f} s")
print(f"pages that missed, repeated or reordered an event: {lost}")
print(f"server RSS: {before // 1024} MiB before the pages, {with_pages // 1024} MiB with them, {after // 1024} MiB at the end, peak {peak // 1024} MiB")
shutil.rmtree(work, ignore_errors=True)
sys.exit(1 if lost else 0)
PY
