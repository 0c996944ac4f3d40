#!/usr/bin/env python3
"""Trunk post-build hook: puts the hash of the inline loader Trunk writes into
index.html in the page's Content-Security-Policy.

index.html carries the policy in a <meta> tag (a static host sends no headers),
with 'sha256-LOADER' where the hash goes: Trunk's loader (the one inline script,
which imports the app's JavaScript and starts the wasm) changes with every build,
so its hash is computed here, after Trunk has written it. Any other inline script
is refused by the browser."""

import base64
import hashlib
import os
import re
import sys


def main():
    path = os.path.join(os.environ.get("TRUNK_STAGING_DIR", "dist"), "index.html")
    with open(path, encoding="utf-8") as f:
        html = f.read()

    # Inline scripts only: one with a src is allowed by 'self'.
    scripts = [
        body
        for attrs, body in re.findall(r"<script([^>]*)>(.*?)</script>", html, flags=re.S)
        if "src=" not in attrs
    ]
    if "'sha256-LOADER'" not in html:
        sys.exit(f"{path}: no 'sha256-LOADER' placeholder in its Content-Security-Policy")
    if not scripts:
        sys.exit(f"{path}: no inline script to hash")
    hashes = " ".join(
        "'sha256-%s'" % base64.b64encode(hashlib.sha256(s.encode("utf-8")).digest()).decode()
        for s in scripts
    )
    with open(path, "w", encoding="utf-8") as f:
        f.write(html.replace("'sha256-LOADER'", hashes))


if __name__ == "__main__":
    main()
