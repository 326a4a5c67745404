"""What the browser tests and the app benchmarks do on a page, written once.

Shared convention with the notebooks: the main interactive control of a page carries the CSS
class `kit-action` and the element that changes after using it carries `kit-output`. A page
without a `kit-action` (the index) is checked for rendering and working links instead.
"""

from __future__ import annotations

import json
from pathlib import Path

ACTION = ".kit-action"
OUTPUT = ".kit-output"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"

#: Text that only shows up on a page when something went wrong: a Python traceback, Voila's
#: stand-in for a traceback when tracebacks are hidden, or the widget manager's failures.
ERROR_TEXTS = (
    "Traceback (most recent call last)",
    "There was an error when executing cell",
    "Error displaying widget",
    "Failed to load model class",
    "Error creating widget",
    "Kernel error",
)
#: Output areas that hold a Python error or anything written to stderr.
ERROR_OUTPUTS = (
    '[data-mime-type="application/vnd.jupyter.stderr"], '
    '[data-mime-type="application/vnd.jupyter.error"], .jp-OutputArea-output.jp-mod-error'
)
#: A rendered widget view in a cell's output (a LiveChart's view is `.kit-chart` once drawn).
RENDERED_WIDGET = (
    ".jp-OutputArea-output .jupyter-widgets, .jp-OutputArea-output .widget-box, "
    ".jp-OutputArea-output .kit-chart"
)


#: Counts the cell outputs of the page showing a drawn widget (not the widgets nested in one).
#: A cell output counts as drawn when its widget is; a chart in a part of the page hidden when
#: it loads (the answers behind "Show the answers") is drawn only once shown, so its view
#: being there counts (kit_common/widgets/static/live_chart.js).
DRAWN_WIDGET_OUTPUTS = """() => [...document.querySelectorAll('.jp-OutputArea-output')].filter(
  (output) => !output.parentElement.closest('.jupyter-widgets')
    && (output.querySelector(':scope > .jupyter-widgets, :scope > .widget-box, :scope > .kit-chart')
      || (output.getClientRects().length === 0
        && output.querySelector(':scope > .kit-chart-view')))
).length"""


def widget_outputs(notebook: Path) -> int:
    """How many cell outputs of the (executed, committed) notebook display a widget."""
    data = json.loads(notebook.read_text(encoding="utf-8"))
    return sum(
        WIDGET_VIEW in output.get("data", {})
        for cell in data["cells"]
        if cell["cell_type"] == "code"
        for output in cell.get("outputs", [])
    )


def page_errors(page) -> list[str]:
    """Error texts and error outputs visible on the page (empty when it is healthy)."""
    text = page.locator("body").inner_text()
    found = [f"page shows {t!r}" for t in ERROR_TEXTS if t in text]
    for element in page.locator(ERROR_OUTPUTS).all():
        found.append(f"error output: {element.inner_text()[:300]!r}")
    return found


def toolbar_titles(page) -> set[str]:
    """The titles of the charts' toolbar buttons on the page (plotly.js's modebar)."""
    return set(
        page.eval_on_selector_all(
            ".kit-chart .modebar-btn", "els => els.map(e => e.getAttribute('data-title'))"
        )
    )


def drawn_widget_outputs(page) -> int:
    """How many cell outputs of the page show a drawn widget."""
    return page.evaluate(DRAWN_WIDGET_OUTPUTS)


def wait_for_widgets(page, expected: int, timeout_ms: float = 60_000) -> None:
    """Wait until `expected` cell outputs show a drawn widget (each output its own widget,
    so that a page missing one output's widget cannot pass on another's nested views)."""
    if expected:
        page.wait_for_function(f"({DRAWN_WIDGET_OUTPUTS})() >= {int(expected)}", timeout=timeout_ms)


def output_fingerprint(page) -> str:
    """What the page's `kit-output` shows now (its HTML), to tell whether it changed."""
    return page.locator(OUTPUT).first.inner_html()


def interact(page, backwards: bool = False) -> str:
    """Use the page's main control once, as a user would; say what was done.

    A button (or a widget holding buttons, such as toggle buttons) is clicked; a slider is
    moved one step with the keyboard (to the left when `backwards`); a drop-down gets its
    next option; a checkbox is ticked.
    """
    action = page.locator(ACTION).first
    tag = action.evaluate("el => el.tagName.toLowerCase()")
    if tag == "button":
        action.click()
        return "clicked the button"
    handle = action.locator(".noUi-handle, input[type=range]")
    if handle.count():
        handle.first.focus()
        page.keyboard.press("ArrowLeft" if backwards else "ArrowRight")
        return "moved the slider one step"
    select = action.locator("select")
    if select.count():
        values = [o.get_attribute("value") for o in select.first.locator("option").all()]
        current = select.first.input_value()
        choice = next(v for v in values if v != current)
        select.first.select_option(choice)
        return f"chose {choice!r}"
    checkbox = action.locator("input[type=checkbox]")
    if checkbox.count():
        checkbox.first.click()
        return "ticked the checkbox"
    buttons = action.locator("button:not(.mod-active)")
    if buttons.count():
        buttons.first.click()
        return "clicked a button"
    raise AssertionError(f"do not know how to use the {ACTION} element <{tag}>")


