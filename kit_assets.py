"""How the app sends a page's scripts and styles: compressed once, and Voila's scripts in one
file (used by kit_app.py).

A page of the kit is 5.3 MB of JavaScript and CSS in 94 files, the same for every page (the
widgets, Voila's own scripts and JupyterLab's styles); its cells' HTML is 40-80 kB more. A
class opening the join link at once fetched 160 MB and 2,800 files over the school's Wi-Fi,
and on 2 cores the requests alone cost the browsers and the app a tenth of their time
(issue 25, benchmarks/RESULTS.md). So:

- `CompressedOnce`: tornado's gzip encoding for every text response the browser accepts it
  for, and, for a file the app serves (a response with an `Etag` and a `Last-Modified`, as
  tornado's static file handlers send), the compressed bytes kept in memory and sent again
  to the next browser instead of compressing the file for each visitor (on the fly it cost
  the app 7 CPU-s for 30 pages; cached, nothing). A page's files are 1.4 MB so.
- `ChunkBundle`: the 75 numbered chunks of Voila's JavaScript that every page loads one by
  one after `voila.js` asked for them, sent as one script before `voila.js`. Each chunk
  only registers its modules with webpack's loader (`self.webpackChunk….push(...)`); a
  chunk already registered when the loader asks for it is not fetched, and one the bundle
  lacks is fetched as before, so a stale list costs requests, never a broken page. Which
  chunks is recorded once for the Voila version pinned (`CHUNK_LIST`, written by
  tools/voila_chunks.py from a browser's visits): the numbers name other code in another
  Voila build, so the bundle is left out unless the installed
  Voila is the recorded one. The widget extensions' chunks (`labextensions/`, 14 more
  files) are not bundled: registered before their extension's loader had started, they left
  13 of 30 student pages opened at once without their widgets ("widget model not found"),
  where Voila's own chunks bundled left none (issue 25's notes).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from email.utils import formatdate
from functools import cached_property
from pathlib import Path
from typing import ClassVar

import voila
from tornado.httpclient import AsyncHTTPClient, HTTPClientError
from tornado.httputil import HTTPHeaders, HTTPServerRequest
from tornado.web import GZipContentEncoding, RequestHandler

#: Which chunks the bundle holds, and for which Voila (tools/voila_chunks.py writes it).
CHUNK_LIST = (
    Path(__file__).resolve().parent
    / "share"
    / "jupyter"
    / "voila"
    / "templates"
    / "kit"
    / "voila_chunks.json"
)

#: The bundle's address under the app's base URL.
BUNDLE_PATH = "voila/kit/voila-chunks.js"
#: The kit's widgets' files (plotly.js, for the charts: kit_common/widgets/live_chart.py),
#: served under this address; the kernels find it in `WIDGET_STATIC_VARIABLE`.
WIDGET_STATIC = Path(__file__).resolve().parent / "kit_common" / "widgets" / "static"
WIDGET_STATIC_PATH = "voila/kit/static/"
WIDGET_STATIC_VARIABLE = "KIT_WIDGET_STATIC_URL"  # live_chart.ADDRESS_VARIABLE (a test checks)


class CompressedOnce(GZipContentEncoding):
    """Tornado's gzip content encoding, remembering the files it compressed.

    A response counts as a file when it carries an `Etag` and a `Last-Modified` (tornado's
    `StaticFileHandler`, which Voila's static, template and extension routes use, sends
    both; a page or an API answer does not send `Last-Modified`). Its compressed bytes are
    kept under its `Etag`, `Last-Modified` and length: tornado computes the `Etag` from the
    file's content once for the life of the app, so a file changed while the app runs is
    known by its time and length (a change within the same second that keeps the length
    goes unseen, as tornado's `Etag` does not see it). What is kept is bounded (`LIMIT`
    bytes, the least recently sent dropped first); a response that did not finish (the
    browser went away) is not kept.
    """

    #: At most this many compressed bytes are kept (a page's files take 1.4 MB).
    LIMIT: ClassVar[int] = 64 * 2**20
    _kept: ClassVar[OrderedDict[str, bytes]] = OrderedDict()
    _kept_bytes: ClassVar[int] = 0
    #: How many responses were compressed and how many sent from what was kept (for tests
    #: and benchmarks).
    counts: ClassVar[dict[str, int]] = {"compressed": 0, "kept": 0}

    def __init__(self, request: HTTPServerRequest) -> None:
        super().__init__(request)
        self._key: str | None = None
        self._parts: list[bytes] = []
        self._sent_kept = False

    def transform_first_chunk(
        self, status_code: int, headers: HTTPHeaders, chunk: bytes, finishing: bool
    ) -> tuple[int, HTTPHeaders, bytes]:
        key = None
        if status_code == 200 and "Etag" in headers and "Last-Modified" in headers:
            # tornado keeps a file's Etag for the process's life, even if the file changes
            key = " ".join(headers.get(n, "") for n in ("Etag", "Last-Modified", "Content-Length"))
        kept = self._kept.get(key) if key and self._gzipping else None
        if kept is not None and "Content-Encoding" not in headers:
            # sent as tornado would have, without compressing the first chunk again
            headers["Vary"] = ", ".join(filter(None, (headers.get("Vary"), "Accept-Encoding")))
            headers["Content-Encoding"] = "gzip"
            headers["Content-Length"] = str(len(kept))
            self._kept.move_to_end(key)  # type: ignore[arg-type]
            self._sent_kept = True
            type(self).counts["kept"] += 1
            return status_code, headers, kept
        status_code, headers, chunk = super().transform_first_chunk(
            status_code, headers, chunk, finishing
        )
        if not self._gzipping:
            return status_code, headers, chunk
        type(self).counts["compressed"] += 1
        if key:
            self._key = key
            self._parts = [chunk]
            if finishing:
                self._keep()
        return status_code, headers, chunk

    def transform_chunk(self, chunk: bytes, finishing: bool) -> bytes:
        if self._sent_kept:
            return b""  # the file's bytes were all sent with the first chunk
        chunk = super().transform_chunk(chunk, finishing)
        if self._key:
            self._parts.append(chunk)
            if finishing:
                self._keep()
        return chunk

    def _keep(self) -> None:
        body = b"".join(self._parts)
        cls = type(self)
        if self._key is None or len(body) > cls.LIMIT or self._key in cls._kept:
            return
        cls._kept[self._key] = body
        cls._kept_bytes += len(body)
        while cls._kept_bytes > cls.LIMIT:
            _, dropped = cls._kept.popitem(last=False)
            cls._kept_bytes -= len(dropped)

    @classmethod
    def forget(cls) -> None:
        """Drop every kept file (tests)."""
        cls._kept.clear()
        cls._kept_bytes = 0
        cls.counts.update(compressed=0, kept=0)


@dataclass(frozen=True)
class ChunkBundle:
    """Voila's chunks that every page loads, one after another in one script."""

    body: bytes
    #: The files it holds, as the app's addresses name them under `voila/`
    #: ("static/73.voila.js").
    files: tuple[str, ...]

    @cached_property
    def version(self) -> str:
        """A digest of the bytes: the `?v=` of the script's address, so that a browser may
        keep the script as long as it likes and fetches the new one after a change."""
        return hashlib.sha256(self.body).hexdigest()[:20]


