#!/usr/bin/env python3
"""A test suite's client of Snowplow Micro, written to Micro's documented REST API: events are
sent with the real snowplow-tracker SDK, then read back with requests.

Usage: micro_client.py BASE_URL
Prints one JSON object with what each documented call answered, for the Swift test to check.
"""
import json
import sys

import requests
from snowplow_tracker import Emitter, SelfDescribingJson, Tracker
from snowplow_tracker.events import PageView, SelfDescribing, StructuredEvent

base = sys.argv[1].rstrip("/")
seen = {}


def get(path):
    response = requests.get(base + path, timeout=60)
    return response.status_code, response.json() if response.headers.get("content-type", "").startswith("application/json") else response.text


def post(path, filters):
    return requests.post(base + path, json=filters, timeout=60).json()


seen["reset_before"] = get("/micro/reset")[1]

failures = []
emitter = Emitter(base, protocol="http", method="post", batch_size=1,
                  on_failure=lambda count, failed: failures.append(count))
tracker = Tracker("micro-test", emitter, app_id="shop")
user = SelfDescribingJson("iglu:com.acme/user/jsonschema/1-0-0", {"id": "u-1"})
# Good: a page view, a structured event, a self-describing event with a context, all valid.
tracker.track(PageView(page_url="https://shop.example.com/cart?step=2", page_title="Cart"))
tracker.track(StructuredEvent(category="shop", action="add-to-basket", label="sku-1", value=2))
tracker.track(SelfDescribing(SelfDescribingJson("iglu:com.acme/link_click/jsonschema/1-0-0",
                                                {"targetUrl": "https://example.com"}), context=[user]))
# Bad: the event's data breaks its schema; its schema is unknown; its context breaks its schema.
tracker.track(SelfDescribing(SelfDescribingJson("iglu:com.acme/link_click/jsonschema/1-0-0", {"elementId": "buy"})))
tracker.track(SelfDescribing(SelfDescribingJson("iglu:com.acme/unknown/jsonschema/1-0-0", {"x": 1})))
tracker.track(PageView(page_url="https://shop.example.com/", context=[SelfDescribingJson("iglu:com.acme/user/jsonschema/1-0-0", {"id": 5})]))
tracker.flush()
# Bad: an event id that is no UUID (Micro's own example), and a payload that is not JSON.
requests.get(base + "/i?e=pp&p=web&tv=lol&eid=invalidEventId", timeout=60)
seen["garbage_status"] = requests.post(base + "/com.snowplowanalytics.snowplow/tp2", data="not json",
                                       headers={"Content-Type": "application/json"}, timeout=60).status_code
seen["send_failures"] = failures

seen["all"] = get("/micro/all")[1]
seen["good"] = get("/micro/good")[1]
seen["good_unstruct"] = post("/micro/good", {"event_type": "unstruct"})
seen["good_schema"] = post("/micro/good", {"schema": "iglu:com.snowplowanalytics.snowplow/page_view/jsonschema/1-0-0"})
seen["good_contexts"] = post("/micro/good", {"contexts": ["iglu:com.acme/user/jsonschema/1-0-0"]})
seen["good_limit"] = post("/micro/good", {"limit": 1})
seen["bad"] = get("/micro/bad")[1]
seen["bad_tp1"] = post("/micro/bad", {"vendor": "com.snowplowanalytics.snowplow", "version": "tp1"})
seen["bad_limit"] = post("/micro/bad", {"limit": 2})
seen["iglu"] = get("/micro/iglu/com.acme/link_click/jsonschema/1-0-0")
seen["iglu_missing"] = get("/micro/iglu/com.acme/nothing/jsonschema/1-0-0")[0]
seen["reset"] = get("/micro/reset")[1]
seen["all_after_reset"] = get("/micro/all")[1]
seen["good_after_reset"] = get("/micro/good")[1]
seen["bad_after_reset"] = get("/micro/bad")[1]
print(json.dumps(seen))
