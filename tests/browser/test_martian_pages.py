"""The Martian Dice pages as the app serves them, read and used as a visitor would.

Every page of the course (01–07), the printable rules card and the index must show no raw
Python value (`raw_values`) and no "Tests" heading; a freshly opened page's widgets are in
their initial state (no widget played by a hidden cell, no quiz answered); and two people play
a whole hot-seat game on page 7 with the keyboard alone (Tab, Shift+Tab, the arrows, Enter
and Space), the focus showing on every control it passes, checked after every press at 1280 px
and at 390 px (the buttons enabled are those asked for, the turn's end is said to the next
person with the last dice in view, the end leaves no control to play).

Each page is read as it showed on its first visit (tests/browser/first_visits.py); the game
and the rules card are opened again in a page of their own.
"""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import pages_root
from tests.browser.page_actions import (
    checked_look,
    page_errors,
    settled_look,
    tab_to,
    wait_for_widgets,
    widget_outputs,
)
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


def _set_slider(page, label: str, value: int, unseen_focus: set[str]) -> None:
    """Move the slider labelled `label` to `value` with the keyboard, as a visitor can."""
    box = page.locator(".widget-slider").filter(has_text=label)
    handle = box.locator(".noUi-handle").first
    tab_to(page, handle, unseen_focus)
    for _ in range(12):
        now = int(box.locator(".widget-readout").inner_text())
        if now == value:
            return
        page.keyboard.press("ArrowRight" if now < value else "ArrowLeft")
        page.wait_for_timeout(100)
    raise AssertionError(f"the {label} slider did not reach {value}")


#: One look at the game page (`tests.browser.page_actions.settled_look`): whether it is over,
#: the buttons shown and those enabled, the advisor's best line, who is asked to play and what
#: to do, the line under the dice and the one under the buttons, how many dice each row draws,
#: the scores, and whether the statistics and the chart show.
_GAME_STATE = r"""() => {
  const game = document.querySelector('.jp-OutputArea-output .widget-vbox');
  const shown = (e) => !!e && e.getClientRects().length > 0;
  const words = (e) => (e ? e.innerText : '').replace(/\u00a0/g, ' ').trim();
  const buttons = [...game.querySelectorAll('button')].filter(shown);
  const dice = (label) => {
    const row = [...game.querySelectorAll('.widget-hbox')].find(
      (h) => shown(h) && words(h.firstElementChild) === label);
    return row ? row.querySelectorAll('svg').length : -1;
  };
  const htmls = [...game.querySelectorAll('.widget-html')].filter(shown).map(words);
  const text = words(game);
  const status = text.match(/(Player \d+|You)(?:, your|r) turn: (.*)/) || ['', '', ''];
  return {
    root: game,
    over: text.includes(' wins with ') || text.includes('You win with '),
    shown: buttons.map((b) => b.textContent.trim()),
    buttons: buttons.filter((b) => !b.disabled).map((b) => b.textContent.trim()),
    advice: (game.querySelector('.kit-advice li') || {textContent: ''}).textContent,
    asked: status[1],
    what: status[2],
    score: htmls.find((x) => /^(If the turn ended now|Turn over|.*last turn): /.test(x)) || '',
    why: words(game.querySelector('.kit-output')),
    setAside: dice('Set aside'),
    rolled: dice('Just rolled'),
    totals: Object.fromEntries([...game.querySelectorAll('.kit-score')]
      .map((s) => words(s).split('\n')).filter((x) => x.length === 2)
      .map(([name, total]) => [name, Number(total)])),
    stats: [...game.querySelectorAll('table')].some(shown),
    chart: shown(game.querySelector('.kit-chart')),
    text: text,
    fp: text + buttons.map((b) => b.disabled).join() + dice('Set aside') + ':'
      + dice('Just rolled'),
  };
}"""
PLAYING = {"Roll", "Stop", "Take Death Rays", "Take Humans", "Take Cows", "Take Chickens"}
#: How a hot-seat turn's end is said to the next person: who, and with how many points.
TURN_END = re.compile(
    r"^(?P<name>Player \d+)(?: stopped with |'s last roll left no legal choice: the turn "
    r"ended with | had no dice left to roll: the turn ended with )(?P<points>\d+) points?\.$"
)
WIDE, PHONE = 1280, 390


