"""Fetch the partial plotly.js bundle that the kit's charts draw with.

    python tools/update_plotly_bundle.py [VERSION]

Why a partial bundle: the full plotly.js (4.8 MB) takes about 1.8 s to evaluate in Chromium
on a 2-core machine, every time a page with a chart opens; the "cartesian" bundle (1.5 MB:
bar, scatter, heatmap, histogram, box, pie, contour…) takes about 0.7 s and draws every chart
the kit makes. The version defaults to the plotly.js that the installed plotly.py was built
against, so the figures plotly.py writes are the ones this bundle reads
(`tests/test_plotly_bundle.py` checks that they agree). The tarball is checked against the
npm registry's sha512 before anything is written.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import sys
import tarfile
import urllib.request
from pathlib import Path

PACKAGE = "plotly.js-cartesian-dist-min"
MEMBER = "package/plotly-cartesian.min.js"
TARGET = Path(__file__).resolve().parents[1] / "kit_common/widgets/static/plotly-cartesian.min.js"


def fetch(version: str) -> bytes:
    """The bundle's bytes for `version`, verified against the registry's integrity hash."""
    with urllib.request.urlopen(f"https://registry.npmjs.org/{PACKAGE}/{version}") as answer:
        dist = json.load(answer)["dist"]
    with urllib.request.urlopen(dist["tarball"]) as answer:
        tarball = answer.read()
    algorithm, _, expected = dist["integrity"].partition("-")
    if base64.b64encode(hashlib.new(algorithm, tarball).digest()).decode() != expected:
        raise SystemExit(f"{PACKAGE} {version}: the tarball does not match its {algorithm}")
    with tarfile.open(fileobj=io.BytesIO(tarball)) as archive:
        member = archive.extractfile(MEMBER)
        if member is None:
            raise SystemExit(f"{PACKAGE} {version}: no {MEMBER} in the tarball")
        return member.read()


def main() -> None:
    from plotly.offline import get_plotlyjs_version

    version = sys.argv[1] if len(sys.argv) > 1 else get_plotlyjs_version()
    TARGET.parent.mkdir(parents=True, exist_ok=True)
    TARGET.write_bytes(fetch(version))
    print(f"wrote {TARGET} ({TARGET.stat().st_size:,} bytes, {PACKAGE} {version})")


if __name__ == "__main__":
    main()
