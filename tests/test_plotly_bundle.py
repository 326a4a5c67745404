"""The partial plotly.js bundle the charts draw with (kit_common/widgets/static)."""

from __future__ import annotations

import re
from pathlib import Path

import plotly.graph_objects as go
from plotly.offline import get_plotlyjs_version

from kit_common.widgets.live_chart import PLOTLY_BUNDLE
from martian_kit.widgets import charts


def bundle_text() -> str:
    return PLOTLY_BUNDLE.read_text(encoding="utf-8")


def test_the_bundle_is_the_plotly_js_that_plotly_py_writes_figures_for():
    """After upgrading plotly, run tools/update_plotly_bundle.py so the two agree."""
    header = re.match(r"/\*\*\n\* plotly\.js \(cartesian - minified\) v(\S+)\n", bundle_text())
    assert header, "not the plotly.js cartesian bundle"
    assert header.group(1) == get_plotlyjs_version()


def test_the_bundle_draws_every_trace_type_the_kits_use():
    """Every go.<Trace> that the kits' code (and kit_common's) builds must be a trace type
    the bundle has."""
    root = Path(__file__).resolve().parents[1]
    sources = [
        p.read_text()
        for kit in ("kit_common", "martian_kit", "dino_kit")
        for p in root.glob(f"{kit}/**/*.py")
    ]
    used = {
        getattr(go, name)().type
        for name in set(re.findall(r"\bgo\.([A-Z]\w+)\(", "\n".join(sources)))
        if name not in {"Figure", "Layout"}
    }
    bundled = set(re.findall(r'moduleType:"trace",name:"(\w+)"', bundle_text()))
    assert used and used <= bundled, f"not in the bundle: {used - bundled}"
    assert charts.count_distribution([1.0], [1], "tank").data[0].type in bundled


def test_the_toolbar_speaks_every_language_of_the_kit():
    """The locale files come with the bundle (tools/update_plotly_bundle.py), of its version,
    one for each language the kit speaks; a chart drawn in a language asks for its locale."""
    from kit_common.messages import LANGUAGES, set_language
    from kit_common.widgets.live_chart import PLOTLY_LOCALES, PLOTLY_LOCALES_FILE, LiveChart

    text = PLOTLY_LOCALES_FILE.read_text(encoding="utf-8")
    assert text.startswith(f"/* plotly.js v{get_plotlyjs_version()} locales ")
    registered = set(re.findall(r'moduleType:"locale",name:"([\w-]+)"', text))
    assert set(LANGUAGES) == set(PLOTLY_LOCALES)
    assert {PLOTLY_LOCALES[lang] for lang in LANGUAGES} - {"en"} == registered
    assert text.count('"Download plot as a PNG":') == len(registered)  # each translates it
    try:
        for lang in LANGUAGES:
            set_language(lang)
            config = LiveChart(go.Figure()).widget.figure["config"]
            assert config["locale"] == PLOTLY_LOCALES[lang] and config["displaylogo"] is False
            assert config["showSendToCloud"] is False  # no button that uploads a chart
    finally:
        set_language("en")
