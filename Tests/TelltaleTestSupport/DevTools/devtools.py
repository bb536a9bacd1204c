"""Headless Chromium driven over the DevTools protocol (websocket-client), for the browser tests
of the inspector and the report. No fixed sleeps: `wait_for` polls an expression every 5 ms up
to a deadline. `errors` collects what the page's scripts raised (uncaught exceptions, console
errors, errors the browser logged about the page, such as a blocked script), but not failed
network requests, which are the server's story (a page that follows a restarting server sees
some on purpose)."""
import json, os, re, shutil, subprocess, sys, tempfile, time

import websocket


def chromium():
    for candidate in (os.environ.get("CHROMIUM"), "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    sys.exit("chromium is missing: run Scripts/install-dependencies.sh")


class Browser:
    """One headless Chromium with one page; use as a context manager."""

    def __enter__(self):
        self.profile = tempfile.mkdtemp(prefix="telltale-inspector-")
        self.process = subprocess.Popen(
            [chromium(), "--headless=new", "--disable-gpu", "--no-sandbox", "--no-first-run", "--disable-extensions",
             "--disable-dev-shm-usage", f"--user-data-dir={self.profile}", "--remote-debugging-port=0", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        endpoint = None
        for line in self.process.stderr:
            match = re.search(r"DevTools listening on (ws://\S+)", line)
            if match:
                endpoint = match.group(1)
                break
        if not endpoint:
            sys.exit("chromium did not start its DevTools endpoint")
        self.socket = websocket.create_connection(endpoint, timeout=30)
        self.counter = 0
        self.errors = []
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.call("Runtime.enable", session=self.session)
        self.call("Log.enable", session=self.session)
        return self

    def __exit__(self, *exc):
        self.process.kill()
        self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)

    def call(self, method, params=None, session=None):
        self.counter += 1
        message = {"id": self.counter, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self.socket.send(json.dumps(message))
        while True:
            reply = json.loads(self.socket.recv())
            if reply.get("id") == self.counter:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.observe(reply)

    def observe(self, message):
        """Keeps a script error the page reported while a call waited for its reply."""
        method, params = message.get("method"), message.get("params", {})
        if method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            what = details.get("exception", {}).get("description") or details.get("text", "")
            where = f"{details.get('url', '')}:{details.get('lineNumber', 0) + 1}:{details.get('columnNumber', 0) + 1}"
            self.errors.append(f"uncaught at {where}: {what}")
        elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            values = [str(arg.get("value", arg.get("description", ""))) for arg in params.get("args", [])]
            self.errors.append(f"console.{params['type']}: {' '.join(values)}")
        elif method == "Log.entryAdded":
            entry = params.get("entry", {})
            if entry.get("level") == "error" and entry.get("source") != "network":
                self.errors.append(f"{entry.get('source')}: {entry.get('text')} ({entry.get('url', '')})")

    def navigate(self, url):
        self.call("Page.navigate", {"url": url}, session=self.session)

    def evaluate(self, expression, await_promise=False):
        """The expression's value (a promise's, awaited); what it threw, if anything, is `thrown`."""
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": await_promise},
                           session=self.session)
        details = result.get("exceptionDetails")
        self.thrown = details and (details.get("exception", {}).get("description") or details.get("text", ""))
        return result.get("result", {}).get("value")

    def wait_for(self, expression, seconds):
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            value = self.evaluate(expression)
            if value:
                return value
            time.sleep(0.005)
        return None

    def key(self, key, code=None, text=None):
        """A real key press, as the keyboard sends it to the focused element."""
        params = {"key": key, "code": code or key}
        if text:
            params["text"] = text
        self.call("Input.dispatchKeyEvent", dict(params, type="keyDown"), session=self.session)
        self.call("Input.dispatchKeyEvent", dict(params, type="keyUp"), session=self.session)
