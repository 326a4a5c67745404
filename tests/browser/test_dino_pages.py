"""The Dinosaur Island pages as a visitor meets them in the app: no raw Python value and no
TeX-typeset dollar sign in any page's text, every widget fresh, and a whole game played through
page 7's buttons in which each round's summary adds up to every player's change of VP (the
player builds attractions when it can, so that its park has places to choose between, and
places its visitors by turns with the menu and with Place for me)."""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import pages_root
from tests.browser.page_actions import (
    ACTION,
    page_errors,
    wait_for_widgets,
    widget_outputs,
)
from tests.browser.visible_text import raw_values, visible_text
from tests.browser.voila_server import pages

pytestmark = pytest.mark.browser

DINO_PAGES = [name for name in pages(pages_root()) if name.startswith("dinosaur_island/")]
GAME_PAGE = "dinosaur_island/07_play_a_game.ipynb"
#: A player's board line: "You — $15 · 10 VP · excitement 1 · …".
BOARD = re.compile(r"^(?P<name>.+?) — \$(?P<money>\d+) · (?P<vp>-?\d+) VP · ", re.M)
#: A round summary's VP line: "You: 10 → 8 VP (−2: −2 visitors eaten)".
VP_LINE = re.compile(r"^(?P<name>.+?): (?P<before>-?\d+) → (?P<after>-?\d+) VP \((?P<parts>.*)\)$")
ENDED = "The game ended after round"
SIGNED = re.compile(r"([+−-])(\d+)")


def _open(page, voila_app, name: str) -> str:
    page.goto(voila_app.page_url(name), wait_until="commit", timeout=120_000)
    page.wait_for_selector("#rendered_cells", state="attached", timeout=120_000)
    wait_for_widgets(page, widget_outputs(voila_app.root / name), timeout_ms=120_000)
    if page.locator(ACTION).count():
        page.locator(ACTION).first.wait_for(state="visible", timeout=60_000)
    page.wait_for_timeout(500)
    return visible_text(page)


def _check_fresh_page(name: str, text: str, widgets: str, typeset: int, toolbar: set[str]) -> None:
    assert raw_values(text) == [], name
    assert typeset == 0, f"{name}: something was typeset as TeX (a dollar sign read as math?)"
    assert "Share chart..." not in toolbar  # nothing sends a chart out of the page
    # fresh: no game app on the page has been played past its first turn
    assert ENDED not in widgets
    for status in re.findall(r"^Round (\d+), \w+ phase — ", widgets, re.M):
        assert status == "1", f"{name}: a game arrives at round {status}"
    if not name.endswith("rules_card.ipynb"):
        assert "What to remember" in text, f"{name} has no 'What to remember' box"


@pytest.mark.parametrize("name", DINO_PAGES)
def test_page_shows_no_raw_value_and_fresh_widgets(first_visits, name):
    visit = first_visits[name]
    assert visit.problems == [], visit.problems
    _check_fresh_page(name, visit.text, visit.widgets_text, visit.typeset, visit.toolbar)


def _number(sign: str, digits: str) -> int:
    return -int(digits) if sign in "−-" else int(digits)


def _boards(text: str) -> dict[str, int]:
    return {m["name"].strip(): int(m["vp"]) for m in BOARD.finditer(text)}


def _check_summary(page, vp_before: dict[str, int]) -> dict[str, int]:
    """The newest round summary adds up, starts where the last round ended, and ends at the
    VP the boards show now; returns the VP after the round."""
    summary = page.locator(".kit-round-summary").last
    lines = summary.locator(".kit-vp-lines li").all_inner_texts()
    after: dict[str, int] = {}
    for line in lines:
        m = VP_LINE.match(line.strip())
        assert m, line
        change, _, parts = m["parts"].partition(": ")
        total = sum(_number(*p) for p in SIGNED.findall(parts))
        before, now = int(m["before"]), int(m["after"])
        match = SIGNED.fullmatch(change)
        assert (_number(*match.groups()) if match else 0) == now - before, line
        assert total == now - before, line
        assert vp_before.get(m["name"], before) == before, line
        after[m["name"]] = now
    boards = _boards(visible_text(page))
    assert boards and all(boards[name] == vp for name, vp in after.items()), (boards, after)
    return after


def test_a_whole_game_through_the_buttons(voila_app, browser_page):
    page, watch = browser_page
    text = _open(page, voila_app, GAME_PAGE)
    widgets = page.locator(".jp-OutputArea-output .widget-vbox").first.inner_text()
    assert "Round 1, research phase — your turn" in widgets  # the freshness check sees the app
    vp = _boards(text)
    assert set(vp.values()) == {10}, vp
    play = page.get_by_role("button", name="Play", exact=True)
    cont = page.locator(".kit-continue")
    place_for_me = page.locator(".kit-place-for-me")
    choice = page.locator(".widget-dropdown", has_text="Choice").locator("select")
    attraction = page.locator(".widget-toggle-button", has_text="attraction")
    rounds = placements = 0
    for _ in range(600):
        if cont.is_visible():
            vp = _check_summary(page, vp)
            rounds += 1
            cont.click()
            page.wait_for_timeout(300)
            continue
        text = visible_text(page)
        if ENDED in text:
            break
        if place_for_me.is_visible():
            if placements % 2 == 0:  # the next visitor into the menu's first place
                choice.select_option(index=1)
                page.wait_for_timeout(200)
                play.click()
            else:
                place_for_me.click()
            placements += 1
            page.wait_for_timeout(250)
            continue
        if attraction.is_visible():
            attraction.click()
            page.wait_for_timeout(200)
        if play.is_enabled():
            play.click()
            page.wait_for_timeout(250)
        else:
            page.wait_for_timeout(250)
    text = visible_text(page)
    assert ENDED in text, text[-2000:]
    _check_summary(page, vp)
    assert rounds >= 1
    assert placements >= 2, "the player never placed visitors"
    assert raw_values(text) == [] and page_errors(page) == [] and watch.problems == []
