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
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from kit_common.messages import current_language, set_language

ROOT = Path(__file__).resolve().parent.parent
CATALOGUES = [
    ROOT / "martian_kit/locale/pt/LC_MESSAGES/martian_kit.po",
    ROOT / "dino_kit/locale/pt/LC_MESSAGES/dino_kit.po",
    ROOT / "kit_common/locale/pt/LC_MESSAGES/kit_common.po",
    ROOT / "notebooks/locale/pt/LC_MESSAGES/notebooks.po",
]

#: Words a strategy's name may start with although they end in -a/-o: not adjectives.
_NOT_GENDERED = {"ao", "para", "contra"}


@pytest.fixture
def portuguese():
    before = current_language()
    set_language("pt")
    yield
    set_language(before)


def _translations() -> list[tuple[str, str, str]]:
    """(file name, context, translation) for every translated string of the four catalogues."""
    found = []
    for path in CATALOGUES:
        with path.open("rb") as handle:
            catalogue = read_po(handle)
        for entry in catalogue:
            if not entry.id:
                continue
            strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
            found += [(path.name, entry.context or "", s) for s in strings if s]
    return found


TRANSLATIONS = _translations()


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
