"""The live class in a real browser: the teacher starts a class, a student opens the join
link on a phone-sized page, joins, rolls (seeing the 13 dice drawn) and sends, and the
teacher's projector shows the send by itself within 2 s, in its sentence and on its chart; the
nickname shows as text; the student's tab closed and the link opened again, the same student
is back. Then a room of Martian Dice played from two phone-sized devices, and a
few moves of a Dinosaur Island room on the same two: each move shows on the other device within
1 s, and a press forced on a device whose seat is not to act is refused."""

from __future__ import annotations

import base64
import contextlib
import re
import subprocess
import sys
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.failure_report import shown_on_failure
from tests.browser.page_checks import axe_violations, phone_layout

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


def test_a_student_send_reaches_the_projector_within_two_seconds(voila_app, chromium_browser):
    teacher_context = chromium_browser.new_context()
    student_context = chromium_browser.new_context(viewport=PHONE)
    try:
        with shown_on_failure(teacher_context, student_context):
            teacher = teacher_context.new_page()
            teacher.goto(voila_app.page_url("classroom/teacher.ipynb"), timeout=120_000)
            teacher.click(".kit-class-start", timeout=120_000)
            teacher.wait_for_selector(".kit-class-code svg", timeout=30_000)
            code = re.search(r"\b[2-9A-Z]{7}\b", teacher.inner_text(".kit-class-code")).group(0)
            link = teacher.get_attribute(".kit-class-code a", "href")
            assert link.endswith(f"classroom/student.ipynb?class={code}")
            teacher.wait_for_function(
                "document.querySelector('.kit-class-pooled').innerText.includes('0 trials pooled')"
            )

            student = student_context.new_page()
            student.goto(link, timeout=120_000)
            # the link's code fills the field once the browser told the kernel the page's address
            student.wait_for_function(
                f"document.querySelector('.kit-class-code-input input')?.value === '{code}'",
                timeout=120_000,
            )
            nickname = "<img src=x onerror=alert(1)>"
            student.fill(".kit-class-name input", nickname)
            student.click(".kit-class-join")
            student.wait_for_selector(".kit-class-roll:not([disabled])", timeout=60_000)
            assert nickname in student.inner_text("body")  # shown as text, not as an image
            for _ in range(3):
                student.click(".kit-class-roll")
            student.wait_for_function(
                "document.body.innerText.includes('3 trials ready to send')", timeout=30_000
            )
            assert student.locator(".kit-class-picture svg.kit-die").count() == 13  # the last roll
            student.click(".kit-class-send")
            student.wait_for_function("document.body.innerText.includes('Sent: 3 trials.')")
            sent = time.monotonic()
            teacher.wait_for_function(
                "document.querySelector('.kit-class-pooled').innerText"
                ".includes('3 trials pooled from 1 of 1 students.')",
                timeout=10_000,
            )
            assert time.monotonic() - sent < 2
            # the chart, hidden until the class started, shows the class's bars with their values
            teacher.wait_for_function(
                "document.querySelector('.kit-class-chart.kit-chart')?.textContent"
                ".includes('The class (3 trials)')",
                timeout=10_000,
            )
            # the student's tab closes; the join link opened again in that browser: the same
            # student is back (the token kept by the browser), and sends as before
            student.close()
            student = student_context.new_page()
            student.goto(link, timeout=120_000)
            student.wait_for_selector(".kit-class-roll:not([disabled])", timeout=120_000)
            assert f"You joined the class {code} as {nickname}." in student.inner_text("body")
            student.click(".kit-class-roll")
            student.wait_for_function("document.body.innerText.includes('1 trial ready to send')")
            student.click(".kit-class-send")
            teacher.wait_for_function(
                "document.querySelector('.kit-class-pooled').innerText"
                ".includes('4 trials pooled from 1 of 1 students.')",
                timeout=10_000,
            )
            # the teacher's own experiment, typed in the form: a law that does not add up to 1 is
            # refused in a sentence naming the field; one that does starts a class; the form is
            # accessible and fits a phone's width
            teacher.click(".kit-class-own")
            teacher.wait_for_selector(".kit-class-own-law textarea", state="visible")
            for label, value in [("Name", "Two coins"), ("One trial", "Toss two coins.")]:
                teacher.get_by_label(label, exact=True).fill(value)
            teacher.get_by_label("The outcome counts", exact=True).fill("heads")
            teacher.fill(".kit-class-own-law textarea", "0: 1/4\n1: 1/2\n2: 1/3")
            teacher.click(".kit-class-own-start")
            teacher.wait_for_function(
                "document.body.innerText.includes('The outcomes and their probabilities: the "
                "probabilities add up to 13/12, 1/12 more than 1')",
                timeout=10_000,
            )
            teacher.fill(".kit-class-own-law textarea", "0: 1/4\n1: 1/2\n2: 1/4")
            teacher.click(".kit-class-own-start")
            teacher.wait_for_function(
                "document.querySelector('.kit-class-code').innerText"
                ".includes('Two coins: Toss two coins.')",
                timeout=10_000,
            )
            assert axe_violations(teacher) == []
            layout = phone_layout(teacher)
            assert layout["width"] <= PHONE["width"] and layout["axe"] == []
    finally:
        student_context.close()
        teacher_context.close()


