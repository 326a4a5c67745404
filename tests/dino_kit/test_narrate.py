"""The game told in words: the park replayed with the phase's own rules agrees with the engine,
each round's VP parts add up, components read from their data, ties and the end are explained."""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import pairwise

import pytest

from dino_kit.bots import bot_by_name
from dino_kit.components import load_components
from dino_kit.engine import apply_chance, run, sample_chance
from dino_kit.narrate import (
    chance_line,
    cleanup_lines,
    effect_text,
    ending_lines,
    game_log,
    objective_line,
    park_lines,
    round_reports,
    round_start_notice,
    signed,
    specialist_text,
    twist_line,
    upgrade_text,
    vp_change_line,
)
from dino_kit.objectives import finish
from dino_kit.setup import new_game
from dino_kit.widgets.park import FoodChoice

COMPONENTS = load_components()


def _game(seed: int, players: int = 3, **settings):
    state = new_game([f"P{i}" for i in range(1, players + 1)], COMPONENTS, **settings)
    return run(state, [bot_by_name("heuristic")] * players, random.Random(seed))


@pytest.mark.parametrize("seed,settings", [(0, {}), (1, {"chaos_theory": True}), (2, {})])
def test_round_reports_add_up_to_the_engines_vp(seed, settings):
    game = _game(seed, **settings)
    reports = round_reports(game)
    assert [r for r, _ in reports] == list(range(1, game.round + 1))
    for (_, a), (_, b) in pairwise(reports):
        assert [v.vp_after for v in a] == [v.vp_before for v in b]
    for _, visits in reports:
        for v in visits:
            assert v.vp_after - v.vp_before == sum(v.vp_parts.values())
            assert v.eaten == max(0, min(v.threat - v.security, v.customers + v.hooligans))
    assert [v.vp_after for v in reports[-1][1]] == [p.vp for p in game.players]


def test_park_sentences_say_why_visitors_were_eaten():
    game = _game(0)
    visit = next(v for _, vs in round_reports(game) for v in vs if v.eaten)
    text = " ".join(park_lines(visit, "Ann"))
    assert f"against security {visit.security}" in text and "ate" in text
    line = vp_change_line(visit, "Ann")
    assert line.startswith(f"Ann: {visit.vp_before} → {visit.vp_after} VP")
    assert "visitors eaten −" in line
    assert signed(3) == "+3" and signed(-2) == "−2" and signed(0) == "0"


def test_components_read_from_their_data():
    guard = next(u for u in COMPONENTS.lab_upgrades if u.name == "Guard Tower")
    assert upgrade_text(guard) == (
        "raise security by 1 (paying the cost table); raise security by 1 (paying the cost "
        "table) (2 workers)"
    )
    watchman = next(p for p in COMPONENTS.specialists if p.name == "Night Watchman")
    assert specialist_text(watchman) == "+1 worker while hired; +1 security in the park"
    investor = next(p for p in COMPONENTS.specialists if p.name == "Investor")
    assert specialist_text(investor) == "on hiring: take $6"
    assert objective_line(COMPONENTS.objectives[0]) == "Have 4 dinosaurs or more — 6 VP"
    cheap = next(t for t in COMPONENTS.plot_twists if t.name == "Cheap Concrete")
    assert twist_line(cheap) == "Cheap Concrete: raising a paddock costs $1 less"
    for component in (*COMPONENTS.lab_upgrades, *COMPONENTS.specialists):
        for e in getattr(component, "passives", ()) or getattr(component, "effects", ()):
            assert "_" not in effect_text(e)


def test_chance_lines_name_things_and_count_dice_from_1():
    state = new_game(2, COMPONENTS)
    lines = []
    rng = random.Random(3)
    while state.pending:
        move = sample_chance(state, rng)
        lines.append(chance_line(state, move))
        state = apply_chance(state, move)
    text = "\n".join(lines)
    assert "Die 1 of the pool" in text and "Die 1 rolled" in text and "Die 0" not in text
    assert "Objective revealed: Have" in text and "New in the market:" in text
    assert all("(chance)" not in line for line in game_log(_game(1)))