def _expected_buttons(what: str) -> set[str]:
    """The playing buttons the line asking a person to play says they may press."""
    if what.startswith("press Roll"):
        return {"Roll"}
    if what.startswith("Now you must set aside all dice of one type: "):
        faces = what.split(": ", 1)[1].rstrip(".").split(" or ")
        return {f"Take {face}" for face in faces}
    assert re.match(r"Now roll (the \d+ dice left|the last die), or stop and score\.", what), what
    return {"Roll", "Stop"}


def _check_state(state: dict, width: int) -> None:
    """What the game shows agrees with itself (issue 29, items 1-3): the buttons enabled are
    those the line asking to play names, the dice drawn fit it, and at the end only the
    result, the statistics and New game remain; at a phone's width nothing scrolls the page
    sideways and every control is at least 44 px tall."""
    where = f"at {width} px: {state['text'][-600:]!r}"
    if width == PHONE:
        layout = state["layout"]
        assert layout["viewport"] == PHONE and layout["width"] <= PHONE, (layout, where)
        assert layout["small"] == [], (layout["small"], where)
    assert "New game" in state["buttons"], where
    if state["over"]:
        assert PLAYING.isdisjoint(state["shown"]), where
        assert "If the turn ended now" not in state["text"], where
        assert "Show the advisor" not in state["text"] and state["setAside"] == -1, where
        assert state["stats"] and state["chart"] and state["why"] == "", where
        return
    playing = PLAYING & set(state["buttons"])
    assert playing == _expected_buttons(state["what"]), (playing, where)
    assert set(state["shown"]) >= PLAYING, where  # the others shown, disabled
    if state["what"].startswith("Now you must set aside"):
        assert state["rolled"] > 0 and state["score"].startswith("If the turn ended now"), where
    elif state["what"].startswith("Now roll"):
        assert state["rolled"] == 0 and state["setAside"] > 0, where
        assert state["score"].startswith("If the turn ended now"), where


def _press(
    page, label: str, before: dict, check, unseen_focus: set[str], key: str = "Enter"
) -> dict:
    """Reach the button with Tab and press it with `key` (Enter and Space both press a
    button), as anyone without a mouse plays, and look at the page once it has changed and
    stopped changing, checked with `check`."""
    tab_to(page, page.get_by_role("button", name=label, exact=True), unseen_focus)
    page.keyboard.press(key)
    state, _ = checked_look(page, _GAME_STATE, before["fp"], check)
    assert state["changed"], f"nothing happened after pressing {label}"
    return state


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
    """Two people play a whole game on page 7 with the keyboard, following the advisor. After
    every press (one look, `_GAME_STATE`) the buttons enabled are those the page asks for;
    when the turn passes, the line under the buttons says who did what, with the points the
    scores added, and the last dice stay in view until the next roll; at the end only the
    result, the statistics and New game remain. The window switches between a desktop's and
    a phone's (390 px) every two turns: the same checks hold, nothing scrolls sideways, and
    every control is at least 44 px tall."""
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
    state = settled_look(page, _GAME_STATE, None)
    players_seen, turns, widths = set(), 0, set()
    width = WIDE
    asked, totals, rolling = "Player 1", {"Player 1": 0, "Player 2": 0}, False

    def check(state: dict) -> None:
        """What the page must show after a press: `_check_state`; when the turn passed, who
        did what, with the points the scores added, and the last dice in view; after the
        next roll, neither any more."""
        _check_state(state, width)
        if state["over"]:
            return
        if state["asked"] != asked:  # the turn passed: said, with the last dice in view
            said = TURN_END.match(state["why"])
            assert said and said["name"] == asked, (state["why"], asked)
            gained = state["totals"][asked] - totals[asked]
            assert int(said["points"]) == gained, (state["why"], gained)
            assert state["score"].startswith(f"{asked}'s last turn: "), state["score"]
            assert state["setAside"] > 0 and state["what"].startswith("press Roll"), state
        elif rolling:  # the next roll: the last turn's line and dice give way
            assert TURN_END.match(state["why"]) is None, state["why"]
            assert "last turn" not in state["score"], state["score"]

    state = _press(page, "New game", state, check, unseen_focus)
    assert state["asked"] == "Player 1" and state["what"].startswith("press Roll"), state
    assert state["score"].startswith("If the turn ended now") and state["why"] == ""
    # Both people follow the advisor (a whole game of good play is short); where it names no
    # button (a turn's first roll), they roll.
    advisor = page.get_by_role("checkbox", name="Show the advisor")
    tab_to(page, advisor, unseen_focus)
    page.keyboard.press("Space")
    assert advisor.is_checked()
    state, _ = checked_look(page, _GAME_STATE, state["fp"], check)
    for move in range(300):
        widths.add(width)
        if state["over"]:
            break
        if state["asked"] != asked:  # checked: on to the next person's turn
            turns += 1
            asked, totals = state["asked"], dict(state["totals"])
            if turns % 2 == 0:  # two turns in each window
                width = PHONE if width == WIDE else WIDE
                page.set_viewport_size({"width": width, "height": 900 if width == WIDE else 844})
                state, _ = checked_look(page, _GAME_STATE, None, check)
                continue
        players_seen.add(state["asked"])
        choice = _advised(state) or ("Roll" if "Roll" in state["buttons"] else None)
        assert choice is not None, f"no button to press in a game that is not over: {state}"
        rolling = choice == "Roll" and state["what"].startswith("press Roll")
        key = "Space" if move % 2 else "Enter"
        state = _press(page, choice, state, check, unseen_focus, key)
    else:
        raise AssertionError("the game did not end within 300 presses")

    text = visible_text(page)
    assert players_seen == {"Player 1", "Player 2"} and turns >= 4
    assert widths == {WIDE, PHONE}
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


