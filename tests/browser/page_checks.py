"""What a page is like for everyone and on a phone, measured inside a visit already made.

- `axe_violations`: axe-core (vendored: tests/browser/vendor/axe.min.js, pinned by
  `AXE_VERSION` and `AXE_SHA256`, checked by tests/test_axe_bundle.py) run on the page as it
  shows, keeping the serious and critical violations of the WCAG 2.1 A and AA rules.
- `phone_layout`: the same page resized to a phone's viewport (390 × 844), measured once it
  has laid out: whether the page itself scrolls sideways (the document, or `#rendered_cells`
  in which Voila's lab template scrolls the page), the controls a finger can hardly hit
  (under 44 px tall; a slider's handle under 24 px), the prose under 16 px, and the charts'
  titles cut at a chart's edge.
- `scroll_stops`: the wide tables' boxes that are a tab stop without scrolling, or scroll
  without being one (at either size).
- `hover_only_charts`: the charts shown that draw values but neither write them on the chart
  nor list them in their table (kit_common/widgets/chart_values.py), so that only hovering
  tells them (at either size).

Both run in the first visits (tests/browser/first_visits.py), which already pay for the page
load: a page visit costs ~5 s of CPU, these add a fraction of that.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

VENDOR = Path(__file__).resolve().parent / "vendor"
AXE = VENDOR / "axe.min.js"
AXE_VERSION = "4.14.1"
AXE_SHA256 = "29348999450cdf2849a8e70b7912fc2da85a849da39c0d0d5394f51d4a9ed95c"
#: The rule sets checked: WCAG 2.0 and 2.1, levels A and AA.
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
#: The impacts that count as a failure.
AXE_IMPACTS = {"serious", "critical"}

PHONE = {"width": 390, "height": 844}
#: Smallest width and height of a control a finger hits (WCAG 2.5.5's target size; Apple's and
#: Google's guides), of a slider's handle, and size of prose on a phone.
CONTROL_PX = 44
HANDLE_PX = 24
PROSE_PX = 16

_RUN_AXE = """async ([type, values]) => {
  const result = await axe.run(document, {
    runOnly: {type: type, values: values}, resultTypes: ['violations'],
  });
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5), count: v.nodes.length,
  }));
}"""


def axe_violations(page, rules: list[str] | None = None) -> list[str]:
    """The serious and critical WCAG 2.1 A/AA violations axe finds on the page, one line each:
    rule, impact, how many elements and the first few of them; only those of `rules` (axe's
    rule ids) when given."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    found = page.evaluate(_RUN_AXE, ["rule", rules] if rules else ["tag", AXE_TAGS])
    return [
        f"{v['id']} ({v['impact']}, {v['count']}×): {v['help']}: {', '.join(v['nodes'])}"
        for v in found
        if v["impact"] in AXE_IMPACTS
    ]


#: Measured in the page after the resize. A control is a button, a dropdown, a text field or
#: a checkbox's label (the box a finger hits); a slider's handle is measured on its own.
#: Prose is the text of the pages' Markdown cells and of the widgets' HTML (not the charts'
#: tick labels, not tables' cells, whose size is their own).
_PHONE_LAYOUT = """([control, handle, prose]) => {
  const shown = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0
    && getComputedStyle(e).visibility !== 'hidden'; };
  const name = (e) => (e.getAttribute('aria-label') || e.textContent || e.title
    || e.className || e.tagName).toString().trim().replace(/\\s+/g, ' ').slice(0, 40);
  const tall = (e) => Math.round(e.getBoundingClientRect().height);
  const controls = [...document.querySelectorAll(
    '#rendered_cells button, #rendered_cells select, #rendered_cells input[type=text], '
    + '#rendered_cells summary, '
    + '#rendered_cells input[type=number], #rendered_cells textarea, '
    + '#rendered_cells .widget-checkbox label, #rendered_cells .widget-checkbox input')]
    .filter(shown)
    // a checkbox inside its label: the label is what a finger hits (measured itself)
    .filter((e) => !(e.type === 'checkbox' && e.closest('label')))
    .filter((e) => { const r = e.getBoundingClientRect();
      return r.height < control || r.width < control; })
    .map((e) => `${e.tagName.toLowerCase()} "${name(e)}" `
      + `${Math.round(e.getBoundingClientRect().width)} × ${tall(e)} px`);
  const handles = [...document.querySelectorAll('#rendered_cells .noUi-handle, '
    + '#rendered_cells .slider-container .ui-slider-handle')]
    .filter(shown)
    .filter((e) => Math.min(tall(e), Math.round(e.getBoundingClientRect().width)) < handle)
    .map((e) => `slider handle ${tall(e)} px`);
  const small = new Set();
  for (const e of document.querySelectorAll(
      '#rendered_cells .jp-RenderedMarkdown p, #rendered_cells .jp-RenderedMarkdown li, '
      + '#rendered_cells .widget-html-content p, #rendered_cells .widget-html-content li')) {
    const size = parseFloat(getComputedStyle(e).fontSize);
    if (shown(e) && size < prose) { small.add(`${e.tagName.toLowerCase()} ${size} px`); }
  }
  // Voila's lab template scrolls the page inside #rendered_cells, not the document
  const cells = document.querySelector('#rendered_cells');
  const width = Math.max(document.scrollingElement.scrollWidth,
    cells ? cells.scrollWidth + window.innerWidth - cells.clientWidth : 0);
  // a chart's title (or any of its lines) running past the chart's edges is cut there
  const titles = [...document.querySelectorAll('#rendered_cells .kit-chart')].filter(shown)
    .flatMap((chart) => {
      const box = chart.getBoundingClientRect();
      return [...chart.querySelectorAll('.gtitle')].filter((title) => {
        const r = title.getBoundingClientRect();
        return r.right > box.right + 1 || r.left < box.left - 1 || r.top < box.top - 1;
      }).map((title) => `"${title.textContent.slice(0, 50)}"`);
    });
  return {width: width, controls: controls.concat(handles), prose: [...small], titles: titles};
}"""