#: Where the keyboard's focus is, seen from `target` (`where`): 0 on it, 1 when `target` comes
#: later in the page (Tab goes there), -1 when earlier (Shift+Tab); with the focus nowhere (a
#: pressed button that the game then disabled), null. And how the focus shows (`unseen`): ''
#: when the focused control is drawn with a ring of 2 px or more whose colour stands out 3:1
#: against white (WCAG 2.4.7 and 1.4.11) or nothing has the focus, else what it is and how it
#: is drawn. One look for both: a Tab costs one round trip to the page.
_FOCUS = """(target) => {
  const now = document.activeElement;
  if (!now || now === document.body) { return {where: null, unseen: ''}; }
  const where = now === target ? 0
    : now.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING ? 1 : -1;
  const style = getComputedStyle(now);
  const channels = (style.outlineColor.match(/[\\d.]+/g) || []).slice(0, 3).map(Number);
  const linear = channels.map((c) => c / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  const light = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2];
  const contrast = 1.05 / (light + 0.05);
  const ring = now.matches(':focus-visible') && style.outlineStyle !== 'none'
    && parseFloat(style.outlineWidth) >= 2 && contrast >= 3;
  const unseen = ring ? '' : `${now.tagName.toLowerCase()} "${(now.getAttribute('aria-label')
    || now.textContent || '').trim().slice(0, 30)}": ${style.outlineStyle} `
    + `${style.outlineWidth} ${style.outlineColor}`;
  return {where: where, unseen: unseen};
}"""


def tab_to(page, target, unseen_focus: set[str]) -> None:
    """Move the keyboard's focus to `target` with Tab and Shift+Tab only, as a visitor
    without a mouse does; every control the focus passes (or stays on) that does not show it
    is added to `unseen_focus`."""
    handle = target.element_handle()
    for _ in range(40):
        focus = page.evaluate(_FOCUS, handle)
        if focus["unseen"]:
            unseen_focus.add(focus["unseen"])
        if focus["where"] == 0:
            return
        page.keyboard.press("Shift+Tab" if focus["where"] == -1 else "Tab")
    raise AssertionError(f"Tab never reached {target}")


def choose_with_keys(page, select, index: int, unseen_focus: set[str]) -> None:
    """Choose the `index`-th entry of the menu `select` (a <select>) with the keyboard: Tab
    to it, then the arrows (End for the last entry), as a visitor without a mouse does."""
    tab_to(page, select, unseen_focus)
    count = select.evaluate("(s) => s.options.length")
    if index == count - 1 and select.evaluate("(s) => s.selectedIndex") != index:
        page.keyboard.press("End")
    for _ in range(count):
        now = select.evaluate("(s) => s.selectedIndex")
        if now == index:
            return
        page.keyboard.press("ArrowDown" if now < index else "ArrowUp")
    raise AssertionError(f"the arrows did not reach entry {index} of {select}")


#: Measures a page as laid out now, for the games played through (written once for both):
#: the width the page scrolls to (the document, or `#rendered_cells`, in which Voila's lab
#: template scrolls the page), the viewport's width, and the move controls of `root` (its
#: buttons and menus) shown less than `CONTROL_PX` tall.
_LAYOUT = """(root) => {
  const cells = document.querySelector('#rendered_cells');
  const width = Math.max(document.scrollingElement.scrollWidth,
    cells ? cells.scrollWidth + window.innerWidth - cells.clientWidth : 0);
  const small = [...root.querySelectorAll('button, select')]
    .filter((e) => e.getClientRects().length && e.getBoundingClientRect().height < 44)
    .map((e) => `${e.tagName.toLowerCase()} "${e.textContent.trim().slice(0, 30)}" `
      + `${Math.round(e.getBoundingClientRect().height)} px`);
  return {width: width, viewport: window.innerWidth, small: small};
}"""


def settled_look(page, look: str, before: str | None, timeout_ms: int = 30_000) -> dict:
    """One round trip after a move: wait in the page until what `look` (a JavaScript function
    of no argument returning an object with a string `fp`, the page's fingerprint) sees has
    changed from `before` (`None`: at once) and then stayed the same for 150 ms (the kernel's
    reply arrives as several widget updates), and return it, with the page's layout under
    `layout` (`_LAYOUT`, measured on the element `look` returns as `root`, then dropped)."""
    script = f"""async (before) => {{
  const look = {look};
  const layout = {_LAYOUT};
  const pause = (ms) => new Promise((r) => setTimeout(r, ms));
  const end = Date.now() + {int(timeout_ms)};
  let now = look();
  while (before !== null && now.fp === before && Date.now() < end) {{
    await pause(40); now = look();
  }}
  let since = Date.now();
  while (Date.now() - since < 150 && Date.now() < end) {{
    await pause(40);
    const later = look();
    if (later.fp !== now.fp) {{ now = later; since = Date.now(); }}
  }}
  now.changed = before === null || now.fp !== before;
  now.layout = layout(now.root);
  delete now.root;
  return now;
}}"""
    return page.evaluate(script, before)


def checked_look(page, look: str, before: str | None, check, tries: int = 4) -> tuple:
    """`settled_look`, then `check(state)` (which asserts and returns what it found): what a
    person reads once the page has settled. A loaded machine can pause a kernel for longer
    than `settled_look`'s quiet spell in the middle of its reply, showing half of it; a failed
    check is therefore looked at again (every half second, `tries` looks in all) and fails
    only when the page stays that way. Returns (the state, what `check` returned)."""
    state = settled_look(page, look, before)
    for attempt in range(tries):
        try:
            return state, check(state)
        except AssertionError:
            if attempt == tries - 1:
                raise
            page.wait_for_timeout(500)
            changed = state["changed"]
            state = settled_look(page, look, None)
            state["changed"] = changed or state["fp"] != before
    raise AssertionError("unreachable")
