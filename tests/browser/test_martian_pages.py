"""The Martian Dice pages as the app serves them, read and used as a visitor would.

Every page of the course (01–07), the printable rules card and the index must show no raw
Python value (`raw_values`) and no "Tests" heading; a freshly opened page's widgets are in
their initial state (no widget played by a hidden cell, no quiz answered); and two people play
a whole hot-seat game on page 7 with the keyboard alone (Tab, Shift+Tab, the arrows, Enter
and Space), the focus showing on every control it passes.

Each page is read as it showed on its first visit (tests/browser/first_visits.py); the game
and the rules card are opened again in a page of their own.
"""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import pages_root
from tests.browser.page_actions import page_errors, wait_for_widgets, widget_outputs
from tests.browser.visible_text import raw_values, visible_text
from tests.browser.voila_server import INDEX, pages

pytestmark = pytest.mark.browser

COURSE = re.compile(r"martian_dice/0[1-9]_.*\.ipynb|martian_dice/rules_card\.ipynb")
PAGES = [INDEX, *(p for p in pages(pages_root()) if COURSE.fullmatch(p))]
GAME_PAGE = "martian_dice/07_play_a_game.ipynb"
RULES_CARD = "martian_dice/rules_card.ipynb"

#: What each page's widgets say before anyone touched them (text, times it appears).
INITIAL_TEXT: dict[str, list[tuple[str, int]]] = {
    "martian_dice/01_dice_and_one_roll.ipynb": [("0 rolls of 13 dice so far", 1)],
    # the rigged turn and "your turn": each shows empty set-aside and rolled rows
    "martian_dice/02_a_turn.ipynb": [("nothing yet", 4)],
    "martian_dice/03_scoring.ipynb": [("Exercise 1 of 6", 1)],
    "martian_dice/04_winning_the_game.ipynb": [
        ("Your turn: press Roll to roll all 13 dice.", 1),
        ("0 tie-breaks played", 1),
    ],
    "martian_dice/05_pushing_your_luck.ipynb": [("nothing yet", 2)],
    GAME_PAGE: [("Your turn: press Roll to roll all 13 dice.", 1), ("nothing yet", 2)],
}


@pytest.mark.parametrize("name", PAGES)
def test_a_page_shows_no_raw_python_value(first_visits, name):
    visit = first_visits[name]
    assert not visit.problems, f"{name}: {visit.problems}"
    text = visit.text
    assert text.strip(), f"{name} shows nothing"
    assert raw_values(text) == [], f"{name} shows raw values"
    headings = {line.strip() for line in text.splitlines()}
    assert not headings & {"Tests", "Checks"}, f"{name} shows a heading of hidden checks"
    assert "the cell below" not in text.lower()


@pytest.mark.parametrize("name", PAGES)
def test_a_fresh_page_shows_its_widgets_untouched(first_visits, name):
    visit = first_visits[name]
    text = visit.text
    assert visit.answered == 0, f"{name}: a quiz or prediction arrives answered"
    for expected, times in INITIAL_TEXT.get(name, []):
        assert text.count(expected) == times, f"{name}: {expected!r} {text.count(expected)}x"
    if name != "martian_dice/01_dice_and_one_roll.ipynb":
        assert "1000 rolls of 13 dice so far" not in text


def _enabled(page, label: str):
    button = page.get_by_role("button", name=label, exact=True)
    return button if button.count() == 1 and button.is_enabled() else None


#: Where the keyboard's focus is, seen from `target`: 0 on it, 1 when `target` comes later in
#: the page (Tab goes there), -1 when earlier (Shift+Tab); with the focus nowhere (a pressed
#: button that the game then disabled), None. And how the focus shows: whether the focused
#: control is drawn with a ring of 2 px or more whose colour stands out 3:1 against white
#: (WCAG 2.4.7 and 1.4.11), else what it is and how it is drawn.
_FOCUS = """(target) => {
  const now = document.activeElement;
  if (now === target) { return 0; }
  if (!now || now === document.body) { return null; }
  return now.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING ? 1 : -1;
}"""
_FOCUS_SHOWN = """() => {
  const now = document.activeElement;
  if (!now || now === document.body) { return ''; }
  const style = getComputedStyle(now);
  const channels = (style.outlineColor.match(/[\\d.]+/g) || []).slice(0, 3).map(Number);
  const linear = channels.map((c) => c / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  const light = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2];
  const contrast = 1.05 / (light + 0.05);
  const ring = now.matches(':focus-visible') && style.outlineStyle !== 'none'
    && parseFloat(style.outlineWidth) >= 2 && contrast >= 3;
  return ring ? '' : `${now.tagName.toLowerCase()} "${(now.getAttribute('aria-label')
    || now.textContent || '').trim().slice(0, 30)}": ${style.outlineStyle} `
    + `${style.outlineWidth} ${style.outlineColor}`;
}"""


def _tab_to(page, target, unseen_focus: set[str]) -> None:
    """Move the keyboard's focus to `target` with Tab and Shift+Tab only, as a visitor
    without a mouse does; every control the focus passes that does not show it is added to
    `unseen_focus`."""
    handle = target.element_handle()
    for _ in range(40):
        where = page.evaluate(_FOCUS, handle)
        if where == 0:
            return
        page.keyboard.press("Shift+Tab" if where == -1 else "Tab")
        shown = page.evaluate(_FOCUS_SHOWN)
        if shown:
            unseen_focus.add(shown)
    raise AssertionError(f"Tab never reached {target}")


