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


#: Sentences still written with "(s)" (none: every sentence about a number of things is a
#: `Plural`, told its count by its caller or by `dino_kit.messages.said`).
STILL_WITH_S: set[str] = set()


def test_a_sentence_about_a_number_of_things_is_a_plural_not_an_s_in_brackets() -> None:
    from dino_kit.messages import ENGLISH, plural

    with_s = {key for key, text in ENGLISH.items() if isinstance(text, str) and "(s)" in text}
    assert with_s == STILL_WITH_S
    assert plural("log.eaten_n", 1) == ", 1 visitor eaten"
    assert plural("log.eaten_n", 2) == ", 2 visitors eaten"
    assert plural("chance.chaos_n", 1).endswith("1 threat pip.")


def test_a_refusal_an_effect_and_a_condition_are_told_their_count() -> None:
    from dino_kit.messages import said

    full = said("rule.park_full", {"where": "market", "n": 1, "need": 2})
    assert full == "market: the park has 1 free zone; this needs 2"
    assert said("rule.park_full", {"where": "market", "n": 0, "need": 1}).endswith(
        "0 free zones; this needs 1"
    )
    assert said("effect.gain_workers", {"amount": 1}, count="amount") == "+1 worker while hired"
    assert said("effect.gain_workers", {"amount": 2}, count="amount") == "+2 workers while hired"
    assert (
        said("objective.specialists_at_least", {"count": 2}, count="count")
        == "have 2 specialists hired"
    )
    assert (
        said("rule.space_taken", {}) == "research: only one scientist may be assigned to each space"
    )