#: The most a move may take to show on another device (the issue's promise).
SEEN_WITHIN_S = 1.0
_ENABLED_MOVES = "[...document.querySelectorAll('.kit-move')].filter((b) => !b.disabled)"
_DICE = "document.querySelectorAll('.kit-die').length"
#: The room's move count as a page shows it ("Moves played: 12.").
_MOVES = (
    "Number((document.querySelector('.kit-room-scores')?.innerText"
    " .match(/Moves played: (\\d+)/) || [0, -1])[1])"
)


def _moves(page) -> int:
    return int(page.evaluate(_MOVES))


def _offers(page) -> bool:
    return bool(page.evaluate(f"{_ENABLED_MOVES}.length > 0"))


def _press_first_enabled_move(page) -> None:
    page.wait_for_function(f"{_ENABLED_MOVES}.length > 0", timeout=30_000)
    page.evaluate(f"{_ENABLED_MOVES}[0].click()")


def test_a_room_played_from_two_devices(voila_app, chromium_browser):
    """Ann creates a Martian Dice room on a phone, Bob joins from its link on another; Ann
    starts; each move shows on the other device within a second; Bob's buttons stay disabled
    on Ann's turn, and a press forced on one of them is refused in a sentence."""
    ann_context = chromium_browser.new_context(viewport=PHONE)
    bob_context = chromium_browser.new_context(viewport=PHONE)
    try:
        with shown_on_failure(ann_context, bob_context):
            ann = ann_context.new_page()
            ann.goto(voila_app.page_url("classroom/martian_dice_together.ipynb"), timeout=120_000)
            ann.fill(".kit-room-name input", "Ann", timeout=120_000)
            ann.click(".kit-room-create")
            ann.wait_for_selector(".kit-room-code svg", timeout=30_000)
            code = re.search(r"\b[2-9A-Z]{7}\b", ann.inner_text(".kit-room-code")).group(0)
            link = ann.get_attribute(".kit-room-code a", "href")
            assert link.endswith(f"classroom/martian_dice_together.ipynb?room={code}")

            bob = bob_context.new_page()
            bob.goto(link, timeout=120_000)
            bob.wait_for_function(
                f"document.querySelector('.kit-room-code-input input')?.value === '{code}'",
                timeout=120_000,
            )
            name = "<img src=x onerror=alert(1)>"
            bob.fill(".kit-room-name input", name)
            bob.click(".kit-room-join")
            bob.wait_for_function(
                "document.querySelector('.kit-room-scores')?.innerText.includes('Waiting')",
                timeout=30_000,
            )
            ann.wait_for_function(  # Bob's seat shows on Ann's device by itself, as text
                f"document.querySelector('.kit-room-scores').innerText.includes({name!r})",
                timeout=10_000,
            )
            ann.click(".kit-room-start")

            # Ann throws: Bob's device shows her dice within a second of Ann's own
            _press_first_enabled_move(ann)
            ann.wait_for_function(f"{_DICE} > 0", timeout=10_000)
            shown = time.monotonic()
            bob.wait_for_function(f"{_DICE} > 0", timeout=10_000)
            assert time.monotonic() - shown < SEEN_WITHIN_S
            assert bob.evaluate(f"{_ENABLED_MOVES}.length") == 0  # not Bob's turn

            # a press forced on Bob's disabled Stop button: the room refuses it, nothing changes
            bob.evaluate(
                "(() => { const b = [...document.querySelectorAll('.kit-move')]"
                ".find((e) => e.innerText.trim() === 'Stop');"
                " b.disabled = false; b.click(); b.disabled = true; })()"
            )
            bob.wait_for_function(
                "document.body.innerText.includes('It is not your turn: Ann plays now.')",
                timeout=10_000,
            )

            # Ann sets dice aside and stops (as her dice allow) until it is Bob's turn
            for _ in range(12):
                # (a page draws its count and its buttons in separate messages: wait for either
                # device to offer a move)
                deadline = time.monotonic() + 10
                while not (_offers(bob) or _offers(ann)) and time.monotonic() < deadline:
                    time.sleep(0.1)
                if _offers(bob):
                    break
                before = _moves(ann)
                # (the table may be redrawn between the look above and this press: no move
                # is pressed then, and the loop looks again)
                ann.evaluate(
                    f"(() => {{ const moves = {_ENABLED_MOVES};"
                    " (moves.find((b) => b.innerText.trim() === 'Stop') || moves[0])?.click(); })()"
                )
                ann.wait_for_function(f"{_MOVES} > {before}", timeout=10_000)
                bob.wait_for_function(f"{_MOVES} >= {_moves(ann)}", timeout=10_000)
            # Bob throws on his own device: Ann's device shows the move within a second
            before = _moves(bob)
            _press_first_enabled_move(bob)
            bob.wait_for_function(f"{_MOVES} > {before}", timeout=10_000)
            shown, played = time.monotonic(), _moves(bob)
            ann.wait_for_function(f"{_MOVES} >= {played}", timeout=10_000)
            assert time.monotonic() - shown < SEEN_WITHIN_S
            assert ann.evaluate(f"{_ENABLED_MOVES}.length") == 0  # Bob's turn: not Ann's
            assert name in bob.inner_text(".kit-room-scores")
            ann.close()
            bob.close()
            _a_dinosaur_island_room(voila_app, ann_context, bob_context)
    finally:
        bob_context.close()
        ann_context.close()