def _set_slider(page, label: str, value: int, unseen_focus: set[str]) -> None:
    """Move the slider labelled `label` to `value` with the keyboard, as a visitor can."""
    box = page.locator(".widget-slider").filter(has_text=label)
    handle = box.locator(".noUi-handle").first
    _tab_to(page, handle, unseen_focus)
    for _ in range(12):
        now = int(box.locator(".widget-readout").inner_text())
        if now == value:
            return
        page.keyboard.press("ArrowRight" if now < value else "ArrowLeft")
        page.wait_for_timeout(100)
    raise AssertionError(f"the {label} slider did not reach {value}")


def _press_and_wait(page, button, unseen_focus: set[str], key: str = "Enter") -> None:
    """Reach the button with Tab and press it with `key`, as anyone without a mouse plays,
    then wait until the page changed and stopped changing: the kernel's reply arrives as
    several widget updates (text, then buttons)."""
    before = page.locator("body").inner_text()
    _tab_to(page, button, unseen_focus)
    page.keyboard.press(key)
    page.wait_for_function("before => document.body.innerText !== before", arg=before)
    state = (
        "() => document.body.innerText + [...document.querySelectorAll('button')]"
        ".map(b => b.disabled).join()"
    )
    now = page.evaluate(state)
    for _ in range(40):
        page.wait_for_timeout(150)
        later = page.evaluate(state)
        if later == now:
            return
        now = later


#: One look at the game page: is it over, which buttons are shown and enabled, the advisor's
#: best line, and who is asked to play.
_GAME_STATE = """() => ({
  over: document.body.innerText.includes(' wins with '),
  buttons: [...document.querySelectorAll('button')]
    .filter(b => !b.disabled && b.offsetParent !== null).map(b => b.textContent.trim()),
  advice: (document.querySelector('.kit-advice li') || {textContent: ''}).textContent,
  asked: (document.body.innerText.match(/Player [12](?=, your turn)/) || [''])[0],
})"""


def _advised(state: dict) -> str | None:
    """The enabled button the advisor's best line names ("take Humans: …" is Take Humans,
    "roll again: …" is Roll, "stop: …" is Stop), if any."""
    advice = state["advice"].lower()
    for label in state["buttons"]:
        playing = label in {"Roll", "Stop"} or label.startswith("Take ")
        if playing and advice.startswith(label.lower()):
            return label
    return None


def test_two_people_play_a_hot_seat_game_through_the_buttons(voila_app, browser_page):
    page, watch = browser_page
    page.goto(voila_app.page_url(GAME_PAGE), wait_until="commit", timeout=120_000)
    page.wait_for_selector("#rendered_cells", state="attached", timeout=120_000)
    wait_for_widgets(page, widget_outputs(voila_app.root / GAME_PAGE))
    page.get_by_role("button", name="Roll", exact=True).wait_for(timeout=60_000)

    # played with the keyboard alone (Tab, Shift+Tab, the arrows, Enter and Space), the focus
    # showing on every control it passes
    unseen_focus: set[str] = set()
    _set_slider(page, "People:", 2, unseen_focus)
    _set_slider(page, "Bots:", 0, unseen_focus)
    _press_and_wait(page, page.get_by_role("button", name="New game", exact=True), unseen_focus)
    page.get_by_text("Player 1, your turn: press Roll").wait_for(timeout=15_000)
    # Both people follow the advisor (a whole game of good play is short); where it names no
    # button (a turn's first roll), they roll.
    advisor = page.get_by_role("checkbox", name="Show the advisor")
    _tab_to(page, advisor, unseen_focus)
    page.keyboard.press("Space")
    assert advisor.is_checked()

    players_seen = set()
    for move in range(300):
        state = page.evaluate(_GAME_STATE)
        if state["over"]:
            break
        players_seen.add(state["asked"])
        choice = _advised(state) or ("Roll" if "Roll" in state["buttons"] else None)
        assert choice is not None, f"no button to press in a game that is not over: {state}"
        pressed = page.get_by_role("button", name=choice, exact=True)
        # Enter and Space both press a button; the game uses both
        _press_and_wait(page, pressed, unseen_focus, "Space" if move % 2 else "Enter")
    else:
        raise AssertionError("the game did not end within 300 presses")

    text = visible_text(page)
    assert players_seen - {""} == {"Player 1", "Player 2"}
    assert "End of the game" in text and "Bot 1 (" not in text
    assert re.search(r"Player [12] wins with \d+ points\.", text)
    takes = ["Take Humans", "Take Cows", "Take Chickens", "Take Death Rays"]
    assert all(_enabled(page, label) is None for label in ["Roll", "Stop", *takes])
    assert raw_values(text) == []
    problems = page_errors(page) + watch.problems
    assert not problems, "\n".join(problems)
    assert not unseen_focus, "the keyboard's focus does not show on:\n" + "\n".join(unseen_focus)


def test_the_rules_card_prints_on_one_page_without_its_links(voila_app, browser_page):
    page, _ = browser_page
    page.goto(voila_app.page_url(RULES_CARD), wait_until="commit", timeout=120_000)
    page.get_by_text("Scoring a turn").wait_for(timeout=120_000)
    page.wait_for_load_state("networkidle", timeout=120_000)
    pdf = page.pdf(format="A4")
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 1
    page.emulate_media(media="print")
    assert not page.get_by_text("To print this card").is_visible()
    assert page.get_by_text("More Tanks than Death Rays").is_visible()
