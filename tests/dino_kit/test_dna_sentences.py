"""A DNA type inside a sentence is said in the form that sentence needs: in Russian every
amount of DNA reads «2 ед. синей ДНК» and "no room for" «нет места для синей ДНК» (the
genitive, `dna_of`), never the nominative label word («синяя») dropped into a frame; and a
refusal names its phase in the reader's words.

The genitive expected comes by another route than the catalogue: Russian makes a feminine
adjective's genitive singular from its nominative («синяя» → «синей», «красная» →
«красной»), and ДНК is feminine.
"""

from __future__ import annotations

import pytest
from dino_helpers import pass_research, set_player, start

from dino_kit.effects import DNA_TYPES
from dino_kit.engine import apply_action
from dino_kit.errors import RuleError
from dino_kit.messages import dna_of, dna_word, message, plural
from dino_kit.state import Action

KINDS = ("basic", "advanced")
VALUES = {"amount": 2, "price": 3, "space": "{space}", "where": "{where}", "level": 2}
# every sentence that names a DNA type ({dna}) or kind ({kind}) with an amount or a role
DNA_SENTENCES = (
    "rule.storage_full",
    "act.die_sum",
    "act.buy_dna",
    "act.gain_dna",
    "ui.face_dna",
    "story.face",
    "effect.gain_dna",
)
DNA_PLURALS = ("ui.gain_n", "act.die_n", "act.die_capped_n", "act.die_full_n")
KIND_SENTENCES = ("ui.dna_offer", "rule.dna_type")


def _genitive(nominative: str) -> str:
    """A Russian feminine adjective's genitive singular from its nominative."""
    for ending, genitive in (("яя", "ей"), ("ая", "ой")):
        if nominative.endswith(ending):
            return nominative[: -len(ending)] + genitive
    raise AssertionError(f"{nominative!r} is not a feminine adjective")


def test_the_russian_sentence_form_of_each_dna_word_is_its_genitive(russian):
    for name in (*DNA_TYPES, *KINDS):
        assert dna_of(name) == _genitive(dna_word(name))


def test_every_russian_dna_sentence_says_the_type_in_the_genitive(russian):
    said = []
    for name in DNA_TYPES:
        values = {**VALUES, "dna": dna_of(name)}
        said += [(name, message(key, **values)) for key in DNA_SENTENCES]
        said += [
            (name, plural(key, n, **values, slot=1, sum="…", total=4, gain=n))
            for key in DNA_PLURALS
            for n in (1, 2, 5)
        ]
    for name in KINDS:
        values = {**VALUES, "kind": dna_of(name), "types": "…", "got": "x"}
        said += [(name, message(key, **values)) for key in KIND_SENTENCES]
    for name, sentence in said:
        assert f"{_genitive(dna_word(name))} ДНК" in sentence, sentence
        assert dna_word(name) not in sentence and "«" not in sentence, sentence


def test_a_russian_refusal_names_its_phase_and_dna_in_russian(russian):
    market = pass_research(start(2, predictable_systems=True))
    with pytest.raises(RuleError) as refused:
        apply_action(market, Action("buy_dna", None, 4, ("pink", 0)))
    offered = ", ".join(dna_word(t) for t in ("green", "red", "orange"))  # the $4 offer's types
    assert str(refused.value) == (
        f"рынок: предложение за $4 состоит из продвинутой ДНК ({offered}), а не 'pink'"
    )
    poor = set_player(market, 0, money=1)
    with pytest.raises(RuleError) as refused:
        apply_action(poor, Action("build", None, 0))
    assert str(refused.value).startswith(message("phase.market") + ": ")
    assert message("phase.market") == "рынок"
