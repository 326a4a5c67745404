"""Exact odds of `dino_kit.odds` against the engine, brute force, simulation and hand-worked
cases."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from itertools import product

import pytest
from dino_helpers import start

from dino_kit import odds
from dino_kit.components import load_components
from dino_kit.effects import DNA_TYPES
from dino_kit.engine import apply_action, chance_outcomes, legal_actions
from dino_kit.phases import park, research
from dino_kit.state import Exhibit, VisitorDraw
from kit_common.statistics import mean_interval, wilson_interval

C = load_components()
DICE = C.dice
BAG = (C.visitors.customers, C.visitors.hooligans)


def die(ident: str):
    return C[ident]


# -- research ----------------------------------------------------------------------------


def test_hand_worked_die_gains():
    d1 = die("D1")  # blue 1, blue 2, pink 1, violet 1, blue 1, pink 2
    law = odds.die_gain_distribution(d1, 2)
    assert law[odds.Gain("blue", 2)] == Fraction(2, 6)
    assert law[odds.Gain("blue", 4)] == Fraction(1, 6)
    assert law[odds.Gain("pink", 4)] == Fraction(1, 6)
    assert odds.dna_amount_distribution([d1], 1) == {1: Fraction(4, 6), 2: Fraction(2, 6)}
    assert odds.expected_dna([d1], 2)["blue"] == Fraction(2 + 4 + 2, 6)
    # a rare face: only scientist 3 may claim it, and gets the benefit once
    d7 = die("D7")
    assert odds.die_gain_distribution(d7, 1)[None] == Fraction(1, 6)
    assert odds.die_gain_distribution(d7, 3)[odds.Gain(None, 0, "paddock")] == Fraction(1, 6)
    # the cold-storage cap
    capped = odds.die_gain_distribution(d1, 3, room={"blue": 2, "pink": 9, "violet": 9})
    assert capped[odds.Gain("blue", 2)] == Fraction(3, 6)


@pytest.mark.parametrize("level", odds.LEVELS)
def test_die_gains_match_the_engine(level):
    """Claim every face of every die with the engine and compare the lab's DNA."""
    base = start(2, predictable_systems=True)
    seat = base.current_player()
    p = base.players[seat]
    room = {t: lim - have for t, lim, have in zip(DNA_TYPES, p.limits, p.dna)}
    for d in DICE:
        for f, face in enumerate(d.faces):
            state = replace(base, pool=(d.id,), rolled=(f,), claimed=(None,))
            gain = odds.face_gain(face, level, room=room)
            legal = [a for a in legal_actions(state) if a.kind == "die" and a.scientist == level]
            if gain is None:
                assert legal == []
                continue
            action = legal[0]
            after = apply_action(state, action).players[seat]
            if gain.rare is None:
                i = DNA_TYPES.index(gain.dna)
                assert after.dna[i] - p.dna[i] == gain.amount
            elif gain.rare == "worker":
                assert after.workers == p.workers + 1
            else:
                assert after.exhibits[0].capacity == p.exhibits[0].capacity + 1


def test_amount_laws_sum_to_one_and_match_simulation():
    rng = random.Random(6)
    for level in odds.LEVELS:
        law = odds.dna_amount_distribution(DICE, level)
        assert sum(law.values()) == 1
        n = 6000
        seen = [0] * (max(law) + 1)
        for _ in range(n):
            face = rng.choice(rng.choice(DICE).faces)
            g = odds.face_gain(face, level)
            seen[g.amount if g else 0] += 1
        for k, p in law.items():
            assert wilson_interval(seen[k], n, z=4.0).contains(p), (level, k)


def brute_highest(dice) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    faces = [d.faces for d in dice]
    total = 6 ** len(dice)
    for combo in product(*faces):
        k = max((f.threat for f in combo), default=0)
        out[k] = out.get(k, Fraction(0)) + Fraction(1, total)
    return dict(sorted(out.items()))


def test_highest_threat_hand_worked_and_brute_force():
    d10 = die("D10")  # threat 2, 2, 2, 1, 2, 0
    assert odds.threat_distribution(d10) == {
        0: Fraction(1, 6),
        1: Fraction(1, 6),
        2: Fraction(4, 6),
    }
    assert odds.highest_threat_distribution([d10, d10]) == {
        0: Fraction(1, 36),
        1: Fraction(3, 36),
        2: Fraction(8, 9),
    }
    assert odds.highest_threat_distribution([]) == {0: 1}
    for k in range(4):
        chosen = DICE[k : k + k + 1]
        assert odds.highest_threat_distribution(chosen) == brute_highest(chosen)


def test_held_threat_matches_the_engine_hold():
    """With every die unclaimed, the engine holds the die with the most pips: enumerate every
    roll of a 3-die pool through `research.end`."""
    pool = tuple(d.id for d in DICE[:3])
    base = replace(start(2, predictable_systems=True), pool=pool, claimed=(None,) * 3)
    law: dict[int, Fraction] = {}
    for rolled in product(range(6), repeat=3):
        s = research.end(replace(base, rolled=rolled))
        pips = 0 if s.held is None else C[s.pool[s.held]].faces[s.held_face].threat
        law[pips] = law.get(pips, Fraction(0)) + Fraction(1, 216)
    assert dict(sorted(law.items())) == odds.held_threat_distribution(DICE[:3], 3)


