"""Every menu-plus-button control of the pages, kernel side: each entry of each menu picked as
a browser picks it (a state update of its `index`) is what the kernel then holds, so that the
button beside it acts on what the page shows (issue 29 item 1: a page highlighted one kind of
action while Play played another). The whole game apps are also played through with this
check after every move (tests/dino_kit/test_widgets_dino.py, the browser tests)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from dino_kit.widgets.balance import BalanceExplorer
from dino_kit.widgets.research import HeldThreatExplorer
from dino_kit.widgets.wins import WinsExplorer
from kit_common.widgets.base import App
from kit_common.widgets.teaching import PredictReveal
from martian_kit.widgets.game import GameApp as MartianGame
from martian_kit.widgets.roll import RollExplorer
from martian_kit.widgets.strategy import StopMap
from martian_kit.widgets.variants import RulesExplorer
from tests.widget_menus import every_entry_in_step, menus_of

#: The apps of the pages that show a menu or a row of toggle buttons, built as the pages build
#: them; Dinosaur Island's game, setup, research die and scoring apps are picked through in
#: tests/dino_kit/test_widgets_dino.py (`test_every_menu_of_the_pages_highlights_what_it_holds`).
APPS: dict[str, Callable[[], App]] = {
    "dino held threat (page 2)": lambda: HeldThreatExplorer(players=2),
    "dino balance (page 8)": BalanceExplorer,
    "dino wins (page 8)": WinsExplorer,
    "martian game (pages 4, 7)": MartianGame,
    "martian roll (page 1)": RollExplorer,
    "martian stop map (page 6)": StopMap,
    "martian rules (page 9)": RulesExplorer,
    "prediction (pages 5, 8)": lambda: PredictReveal("Roll or stop?", "Roll", "", ["Roll", "Stop"]),
}


@pytest.mark.parametrize("name", APPS)
def test_every_entry_of_every_menu_is_what_the_kernel_holds(name: str) -> None:
    app = APPS[name]()
    assert menus_of(app.widget), f"{name} shows no menu: take it off the list"
    assert every_entry_in_step(app.widget) == []