def test_a_room_with_a_bot_is_played_to_its_end_and_its_record_replays(
    voila_app, chromium_browser, tmp_path
):
    """Ann, on a phone (a touch screen: she taps), creates a Martian Dice room, gives the
    other seat to a bot and starts; she stops whenever she may until the game is over: the
    page says who won (`kit-room-over`) and offers the game's record, which the kit's own
    `check-record` and `replay` commands read as the same finished game. The page, its whole
    game told, still fits the phone: no sideways scroll, 44 px controls, 16 px prose, no axe
    violation."""
    context = chromium_browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    try:
        with shown_on_failure(context):
            ann = context.new_page()
            ann.goto(voila_app.page_url("classroom/martian_dice_together.ipynb"), timeout=120_000)
            ann.fill(".kit-room-name input", "Ann", timeout=120_000)
            ann.tap(".kit-room-create")
            ann.wait_for_selector(".kit-room-code svg", timeout=30_000)
            ann.wait_for_selector(".kit-room-bot:not(:disabled)", timeout=10_000)  # a seat
            ann.tap(".kit-room-bot")
            ann.wait_for_function(  # the bot's seat shows in the table
                "document.querySelector('.kit-room-scores').innerText.includes('bot')",
                timeout=10_000,
            )
            ann.tap(".kit-room-start")
            over = "document.querySelector('.kit-room-over') !== null"
            deadline = time.monotonic() + 180
            while not ann.evaluate(over):
                assert time.monotonic() < deadline, "the game did not end within 3 minutes"
                if not _offers(ann):  # the bot's turn, or the page is drawing
                    time.sleep(0.1)
                    continue
                before = _moves(ann)
                # (the table may be redrawn between the look above and this press: no move
                # is pressed then, and the loop looks again)
                ann.evaluate(
                    f"(() => {{ const moves = {_ENABLED_MOVES};"
                    " (moves.find((b) => b.innerText.trim() === 'Stop') || moves[0])?.click(); })()"
                )
                # (a press on a button the table was redrawing is lost: the loop offers again)
                with contextlib.suppress(PlaywrightTimeout):
                    ann.wait_for_function(f"{_MOVES} > {before} || {over}", timeout=5_000)
            result = ann.inner_text(".kit-room-over")
            winner = re.search(r"The game is over: (.+?) won\.", result)
            assert winner, f"the end names no winner: {result!r}"
            assert _offers(ann) is False  # nothing left to play
            href = ann.get_attribute(".kit-room-record", "href")
            assert href.startswith("data:application/json;base64,")
            record = tmp_path / ann.inner_text(".kit-room-record").strip()
            record.write_bytes(base64.b64decode(href.split(",", 1)[1]))
            layout = phone_layout(ann)
            assert layout["width"] <= PHONE["width"], layout
            assert not (layout["controls"] or layout["prose"] or layout["axe"]), layout
    finally:
        context.close()
    said = f"finished, {winner.group(1)} won"  # check-record's sentence; replay tells the game
    for command, expected in (("check-record", said), ("replay", winner.group(1))):
        ran = subprocess.run(
            [sys.executable, "-m", "martian_kit.cli", command, str(record)],
            capture_output=True,
            text=True,
            timeout=60,
            env={"LANG": "C.UTF-8", "PATH": ""},
        )
        assert ran.returncode == 0, f"{command}: {ran.stderr}"
        assert expected in ran.stdout, f"{command}: {ran.stdout}"