def test_held_threat_averages_over_unclaimed_sets():
    pool = DICE[:5]
    one = odds.held_threat_distribution(pool, 1)
    assert one == {
        k: sum((odds.threat_distribution(d).get(k, 0) for d in pool), Fraction(0)) / 5
        for k in range(4)
        if any(k in odds.threat_distribution(d) for d in pool)
    }
    assert odds.held_threat_distribution(pool, 0) == {0: 1}
    means = [odds.mean(odds.held_threat_distribution(pool, k)) for k in range(6)]
    assert means == sorted(means)  # more dice left, more threat held
    with pytest.raises(ValueError):
        odds.held_threat_distribution(pool, 6)


# -- park ----------------------------------------------------------------------------------


def test_hooligans_hypergeometric():
    law = odds.hooligan_distribution(5, *BAG)
    assert sum(law.values()) == 1
    assert odds.mean(law) == Fraction(5 * BAG[1], sum(BAG))
    assert law[0] == Fraction(58 * 57 * 56 * 55 * 54, 80 * 79 * 78 * 77 * 76)
    with pytest.raises(ValueError):
        odds.hooligan_distribution(81, *BAG)


def test_hooligans_match_the_engine_chance_outcomes():
    s = start(2, predictable_systems=True)
    s = replace(s, phase="park", step=-1, pending=(VisitorDraw(0),), bag=(30, 12))
    s = s.with_player(0, excitement=7)
    engine = {7 - c: p for c, p in chance_outcomes(s)}
    assert engine == odds.hooligan_distribution(7, 30, 12)


def test_hand_worked_park():
    # 4 customers and 1 hooligan, 3 places: the hooligan and 2 customers go in, 2 wait;
    # threat 4 against security 1 eats 3: the 2 customers inside, then the hooligan
    o = odds.park_outcome(4, 1, capacity=3, threat=4, security=1)
    assert (o.inside_customers, o.inside_hooligans, o.line_customers) == (2, 1, 2)
    assert (o.eaten, o.vp, o.money) == (3, -3, 4)
    safe = odds.park_outcome(4, 1, capacity=3, threat=4, security=4)
    assert (safe.eaten, safe.vp) == (0, 2)
    # more threat than visitors: everyone drawn is eaten, no more
    assert odds.park_outcome(1, 1, 2, threat=9, security=1).eaten == 2


def engine_park(customers, hooligans, capacity, threat, security):
    """The engine's arrival → placement (one place: where they must) → escapes → score for
    one player, seat 0."""
    s = start(2, predictable_systems=True)
    s = replace(s, phase="park", held=None, pending=(), bag=(58, 22))
    p0 = s.players[0]
    s = s.with_player(
        0, exhibits=(Exhibit("H0", capacity, capacity),), threat=threat, security=security
    )
    s = s.with_player(1, threat=0)
    s = park.settle(park.place(s, 0, customers, hooligans))
    s = park.escapes(s)
    s = park.score(s, 0, 0)
    p = s.players[0]
    return p.eaten, p.vp - p0.vp, p.money - p0.money


@pytest.mark.parametrize("capacity,threat,security", [(1, 1, 1), (3, 5, 2), (2, 9, 1), (5, 4, 3)])
def test_park_outcomes_match_the_engine(capacity, threat, security):
    for drawn in range(0, 8):
        for h in range(drawn + 1):
            mine = odds.park_outcome(drawn - h, h, capacity, threat, security)
            assert (mine.eaten, mine.vp, mine.money) == engine_park(
                drawn - h, h, capacity, threat, security
            )


def test_park_odds_laws():
    held = odds.held_threat_distribution(DICE[:5], 2)
    threat = odds.add_laws(3, held)
    po = odds.park_odds(6, 4, threat, 4, *BAG)
    assert sum(p for _, p in po.outcomes) == 1
    assert sum(po.law("eaten").values()) == 1
    # eaten = threat − security above 0: its law follows the threat law exactly
    assert po.law("eaten")[0] == sum(p for t, p in threat.items() if t <= 4)
    assert po.expected("money") == 6 * Fraction(58, 80)
    # a fixed threat at or below security: nobody eaten
    assert odds.park_odds(6, 4, 2, 2, *BAG).law("eaten") == {0: 1}


def test_park_odds_match_simulation():
    held = odds.held_threat_distribution(DICE[:5], 3)
    threat = odds.add_laws(2, held)
    po = odds.park_odds(6, 3, threat, 3, *BAG)
    rng = random.Random(2024)
    n = 4000
    samples = [odds.sample_park(6, 3, threat, 3, *BAG, rng) for _ in range(n)]
    for field in ("vp", "eaten"):
        for k, p in po.law(field).items():
            hits = sum(getattr(o, field) == k for o in samples)
            assert wilson_interval(hits, n, z=4.0).contains(p), (field, k, hits / n, float(p))
    assert mean_interval([o.vp for o in samples], z=4.0).contains(po.expected("vp"))


def test_risk_curve_rises_with_security_until_safe():
    curve = odds.risk_curve(
        6, 4, odds.add_laws(4, {0: Fraction(1, 2), 3: Fraction(1, 2)}), range(1, 10), *BAG
    )
    vps = [pt.expected_vp for pt in curve]
    assert vps == sorted(vps)
    assert curve[-1].p_eaten == 0 and curve[0].p_eaten == 1
    assert vps[-2] == vps[-1]  # beyond the highest threat (7), more security adds nothing
