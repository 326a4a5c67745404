"""What every committed notebook must be, checked on the files themselves."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).parents[1] / "notebooks").rglob("*.ipynb"))
PLOTLY_MIMETYPE = "application/vnd.plotly.v1+json"


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_committed_executed_in_order_without_widget_state(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    assert "widgets" not in data["metadata"], "strip metadata.widgets before committing"
    counts = [c["execution_count"] for c in data["cells"] if c["cell_type"] == "code"]
    assert None not in counts and counts == sorted(counts)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_chart_is_shown_as_a_bare_figure(path):
    """Voila's page fails on a bare Plotly figure output ("r.setData is not a function");
    charts go through `kit_common.widgets.chart_view.show` (a LiveChart) instead."""
    bare = [
        i
        for i, cell in enumerate(cells(path))
        for output in cell.get("outputs", [])
        if PLOTLY_MIMETYPE in output.get("data", {})
    ]
    assert not bare, f"cells {bare} show a bare plotly figure"