TEACHERS_PAGE = "martian_dice/08_probability_for_teachers.ipynb"

#: How many answer cells the page has and shows, the type size (px) of its prose and of its
#: HTML widgets' text, and the buttons that cut their label (narrower or lower than it).
_TEACHERS_LOOK = """() => {
  const answers = [...document.querySelectorAll('.jp-Cell.celltag_kit-answers')];
  const prose = document.querySelector('.jp-MarkdownOutput.jp-RenderedHTMLCommon p');
  const html = [...document.querySelectorAll('.widget-html-content')].find((h) => h.innerText);
  const cut = [...document.querySelectorAll('.widget-button, .widget-toggle-button')]
    .filter((b) => b.offsetParent && (b.scrollWidth > b.clientWidth + 1
                                      || b.scrollHeight > b.clientHeight + 1))
    .map((b) => b.innerText.trim());
  return {
    answers: answers.length,
    shown: answers.filter((c) => getComputedStyle(c).display !== 'none').length,
    prose: parseFloat(getComputedStyle(prose).fontSize),
    html: parseFloat(getComputedStyle(html).fontSize),
    cut,
  };
}"""


def test_the_teacher_shows_the_answers_and_sets_the_page_for_a_projector(
    voila_app, chromium_browser
):
    """Page 8's teacher's buttons, tapped on a tablet-sized touch screen: "Show the answers"
    shows the cells that give the answers away (the template hides them until then) and the
    key; tapped again, hides them. "Projector view" sets the page's prose and its widgets'
    text in one larger type (half as large again at least), every button's label still
    whole; tapped again, back to the normal size."""
    context = chromium_browser.new_context(
        viewport={"width": 1024, "height": 768}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    try:
        page.goto(voila_app.page_url(TEACHERS_PAGE), wait_until="commit", timeout=120_000)
        wait_for_widgets(page, widget_outputs(voila_app.root / TEACHERS_PAGE))
        before = page.evaluate(_TEACHERS_LOOK)
        assert before["answers"] >= 3 and before["shown"] == 0, before

        answers = page.get_by_role("button", name="Show the answers")
        answers.tap()
        page.get_by_text("Teacher's key", exact=True).wait_for(timeout=10_000)
        shown = page.evaluate(_TEACHERS_LOOK)
        assert shown["shown"] == shown["answers"], shown
        answers.tap()
        page.get_by_text("Teacher's key", exact=True).wait_for(state="detached", timeout=10_000)
        assert page.evaluate(_TEACHERS_LOOK)["shown"] == 0

        projector = page.get_by_role("button", name="Projector view (large type)")
        projector.tap()
        page.wait_for_function(
            f"() => ({_TEACHERS_LOOK})().prose >= 1.5 * {before['prose']}", timeout=10_000
        )
        large = page.evaluate(_TEACHERS_LOOK)
        assert large["html"] == large["prose"], large  # one size for all the page's text
        assert large["cut"] == [], f"buttons cut in the projector view: {large['cut']}"
        projector.tap()
        page.wait_for_function(
            f"() => ({_TEACHERS_LOOK})().prose === {before['prose']}", timeout=10_000
        )
        assert page_errors(page) == []
    finally:
        context.close()
