"""Scoring a turn from what was set aside: the score and an explanation in words."""

from __future__ import annotations

from martian_kit.dice import EARTHLINGS, Face, FaceCounts
from martian_kit.messages import CATALOGUE, counted, message

BONUS = 3
MAX_SCORE = 16  # all 13 dice set aside as earthlings of all three kinds


def tanks_win(set_aside: FaceCounts) -> bool:
    """True when the Tanks set aside outnumber the Death Rays: the turn scores 0."""
    return set_aside.tank > set_aside.ray


def has_bonus(set_aside: FaceCounts) -> bool:
    """True when at least one of each earthling kind was set aside."""
    return all(set_aside[f] > 0 for f in EARTHLINGS)


def earthlings(set_aside: FaceCounts) -> int:
    """Number of Humans, Cows and Chickens set aside."""
    return set_aside.human + set_aside.cow + set_aside.chicken


def score(set_aside: FaceCounts) -> int:
    """Points a turn scores: 0 if Tanks outnumber Death Rays, else 1 per earthling
    plus 3 when all three kinds were set aside."""
    if tanks_win(set_aside):
        return 0
    return earthlings(set_aside) + (BONUS if has_bonus(set_aside) else 0)


def explain_score(set_aside: FaceCounts) -> str:
    """The score in words, e.g. "0 points: the Tanks win (3 Tanks against 2 Death Rays)" or
    "7 points: 4 earthlings + 3 bonus for all three kinds"."""
    if tanks_win(set_aside):
        return message(
            "score.tanks_win",
            tanks=counted(Face.TANK, set_aside.tank),
            rays=counted(Face.RAY, set_aside.ray),
        )
    n = earthlings(set_aside)
    if n == 0:
        return message("score.nothing")
    base = CATALOGUE.plural("score.earthlings.n", n)
    if has_bonus(set_aside):
        base = message("score.bonus", base=base)
    return CATALOGUE.plural("score.points.n", score(set_aside), earthlings=base)
