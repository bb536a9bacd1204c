"""Sends events through the vendors' own Python SDKs to a Telltale capture server.

Usage: send_with_sdks.py BASE_URL   (e.g. http://127.0.0.1:PORT)
Each SDK gets its own session, /s/<vendor>, and exits non-zero if any SDK reports a failure.
"""
import sys

base = sys.argv[1].rstrip("/")
failures = []

# Segment: segment-analytics-python posts batches to HOST/v1/batch, Basic auth with the write key.
from segment.analytics.client import Client as SegmentClient

segment = SegmentClient(
    "wk_test", host=base + "/s/segment", sync_mode=True, gzip=True,
    on_error=lambda error, items: failures.append(f"segment: {error}"),
)
segment.track("user-1", "Order Completed", {"revenue": 39.95, "currency": "USD"})
segment.identify("user-1", {"email": "ada@example.com"})
segment.page("user-1", "Docs", "Home", {"path": "/home"})
segment.flush()

# Mixpanel: the mixpanel package posts data=<json> forms to /track and /engage.
import mixpanel

consumer = mixpanel.Consumer(
    events_url=base + "/s/mixpanel/track", people_url=base + "/s/mixpanel/engage",
    import_url=base + "/s/mixpanel/import", verify_cert=False,
)
mp = mixpanel.Mixpanel("token-1", consumer=consumer)
mp.track("distinct-1", "Signed Up", {"plan": "Premium", "seats": 3})
mp.people_set("distinct-1", {"$email": "ada@example.com"})

# Amplitude: amplitude-analytics posts {"api_key", "events"} to the server URL.
from amplitude import Amplitude, BaseEvent, Config

def amplitude_callback(event, code, message=None):
    if code != 200:
        failures.append(f"amplitude: {code} {message}")

amplitude = Amplitude("api-key-1", Config(server_url=base + "/s/amplitude/2/httpapi", callback=amplitude_callback, flush_queue_size=10))
amplitude.track(BaseEvent(event_type="Button Clicked", user_id="user-1", event_properties={"color": "blue", "count": 2}))
amplitude.track(BaseEvent(event_type="Song Played", device_id="device-1", event_properties={"title": "Blue"}))
amplitude.flush()
amplitude.shutdown()

# Snowplow: snowplow-tracker posts payload_data to ENDPOINT/com.snowplowanalytics.snowplow/tp2.
from snowplow_tracker import Emitter, SelfDescribingJson, Tracker
from snowplow_tracker.events import PageView, SelfDescribing, StructuredEvent

emitter = Emitter(base + "/s/snowplow", protocol="http", method="post", batch_size=1,
                  on_failure=lambda count, failed: failures.append(f"snowplow: {count} failed"))
tracker = Tracker("telltale", emitter, app_id="sdk-test")
tracker.track(StructuredEvent(category="shop", action="add-to-basket", label="sku-1", value=2))
tracker.track(SelfDescribing(SelfDescribingJson("iglu:com.acme/link_click/jsonschema/1-0-0", {"target": "https://example.com"})))
tracker.track(PageView(page_url="https://example.com/home", page_title="Home"))
tracker.flush()

get_emitter = Emitter(base + "/s/snowplow-get", protocol="http", method="get", batch_size=1,
                      on_failure=lambda count, failed: failures.append(f"snowplow get: {count} failed"))
Tracker("telltale", get_emitter, app_id="sdk-test", encode_base64=True).track(
    SelfDescribing(SelfDescribingJson("iglu:com.acme/video_play/jsonschema/1-0-0", {"seconds": 12})))
get_emitter.flush()

if failures:
    print("\n".join(failures), file=sys.stderr)
    sys.exit(1)
print("sent")
