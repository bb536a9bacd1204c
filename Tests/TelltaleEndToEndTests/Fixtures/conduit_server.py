"""A Conduit-compatible test server: answers every `POST /api/METHOD` as Phabricator does
(`{"result": …, "error_code": null, "error_info": null}`) and appends what it received, decoded
as Phabricator decodes it, to a JSONL file: the method, the form fields, and `params` parsed.

Usage: conduit_server.py LOG_FILE [UNAVAILABLE_COUNT]
Listens on 127.0.0.1, port 0; its first stdout line is the port. With UNAVAILABLE_COUNT, the first
that many requests are answered 503 (as a busy install behind a proxy answers) and not logged.
"""
import gzip, json, sys, threading, urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

log_path = sys.argv[1]
unavailable = int(sys.argv[2]) if len(sys.argv) > 2 else 0
lock = threading.Lock()


class Conduit(BaseHTTPRequestHandler):
    def do_POST(self):
        global unavailable
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        with lock:
            busy = unavailable > 0
            unavailable -= 1
        if busy:
            self.send_response(503)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if self.headers.get("Content-Encoding") == "gzip":
            body = gzip.decompress(body)
        method = self.path.split("/api/", 1)[-1]
        fields = dict(urllib.parse.parse_qsl(body.decode(), keep_blank_values=True))
        entry = {"method": method, "bytes": len(body), "fields": sorted(fields), "output": fields.get("output"),
                 "conduit": fields.get("__conduit__"), "params": json.loads(fields.get("params", "{}"))}
        with open(log_path, "a") as log:
            log.write(json.dumps(entry) + "\n")
        result = {"result": None, "error_code": None, "error_info": None}
        if method == "conduit.getcapabilities":
            result["result"] = {"authentication": ["token"], "signatures": ["consign"], "input": ["json", "urlencoded"], "output": ["json"]}
        answer = json.dumps(result).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)

    def log_message(self, *args):
        pass


server = ThreadingHTTPServer(("127.0.0.1", 0), Conduit)
print(server.server_address[1], flush=True)
server.serve_forever()
