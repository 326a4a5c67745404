"""Every sentence that names a face is a whole sentence per face, and in Russian each says its
face in the case the sentence needs («Взять Людей», «Сколько Коров выпадает»), never the
nominative dropped into a frame («Взять: Люди»).

The forms expected come by another route than the sentences themselves: Russian's genitive
plural is the face's count form for 5 ("5 Коров"), its genitive singular the count form for 2
("2 Коровы"), and an inanimate face's accusative plural is its nominative plural («Лучи
смерти»): an animate one's (the earthlings) is its genitive plural. Two plurals are other
words than their singulars: a numeral counts «5 Человек», «5 Куриц», while the plurals «Люди»
and «Куры» have the genitives «Людей» and «Кур»; those two forms are written here.
"""

from __future__ import annotations

import re

import pytest

from kit_common.messages import set_language
from martian_kit.errors import RuleError
from martian_kit.explain import option_label
from martian_kit.messages import CATALOGUE, ENGLISH, FACE_SENTENCES, face_message, message
from martian_kit.turn import Action

from .helpers import counts, turn_after

EARTHLINGS = ("human", "cow", "chicken")
GENITIVE_PLURAL_NOT_AFTER_A_NUMERAL = {"human": "Людей", "chicken": "Кур"}

# The case each Russian sentence gives the face it names.
ACCUSATIVE_PLURAL = (
    "rule.earthling_once",
    "ui.take",
    "why.taken_before",
    "why.took_earthling",
    "advice.take",
    "advice.take.expected",
    "do.take",
    "quiz.take",
)
GENITIVE_PLURAL = ("chart.count.title", "chart.count.x")
GENITIVE_SINGULAR = ("rule.not_rolled",)
VALUES = {"dice": "{dice}", "value": 1.5, "unit": "{unit}"}


def _count_form(face: str, n: int) -> str:
    return CATALOGUE.plural(f"count.{face}", n).split(" ", 1)[1]


def _genitive_plural(face: str) -> str:
    return GENITIVE_PLURAL_NOT_AFTER_A_NUMERAL.get(face) or _count_form(face, 5)


def _expected_russian(key: str, face: str) -> str:
    if key in GENITIVE_PLURAL or (key in ACCUSATIVE_PLURAL and face in EARTHLINGS):
        return _genitive_plural(face)
    if key in ACCUSATIVE_PLURAL:
        return message(f"face.{face}.plural")
    assert key in GENITIVE_SINGULAR
    return _count_form(face, 2)


def test_every_face_sentence_is_a_whole_english_sentence_per_face():
    for key, (english, faces) in FACE_SENTENCES.items():
        assert key not in ENGLISH  # no frame left to drop a face into
        for face in faces:
            sentence = ENGLISH[f"{key}.{face}"]
            assert isinstance(sentence, str) and "{face" not in sentence
            name = ENGLISH[f"face.{face}.plural" if "{faces}" in english else f"face.{face}"]
            assert str(name) in sentence


def test_every_russian_face_sentence_says_the_face_in_its_case(russian):
    cased = set(ACCUSATIVE_PLURAL + GENITIVE_PLURAL + GENITIVE_SINGULAR)
    assert cased | {"ui.take.tip"} == set(FACE_SENTENCES)  # a new sentence is listed here
    for key in sorted(cased):
        for face in FACE_SENTENCES[key][1]:
            said = face_message(key, face, **VALUES)
            expected = _expected_russian(key, face)
            assert re.search(rf"(?<!\w){expected}(?!\w)", said), (key, face, said)
            nominative = message(f"face.{face}.plural")
            if nominative != expected:
                assert not re.search(rf"(?<!\w){nominative}(?!\w)", said), (key, face, said)
            assert "«" not in said  # no face name quoted to dodge its case


def test_the_engine_and_the_quiz_speak_the_whole_sentences(russian):
    t = turn_after(counts(ray=4, human=3, cow=3, chicken=3), "cow", "roll")
    t = t.apply_roll(counts(ray=2, human=2, cow=4, chicken=2))
    with pytest.raises(RuleError) as refused:
        t.apply_action("cow")
    assert "Коров в этом ходу уже откладывали" in str(refused.value)
    assert option_label(Action.TAKE_HUMAN) == "Отложить Людей"
    set_language("es")
    assert option_label(Action.TAKE_COW) == "Apartar las Vacas"
