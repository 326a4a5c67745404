"""Solo mode — a solo mode of this kit's design, not the published solo rules: the rival
deck is validated by the loader, each rival effect does what `dino_kit.solo` says, a solo game
lasts the rival's rounds and is won by beating the rival's score; records and the CLI."""

from __future__ import annotations

import json
import random
import shutil
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
import yaml
from dino_helpers import resolve

from dino_kit import records
from dino_kit.bots import heuristic_bot, random_bot
from dino_kit.chance import normalize
from dino_kit.cli import main
from dino_kit.components import illustrative_folder, load_components, validate_folder
from dino_kit.engine import (
    apply_action,
    apply_chance,
    chance_outcomes,
    legal_actions,
    sample_chance,
)
from dino_kit.errors import RuleError
from dino_kit.objectives import finish
from dino_kit.phases import research
from dino_kit.setup import new_game
from dino_kit.simulate import play_game, simulate
from dino_kit.solo import SOLO_LABEL, rival_score
from dino_kit.state import CHANCE, RIVAL, Action, RivalDraw, face_of

C = load_components()


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    folder = tmp_path / "set"
    shutil.copytree(illustrative_folder(), folder)
    return folder


def edit_rival(folder: Path, change) -> None:
    path = folder / "rival.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(data["rival"])
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")


def at_rival_card(players_seed: int = 0):
    """A solo game at round 1's rival card (every earlier draw takes the first outcome)."""
    s = new_game(1, solo=True)
    while s.pending and s.pending[0] != RivalDraw():
        s = apply_chance(s, chance_outcomes(s)[0][0])
    assert s.current_player() == CHANCE and s.pending[0] == RivalDraw()
    return s


# -- components -----------------------------------------------------------------------------


def test_the_illustrative_rival_deck_is_labelled_and_valid():
    text = (illustrative_folder() / "rival.yaml").read_text(encoding="utf-8")
    assert text.startswith("# illustrative — not the published components")
    assert SOLO_LABEL in text
    assert C.rival is not None and C.rival.rounds == 8 and len(C.rival.cards) == 12
    assert all(C[card.id] is card for card in C.rival.cards)


def test_a_broken_rival_deck_reports_file_item_and_field(copy):
    def spoil(rival):
        rival["rounds"] = 0
        rival["cards"][0]["effects"][0] = {"id": "rival_dice", "params": {"count": 9}}
        rival["cards"][1]["effects"][0] = {"id": "gain_money", "params": {"amount": 2}}
        rival["cards"][2]["id"] = "D1"  # a die's id

    edit_rival(copy, spoil)
    problems = validate_folder(copy)
    assert "rival.yaml: rival: rounds must be a whole number from 1 to 20, got 0" in problems
    assert any(
        p.startswith("rival.yaml: rival card 'R1': effects[0].params.count must be")
        for p in problems
    )
    assert any(
        p.startswith("rival.yaml: rival card 'R1': effects[0].params.prefer is missing")
        for p in problems
    )
    assert any("'gain_money' cannot be used here" in p for p in problems)
    assert any("rival card 'D1': id repeats an id already used in dice.yaml" in p for p in problems)


def test_a_rival_deck_needs_a_card_per_round(copy):
    edit_rival(copy, lambda rival: rival.update(rounds=20, cards=rival["cards"][:10]))
    assert validate_folder(copy) == [
        "rival.yaml: rival: cards must hold at least one card per round (20), got 10"
    ]


def test_a_set_without_rival_deck_loads_but_cannot_play_solo(copy):
    (copy / "rival.yaml").unlink()
    for names in copy.glob("names.*.yaml"):  # the rival cards' names go with the deck
        kept = names.read_text(encoding="utf-8").splitlines(True)
        names.write_text("".join(x for x in kept if not x.startswith("R")), encoding="utf-8")
    c = load_components(copy)
    assert c.rival is None
    new_game(2, c)  # the main game does not need it
    with pytest.raises(RuleError) as err:
        new_game(1, c, solo=True)
    assert err.value.rule == "no_rival"


# -- setup ------------------------------------------------------------------------------------


def test_solo_has_exactly_one_player_and_the_main_game_two_to_four():
    with pytest.raises(RuleError) as err:
        new_game(2, solo=True)
    assert err.value.rule == "solo_players"
    with pytest.raises(RuleError) as err:
        new_game(1)
    assert err.value.rule == "players"


def test_solo_board_is_laid_out_as_for_two_players():
    s = resolve(new_game(["Ann"], solo=True))
    assert s.phase == "research" and s.current_player() == 0
    assert len(s.pool) == 5 and len(s.objectives) == 3
    shown = [x for column in s.rows for x in column if x is not None]
    assert all(C[x].players == 2 for x in shown if hasattr(C[x], "players"))
    assert s.players[0].money == 15
    assert s.rules.solo and s.rules.solo_rounds == 8
    assert s.rival_card is not None and len(s.rival_deck) == 11


def test_rival_card_is_a_uniform_draw_from_its_deck():
    s = at_rival_card()
    outcomes = chance_outcomes(s)
    assert [card for card, _ in outcomes] == [card.id for card in C.rival.cards]
    assert {p for _, p in outcomes} == {Fraction(1, 12)}


def test_empty_rival_deck_is_reshuffled_from_its_discards():
    s = at_rival_card()
    s = replace(s, rival_deck=(), rival_discard=("R4", "R11"))
    s = normalize(s)
    assert s.rival_deck == ("R11", "R4") and s.rival_discard == ()
    assert [card for card, _ in chance_outcomes(s)] == ["R11", "R4"]


