"""The inspector page as a person uses it, in headless Chromium against a real `telltale capture`:
filters, pause and resume, a deep link to an event, keyboard moves, the bad-captures tab, clear,
and reconnecting by itself when the server restarts on the same port (with a tracking plan the
second time, for the "only events that broke the plan" filter); and no script error all along.

Usage: inspector_page_behaviour.py TELLTALE CATALOG
Starts the servers itself (the first on port 0), prints one line per check and exits non-zero
on any failure. No fixed sleeps: the page is polled every 5 ms up to each deadline.
"""
import json, os, signal, subprocess, sys, tempfile, urllib.error, urllib.request

# The DevTools client the browser tests share.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../TelltaleTestSupport/DevTools"))
from devtools import Browser  # noqa: E402

# Long enough never to fail a working page on a busy machine: each wait ends as soon as it holds.
DEADLINE = 15

telltale, catalog = sys.argv[1], sys.argv[2]
work = tempfile.mkdtemp(prefix="telltale-inspector-page-")
failures = []


def start(port=0, extra=()):
    process = subprocess.Popen([telltale, "capture", "--port", str(port), "--out", f"{work}/events.jsonl", "--quiet", *extra],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = process.stdout.readline().strip()
    prefix = "capture listening on "
    if not line.startswith(prefix):
        sys.exit(f"capture did not start: {line!r}")
    return process, line[len(prefix):]


def post(base, path, body, content_type="application/json"):
    request = urllib.request.Request(base + path, data=body.encode(), headers={"Content-Type": content_type}, method="POST")
    try:
        with urllib.request.urlopen(request) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code


def event(base, name, session="qa", **params):
    status = post(base, f"/s/{session}/events", json.dumps({"name": name, "params": params}))
    assert 200 <= status < 300, f"{name}: HTTP {status}"


def check(label, ok, detail=""):
    print(json.dumps({"check": label, "ok": bool(ok)}))
    if not ok:
        failures.append(f"{label}: {detail}")


server, base = start()
port = base.rsplit(":", 1)[1]
try:
    with Browser() as browser:
        js, wait_for = browser.evaluate, browser.wait_for
        browser.navigate(base + "/_telltale/ui")
        check("connects", wait_for("!!(window.telltaleInspector && window.telltaleInspector.connected)", 10))

        event(base, "signup", html="<img src=x onerror=document.title='owned'>")
        event(base, "checkout", step=1)
        event(base, "checkout", step=2)
        event(base, "checkout", session="other", step=3)
        segment = post(base, "/s/qa/v1/track", json.dumps({"writeKey": "wk_test", "userId": "u1", "event": "Order Completed", "properties": {"revenue": 39.95}}))
        check("a Segment track is taken", 200 <= segment < 300, segment)
        check("shows every event", wait_for("telltaleInspector.shownIds().length === 5", DEADLINE), js("telltaleInspector.shownIds()"))

        def set_field(selector, value, kind="input"):
            js(f"(() => {{ const f = document.querySelector({json.dumps(selector)}); f.value = {json.dumps(value)}; f.dispatchEvent(new Event('{kind}')); }})()")

        set_field("#filter-name", "checkout")
        names = js("[...document.querySelectorAll('.event-row .name')].map(n => n.textContent)")
        check("the name filter hides the others", names == ["checkout"] * 3, names)
        set_field("#filter-session", "other")
        check("the session filter narrows further", js("telltaleInspector.shownIds().length") == 1)
        set_field("#filter-name", "")
        set_field("#filter-session", "")
        set_field("#filter-text", "onerror")
        check("the text filter reads params", js("telltaleInspector.shownIds().length") == 1)
        set_field("#filter-text", "")
        set_field("#filter-source", "segment", "change")
        names = js("[...document.querySelectorAll('.event-row .name')].map(n => n.textContent)")
        check("the source filter", names == ["Order Completed"], names)
        set_field("#filter-source", "", "change")

        js("document.getElementById('pause').click()")
        event(base, "while_paused")
        received = wait_for("telltaleInspector.eventCount() === 6 && document.getElementById('pause').textContent.includes('1 new')", DEADLINE)
        check("paused: received but not drawn", received and js("telltaleInspector.shownIds().length") == 5,
              js("document.getElementById('pause').textContent"))
        js("document.getElementById('pause').click()")
        check("resumed: drawn", wait_for("telltaleInspector.shownIds().length === 6", DEADLINE))

        signup = js("telltaleInspector.shownIds()[0]")
        browser.navigate(base + "/_telltale/ui#event=" + signup)
        check("a deep link selects its event",
              wait_for(f"!!document.querySelector('.event-row[data-event-id=\"{signup}\"][aria-selected=\"true\"]')", DEADLINE))
        details = wait_for("(document.getElementById('event-details').textContent.includes('onerror') && document.getElementById('event-details').textContent)", DEADLINE) or ""
        check("the details show the params as text", "<img src=x onerror=" in details, details[:300])
        check("no element was made from the payload", js("document.querySelectorAll('img').length === 0 && document.title !== 'owned'"))
        browser.key("ArrowDown", "ArrowDown")
        second = js("telltaleInspector.shownIds()[1]")
        check("the keyboard moves the selection",
              wait_for(f"!!document.querySelector('.event-row[data-event-id=\"{second}\"][aria-selected=\"true\"]')", DEADLINE))

        check("a bad capture is refused", post(base, "/s/qa/events", "{not json") == 400)
        js("document.getElementById('tab-bad').click()")
        bad = wait_for("(document.querySelectorAll('.bad-row').length === 1 && document.querySelector('.bad-row').textContent)", DEADLINE)
        check("the bad tab lists it with its reason", bad and "400" in bad, bad)
        js("document.getElementById('tab-events').click()")

        js("window.confirm = () => true; document.getElementById('clear').click()")
        check("clear empties the page", wait_for("telltaleInspector.eventCount() === 0 && telltaleInspector.shownIds().length === 0", DEADLINE))
        with urllib.request.urlopen(base + "/_telltale/events") as answer:
            check("clear empties the server", json.load(answer)["events"] == [])

        event(base, "before_restart")
        check("shows new events after clear", wait_for("telltaleInspector.shownIds().length === 1", DEADLINE))
        server.send_signal(signal.SIGTERM)
        server.wait()
        check("notices the server went away", wait_for("!telltaleInspector.connected", DEADLINE))
        server, base = start(port, ["--catalog", catalog])
        check("reconnects by itself", wait_for("telltaleInspector.connected", 10))
        event(base, "signup", html="fine")
        event(base, "checkout_error", code=3)
        shown = wait_for("telltaleInspector.shownIds().length === 2 && telltaleInspector.shownIds()", DEADLINE)
        check("starts afresh with the new server's events", shown and js("telltaleInspector.eventCount()") == 2, shown)
        js("(() => { const f = document.getElementById('filter-bad'); f.checked = true; f.dispatchEvent(new Event('change')); })()")
        names = js("[...document.querySelectorAll('.event-row .name')].map(n => n.textContent)")
        check("only events that broke the plan", names == ["checkout_error"], names)
        check("no script error all along", not browser.errors, browser.errors)
finally:
    server.kill()
    server.wait()

if failures:
    print("\n".join(failures), file=sys.stderr)
    sys.exit(1)
print("ok")
