#!/usr/bin/env python3
"""Serves the built site (dist/) on 127.0.0.1, compressed: a browser that accepts
gzip gets the wasm, JavaScript, CSS, HTML and SVG gzipped (compressed once per
file version and kept), as a production host would serve them.

usage: serve.py DIR PORT
"""

import gzip
import io
import http.server
import os
import sys

COMPRESSED = (".wasm", ".js", ".css", ".html", ".svg", ".json")
cache = {}


class Handler(http.server.SimpleHTTPRequestHandler):
    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            if not self.path.split("?")[0].endswith("/"):
                return super().send_head()  # its redirect to the folder with a slash
            path = os.path.join(path, "index.html")
        accepts = any(
            part.split(";")[0].strip() == "gzip" and "q=0" not in part.replace(" ", "")
            for part in self.headers.get("Accept-Encoding", "").split(",")
        )
        if not (accepts and path.endswith(COMPRESSED) and os.path.isfile(path)):
            return super().send_head()
        stat = os.stat(path)
        key = (path, stat.st_mtime_ns, stat.st_size)
        if key not in cache:
            with open(path, "rb") as f:
                cache[key] = gzip.compress(f.read(), 9)
        body = cache[key]
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        return io.BytesIO(body)


Handler.extensions_map = {**Handler.extensions_map, ".wasm": "application/wasm", ".js": "text/javascript"}

if __name__ == "__main__":
    directory, port = sys.argv[1], int(sys.argv[2])
    handler = lambda *a, **k: Handler(*a, directory=directory, **k)
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as server:
        print(f"Holdfast on http://127.0.0.1:{port}/ (Ctrl-C stops it)", flush=True)
        server.serve_forever()
