"""Sends events through PostHog's and RudderStack's Python SDKs to a Telltale capture server.

Usage: send_with_posthog_rudderstack.py BASE_URL   (e.g. http://127.0.0.1:PORT)
Each SDK sends twice, gzipped and plain, to its own sessions: /s/posthog-gzip, /s/posthog-plain,
/s/rudderstack-gzip, /s/rudderstack-plain. Exits non-zero if any SDK reports a failure.
"""
import datetime
import sys

base = sys.argv[1].rstrip("/")
failures = []
when = datetime.datetime(2024, 5, 1, 12, 30, 15, tzinfo=datetime.timezone.utc)

# PostHog: posthog posts {"api_key", "batch": [...]} to HOST/batch/ (gzip=True: Content-Encoding gzip).
from posthog import Posthog

for mode, gzip in (("gzip", True), ("plain", False)):
    posthog = Posthog(
        "phc_test", host=f"{base}/s/posthog-{mode}", sync_mode=True, gzip=gzip, disable_geoip=True,
        on_error=lambda error, items: failures.append(f"posthog: {error}"),
    )
    posthog.capture("Order Completed", distinct_id="user-1", properties={"revenue": 39.95, "currency": "USD"}, timestamp=when)
    posthog.set(distinct_id="user-1", properties={"email": "ada@example.com"})
    posthog.alias(previous_id="anon-1", distinct_id="user-1")
    posthog.flush()
    posthog.shutdown()

# RudderStack: rudder-sdk-python posts {"batch": [...]} to DATA_PLANE_URL/v1/batch, Basic auth with the write key.
import rudderstack.analytics as rudder

rudder.write_key = "rs_write_key"
rudder.sync_mode = True
rudder.on_error = lambda error, items: failures.append(f"rudderstack: {error}")
for mode, gzip in (("gzip", True), ("plain", False)):
    rudder.dataPlaneUrl = f"{base}/s/rudderstack-{mode}/rudderstack"
    rudder.gzip = gzip
    rudder.default_client = None  # a new client, with this data plane URL and gzip setting
    rudder.track("user-1", "Order Completed", {"revenue": 39.95, "currency": "USD"}, timestamp=when)
    rudder.identify("user-1", {"email": "ada@example.com"}, timestamp=when)
    rudder.page("user-1", "Docs", "Home", {"path": "/home"})
    rudder.screen("user-1", "App", "Cart", {"items": 2})
    rudder.group("user-1", "group-1", {"plan": "team"})
    rudder.alias("anon-1", "user-1")
    rudder.track(anonymous_id="anon-9", event="Signed Out")
    rudder.flush()

if failures:
    print("\n".join(failures), file=sys.stderr)
    sys.exit(1)
print("sent")