def test_cleanup_lines_tell_the_new_turn_order_and_the_market_slide():
    cleanups = []
    state = new_game(["P1", "P2", "P3"], COMPONENTS)
    run(
        state,
        [bot_by_name("heuristic")] * 3,
        random.Random(2),
        on_step=lambda before, _, __, after: (
            cleanups.append((before, after))
            if after.round != before.round and not after.is_terminal()
            else None
        ),
    )
    assert cleanups
    price = COMPONENTS.tables.market_rows[-1]
    for before, after in cleanups:
        *money, order, market = cleanup_lines(before, after)
        assert len(money) == (before.rules.round_end_money != 0)
        listed = order.split(": ", 1)[1].rstrip(".").split("; ")
        seats = [before.names.index(entry.split(" — ")[0]) for entry in listed]
        vps = [int(entry.split(" — ")[1].removesuffix(" VP")) for entry in listed]
        assert sorted(seats) == [0, 1, 2] and vps == [after.players[s].vp for s in seats]
        for a, b in pairwise(range(3)):  # fewest VP first, a tie in the old order
            assert vps[a] < vps[b] or (
                vps[a] == vps[b] and before.order.index(seats[a]) < before.order.index(seats[b])
            )
        gone = [column[3] for column in before.rows if column[3] is not None]
        for ident in gone:
            assert COMPONENTS.name_of(ident) in market
            assert all(ident not in column for column in after.rows)
        assert f"${price} row" in market and ("discarded" in market) == bool(gone)
        for column in after.rows:  # slid toward the cheap rows: the gaps are on top
            kept = [x for x in column if x is not None]
            assert column == (None,) * (4 - len(kept)) + tuple(kept)
    assert any(a.order != b.order for b, a in cleanups)  # the order did change at least once
    assert cleanup_lines(cleanups[-1][0], finish(cleanups[-1][0])) == []  # the game ended
    # the plot twists that pay or take money at every round's end: said first, with their names
    before, after = cleanups[0]
    for twists, says in (
        (("T8",), "Every player gains $2 at the end of the round (Government Grant)."),
        (("T11",), "Every player loses $1 at the end of the round, but never goes below $0"),
        (("T8", "T11"), "Every player gains $1 at the end of the round (Government Grant, "),
    ):
        amount = sum(dict(COMPONENTS.plot_twist(t).modifier.params)["amount"] for t in twists)
        granted = replace(
            after, plot_twists=twists, rules=replace(after.rules, round_end_money=amount)
        )
        assert cleanup_lines(before, granted)[0].startswith(says)


def test_notices_and_ties():
    state = new_game(2, COMPONENTS, max_rounds=1)
    state = run(state, [None, None], random.Random(1))  # stops at the first decision
    assert round_start_notice(state) == (
        "Round 1 is the last round: this game was set to end after it."
    )
    game = _game(0, players=2)
    twins = replace(game, players=(replace(game.players[0], money=10),) * 2)
    tied = finish(twins)
    assert tied.winners == (0, 1) and "share the victory" in ending_lines(tied)[-1]
    richer_twin = replace(twins.players[1], money=11)  # $1 more, the same points
    richer = replace(twins, players=(twins.players[0], richer_twin))
    money = ending_lines(finish(richer))[-1]
    assert "tie goes to the most money" in money and money.endswith("P2 wins.")


def test_food_choice_widget_follows_its_sliders():
    food = FoodChoice(food_customers=3)
    assert food.choice() == (3, 0, 3)
    food.as_money.value = 3
    assert food.choice() == (0, 6, 1) and "+$6" in food.summary()
    food.food.value = 1
    assert food.as_money.value == 1 and food.choice() == (0, 2, 0)
