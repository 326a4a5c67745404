"""The axe-core bundle the browser tests check pages with (tests/browser/vendor), vendored so
that the tests need nothing from the network: the file is the release it says it is."""

from __future__ import annotations

import hashlib
import re

from tests.browser.page_checks import AXE, AXE_SHA256, AXE_VERSION


def test_the_vendored_axe_is_the_pinned_release() -> None:
    """To upgrade: `npm pack axe-core@VERSION`, copy package/axe.min.js and package/LICENSE
    (as axe-core.LICENSE) into tests/browser/vendor/, and set AXE_VERSION and AXE_SHA256."""
    data = AXE.read_bytes()
    assert hashlib.sha256(data).hexdigest() == AXE_SHA256
    header = re.match(rb"/\*! axe v(\S+)\n", data)
    assert header and header.group(1).decode() == AXE_VERSION
    licence = (AXE.parent / "axe-core.LICENSE").read_text(encoding="utf-8")
    assert licence.startswith("Mozilla Public License, version 2.0")
