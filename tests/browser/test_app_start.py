"""The app as a class meets it: every page opened right after a start, each complete;
a refused click said in a sentence, never a traceback (nor for messages crafted by hand);
only local host names answered.

This module runs first among the browser tests (its name sorts first), so that its first
test meets the app just started, its kernels still preheating.
"""

from __future__ import annotations

import asyncio
import http.client
import json
import re
import urllib.error
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlparse

import pytest
from tornado.httpclient import HTTPRequest
from tornado.websocket import websocket_connect

import kit_app
from tests.browser.conftest import VOILA_LOG
from tests.browser.page_actions import (
    ACTION,
    page_errors,
)
from tests.browser.voila_server import kernel_message

pytestmark = pytest.mark.browser

TRACEBACK = "Traceback (most recent call last)"


def test_every_page_opened_right_after_the_start_has_all_its_widgets(first_visits):
    """Every page of every language, six at a time right after the start (the first test of
    the browser run, so the English pages' kernels are still preheating): complete."""
    incomplete = [
        f"{v.name}: {v.drawn_widgets} of {v.expected_widgets} widgets"
        + (f" ({'; '.join(v.problems)})" if v.problems else "")
        for v in first_visits.values()
        if not v.complete or v.problems
    ]
    assert not incomplete, "\n".join(incomplete)


def test_a_translated_page_served_preheats_the_page_read_after_it(first_visits, started_voila_app):
    """kit_app's next-page preheats, as the served app asks for them: each translated page
    visited above (no page loaded for this test) preheats the page read after it, and no
    English page does (theirs keep pools of their own). The browser tests' app waits an hour
    before preheating (its `fill_delay`), so these preheats never cost the tests a kernel."""
    log = VOILA_LOG.read_text()
    asked = set(re.findall(r"Preheating (\S+), the page after (\S+)", log))
    expected = {
        (after, v.name)
        for v in first_visits.values()
        if v.lang != "en" and v.complete
        for after in kit_app.next_pages(started_voila_app.root, v.name)
    }
    assert len(expected) >= 3  # each language's index leads to each game's first page
    assert expected <= asked, sorted(expected - asked)
    english = {page for page, _ in asked if page.split("/")[0] not in kit_app.TRANSLATED}
    assert not english, sorted(english)


def test_a_double_clicked_button_says_a_sentence_and_no_traceback(voila_app, browser_page):
    page, watch = browser_page
    received: list[str] = []

    def note(frame: str | bytes) -> None:
        received.append(frame if isinstance(frame, str) else frame.decode("utf-8", "replace"))

    page.on("websocket", lambda socket: socket.on("framereceived", note))
    page.goto(voila_app.page_url("martian_dice/02_a_turn.ipynb"), timeout=120_000)
    # the page's first turn player (a quiz's Check button comes before it)
    roll = page.locator(ACTION, has_text="Roll").first
    roll.wait_for(state="visible", timeout=60_000)
    # Both clicks leave the browser before the kernel has answered the first one (which
    # disables Roll: the dice rolled must be set aside first).
    roll.evaluate("button => { button.click(); button.click(); }")
    notice = page.locator(".kit-notice")
    notice.wait_for(state="visible", timeout=15_000)
    sentence = notice.inner_text()
    assert sentence.strip() and TRACEBACK not in sentence
    assert roll.is_disabled()
    page.wait_for_timeout(500)  # anything else the kernel sends arrives meanwhile
    assert not [frame for frame in received if TRACEBACK in frame or '"traceback"' in frame]
    problems = page_errors(page) + watch.problems
    assert not problems, "\n".join(problems)


def _status(url: str, host: str, path: str) -> int:
    address = urlparse(url)
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=60)
    try:
        connection.request("GET", path, headers={"Host": host})
        return connection.getresponse().status
    finally:
        connection.close()


@pytest.mark.parametrize(
    "path", ["/", "/voila/render/00_index.ipynb", "/api/kernels", "/voila/static/voila.js"]
)
def test_a_request_for_a_foreign_host_name_is_refused(voila_app, path):
    """A page rebound by DNS to 127.0.0.1 sends its own host name: nothing is answered."""
    assert _status(voila_app.url, "evil.example", path) == 403
    assert _status(voila_app.url, "evil.example:80", path) == 403


def test_a_request_for_a_local_host_name_is_answered(voila_app):
    # Answers that need no kernel: the root address's redirect, the list of notebooks.
    port = urlparse(voila_app.url).port
    for host in (f"localhost:{port}", f"127.0.0.1:{port}", f"[::1]:{port}", "localhost"):
        assert _status(voila_app.url, host, "/") == 302
        assert _status(voila_app.url, host, "/voila/tree") == 302  # to the index page too


