"""Every word a user reads in Dinosaur Island's pages, stories and command line comes from the
kit's catalogue (`dino_kit.messages`), so a translation reaches all of it."""

from __future__ import annotations

from pathlib import Path

from tests.literal_scan import NOT_SHOWN_CALLS, loose_words

ROOT = Path(__file__).resolve().parents[2]
KIT = ROOT / "dino_kit"
#: Every module of the kit but its catalogue: the pages' apps, the game told in words, the
#: command line and what it prints, the rules' refusals and the component files' checks.
MODULES = sorted(p for p in KIT.rglob("*.py") if p != KIT / "messages.py")
#: The effect vocabulary's `_kind(places, meaning, ...)`: the places are identifiers and the
#: meaning a developer's note on an effect id (no page or command shows it; the words players
#: read of an effect are the catalogue's `effect.*` sentences).
CALLS = NOT_SHOWN_CALLS | {"_kind"}
#: Worded literals kept in the code, with the reason.
ALLOWED = {
    ("dino_kit/widgets/pages.py", "Dinosaur Island"): (
        "the game's published name, the index's heading for the series: a name, not a sentence"
    ),
}


def test_no_sentence_is_written_in_the_code_outside_the_catalogue() -> None:
    assert loose_words(ROOT, MODULES, ALLOWED, CALLS) == []


#: Sentences still written with "(s)": each is shown in an executed English notebook, so its
#: real plural changes that notebook's stored output and waits for it to be executed again
#: (rule.* and objective.* are said by the engine's generic lookups, which take no count yet;
#: ui.game_over is said nowhere now).
STILL_WITH_S = {
    "rule.park_full", "rule.not_enough_workers", "rule.paddock_full", "rule.food_choice",
    "ui.attraction_line", "ui.attraction_item", "ui.attraction_item_food", "act.die",
    "act.done", "ui.game_over", "ui.setup_facts", "ui.food_summary", "ui.planner_summary",
    "story.end_objectives", "effect.gain_workers", "effect.excitement_bonus",
    "objective.specialists_at_least", "objective.lab_upgrades_at_least",
}  # fmt: skip


def test_a_sentence_about_a_number_of_things_is_a_plural_not_an_s_in_brackets() -> None:
    from dino_kit.messages import ENGLISH, plural

    with_s = {key for key, text in ENGLISH.items() if isinstance(text, str) and "(s)" in text}
    assert with_s == STILL_WITH_S
    assert plural("log.eaten_n", 1) == ", 1 visitor eaten"
    assert plural("log.eaten_n", 2) == ", 2 visitors eaten"
    assert plural("chance.chaos_n", 1).endswith("1 threat pip.")
