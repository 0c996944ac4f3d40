#!/usr/bin/env python3
"""Trunk's post-build hook: its steps, in order. csp.py first (it changes
index.html), then offline.py (which hashes every file of the build)."""

import csp
import offline

csp.main()
offline.main()
