"""Opens the capture inspector in headless Chromium, sends events through the vendors' own
Python SDKs and native POSTs, and checks that each appears in the page's DOM after its 2xx,
marked good or bad as the tracking plan says. The time each took is printed; the deadline is
generous (a loaded CI machine), since speed is Scripts/benchmark-inspector-stream.sh's to judge.

Usage: inspector_sees_sdk_events.py BASE_URL
Prints one JSON line per event ({"name", "mark", "ms"}) and exits non-zero on any failure.
Chromium is driven over the DevTools protocol (TelltaleTestSupport/DevTools/devtools.py); no fixed sleeps: the DOM is polled
every 5 ms up to each deadline.
"""
import json, os, sys, time, urllib.request

# The DevTools client the browser tests share.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../TelltaleTestSupport/DevTools"))
from devtools import Browser  # noqa: E402

base = sys.argv[1].rstrip("/")
# Long enough never to fail a working page on a busy machine; a lost event never arrives at all.
DEADLINE = 15
failures = []

with Browser() as browser:
    browser.navigate(base + "/_telltale/ui")
    evaluate, wait_for = browser.evaluate, browser.wait_for

    if not wait_for("!!(window.telltaleInspector && window.telltaleInspector.connected)", 10):
        sys.exit("the inspector did not connect to its stream")

    # The row of the newest event of this name, with its mark: "good", "bad" or "none".
    def row(name):
        return f"""(() => {{
            const rows = [...document.querySelectorAll('.event-row')].filter(r => r.textContent.includes({json.dumps(name)}));
            if (!rows.length) return null;
            const r = rows[rows.length - 1];
            return r.querySelector('.check-bad') ? 'bad' : r.querySelector('.check-good') ? 'good' : 'none';
        }})()"""

    def expect(name, mark, send):
        send()  # returns once the server answered 2xx
        acknowledged = time.perf_counter()
        seen = wait_for(row(name), DEADLINE)
        elapsed = (time.perf_counter() - acknowledged) * 1000
        print(json.dumps({"name": name, "mark": seen, "expected": mark, "ms": round(elapsed, 1)}))
        if seen is None:
            failures.append(f"{name}: not in the page {DEADLINE} s after its 2xx")
        elif seen != mark:
            failures.append(f"{name}: marked {seen}, the tracking plan says {mark}")

    def native(payload):
        request = urllib.request.Request(base + "/s/qa/events", data=json.dumps(payload).encode(),
                                         headers={"Content-Type": "application/json"}, method="POST")
        with urllib.request.urlopen(request) as answer:
            assert 200 <= answer.status < 300

    expect("signup", "good", lambda: native({"name": "signup", "params": {"html": "<img src=x onerror=alert(1)>"}}))
    expect("checkout_error", "bad", lambda: native({"name": "checkout_error", "params": {"code": 3}}))

    from segment.analytics.client import Client as SegmentClient
    segment = SegmentClient("wk_test", host=base + "/s/segment", sync_mode=True,
                            on_error=lambda error, items: failures.append(f"segment: {error}"))
    expect("Order Completed", "good", lambda: (segment.track("user-1", "Order Completed", {"revenue": 39.95}), segment.flush()))

    import mixpanel
    consumer = mixpanel.Consumer(events_url=base + "/s/mixpanel/track", people_url=base + "/s/mixpanel/engage", verify_cert=False)
    mp = mixpanel.Mixpanel("token-1", consumer=consumer)
    expect("Signed Up", "bad", lambda: mp.track("distinct-1", "Signed Up", {"plan": "Premium"}))

    from amplitude import Amplitude, BaseEvent, Config
    def amplitude_send():
        client = Amplitude("api-key-1", Config(server_url=base + "/s/amplitude/2/httpapi", flush_queue_size=1))
        client.track(BaseEvent(event_type="Button Clicked", user_id="user-1", event_properties={"color": "blue"}))
        client.flush()
        client.shutdown()
    expect("Button Clicked", "bad", amplitude_send)

    from snowplow_tracker import Emitter, Tracker
    from snowplow_tracker.events import StructuredEvent
    def snowplow_send():
        emitter = Emitter(base + "/s/snowplow", protocol="http", method="post", batch_size=1,
                          on_failure=lambda count, failed: failures.append(f"snowplow: {count} failed"))
        Tracker("telltale", emitter, app_id="qa").track(StructuredEvent(category="shop", action="add-to-basket", label="sku-1", value=2))
        emitter.flush()
    expect("add-to-basket", "good", snowplow_send)

    # The payload was shown as text: no element was made from it anywhere in the page.
    if evaluate("document.querySelectorAll('img[src=\"x\"]').length") != 0:
        failures.append("an event's <img> payload became an element")

if failures:
    print("\n".join(failures), file=sys.stderr)
    sys.exit(1)
print("ok")