def _a_dinosaur_island_room(voila_app, ann_context, bob_context) -> None:
    """The same two devices play a few moves of a Dinosaur Island room: only the device of
    the seat to act offers moves; each move shows on the other device within a second; a
    move forced on the other device is refused in a sentence."""
    ann = ann_context.new_page()
    ann.goto(voila_app.page_url("classroom/dinosaur_island_together.ipynb"), timeout=120_000)
    ann.fill(".kit-room-name input", "Ann", timeout=120_000)
    ann.click(".kit-room-create")  # (2 seats: the page's default)
    ann.wait_for_selector(".kit-room-code svg", timeout=30_000)
    link = ann.get_attribute(".kit-room-code a", "href")
    code = link.rsplit("=", 1)[1]
    bob = bob_context.new_page()
    bob.goto(link, timeout=120_000)
    bob.wait_for_function(
        f"document.querySelector('.kit-room-code-input input')?.value === '{code}'",
        timeout=120_000,
    )
    bob.fill(".kit-room-name input", "Bob")
    bob.click(".kit-room-join")
    ann.wait_for_function(
        "document.querySelector('.kit-room-scores')?.innerText.includes('Bob')", timeout=10_000
    )
    ann.click(".kit-room-start")
    for turn in range(3):
        # the device of the seat to act offers its moves (Play, and its menu); the other none
        mover = _the_one_offering(ann, bob)
        other, waiting = (bob, "Ann") if mover is ann else (ann, "Bob")
        assert other.evaluate("document.querySelector('.kit-choice select').options.length") == 0
        before = _moves(mover)
        if turn == 0:  # a press forced on the other device's move button: refused, unchanged
            other.evaluate(
                "(() => { const b = [...document.querySelectorAll('.kit-move')]"
                ".find((e) => e.innerText.trim() === 'Place for me');"
                " b.disabled = false; b.click(); b.disabled = true; })()"
            )
            other.wait_for_function(
                f"document.body.innerText.includes('It is not your turn: {waiting} plays now.')",
                timeout=10_000,
            )
            assert _moves(mover) == _moves(other) == before
        # the device to act plays the first move its menu offers: the other shows it
        mover.evaluate(f"{_ENABLED_MOVES}.find((b) => b.innerText.trim() === 'Play').click()")
        mover.wait_for_function(f"{_MOVES} > {before}", timeout=30_000)
        shown, played = time.monotonic(), _moves(mover)
        other.wait_for_function(f"{_MOVES} >= {played}", timeout=10_000)
        assert time.monotonic() - shown < SEEN_WITHIN_S


