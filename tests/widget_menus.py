"""Menus driven as a browser drives them, and the check that what a menu highlights is what
the kernel holds (used by the widget tests of both kits).

A browser shows and sets a menu's (or a row of toggle buttons') synced `index`; the kernel's
`value`, which the apps read, must follow it, and the other way round. A page that once broke
the link highlighted one kind of action while its Play button played another.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from kit_common.widgets.failures import widgets_in

Menu = w.widgets.widget_selection._Selection


def shown(menu: Menu) -> Any:
    """The value of the entry the browser highlights (None when none is)."""
    return None if menu.index is None else menu._options_values[menu.index]


def pick(menu: Menu, index: int) -> None:
    """Highlight entry `index` as a click in the browser does: a state update of `index`."""
    menu.set_state({"index": index})


def menus_of(root: w.Widget) -> list[Menu]:
    """Every menu and row of toggle buttons inside `root`."""
    return [part for part in widgets_in(root) if isinstance(part, Menu)]


def menus_in_step(root: w.Widget) -> list[str]:
    """Every menu inside `root` whose highlighted entry is not its value, described (empty
    when all agree)."""
    return [
        f"{menu.description!r} highlights {shown(menu)!r} but holds {menu.value!r}"
        for menu in menus_of(root)
        if shown(menu) != menu.value
    ]


def every_entry_in_step(root: w.Widget) -> list[str]:
    """Pick every entry of every menu inside `root` in turn, as a browser picks it (the
    menus a pick shows or refills included: they are looked up again after each pick), and
    describe each time a menu then highlighted one entry while the kernel held another (empty
    when the page and the kernel always agreed). Each menu is left on its last entry."""
    found = []
    done: set[int] = set()
    while todo := [m for m in menus_of(root) if id(m) not in done]:
        menu = todo[0]
        done.add(id(menu))
        for index in range(len(menu.options)):
            pick(menu, index)
            found += [f"after {menu.description!r} #{index}: {x}" for x in menus_in_step(root)]
    return found
