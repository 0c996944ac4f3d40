#!/usr/bin/env python3
"""Trunk post-build step (scripts/post_build.py runs it after csp.py): makes the
release build work offline.

web/sw.js, the service worker, is copied into the build with two placeholders:
__FILES__ becomes the list of every file of the build (relative to the page, so
that the app works from any folder of a host), and __VERSION__ a hash of all of
their names and contents, so that any change to any file makes a new worker that
the browser installs beside the old one. A development build (`trunk serve`,
TRUNK_PROFILE=debug) gets a worker that only removes itself and its caches: files
change there with every save, and a cache would hide the changes."""

import hashlib
import json
import os
import re
import sys


DEV_WORKER = """// A development build: no offline copy. A worker a release build left here
// deletes its caches and unregisters, so the files served are the ones just built.
'use strict';
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('holdfast ')).map((k) => caches.delete(k))))
      .then(() => self.registration.unregister()),
  );
});
"""


def main():
    staging = os.environ.get("TRUNK_STAGING_DIR", "dist")
    worker = os.path.join(staging, "sw.js")
    if not os.path.exists(worker):
        sys.exit(f"{worker}: missing (index.html copies web/sw.js into the build)")
    if os.environ.get("TRUNK_PROFILE", "release") != "release":
        # No offline copy in development; a worker a release build left on this
        # host (same address) is replaced by one that clears it and goes.
        with open(worker, "w", encoding="utf-8") as f:
            f.write(DEV_WORKER)
        return
    files = []
    for root, _, names in os.walk(staging):
        for name in names:
            path = os.path.join(root, name)
            rel = os.path.relpath(path, staging).replace(os.sep, "/")
            if rel != "sw.js" and not rel.endswith(".map"):
                files.append(rel)
    files.sort()
    digest = hashlib.sha256()
    for rel in files:
        digest.update(rel.encode("utf-8") + b"\0")
        with open(os.path.join(staging, rel), "rb") as f:
            digest.update(f.read())
    with open(worker, encoding="utf-8") as f:
        source = f.read()
    if "__FILES__" not in source or "'__VERSION__'" not in source:
        sys.exit(f"{worker}: no __FILES__ or '__VERSION__' placeholder")
    # The page itself as "./" (what a visit asks for), not as index.html; each
    # file with whether its name holds its content's hash, so the worker may take
    # it from the browser's cache. Trunk writes "-" and a 64-bit hash in hex with
    # no leading zeros: usually 16 digits, 15 one time in 16 (a build whose wasm
    # was taken for an unhashed file and downloaded twice on a first visit). At
    # least 8 digits, so that "icon-512.png" is not taken for one.
    hashed = re.compile(r"-[0-9a-f]{8,16}(_bg)?\.[a-z]+$")
    listed = [
        ["./" if rel == "index.html" else rel, "hashed" if hashed.search(rel) else "plain"]
        for rel in files
    ]
    source = source.replace("__FILES__", json.dumps(listed)).replace(
        "'__VERSION__'", json.dumps(digest.hexdigest()[:16])
    )
    with open(worker, "w", encoding="utf-8") as f:
        f.write(source)


if __name__ == "__main__":
    main()
