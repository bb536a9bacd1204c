"""Loads pages in headless Chromium and tells the script errors each raised: while it loaded, and
while a walk (JavaScript run once the page says it is ready) used it as a person would.

Usage: page_errors.py VISITS.json, a list of {"url", "walk"}; a walk is an expression whose value
(a promise is awaited) is reported as `walked`. Prints one JSON line per visit: {"url", "ready",
"walked", "errors"}, where errors are what devtools.Browser collects. No fixed sleeps: a page is
ready when <html data-ready="true">, polled up to a deadline; after the walk, one animation frame
and a timer turn let what it scheduled run.
"""
import json, sys

from devtools import Browser

# Long enough never to fail a working page on a busy machine: the wait ends as soon as it holds.
DEADLINE = 60
SETTLE = "new Promise(done => requestAnimationFrame(() => setTimeout(() => done(true), 0)))"

visits = json.load(open(sys.argv[1]))
with Browser() as browser:
    for visit in visits:
        browser.navigate("about:blank")
        browser.wait_for("location.href === 'about:blank'", DEADLINE)
        browser.errors.clear()
        browser.navigate(visit["url"])
        ready = bool(browser.wait_for("!!document.documentElement && document.documentElement.getAttribute('data-ready') === 'true'", DEADLINE))
        walked = None
        if ready and visit.get("walk"):
            walked = browser.evaluate(visit["walk"], await_promise=True)
            if browser.thrown:
                browser.errors.append(f"the walk threw: {browser.thrown}")
        browser.evaluate(SETTLE, await_promise=True)
        print(json.dumps({"url": visit["url"], "ready": ready, "walked": walked, "errors": list(browser.errors)}), flush=True)