#: How a chunk begins (after its licence comment and "use strict"): it adds its modules to
#: the list its webpack or rspack loader reads, `(self.webpackChunk_x=...).push(...)` or
#: `(self["webpackChunk_x"] = ...).push(...)`, and does nothing else.
CHUNK_START = re.compile(
    rb'^\s*(?:/\*.*?\*/\s*)?(?:"use strict";\s*)?\(self(?:\.|\[")(?:webpack|rspack)Chunk', re.S
)


def is_chunk(text: bytes) -> bool:
    """Whether a script's text is a webpack (or rspack) chunk, which only registers modules
    and may be run before the loader that reads it; a loader (`voila.js`, an extension's
    `remoteEntry`) is not."""
    return CHUNK_START.match(text[:2000]) is not None


def _found(name: str, folders: Sequence[str | Path]) -> Path | None:
    for folder in folders:
        path = Path(folder) / name
        if path.is_file():
            return path
    return None


def chunk_bundle(
    static_folders: Sequence[str | Path],
    listing: Path = CHUNK_LIST,
    voila_version: str = voila.__version__,
) -> tuple[ChunkBundle | None, str]:
    """The bundle of the chunks `listing` names, read from Voila's static folders (those the
    app serves `voila/static/` from); with a sentence for the app's log. None, with the
    reason, when the listing is missing or unreadable, was recorded for another Voila, or
    names no chunk found there."""
    try:
        recorded = json.loads(listing.read_text(encoding="utf-8"))
        names = [str(name) for name in recorded["chunks"]]
        recorded_version = str(recorded["voila"])
    except (OSError, ValueError, KeyError, TypeError) as error:
        return None, f"Voila's chunks are fetched one by one: {listing} unreadable ({error})"
    if recorded_version != voila_version:
        return None, (
            f"Voila's chunks are fetched one by one: {listing.name} was recorded for Voila "
            f"{recorded_version}, this is {voila_version} (run tools/voila_chunks.py)"
        )
    parts: list[bytes] = []
    files: list[str] = []
    for name in names:
        kind, _, rest = name.partition("/")
        path = _found(rest, static_folders) if kind == "static" else None
        text = path.read_bytes() if path is not None else b""
        if not is_chunk(text):
            continue  # fetched as before, when a page asks for it
        # In a function of its own, a chunk keeps its "use strict" (a directive only at the
        # start of a script or a function) and its own lines (a chunk may end in a comment).
        parts.append(b"(function () {\n" + text.rstrip() + b"\n}).call(self);\n")
        files.append(name)
    if not parts:
        return None, f"Voila's chunks are fetched one by one: none of {listing.name} found"
    bundle = ChunkBundle(b"".join(parts), tuple(files))
    return bundle, (
        f"Voila's chunks sent as one script: {len(files)} of {len(names)} files, "
        f"{len(bundle.body) / 2**20:.1f} MB"
    )


