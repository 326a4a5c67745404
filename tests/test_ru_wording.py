"""Russian wording rules a native reader checked and that a later edit of the catalogues could
undo: the generated sentences read as whole Russian sentences whatever is dropped into them.

* the set-aside choices are a list after a colon («Лучи смерти, Люди, Коровы»), not «или»
  between every two items (the kit joins them with one separator, `why.or`);
* the Tanks sentence says that the *player* does not choose Tanks, never «Танки никогда не
  выбирают» (which reads "Tanks never choose");
* a bought attraction or hired specialist is named with its kind before the quoted name
  («построить аттракцион «…»»), which needs no case of the name;
* a component's name has no «» of its own (it is quoted in those: inner quotes are „…“) and
  an attraction's name does not start with «Аттракцион» (the frame names the kind);
* the winner sentence agrees with any name, «Вы» too (no verb agreeing with {name});
* a comparison of two table rows names the rows in quotes after «в строке», never «при
  стопка …» (a nominative label after a preposition);
* percentages are written the Russian way: «95-процентный интервал», «51,6 %»;
* the turn that the Tanks win names both counts in the nominative they come in («3 Танка и 1
  Луч смерти»), never after «против», which would need the genitive («против 1 Луча»).
"""

from __future__ import annotations

import re
from pathlib import Path

from martian_kit.dice import FaceCounts
from martian_kit.explain import explain_roll
from martian_kit.turn import TurnState
from tests.translated_strings import catalogue_paths

ROOT = Path(__file__).resolve().parent.parent
CATALOGUES = catalogue_paths("ru")


def _roll_sentences(rolled: FaceCounts) -> list[str]:
    start = TurnState()
    return explain_roll(start, rolled, start.apply_roll(rolled))


def test_the_set_aside_choices_are_one_list_not_or_between_every_item(russian):
    lines = _roll_sentences(FaceCounts(tank=2, ray=4, human=3, cow=2, chicken=2))
    choice = lines[-1]
    assert choice.endswith(": Лучи смерти, Люди, Коровы, Куры."), choice
    assert " или " not in choice


def test_the_tanks_sentence_says_the_player_does_not_choose_them(russian):
    lines = _roll_sentences(FaceCounts(tank=2, ray=11))
    tanks = lines[1]
    assert "игрок не выбирает" in tanks and "откладывают" in tanks, tanks
    assert "Танки никогда не выбирают" not in tanks


def test_the_tanks_winning_turn_names_both_counts_in_the_case_they_come_in(russian):
    from martian_kit.scoring import explain_score

    for rays in range(3):  # «1 Луч смерти», «2 Луча смерти», «0 Лучей смерти»: nominative
        said = explain_score(FaceCounts(tank=3, ray=rays))
        assert said.startswith("0 очков: побеждают Танки (3 Танка и "), said
        assert "против" not in said


def test_market_actions_name_the_kind_before_the_quoted_name(russian):
    from dino_kit.messages import message

    assert message("act.build", name="Фотобудка", price=10) == (
        "построить аттракцион «Фотобудка» за $10"
    )
    assert message("act.hire", name="Пиарщица", price=5) == ("нанять специалиста «Пиарщица» за $5")


def test_component_names_fit_the_quoted_frames():
    # the log and menus quote a name after its kind («построить аттракцион «…»»): a name that
    # starts with its kind says it twice, and quotes inside it must be the inner „…“
    import yaml

    names = yaml.safe_load(
        (ROOT / "dino_kit/components/data/illustrative/names.ru.yaml").read_text(encoding="utf-8")
    )
    for ident, name in names.items():
        assert "«" not in name and "»" not in name, (ident, name)
        if ident.startswith("A"):
            assert not name.lower().startswith("аттракцион"), (ident, name)
    assert names["A4"] == "Прогулка к вулкану" and names["A11"] == "Кафе „Раптор“"


def test_the_winner_sentence_agrees_with_any_name(russian):
    from dino_kit.messages import message

    assert message("story.winner", name="Вы", points=58) == "Победитель: Вы, счёт 58."


def test_a_comparison_of_rows_names_them_after_v_stroke(russian):
    from dino_kit.messages import message

    text = message(
        "ui.claim_apart", quantity="число раундов", high="стопка long", low="стопка short"
    )
    assert "в строке «стопка long», чем в строке «стопка short»" in text, text
    assert " при " not in text


def test_percentages_are_written_the_russian_way():
    wrong = re.compile(r"\d%")  # «95 %», «95-процентный», never «95%» nor «95%-й»
    for path in CATALOGUES:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.startswith("msgstr") or (line.startswith('"') and _in_msgstr(path, number)):
                text = re.sub(r"\{[^{}]*\}", "", line)  # a {field}'s format spec is Python's
                assert not wrong.search(text), f"{path.name}:{number}: {line}"


_MSGSTR_LINES: dict[Path, set[int]] = {}


def _in_msgstr(path: Path, number: int) -> bool:
    """Whether line `number` (from 1) of a po file continues a msgstr."""
    if path not in _MSGSTR_LINES:
        lines, inside = set(), False
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.startswith("msgstr"):
                inside = True
            elif not line.startswith('"'):
                inside = False
            if inside:
                lines.add(n)
        _MSGSTR_LINES[path] = lines
    return number in _MSGSTR_LINES[path]


def test_sentences_that_may_name_you_do_not_conjugate_a_verb_for_the_name(russian):
    """«Вы» is a player's name in a one-person game: «Вы набирает» must never appear."""
    from dino_kit.messages import message as dino_message
    from martian_kit.messages import CATALOGUE, message

    assert message("ui.last_round", name="Вы", target=25).startswith(
        "Последний раунд: Вы — цель 25 достигнута;"
    )
    assert CATALOGUE.plural("ui.tiebreak_winner.n", 2, name="Вы") == (
        "После 2 перебросов победитель — Вы."
    )
    assert dino_message("log.solo_won", name="Вы", rival=30).startswith(
        "Соперник обыгран (у него очков: 30), победитель — Вы;"
    )