#: The wide tables' boxes (`.kit-scroll`) that are a tab stop although they do not scroll (a
#: keyboard user would stop on a box that does nothing), and those that scroll but are not one
#: (a keyboard could not scroll them), each with its name; the kit's template keeps the tab
#: stops to the boxes that scroll, at any width.
_SCROLL_STOPS = """() => [...document.querySelectorAll('#rendered_cells .kit-scroll')]
  .filter((box) => box.getClientRects().length > 0)
  .filter((box) => (box.scrollWidth > box.clientWidth + 1) !== (box.tabIndex === 0))
  .map((box) => (box.tabIndex === 0 ? 'a tab stop that does not scroll' : 'scrolls, no tab stop')
    + `: "${(box.getAttribute('aria-label') || '').slice(0, 40)}"`)"""


def scroll_stops(page) -> list[str]:
    """The wide tables' boxes whose tab stop does not match whether they scroll, at the
    page's size now (one line each)."""
    return page.evaluate(_SCROLL_STOPS)


#: The charts shown whose values only hovering tells: a chart that draws bars, points, lines
#: or a heatmap's cells, yet writes no value on itself (plotly.js's bar and point texts) and
#: lists none in its table (`.kit-chart-values`, the view's collapsed table), each by title.
#: A chart with nothing drawn yet (a game's chart before the first turn) has nothing to read.
_HOVER_ONLY_CHARTS = """() => [...document.querySelectorAll('#rendered_cells .kit-chart')]
  .filter((chart) => chart.getClientRects().length > 0)
  .filter((chart) => chart.querySelector('.barlayer .point path, .scatterlayer .point, '
    + '.scatterlayer .js-line[d]:not([d=""]), .heatmaplayer .hm'))
  .filter((chart) => !chart.querySelector('.bartext, .textpoint text')
    && !chart.querySelector('.kit-chart-values table tbody tr'))
  .map((chart) => chart.querySelector('.gtitle')?.textContent ?? '(no title)')
  .map((title) => `"${title.slice(0, 60)}"`)"""


def hover_only_charts(page) -> list[str]:
    """The charts shown whose values can be read only by hovering, by title."""
    return page.evaluate(_HOVER_ONLY_CHARTS)


#: The axe rules whose answer depends on the viewport's width, checked again on the phone.
PHONE_RULES = ["scrollable-region-focusable"]


CHARTS_FITTED = """() => [...document.querySelectorAll('#rendered_cells .kit-chart-view')]
  .filter((chart) => chart.getClientRects().length > 0)
  .every((chart) => chart.dataset.fittedWidth === String(chart.clientWidth))"""


def phone_layout(page) -> dict:
    """Resize the page to `PHONE` and measure it once laid out: `width` (the page's scroll
    width; wider than the phone means it scrolls sideways), `controls` (each control under
    `CONTROL_PX`, each slider handle under `HANDLE_PX`), `prose` (the font sizes under
    `PROSE_PX`), `titles` (the charts' titles cut at the chart's edge), `axe` (the
    violations of `PHONE_RULES` at that width), `scroll_stops` (the tables' boxes whose tab
    stop does not match whether they scroll: `scroll_stops`), `hover_only` (the charts read
    only by hovering: `hover_only_charts`)."""
    page.set_viewport_size(PHONE)
    # two frames: the resize's layout, then whatever the widgets redraw for the new width
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    # the charts fitted to their new width (kit_common/widgets/static/live_chart.js); after
    # Playwright's timeout they are measured as they are (a cut title says so)
    with contextlib.suppress(Exception):
        page.wait_for_function(CHARTS_FITTED, timeout=5_000)
    found = page.evaluate(_PHONE_LAYOUT, [CONTROL_PX, HANDLE_PX, PROSE_PX])
    found["axe"] = axe_violations(page, PHONE_RULES)
    found["scroll_stops"] = scroll_stops(page)
    found["hover_only"] = hover_only_charts(page)
    return found