@pytest.mark.parametrize(
    "path",
    [
        "/voila/render/00_index.ipynb%00.txt",
        "/voila/templates/..%2f..%2fetc%2fpasswd",
        "/voila/static/%2e%2e/%2e%2e/kit_app.py",
        "/voila/api/contents/",
        "/voila/api/contents/classroom/teacher.ipynb",
    ],
)
def test_an_odd_address_or_the_contents_api_gets_a_sentence(voila_app, path):
    """Voila answered these with 500, or with every notebook whole (hidden checks and the
    teacher's answers included): now 404 and a sentence."""
    address = urlparse(voila_app.url)
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=60)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        body = response.read().decode()
    finally:
        connection.close()
    assert response.status == 404
    assert body.startswith("There is no page at this address.")


def test_a_kernel_is_shut_down_only_by_its_own_page(voila_app):
    """The "shut my kernel down" beacon: refused without an Origin (a local program holding
    the cookie) and for a kernel the device was not given; done for the page's own."""
    with urllib.request.urlopen(voila_app.page_url("glossary.ipynb"), timeout=120) as response:
        html = response.read().decode()
        cookies = [c.split(";")[0] for c in response.headers.get_all("Set-Cookie")]
    kernel = re.search(r'"kernelId": "([0-9a-f-]{36})"', html).group(1)
    cookie = "; ".join(cookies)
    xsrf = next(c for c in cookies if c.startswith("_xsrf=")).split("=", 1)[1]
    origin = voila_app.url.rstrip("/")

    def shut(kernel_id: str, headers: dict[str, str]) -> int:
        request = urllib.request.Request(
            voila_app.url + f"voila/api/shutdown/{kernel_id}",
            method="POST",
            headers={"Cookie": cookie, "X-XSRFToken": xsrf, **headers},
        )
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:
                return answer.status
        except urllib.error.HTTPError as error:
            return error.code

    assert shut(kernel, {}) == 403
    assert shut(str(uuid.uuid4()), {"Origin": origin}) == 403
    assert shut(kernel, {"Origin": origin}) == 204


#: What a visitor can send to every widget of a page by hand: values of the wrong type, a
#: child that does not exist, clicks, and a message without a method.
CRAFTED = [
    {"method": "update", "state": {"value": "not a value"}, "buffer_paths": []},
    {"method": "update", "state": {"disabled": "maybe"}, "buffer_paths": []},
    {"method": "update", "state": {"children": ["IPY_MODEL_none"]}, "buffer_paths": []},
    {"method": "update", "state": {"index": 99, "value": 10**9}, "buffer_paths": []},
    {"method": "custom", "content": {"event": "click"}},
    {"method": "custom", "content": {"event": "click"}},
    {"no method": True},
]


async def _craft(url: str, page: str) -> tuple[int, list[str]]:
    """Send CRAFTED to every widget of a fresh `page`; (messages sent, replies carrying a
    traceback, an error or anything on stderr)."""
    with urllib.request.urlopen(url + "voila/render/" + page, timeout=120) as response:
        html = response.read().decode()
    kernel = re.search(r'"kernelId": "([0-9a-f-]{36})"', html).group(1)
    socket = await websocket_connect(
        HTTPRequest(url.replace("http", "ws") + f"api/kernels/{kernel}/channels")
    )
    await socket.write_message(kernel_message("comm_info_request", {}))
    comms: dict = {}
    while not comms:
        reply = json.loads(await socket.read_message())
        comms = reply["content"]["comms"] if reply["msg_type"] == "comm_info_reply" else {}
    sent = 0
    for comm_id in comms:
        for data in CRAFTED:
            await socket.write_message(
                kernel_message("comm_msg", {"comm_id": comm_id, "data": data})
            )
            sent += 1
    failures = []
    try:
        while (raw := await asyncio.wait_for(socket.read_message(), 10)) is not None:
            reply = json.loads(raw)
            text = json.dumps(reply["content"])
            stderr = reply["msg_type"] == "stream" and reply["content"].get("name") == "stderr"
            if reply["msg_type"] == "error" or stderr or "Traceback" in text:
                failures.append(f"{reply['msg_type']}: {text[:200]}")
    except asyncio.TimeoutError:  # nothing more for 10 s: the kernel has answered everything
        pass
    socket.close()
    return sent, failures


def test_crafted_widget_messages_get_no_traceback(voila_app):
    # In a thread of its own: Playwright's synchronous API holds this thread's event loop.
    with ThreadPoolExecutor(1) as thread:
        crafting = thread.submit(asyncio.run, _craft(voila_app.url, "martian_dice/02_a_turn.ipynb"))
        sent, failures = crafting.result()
    assert sent > 100
    assert not failures, f"{len(failures)} of {sent} crafted messages:\n" + "\n".join(failures[:5])
