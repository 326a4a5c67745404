"""Record which chunks of JavaScript the app's pages load, for the one-script bundle
(kit_assets.py): `python tools/voila_chunks.py`, after a Voila or widgets upgrade (the unit
tests say when: tests/test_kit_assets.py).

It serves the English pages with the kit's app, opens each in Chromium with the bundle
refused (so the page fetches every chunk itself), and writes to
share/jupyter/voila/templates/kit/voila_chunks.json the Voila version and every script a
page fetched from `voila/static/` that is a chunk (`kit_assets.is_chunk`: Voila's loader,
`voila.js`, stays a script of its own), the chunks every page loads first, then those only
some pages load. The widget extensions' chunks (`voila/labextensions/`) are left out: see
kit_assets.py. With them, under `other_files`, every other script and style the pages
fetched, which the app compresses before its first visitor (`kit_assets.warm`).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import urllib.request
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import voila

import kit_assets
from tests.browser.voila_server import (
    CHROMIUM,
    CHROMIUM_ARGS,
    pages,
    voila_server,
    wait_for_preheated,
)

#: A page's widgets, drawn: the page has asked for every chunk it needs at load.
DRAWN = ".jupyter-widgets, .jp-RenderedHTMLCommon"


def fetched_scripts(url: str, page_urls: list[str]) -> Counter[str]:
    """How many of `page_urls` fetched each script of the app (its address after `url`,
    without the query), the bundle refused."""
    from playwright.sync_api import sync_playwright

    seen: Counter[str] = Counter()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        for page_url in page_urls:
            context = browser.new_context()
            context.route(f"**/{kit_assets.BUNDLE_PATH}*", lambda route: route.abort())
            page = context.new_page()
            page.goto(page_url, timeout=120_000)
            page.wait_for_selector(DRAWN, timeout=120_000)
            page.wait_for_load_state("networkidle", timeout=120_000)
            names = page.evaluate("performance.getEntriesByType('resource').map(r => r.name)")
            seen.update(
                {
                    re.sub(r"\?.*", "", name[len(url) :])
                    for name in names
                    if name.startswith(f"{url}voila/")
                    and re.search(r"\.(js|css)(\?|$)", name)
                    and not name.startswith(f"{url}{kit_assets.BUNDLE_PATH}")
                }
            )
            context.close()
        browser.close()
    return seen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--out", type=Path, default=kit_assets.CHUNK_LIST, help="the listing to write"
    )
    args = parser.parse_args()
    log = Path(tempfile.mkdtemp()) / "voila.log"
    with voila_server(log=log) as server:
        wait_for_preheated(server, log, timeout=900)
        found = pages(server.root)
        seen = fetched_scripts(server.url, [server.page_url(page) for page in found])
        chunks, others = [], []
        for name, _ in sorted(seen.items(), key=lambda item: (-item[1], item[0])):
            with urllib.request.urlopen(f"{server.url}{name}") as response:
                head = response.read(2000)
            if name.startswith("voila/static/") and kit_assets.is_chunk(head):
                chunks.append(name.removeprefix("voila/"))
            else:
                others.append(name)
    listing = {
        "voila": voila.__version__,
        "pages": len(found),
        "chunks": chunks,
        "other_files": others,
    }
    args.out.write_text(json.dumps(listing, indent=1) + "\n", encoding="utf-8")
    print(
        f"{len(chunks)} chunks and {len(others)} other files of {len(found)} pages written "
        f"to {args.out}"
    )


if __name__ == "__main__":
    main()
