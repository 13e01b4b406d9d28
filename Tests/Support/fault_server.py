#!/usr/bin/env python3
"""An HTTP server on 127.0.0.1 that misbehaves on purpose, for citygen's download tests.

The last path segment picks the behaviour; the whole path keys a request counter, so each test uses its own
prefix (/<test>/<mode>). GET /count/<path> answers how many requests <path> has had. PUT /<path> stores a body
that GET /<path> then serves, with an ETag and 304 for a matching If-None-Match, or answers the status given
in the PUT's X-Status header. Prints the port, then serves until killed. Bounded: every stall ends after 5 s."""
import gzip
import hashlib
import http.server
import json
import socket
import struct
import sys
import threading
import time

CITIES = json.dumps([
    {"_id": 1, "name": "Hurzuf", "country": "UA", "coord": {"lat": 44.549999, "lon": 34.283333}},
    {"_id": 2, "name": "Sydney", "country": "AU", "coord": {"lat": -33.9, "lon": 151.2}},
]).encode()
counts = {}
headers_seen = {}
stored = {}  # path: (status, body) from PUT
sent = {}  # path: body sizes served from stored, one a request
lock = threading.Lock()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, status, body=b"", headers=()):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        if not any(name == "Content-Length" for name, _ in headers):
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        path = self.path
        if path.startswith("/count/"):
            key = path[len("/count"):]
            with lock:
                body = json.dumps({"count": counts.get(key, 0), "headers": headers_seen.get(key, []),
                                   "sent": sent.get(key, [])}).encode()
            return self.send(200, body, [("Content-Type", "application/json")])
        with lock:
            counts[path] = counts.get(path, 0) + 1
            n = counts[path]
            headers_seen.setdefault(path, []).append(
                {k: v for k, v in self.headers.items() if k.lower() in ("if-none-match", "if-modified-since")})
            entry = stored.get(path)
        if entry is not None:
            return self.serve_stored(path, *entry)
        mode = path.rsplit("/", 1)[-1]
        ok = [("Content-Type", "application/json"), ("ETag", '"v1"'), ("Last-Modified", "Sat, 21 Nov 2026 10:00:00 GMT")]
        if mode == "ok":
            self.send(200, CITIES, ok)
        elif mode == "flaky":  # 500, then 200
            self.send(500, b"oops") if n == 1 else self.send(200, CITIES, ok)
        elif mode == "busy":  # 503 with Retry-After: 1, then 200
            self.send(503, b"busy", [("Retry-After", "1")]) if n == 1 else self.send(200, CITIES, ok)
        elif mode == "missing":
            self.send(404, b"not here")
        elif mode == "etag":
            if self.headers.get("If-None-Match") == '"v1"':
                self.send(304, b"", [("ETag", '"v1"')])
            else:
                self.send(200, CITIES, ok)
        elif mode == "gzip":
            self.send(200, gzip.compress(CITIES, mtime=0), ok + [("Content-Encoding", "gzip")])
        elif mode == "html":
            self.send(200, b"<!doctype html><title>Error</title><h1>Service unavailable</h1>", [("Content-Type", "text/html")])
        elif mode == "huge":  # declares and sends 3 MiB of valid-looking JSON
            body = b"[" + b" " * (3 * 1024 * 1024) + b"]"
            self.send(200, body, [("Content-Type", "application/json")])
        elif mode == "endless":  # no Content-Length; keeps sending until the client stops (at most 8 MiB)
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Connection", "close")
            self.end_headers()
            try:
                self.wfile.write(b"[")
                for _ in range(128):
                    self.wfile.write(b" " * 65536)
                    self.wfile.flush()
            except OSError:
                pass
            self.close_connection = True
        elif mode == "silent":  # accepts the request, answers nothing for 5 s
            time.sleep(5)
            self.close_connection = True
        elif mode == "trickle":  # 100 bytes a second of a 100,000-byte body, for 5 s
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", "100000")
            self.end_headers()
            try:
                for _ in range(50):
                    self.wfile.write(b" " * 10)
                    self.wfile.flush()
                    time.sleep(0.1)
            except OSError:
                pass
            self.close_connection = True
        elif mode == "unavailable":
            self.send(503, b"down for maintenance")
        elif mode in ("reset", "short", "stall"):
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(CITIES)))
            self.end_headers()
            self.wfile.write(CITIES[: len(CITIES) // 2])
            self.wfile.flush()
            if mode == "stall":
                time.sleep(5)
            if mode == "reset":  # RST instead of FIN
                self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.close_connection = True
        else:
            self.send(400, b"unknown mode")

    def do_PUT(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        with lock:
            stored[self.path] = (int(self.headers.get("X-Status", "200")), body)
        self.send(204)

    def serve_stored(self, path, status, body):
        etag = '"%s"' % hashlib.sha256(body).hexdigest()[:16]
        if status != 200:
            body, headers = b"stored failure", []
        elif self.headers.get("If-None-Match") == etag:
            status, body, headers = 304, b"", [("ETag", etag)]
        else:
            headers = [("Content-Type", "application/octet-stream"), ("ETag", etag),
                       ("Last-Modified", "Sat, 21 Nov 2026 10:00:00 GMT")]
        with lock:
            sent.setdefault(path, []).append(len(body))
        self.send(status, body, headers)


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print(server.server_address[1], flush=True)
server.serve_forever()