# -- the rival's effects --------------------------------------------------------------------


def test_rival_dice_claims_the_dice_with_most_dna_and_they_are_never_held():
    s = at_rival_card()
    amounts = [0 if face_of(s, i).rare else face_of(s, i).amount for i in range(5)]
    after = apply_chance(s, "R12")  # 2 dice with the most DNA, +1 threat, 2 VP
    taken = [i for i, owner in enumerate(after.claimed) if owner == RIVAL]
    assert len(taken) == 2
    assert sorted(amounts[i] for i in taken) == sorted(amounts, reverse=True)[:2]
    assert all(a.target not in taken for a in legal_actions(after) if a.kind == "die")
    with pytest.raises(RuleError) as err:
        apply_action(after, Action("die", 1, taken[0]))
    assert err.value.rule == "space_taken"
    held = research.end(replace(after, step=3)).held
    assert held not in taken


def test_rival_dice_prefer_threat_takes_the_most_pips():
    s = at_rival_card()
    pips = [face_of(s, i).threat for i in range(5)]
    after = apply_chance(s, "R2")
    taken = [i for i, owner in enumerate(after.claimed) if owner == RIVAL]
    assert [pips[i] for i in taken] == [max(pips)] and taken[0] == pips.index(max(pips))
    assert after.rival_vp == 12


def test_rival_recipe_and_market_take_tiles():
    s = at_rival_card()
    assert s.recipe_up[1] is not None
    after = apply_chance(s, "R6")
    assert after.recipe_up[1] is None and after.rival_vp == 11
    item = s.rows[2][0]  # the $5 specialist
    after = apply_chance(s, "R3")
    assert after.rows[2][0] is None and after.discards[2][-1] == item


def test_rival_objective_takes_the_first_unclaimed_one_for_the_rival():
    s = at_rival_card()
    after = apply_chance(s, "R9")
    assert after.claims[0] == (RIVAL,) and after.unclaimed_objectives() == s.objectives[1:]
    assert rival_score(after) == 5 + C[s.objectives[0]].vp


def test_rival_threat_adds_to_the_park_this_round_only():
    from dino_kit.phases.park import threat_now

    s = apply_chance(at_rival_card(), "R8")
    p = s.players[0]
    assert s.rival_threat == 2
    assert threat_now(replace(s, held=None), p) == p.threat + 2
    s = play_until(s, lambda x: x.round == 2 and x.phase == "research")
    assert s.rival_threat == 0 or s.rival_card in ("R8", "R12")


def play_until(s, stop, bot=heuristic_bot, seed=0):
    rng = random.Random(seed)
    while not stop(s) and not s.is_terminal():
        if s.current_player() == CHANCE:
            s = apply_chance(s, sample_chance(s, rng))
        else:
            s = apply_action(s, bot(s, rng))
    return s


# -- the end ----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def solo_game():
    return play_game([heuristic_bot], random.Random(3), solo=True)


def test_solo_game_lasts_the_rivals_rounds_with_a_card_each_round(solo_game):
    assert solo_game.round == 8 and solo_game.is_terminal()
    cards = [m for a, m in solo_game.moves() if a == CHANCE and isinstance(m, str) and m[0] == "R"]
    assert len(cards) == 8 and len(set(cards)) == 8


def test_solo_winner_must_beat_the_rival_a_tie_is_the_rivals(solo_game):
    s = replace(solo_game, phase="cleanup", final=None, winners=())
    total = finish(s).final[0]
    beaten = finish(replace(s, rival_vp=total - 1 - (rival_score(s) - s.rival_vp)))
    assert beaten.winners == (0,) and beaten.returns() == (1.0,)
    tied = finish(replace(s, rival_vp=total - (rival_score(s) - s.rival_vp)))
    assert tied.winners == () and tied.returns() == (0.0,)


def test_solo_record_round_trips(solo_game, tmp_path):
    path = tmp_path / "solo.json"
    records.save(solo_game, path, seed=3)
    data = json.loads(path.read_text())
    assert data["settings"]["solo"] is True and data["players"] == ["Player 1"]
    assert records.load(path) == solo_game


def test_the_heuristic_bot_beats_the_rival_more_often_than_the_random_bot():
    good = simulate(1, 12, 4, ["heuristic"])
    bad = simulate(1, 12, 4, ["random"])
    assert good.rival_score_mean is not None and bad.rival_score_mean is not None
    assert good.wins[0] >= 5 and bad.wins[0] == 0
    assert good.rounds_min == good.rounds_max == 8 and good.capped_games == 0


# -- command line -----------------------------------------------------------------------------


def test_cli_play_solo_prints_the_label_and_the_result(capsys):
    assert main(["play", "--solo", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert SOLO_LABEL in out
    assert "the rival" in out.splitlines()[-1].lower()
    assert main(["play", "--solo", "--bots", "heuristic,random"]) == 2


def test_cli_simulate_one_player_is_solo(capsys):
    assert main(["simulate", "--players", "1", "--games", "2", "--seed", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["players"] == 1 and data["rival_score_mean"] > 0


def test_random_bot_solo_games_keep_the_invariants():
    s = play_game([random_bot], random.Random(8), solo=True)
    assert s.is_terminal() and s.round == 8
    p = s.players[0]
    assert p.money >= 0 and sum(s.bag) == 80
