"""Debian's headless Chromium for the browser tests (the docs site, `mjc serve`): where it is,
and the flags it starts with. CI must run these tests, so there a missing browser fails them;
elsewhere it skips them.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

# Debian's Chromium on a machine without a network: with its background services on (updates,
# sync, QUIC probes, first-run work) it keeps opening connections that the closed network
# refuses, many at a time, and the page's own requests (the search worker's index) queue
# behind them; these flags keep the browser to the page under test.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium() -> str:
    found = shutil.which("chromium") or (
        "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None
    )
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is not installed, and CI must run the browser test")
        pytest.skip("chromium is not installed (apt-get install chromium); CI runs this test")
    return found
