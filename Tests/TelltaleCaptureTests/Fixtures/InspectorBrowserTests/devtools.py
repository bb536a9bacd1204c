"""Headless Chromium driven over the DevTools protocol (websocket-client), for the inspector's
browser tests. No fixed sleeps: `wait_for` polls an expression every 5 ms up to a deadline."""
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
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.call("Runtime.enable", session=self.session)
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

    def navigate(self, url):
        self.call("Page.navigate", {"url": url}, session=self.session)

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True}, session=self.session)
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
