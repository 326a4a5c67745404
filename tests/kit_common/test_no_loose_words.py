"""Every word a user reads from the shared package comes from its catalogue
(`kit_common.words`, domain "kit_common"); the scan that checks it catches a planted sentence."""

from __future__ import annotations

from pathlib import Path

from kit_common import class_handout, words
from kit_common.messages import Catalogue
from tests.literal_scan import is_worded, loose_words, worded_literals

ROOT = Path(__file__).resolve().parents[2]
LIVE_CHART_VALUES_HELP = (
    "the chart's values as HTML (a collapsed table, kit_common.widgets.chart_values), shown "
    "under it; empty when the chart writes them on itself"
)
LIVE_CHART_ADDRESS_HELP = (
    "where the page fetches the bundle instead (under the kit's app); '' for none"
)
#: The catalogue machinery and the catalogue itself hold the words; every other module speaks
#: through them.
CATALOGUE_MODULES = {"messages.py", "words.py"}
MODULES = sorted(p for p in (ROOT / "kit_common").rglob("*.py") if p.name not in CATALOGUE_MODULES)
#: Worded literals kept in the code, with the reason.
ALLOWED = {
    ("kit_common/widgets/live_chart.py", "the plotly.js bundle's code"): (
        "a traitlet's help: a developer's note on the widget's state, never shown on a page"
    ),
    ("kit_common/widgets/live_chart.py", LIVE_CHART_ADDRESS_HELP): (
        "a traitlet's help: a developer's note on the widget's state, never shown on a page"
    ),
    ("kit_common/widgets/live_chart.py", "plotly.js's locale files' code"): (
        "a traitlet's help: a developer's note on the widget's state, never shown on a page"
    ),
    ("kit_common/widgets/live_chart.py", "data, layout and config, as plotly.js reads them"): (
        "a traitlet's help: a developer's note on the widget's state, never shown on a page"
    ),
    ("kit_common/widgets/live_chart.py", LIVE_CHART_VALUES_HELP): (
        "a traitlet's help: a developer's note on the widget's state, never shown on a page"
    ),
    **{
        ("kit_common/widgets/chart_values.py", text): (
            "a chart check's finding, for the tests and whoever writes a chart; never on a page"
        )
        for text in (
            " can be read only by hovering",
            "(no name)",
            "not a colour the charts use: ",
            " guide line",
        )
    },
    ("kit_common/class_handout.py", class_handout.STYLE): (
        "a style sheet (CSS: @media print), never shown as words"
    ),
    **{
        ("kit_common/class_store.py", statement): "SQL said to the database, never shown"
        for statement in (
            "PRAGMA journal_mode=WAL",
            "PRAGMA foreign_keys=ON",
            "PRAGMA busy_timeout=",
            "BEGIN IMMEDIATE",
            "READ COMMITTED",
            "ALTER TABLE kit_room_seat ADD COLUMN seen_at ",
            "ALTER TABLE kit_class ADD COLUMN definition TEXT",
        )
    },
}


def test_no_sentence_is_written_in_the_shared_code_outside_the_catalogue() -> None:
    assert loose_words(ROOT, MODULES, ALLOWED) == []


def test_the_shared_package_has_one_catalogue_in_its_own_domain() -> None:
    from kit_common.widgets import failures

    assert isinstance(words.CATALOGUE, Catalogue) and words.CATALOGUE.domain == "kit_common"
    assert failures.CATALOGUE is words.CATALOGUE and "app.failed" in words.ENGLISH


def test_the_scan_catches_a_planted_sentence_and_spares_what_users_do_not_read(
    tmp_path: Path,
) -> None:
    module = tmp_path / "planted.py"
    module.write_text(
        '"""A docstring may say anything at all."""\n'
        "import logging\n"
        "def label(n):\n"
        '    """So may a function\'s."""\n'
        '    logging.getLogger("x").info("a developer log line")\n'
        '    assert n, "a developer check message"\n'
        '    message("some.key", n=n)\n'
        "    html = f\"<div style='border:1px solid #ccc;padding:2px 8px'>{n}</div>\"\n"
        '    return f"Roll the dice {n} times"\n'
        "class Thing:\n"
        "    def __repr__(self):\n"
        '        return f"Thing(with some words)"\n',
        encoding="utf-8",
    )
    assert [(s.line, s.text) for s in worded_literals(module)] == [(9, "Roll the dice ")]
    assert loose_words(tmp_path, [module], {}) == ["planted.py:9: 'Roll the dice '"]
    assert loose_words(tmp_path, [module], {("planted.py", "Roll the dice "): "test"}) == []
    assert is_worded("Pick a prediction first.")
    assert not is_worded("<span class='kit-notice' style='color:#9b2c2c'>")