class ChunkBundleHandler(RequestHandler):
    """Sends the bundle: kept by the browser for a year under its `?v=` address (the
    address changes with its content), compressed once by `CompressedOnce`."""

    def initialize(self, bundle: ChunkBundle, started: float) -> None:
        self.bundle = bundle
        self.started = started

    def get(self) -> None:
        self.set_header("Content-Type", "text/javascript; charset=utf-8")
        self.set_header("Last-Modified", formatdate(self.started, usegmt=True))
        if self.get_argument("v", "") == self.bundle.version:
            self.set_header("Cache-Control", "max-age=31536000, immutable")
        else:
            self.set_header("Cache-Control", "no-cache")
        self.write(self.bundle.body)  # tornado answers 304 to a browser holding this Etag

    def compute_etag(self) -> str | None:
        return f'"{self.bundle.version}"'


def other_files(listing: Path = CHUNK_LIST) -> list[str]:
    """The other scripts and styles the pages fetch (`listing`'s `other_files`: addresses
    under the app's base URL), [] when the listing is unreadable. A file of another version
    of Voila or of an extension is simply not found (`warm` passes over it)."""
    try:
        return [
            str(name) for name in json.loads(listing.read_text(encoding="utf-8"))["other_files"]
        ]
    except (OSError, ValueError, KeyError, TypeError):
        return []


def widget_files() -> list[str]:
    """The kit's widgets' files a page may fetch (plotly.js), as addresses under the app's
    base URL."""
    return [f"{WIDGET_STATIC_PATH}{name}" for name in ("plotly-cartesian.min.js",)]


async def warm(origin: str, addresses: Sequence[str]) -> str:
    """Ask the app at `origin` (e.g. http://127.0.0.1:8866/) for each address once, accepting
    gzip, so that `CompressedOnce` has kept every file a page fetches before the first
    visitor: a class arriving at once would otherwise have each phone's request compress the
    same files at the same moment (nothing is kept before a response finishes), 3 CPU-s of
    the app's for 30 phones. A sentence for the app's log."""
    client = AsyncHTTPClient()
    done = 0
    for address in addresses:
        try:
            await client.fetch(
                origin + address.lstrip("/"),
                headers={"Accept-Encoding": "gzip", "Host": "127.0.0.1"},
                decompress_response=False,
                request_timeout=60,
            )
        except (HTTPClientError, OSError):
            continue  # a file of another version: left to be compressed at its first request
        done += 1
    return f"{done} of {len(addresses)} scripts and styles compressed before the first visitor"


def bundle_address(server_url: str, bundle: ChunkBundle | None) -> str:
    """Where a page finds the bundle (with its `?v=`), or "" when there is none."""
    if bundle is None:
        return ""
    return f"{server_url.rstrip('/')}/{BUNDLE_PATH}?v={bundle.version}"
