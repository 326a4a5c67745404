"""The Dinosaur Island pages as a visitor meets them in the app: no raw Python value and no
TeX-typeset dollar sign in any page's text, every widget fresh, and a whole game played through
page 7's buttons with the keyboard alone (Tab, Shift+Tab, the arrows, Enter and Space, the
focus showing on every control it passes), in which each round's summary adds up to every
player's change of VP (the player builds attractions when it can, so that its park has places
to choose between, and places its visitors by turns with the menu and with Place for me). After
every move the kind highlighted, the Choice menu and what Play played agree, the summaries tell
the cleanup and the end leaves only the result, the statistics and New game, at 1280 px and at
390 px."""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import pages_root
from tests.browser.page_actions import (
    ACTION,
    checked_look,
    choose_with_keys,
    page_errors,
    tab_to,
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


def _check_summary(text: str, vp_before: dict[str, int]) -> dict[str, int]:
    """The newest round summary in the game's `text` adds up, starts where the last round
    ended, and ends at the VP the boards show now; returns the VP after the round."""
    head = text.rindex(" summary: why the VP changed")
    lines = text[head:].split("\n")[1:]
    after: dict[str, int] = {}
    for line in lines:
        m = VP_LINE.match(line.strip())
        if not m and not after:  # the lines before the VP lines (the plot twists in force)
            continue
        if not m:
            break
        change, _, parts = m["parts"].partition(": ")
        total = sum(_number(*p) for p in SIGNED.findall(parts))
        before, now = int(m["before"]), int(m["after"])
        match = SIGNED.fullmatch(change)
        assert (_number(*match.groups()) if match else 0) == now - before, line
        assert total == now - before, line
        assert vp_before.get(m["name"], before) == before, line
        after[m["name"]] = now
    boards = _boards(text)
    assert after and boards and all(boards[name] == vp for name, vp in after.items()), (
        boards,
        after,
    )
    return after


#: What a kind of action's entries in the Choice menu say (English), by the kind's button: the
#: test's own reading of the labels, to tell that the menu holds the kind highlighted.
KIND_OF_LABEL = {
    "DNA die": r"scientist \d → die \d",
    "recipe": r"scientist \d → the .* recipe",
    "cold storage": r"scientist \d → cold storage",
    "pass": r"pass: ",
    "attraction": r"build ",
    "lab upgrade": r"buy the lab upgrade ",
    "special tile": r"buy an? .* tile",
    "specialist": r"hire ",
    "buy DNA": r"buy \d+ \w+ DNA for ",
    "worker": r"(create an? |refine |raise |take )",
    "done": r"done: ",
    "place visitors": r"(place for me: |an? (customer|hooligan) → )",
    "who is eaten": r"(eat for me: |a customer at .* is eaten )",
    "food": r"food customers: ",
}
#: One look at page 7's game (`tests.browser.page_actions.settled_look`): the kind buttons and
#: the one highlighted, the Choice menu's entries and the one shown, which controls show, the
#: line under them, the round's banner, the summaries, the final table, and the game's text.
_LOOK = r"""() => {
  const game = document.querySelector('.jp-OutputArea-output .widget-vbox');
  const shown = (e) => !!e && e.getClientRects().length > 0;
  const words = (e) => (e ? e.textContent : '').replace(/\u00a0/g, ' ').trim();
  const row = [...game.querySelectorAll('.widget-toggle-buttons')].find(shown);
  const kinds = row ? [...row.querySelectorAll('button')] : [];
  const menu = [...game.querySelectorAll('.widget-dropdown')].find(
    (d) => words(d.querySelector('label')).startsWith('Choice'));
  const select = menu && menu.querySelector('select');
  const named = (name) => [...game.querySelectorAll('button')].find((b) => words(b) === name);
  const state = (b) => (shown(b) ? (b.disabled ? 'off' : 'on') : 'hidden');
  const outputs = [...game.querySelectorAll('.kit-output')];
  const summaries = [...game.querySelectorAll('.kit-round-summary')].filter(shown);
  const last = summaries[summaries.length - 1];
  const text = game.innerText.replace(/\u00a0/g, ' ');
  return {
    root: game,
    kinds: kinds.map(words),
    active: kinds.filter((b) => b.classList.contains('mod-active')).map(words),
    menu: shown(select),
    options: select ? [...select.options].map(words) : [],
    selected: select && select.selectedIndex >= 0
      ? words(select.options[select.selectedIndex]) : null,
    play: state(named('Play')),
    placeForMe: state(game.querySelector('.kit-place-for-me')),
    eatForMe: state(game.querySelector('.kit-eat-for-me')),
    next: state(game.querySelector('.kit-continue')),
    newGame: state(named('New game')),
    why: words(outputs[outputs.length - 1]),
    banner: [...game.querySelectorAll('.kit-banner')].filter(shown).map(words),
    summaries: summaries.length,
    cleanup: last ? [...last.querySelectorAll('.kit-cleanup li')].map(words) : [],
    finalTable: [...game.querySelectorAll('table')].some((t) => shown(t)
      && words(t).includes('VP track')),
    chart: shown(game.querySelector('.kit-chart')),
    log: [...game.querySelectorAll('.kit-log li')].slice(0, 40).map(words),
    text: text,
    fp: text + kinds.map((b) => b.className).join() + (select ? select.selectedIndex : '')
      + [...game.querySelectorAll('button')].map((b) => shown(b) + ':' + b.disabled).join(),
  };
}"""
WIDE, PHONE = 1280, 390


def _check_look(look: dict, width: int) -> str:
    """What the game shows agrees with itself after a move (issue 29, items 1-4), and at a
    phone's width nothing scrolls the page sideways and every move control is big enough;
    returns what the page is at: "move", "summary" or "end"."""
    where = f"at {width} px: {look['text'][:300]!r}"
    if width == PHONE:
        layout = look["layout"]
        assert layout["viewport"] == PHONE and layout["width"] <= PHONE, (layout, where)
        assert layout["small"] == [], (layout["small"], where)
    hidden = not look["kinds"] and not look["menu"] and look["play"] == "hidden"
    assert look["newGame"] == "on", where
    if ENDED in look["text"]:  # only the result, the statistics and New game remain
        assert hidden and look["placeForMe"] == look["eatForMe"] == look["next"] == "hidden", where
        assert look["finalTable"] and look["chart"] and look["banner"] == [], where
        assert look["why"] == "", where
        return "end"
    if look["next"] == "on":  # a round's summary, read before the next round begins
        assert hidden and look["placeForMe"] == look["eatForMe"] == "hidden", where
        assert look["banner"] == [], f"the next round's banner shows over the summary {where}"
        assert look["summaries"] >= 1, where
        order = [x for x in look["cleanup"] if x.startswith("Turn order of round ")]
        market = [x for x in look["cleanup"] if x.startswith("Market: ")]
        assert len(order) == len(market) == 1, (look["cleanup"], where)
        return "summary"
    # a person's move: one kind highlighted, the menu holds that kind's actions only, one shown
    assert len(look["active"]) == 1 and look["active"][0] in look["kinds"], where
    kind = look["active"][0]
    assert look["menu"] and look["options"] and look["selected"] in look["options"], where
    pattern = re.compile(KIND_OF_LABEL[kind])
    strays = [x for x in look["options"] if not pattern.match(x)]
    assert strays == [], f"the {kind!r} button is highlighted over {strays} {where}"
    assert look["play"] == "on" and len(look["banner"]) == 1, where
    assert (look["placeForMe"] == "on") == (kind == "place visitors"), where
    assert (look["eatForMe"] == "on") == (kind == "who is eaten"), where
    return "move"


def test_a_whole_game_through_the_buttons(voila_app, browser_page):
    """A whole game through page 7's buttons and menus, with the keyboard alone (Tab,
    Shift+Tab, the arrows, End, Enter and Space), the focus showing on every control it
    passes; after every move (one look, `_LOOK`) the kind highlighted, the Choice menu and
    what Play played agree, a round's summary tells the cleanup with no banner of the next
    round over it, and at the end only the result, the statistics and New game remain. The
    window is a desktop's in odd rounds and a phone's (390 px) in even ones: the same checks
    hold, nothing scrolls sideways, controls ≥ 44 px."""
    page, watch = browser_page
    text = _open(page, voila_app, GAME_PAGE)
    widgets = page.locator(".jp-OutputArea-output .widget-vbox").first.inner_text()
    assert "Round 1, research phase — your turn" in widgets  # the freshness check sees the app
    vp = _boards(text)
    assert set(vp.values()) == {10}, vp
    game = page.locator(".jp-OutputArea-output .widget-vbox").first
    play = game.get_by_role("button", name="Play", exact=True)
    choice = game.locator(".widget-dropdown", has_text="Choice").locator("select")
    kinds = game.locator(".widget-toggle-buttons").first
    rounds = placements = moves = other_kinds = 0
    width, widths = WIDE, set()
    # played with the keyboard alone, the focus showing on every control it passes
    unseen_focus: set[str] = set()
    presses = [0]

    def press(target) -> None:
        """Tab to the button `target` and press it, with Enter and Space in turn."""
        tab_to(page, target, unseen_focus)
        page.keyboard.press("Space" if presses[0] % 2 else "Enter")
        presses[0] += 1

    def check(look: dict, expected: str | None = None) -> tuple[str, dict[str, int]]:
        """Everything a move must leave right: what `_check_look` checks, the round's summary
        on a pause and at the end, and that Play played the `expected` menu entry."""
        at = _check_look(look, width)
        if expected is not None:  # Play played what the kind buttons and the menu showed
            played = look["why"] or next((x for x in look["log"] if x.startswith("You: ")), "")
            assert played in (f"You played: {expected}", f"You: {expected}"), (expected, played)
        return at, (_check_summary(look["text"], vp) if at in ("summary", "end") else vp)

    look, (at, after) = checked_look(page, _LOOK, None, check)
    for move in range(400):
        widths.add(width)
        if at == "end":
            break
        if at == "summary":
            vp = after
            rounds += 1
            width = PHONE if rounds % 2 else WIDE  # the next round in the other window
            page.set_viewport_size({"width": width, "height": 900 if width == WIDE else 844})
            press(game.locator(".kit-continue"))
            look, (at, after) = checked_look(page, _LOOK, look["fp"], check)
            assert look["changed"], "nothing happened after Continue"
            continue
        kind = look["active"][0]
        expected = None
        if kind == "place visitors":
            if placements % 2:
                press(game.locator(".kit-place-for-me"))
            else:  # the next visitor into the menu's first place
                index = min(1, len(look["options"]) - 1)
                choose_with_keys(page, choice, index, unseen_focus)
                expected = look["options"][index]
                press(play)
            placements += 1
        else:
            # attractions when it can (its park then has places to choose between), else now
            # and then another kind than the first: the menu must follow the button
            other = "attraction" if "attraction" in look["kinds"] else None
            if other is None and len(look["kinds"]) > 1 and move % 3 == 1:
                other = look["kinds"][-1]
            if other is not None and other != kind:
                press(kinds.get_by_role("button", name=other, exact=True))
                look, (at, _) = checked_look(page, _LOOK, look["fp"], check)
                assert at == "move" and look["active"] == [other], look["active"]
                other_kinds += 1
            if len(look["options"]) > 1 and move % 2:
                choose_with_keys(page, choice, len(look["options"]) - 1, unseen_focus)
                expected = look["options"][-1]
            else:
                expected = look["selected"]
            press(play)
        moves += 1
        before = look["why"]
        look, (at, after) = checked_look(
            page, _LOOK, look["fp"], lambda look, e=expected: check(look, e)
        )
        assert look["changed"], f"nothing happened after the move {before!r}"
    assert at == "end", look["text"][-2000:]
    assert widths == {WIDE, PHONE}
    assert rounds >= 2 and other_kinds >= 3 and moves >= 10
    assert placements >= 2, "the player never placed visitors"
    assert raw_values(visible_text(page)) == [] and page_errors(page) == [] and watch.problems == []
    assert not unseen_focus, "the keyboard's focus does not show on:\n" + "\n".join(unseen_focus)
