"""Portuguese wording rules that a review pass fixed and that could come back unnoticed.

Each rule reads the compiled catalogues (what the pages show) or the po files' translations:

* a Martian Dice strategy's name stands both after "Robô" (masculine) and after "estratégia"
  (feminine), so it must not carry a gender: no "Robô 2 (cautelosa)";
* the words the glossary fixes for Dinosaur Island: a die is taken ("pegar"), never
  "reclamado" (complained about); visitors are drawn, never bought; "bot" is "robô";
* the printed lab spaces and the market's DNA column read in Portuguese.
"""

from __future__ import annotations

import re

import pytest

from tests.translated_strings import translations

#: Words a strategy's name may start with although they end in -a/-o: not adjectives.
_NOT_GENDERED = {"ao", "para", "contra"}

#: (file name, context, translation) of every Portuguese string, the pages' among them.
TRANSLATIONS = translations("pt")


def test_strategy_names_carry_no_gender(portuguese):
    from martian_kit.messages import message, policy_name
    from martian_kit.policies import policy_names

    for name in policy_names():
        shown = policy_name(name)
        first = shown.split()[0].split("-")[0]
        assert first in _NOT_GENDERED or not re.search(r"[ao]s?$", first), (name, shown)
        assert message("ui.bot", i=2, policy=shown) == f"Robô 2 ({shown})"
    assert policy_name("cautious") == "prudente"
    assert policy_name("cautious-6") == "prudente-6"


@pytest.mark.parametrize(
    "pattern",
    [
        r"(?i)reclam",  # a die or an objective is taken / won, not complained about
        r"(?i)compr\w*\s+(\w+\s+){0,3}visitantes?",  # visitors are drawn from the bag
        r"(?<![{\-_])\bbots?\b(?![}_])",  # English left over (not a {bots} field, --bots)
        r"(?i)cautelos|ganancios",  # the strategies' old feminine names
        r"Dino Research|DNA Refinement",  # the printed lab spaces, in English
    ],
)
def test_words_the_glossary_rules_out(pattern):
    hits = [(f, c) for f, c, s in TRANSLATIONS if re.search(pattern, s)]
    assert not hits, hits[:5]


def test_market_dna_offer_names_the_dna(portuguese):
    from dino_kit.messages import dna_of, message

    assert message("ui.dna_offer", amount=2, kind=dna_of("advanced")).startswith("2 DNA ")
