"""Fetch the partial plotly.js bundle that the kit's charts draw with, and plotly.js's
locale files for the toolbar's words in the kit's other languages.

    python tools/update_plotly_bundle.py [VERSION]

Why a partial bundle: the full plotly.js (4.8 MB) takes about 1.8 s to evaluate in Chromium
on a 2-core machine, every time a page with a chart opens; the "cartesian" bundle (1.5 MB:
bar, scatter, heatmap, histogram, box, pie, contour…) takes about 0.7 s and draws every chart
the kit makes. The version defaults to the plotly.js that the installed plotly.py was built
against, so the figures plotly.py writes are the ones this bundle reads
(`tests/test_plotly_bundle.py` checks that they agree). The locale files come from the full
plotly.js package (22 MB) of the same version. Each tarball is checked against the npm
registry's sha512 before anything is written.
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
STATIC = Path(__file__).resolve().parents[1] / "kit_common/widgets/static"
TARGET = STATIC / "plotly-cartesian.min.js"
#: The toolbar's words in the kit's other languages: plotly.js's own locale files, from the
#: full plotly.js package of the same version (kit language -> plotly.js locale name is
#: `kit_common.widgets.live_chart.PLOTLY_LOCALES`).
LOCALES_PACKAGE = "plotly.js"
LOCALES = ("es", "pt-br", "ru")
LOCALES_TARGET = STATIC / "plotly-locales.js"


def fetch(
    version: str, package: str = PACKAGE, members: tuple[str, ...] = (MEMBER,)
) -> list[bytes]:
    """The files `members` of npm package `package` at `version`, the tarball verified against
    the registry's integrity hash."""
    with urllib.request.urlopen(f"https://registry.npmjs.org/{package}/{version}") as answer:
        dist = json.load(answer)["dist"]
    with urllib.request.urlopen(dist["tarball"]) as answer:
        tarball = answer.read()
    algorithm, _, expected = dist["integrity"].partition("-")
    if base64.b64encode(hashlib.new(algorithm, tarball).digest()).decode() != expected:
        raise SystemExit(f"{package} {version}: the tarball does not match its {algorithm}")
    found = []
    with tarfile.open(fileobj=io.BytesIO(tarball)) as archive:
        for name in members:
            member = archive.extractfile(name)
            if member is None:
                raise SystemExit(f"{package} {version}: no {name} in the tarball")
            found.append(member.read())
    return found


def locales_file(version: str) -> bytes:
    """plotly.js's locale files for `LOCALES`, one after the other, under a header naming
    their source (each registers itself with the `Plotly` in its scope)."""
    members = tuple(f"package/dist/plotly-locale-{name}.js" for name in LOCALES)
    header = (
        f"/* plotly.js v{version} locales {', '.join(LOCALES)}: the files dist/plotly-locale-*.js"
        f" of the npm package {LOCALES_PACKAGE} (MIT licence, (c) Plotly, Inc.) */\n"
    )
    parts = fetch(version, LOCALES_PACKAGE, members)
    return header.encode() + b"\n".join(part.strip() for part in parts) + b"\n"


def main() -> None:
    from plotly.offline import get_plotlyjs_version

    version = sys.argv[1] if len(sys.argv) > 1 else get_plotlyjs_version()
    TARGET.parent.mkdir(parents=True, exist_ok=True)
    (bundle,) = fetch(version)
    TARGET.write_bytes(bundle)
    print(f"wrote {TARGET} ({TARGET.stat().st_size:,} bytes, {PACKAGE} {version})")
    LOCALES_TARGET.write_bytes(locales_file(version))
    size = LOCALES_TARGET.stat().st_size
    print(f"wrote {LOCALES_TARGET} ({size:,} bytes, {LOCALES_PACKAGE} {version})")


if __name__ == "__main__":
    main()