def _the_one_offering(*pages):
    """The one page that offers moves once the devices agree (the same move count, the same
    offers twice 0.3 s apart: a page draws its count and its buttons in separate messages)."""
    last = None
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        offers = tuple(_offers(p) for p in pages)
        now = (offers, frozenset(_moves(p) for p in pages))
        if sum(offers) == 1 and len(now[1]) == 1 and now == last:
            return pages[offers.index(True)]
        last = now
        time.sleep(0.3)
    raise AssertionError(f"not exactly one device offers moves: {last}")


def test_a_phone_fetches_the_student_page_in_few_compressed_files(voila_app, browser_page):
    """What a class's phones fetch over the school's Wi-Fi (kit_assets.py): Voila's chunks in
    one script, not one by one, and every script and style compressed."""
    page, watch = browser_page
    page.goto(voila_app.page_url("classroom/student.ipynb"), timeout=120_000)
    page.wait_for_selector(".kit-class-join", timeout=120_000)
    page.wait_for_load_state("networkidle", timeout=60_000)
    files = page.evaluate(
        "performance.getEntriesByType('resource').map(r => "
        "({name: r.name, sent: r.transferSize, size: r.decodedBodySize}))"
    )
    scripts = [f for f in files if re.search(r"\.(js|css)(\?|$)", f["name"])]
    assert any("/voila/kit/voila-chunks.js?v=" in f["name"] for f in scripts)
    fetched_alone = [
        f["name"] for f in scripts if re.search(r"/voila/static/\d+\.voila\.js", f["name"])
    ]
    assert fetched_alone == []  # every chunk the page needs was in the bundle
    assert len(scripts) <= 25  # 94 before (Voila's 75 chunks one by one)
    for f in scripts:
        if f["size"] >= 10_000:
            assert f["sent"] < f["size"] / 2, f"{f['name']} not compressed"
    sent = sum(f["sent"] for f in files)
    assert sent < 2_000_000, f"{sent / 1e6:.1f} MB sent"
    assert watch.problems == []


def test_plotly_comes_compressed_once_and_is_kept_for_the_next_chart_page(voila_app, browser_page):
    """The charts' plotly.js is a file of the app's (kit_common/widgets/live_chart.py): not
    1.5 MB in every page's widget states, but 0.5 MB fetched once and kept by the browser."""
    page, watch = browser_page
    sent = []
    for name in (
        "martian_dice/01_dice_and_one_roll.ipynb",
        "martian_dice/05_pushing_your_luck.ipynb",
    ):
        page.goto(voila_app.page_url(name), timeout=120_000)
        page.wait_for_selector(".kit-chart", timeout=120_000)
        sent.append(
            page.evaluate(
                "performance.getEntriesByType('resource')"
                ".filter(r => r.name.includes('/voila/kit/static/plotly-cartesian.min.js?v='))"
                ".map(r => [r.transferSize, r.decodedBodySize])"
            )
        )
    (first,), (second,) = sent
    assert first[1] > 1_000_000 and first[0] < first[1] / 2  # compressed
    assert second[0] == 0  # from the browser's cache: not fetched again
    assert watch.problems == []
