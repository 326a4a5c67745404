"""kit_assets.py: files compressed once and sent again, Voila's chunks in one script, and
the recorded list of chunks in step with the Voila installed (tornado in this process, no
browser: the browser tests check a page drawn through both)."""

from __future__ import annotations

import asyncio
import gzip
import json
import random
import re
import threading
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NamedTuple
from unittest import mock

import pytest
import tornado.web
import voila
from tornado.httpserver import HTTPServer
from tornado.httputil import HTTPHeaders, HTTPServerRequest, RequestStartLine
from tornado.testing import bind_unused_port

import kit_assets
from kit_assets import ChunkBundle, ChunkBundleHandler, CompressedOnce, chunk_bundle, is_chunk

#: Voila's static folder, where the recorded chunks are.
VOILA_STATIC = Path(voila.__file__).resolve().parents[4] / "share/jupyter/voila/templates/base"


def script(size: int, seed: str) -> bytes:
    """A script of `size` bytes that compresses (repetitive) and differs by `seed`."""
    line = f"console.log({seed!r}, 'the kit');\n".encode()
    return (line * (size // len(line) + 1))[:size]


class Page(tornado.web.RequestHandler):
    """A page: written at once, with an Etag tornado computes but no Last-Modified."""

    def get(self) -> None:
        self.set_header("Content-Type", "text/html")
        self.write(script(5_000, "page"))


class Response(NamedTuple):
    code: int
    headers: Any
    body: bytes


@contextmanager
def served(app: tornado.web.Application) -> Iterator[str]:
    """Serve `app` on a free port from a thread of its own (its own event loop: a test run
    may hold one in this thread); yields the address."""
    ready = threading.Event()
    running: dict[str, Any] = {}

    async def serve() -> None:
        sock, port = bind_unused_port()
        server = HTTPServer(app)
        server.add_sockets([sock])
        running.update(port=port, stop=asyncio.Event(), loop=asyncio.get_running_loop())
        ready.set()
        await running["stop"].wait()
        server.stop()

    thread = threading.Thread(target=asyncio.run, args=(serve(),), daemon=True)
    thread.start()
    assert ready.wait(10)
    try:
        yield f"http://127.0.0.1:{running['port']}"
    finally:
        running["loop"].call_soon_threadsafe(running["stop"].set)
        thread.join(10)


def get(address: str, gzipped: bool = True, headers: dict | None = None) -> Response:
    """GET `address` as a browser would, accepting gzip or not; the body as sent."""
    sent = {"Accept-Encoding": "gzip"} if gzipped else {}
    request = urllib.request.Request(address, headers={**sent, **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return Response(response.status, response.headers, response.read())
    except urllib.error.HTTPError as error:  # a 304, say
        return Response(error.code, error.headers, error.read())


def in_own_loop(coroutine: Any) -> Any:
    """Run `coroutine` in a thread of its own (see `served`)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


@pytest.fixture
def files(tmp_path: Path) -> Iterator[tuple[Path, Callable[..., Response]]]:
    """A folder served by tornado's static handler and a page, through `CompressedOnce`;
    yields the folder and a `get` of a path of the app."""
    CompressedOnce.forget()
    app = tornado.web.Application(
        [
            (r"/static/(.*)", tornado.web.StaticFileHandler, {"path": str(tmp_path)}),
            (r"/page", Page),
        ],
        transforms=[CompressedOnce],
    )
    with served(app) as address:
        yield tmp_path, lambda path, **options: get(address + path, **options)
    CompressedOnce.forget()


def test_a_file_is_compressed_once_and_the_same_bytes_sent_again(files) -> None:
    folder, fetch = files
    # 300 kB: tornado's static handler sends it in five pieces, compressed as they go
    body = script(300_000, "chunk")
    (folder / "big.js").write_bytes(body)
    first = fetch("/static/big.js")
    with mock.patch.object(tornado.web.gzip, "GzipFile", side_effect=AssertionError):
        second = fetch("/static/big.js")  # not even its first piece compressed again
    for response in (first, second):
        assert response.code == 200
        assert response.headers["Content-Encoding"] == "gzip"
        assert gzip.decompress(response.body) == body
        assert len(response.body) < len(body) / 10
    assert second.headers["Content-Length"] == str(len(second.body))
    assert CompressedOnce.counts == {"compressed": 1, "kept": 1}


def test_a_browser_that_does_not_accept_gzip_gets_the_file_as_it_is(files) -> None:
    folder, fetch = files
    body = script(100_000, "plain")
    (folder / "plain.js").write_bytes(body)
    fetch("/static/plain.js")
    response = fetch("/static/plain.js", gzipped=False)
    assert "Content-Encoding" not in response.headers
    assert response.body == body


def test_a_changed_file_is_compressed_anew(files) -> None:
    folder, fetch = files
    path = folder / "changing.css"
    path.write_bytes(script(50_000, "before"))
    fetch("/static/changing.css")
    path.write_bytes(script(60_000, "after"))  # tornado's Etag stays that of "before"
    response = fetch("/static/changing.css")
    assert gzip.decompress(response.body) == script(60_000, "after")
    assert CompressedOnce.counts == {"compressed": 2, "kept": 0}


def test_a_page_is_compressed_for_each_visitor_and_not_kept(files) -> None:
    _, fetch = files
    for _ in range(2):
        response = fetch("/page")
        assert gzip.decompress(response.body) == script(5_000, "page")
    assert CompressedOnce.counts == {"compressed": 2, "kept": 0}
    assert not CompressedOnce._kept


def test_what_is_kept_stays_within_its_limit_the_oldest_dropped(files) -> None:
    folder, fetch = files
    limit = CompressedOnce.LIMIT
    for seed, name in enumerate(("a", "b", "c")):
        # hex of random bytes: the three compress to nearly the same size, half their own
        (folder / f"{name}.js").write_text(random.Random(seed).randbytes(40_000).hex())
    try:
        fetch("/static/a.js")
        one = CompressedOnce._kept_bytes
        CompressedOnce.forget()
        CompressedOnce.LIMIT = int(2.5 * one)
        for name in ("a", "b", "c"):
            fetch(f"/static/{name}.js")
        assert CompressedOnce._kept_bytes <= CompressedOnce.LIMIT
        assert len(CompressedOnce._kept) == 2  # "a", the oldest, was dropped
        for name, counted in (("c", "kept"), ("b", "kept"), ("a", "compressed")):
            before = CompressedOnce.counts[counted]
            response = fetch(f"/static/{name}.js")
            assert gzip.decompress(response.body) == (folder / f"{name}.js").read_bytes()
            assert CompressedOnce.counts[counted] == before + 1
    finally:
        CompressedOnce.LIMIT = limit


def test_a_file_whose_sending_did_not_finish_is_not_kept() -> None:
    CompressedOnce.forget()
    request = HTTPServerRequest(
        start_line=RequestStartLine("GET", "/static/x.js", "HTTP/1.1"),
        headers=HTTPHeaders({"Accept-Encoding": "gzip", "Host": "127.0.0.1"}),
    )
    transform = CompressedOnce(request)
    headers = HTTPHeaders(
        {"Content-Type": "text/javascript", "Etag": '"x"', "Last-Modified": "Fri, 04 Dec 2026"}
    )
    transform.transform_first_chunk(200, headers, script(65_536, "part"), finishing=False)
    transform.transform_chunk(script(65_536, "more"), finishing=False)
    # the browser went away: no last piece
    assert not CompressedOnce._kept


def bundle_test_app(bundle: ChunkBundle) -> tornado.web.Application:
    return tornado.web.Application(
        [("/bundle.js", ChunkBundleHandler, {"bundle": bundle, "started": 1.8e9})],
        transforms=[CompressedOnce],
    )


BUNDLE = ChunkBundle(b"(function () {\n1\n}).call(self);\n" * 100, ("static/1.voila.js",))


def test_the_bundle_is_kept_by_the_browser_under_its_version_only() -> None:
    with served(bundle_test_app(BUNDLE)) as address:
        versioned = get(f"{address}/bundle.js?v={BUNDLE.version}", gzipped=False)
        assert versioned.body == BUNDLE.body
        assert versioned.headers["Cache-Control"] == "max-age=31536000, immutable"
        assert versioned.headers["Content-Type"].startswith("text/javascript")
        assert get(f"{address}/bundle.js?v=old").headers["Cache-Control"] == "no-cache"


def test_a_browser_holding_the_bundle_is_told_it_has_not_changed() -> None:
    with served(bundle_test_app(BUNDLE)) as address:
        etag = get(f"{address}/bundle.js").headers["Etag"]
        again = get(f"{address}/bundle.js", headers={"If-None-Match": etag})
        assert again.code == 304
        assert again.body == b""


VOILA_CHUNK = b"/*! For license information please see 9.voila.js.LICENSE.txt */\n(self.webpackChunk_JUPYTERLAB_CORE_OUTPUT=self.webpackChunk_JUPYTERLAB_CORE_OUTPUT||[]).push([[9],{9:e=>{}}]);\n//# a last comment"  # noqa: E501
STRICT_CHUNK = (
    b'"use strict";\n(self["webpackChunk_x"] = self["webpackChunk_x"] || []).push([["2"], {}]);'
)
RSPACK_CHUNK = b"(self.rspackChunk_y=self.rspackChunk_y||[]).push([[84],{}]);"
LOADER = b"var _JUPYTERLAB;(()=>{var e={};self.webpackChunk_x=[]})();"


def test_chunks_are_told_from_loaders() -> None:
    assert is_chunk(VOILA_CHUNK) and is_chunk(STRICT_CHUNK) and is_chunk(RSPACK_CHUNK)
    assert not is_chunk(LOADER)
    assert not is_chunk(b"")


def listing(tmp_path: Path, files: list[str], version: str = voila.__version__) -> Path:
    path = tmp_path / "voila_chunks.json"
    path.write_text(json.dumps({"voila": version, "chunks": files}))
    return path


def test_the_bundle_holds_the_listed_chunks_in_order_each_in_a_function(tmp_path) -> None:
    static = tmp_path / "static"
    static.mkdir()
    (static / "9.voila.js").write_bytes(VOILA_CHUNK)
    (static / "2.voila.js").write_bytes(STRICT_CHUNK)
    (static / "voila.js").write_bytes(LOADER)
    files = ["static/2.voila.js", "static/9.voila.js", "static/voila.js", "static/7.voila.js"]
    bundle, said = chunk_bundle([tmp_path / "elsewhere", static], listing(tmp_path, files))
    assert bundle is not None
    # the loader and the missing chunk are left to be fetched as before
    assert bundle.files == ("static/2.voila.js", "static/9.voila.js")
    assert bundle.body == (
        b"(function () {\n" + STRICT_CHUNK + b"\n}).call(self);\n"
        b"(function () {\n" + VOILA_CHUNK + b"\n}).call(self);\n"
    )
    # "use strict" opens its function: still a directive there
    assert bundle.body.index(b'{\n"use strict";') == len(b"(function () ")
    assert said.startswith("Voila's chunks sent as one script: 2 of 4 files")
    other = ChunkBundle(bundle.body + b"\n", bundle.files)
    assert other.version != bundle.version and len(bundle.version) == 20


def test_no_bundle_for_another_voila_or_an_unreadable_listing(tmp_path) -> None:
    static = tmp_path / "static"
    static.mkdir()
    (static / "9.voila.js").write_bytes(VOILA_CHUNK)
    older = listing(tmp_path, ["static/9.voila.js"], version="0.4.0")
    bundle, said = chunk_bundle([static], older)
    assert bundle is None
    assert f"recorded for Voila 0.4.0, this is {voila.__version__}" in said
    assert "tools/voila_chunks.py" in said
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    bundle, said = chunk_bundle([static], broken)
    assert bundle is None and "broken.json unreadable" in said
    bundle, said = chunk_bundle([static], listing(tmp_path, ["labextensions/a/84.js"]))
    assert bundle is None and "none of" in said


def test_the_recorded_chunks_are_the_installed_voilas() -> None:
    recorded = json.loads(kit_assets.CHUNK_LIST.read_text())
    assert recorded["voila"] == voila.__version__, (
        f"voila_chunks.json was recorded for Voila {recorded['voila']}; this is "
        f"{voila.__version__}: run tools/voila_chunks.py"
    )
    assert all(name.startswith("static/") for name in recorded["chunks"])
    static = VOILA_STATIC / "static"
    assert all(
        is_chunk((static / name[len("static/") :]).read_bytes()) for name in recorded["chunks"]
    )
    bundle, said = chunk_bundle([static])
    assert bundle is not None and len(bundle.files) == len(recorded["chunks"]), said


@pytest.mark.parametrize("base", ["/", "/class/"])
def test_a_page_finds_the_bundle_under_the_apps_base_address(base) -> None:
    bundle = ChunkBundle(b"1", ("static/1.voila.js",))
    assert kit_assets.bundle_address(base, bundle) == (
        f"{base}voila/kit/voila-chunks.js?v={bundle.version}"
    )
    assert kit_assets.bundle_address(base, None) == ""


def test_the_files_warmed_are_sent_from_what_was_kept(tmp_path) -> None:
    CompressedOnce.forget()
    (tmp_path / "style.css").write_bytes(script(80_000, "style"))
    app = tornado.web.Application(
        [(r"/base/voila/(.*)", tornado.web.StaticFileHandler, {"path": str(tmp_path)})],
        transforms=[CompressedOnce],
    )
    with served(app) as address:
        addresses = ["voila/style.css", "voila/gone-in-this-version.js"]
        said = in_own_loop(kit_assets.warm(f"{address}/base/", addresses))
        assert said == "1 of 2 scripts and styles compressed before the first visitor"
        assert CompressedOnce.counts == {"compressed": 1, "kept": 0}
        response = get(f"{address}/base/voila/style.css")
        assert gzip.decompress(response.body) == script(80_000, "style")
        assert CompressedOnce.counts == {"compressed": 1, "kept": 1}


def test_the_other_files_are_read_from_the_listing(tmp_path) -> None:
    path = tmp_path / "voila_chunks.json"
    path.write_text(json.dumps({"voila": "0.5.13", "chunks": [], "other_files": ["voila/a.js"]}))
    assert kit_assets.other_files(path) == ["voila/a.js"]
    path.write_text("[]")
    assert kit_assets.other_files(path) == []
    recorded = kit_assets.other_files()
    assert "voila/static/voila.js" in recorded
    assert not any(re.search(r"voila/static/\d+\.voila\.js", name) for name in recorded)


def test_the_kernels_find_the_widgets_files_where_the_app_serves_them() -> None:
    from kit_common.widgets import live_chart

    assert kit_assets.WIDGET_STATIC_VARIABLE == live_chart.ADDRESS_VARIABLE
    assert kit_assets.WIDGET_STATIC == live_chart.STATIC
    for address in kit_assets.widget_files():
        assert (
            kit_assets.WIDGET_STATIC / address.removeprefix(kit_assets.WIDGET_STATIC_PATH)
        ).is_file()
