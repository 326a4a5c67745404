"""Visitor placement is the player's choice (issue 15, defect 2): the rule (hooligans go in
first, the line only when every place is full), the food case the old automatic placement
lost, refusals, records, narration, bots and the game app."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from dino_helpers import finish_workers, pass_market, pass_research, resolve, set_player, start

from dino_kit import records
from dino_kit.bots import BOTS
from dino_kit.components import load_components
from dino_kit.engine import apply_action, legal_actions
from dino_kit.errors import RuleError
from dino_kit.heuristic import heuristic_bot
from dino_kit.narrate import action_label, game_log, park_lines, park_visits
from dino_kit.phases import park
from dino_kit.planner import make_planner
from dino_kit.simulate import play_game
from dino_kit.state import CHANCE, Action, GameState
from dino_kit.widgets.game import GameApp
from kit_common.errors import InputError

C = load_components()
# A1: Fossil Dig, capacity 2, not food; A2: Snack Hut, capacity 2, food.
assert (C["A1"].capacity, C["A1"].food, C["A2"].capacity, C["A2"].food) == (2, False, 2, True)
EXHIBIT = C[start(2).players[0].exhibits[0].recipe].name  # the printed exhibit, 1 dinosaur


def put(target: int) -> Action:
    return Action("place", target=target)


@pytest.fixture
def workers():
    return pass_market(pass_research(start(2, predictable_systems=True)))


def drawn(workers, customers: int, **seat0) -> GameState:
    """Both seats have drawn (seat 0: `customers` of its excitement; seat 1, whose park has
    one place, 1 customer), no die held: seat 0 is placing."""
    s = finish_workers(set_player(workers, 0, **seat0))
    s = replace(s, held=None, held_face=None)
    assert s.phase == "park" and s.current_player() == CHANCE
    return resolve(s, visitors=[customers, 1])


def test_placing_waits_for_every_draw_then_asks_the_player(workers):
    # 4 customers, 3 hooligans; places: the exhibit (1), Fossil Dig (2), Snack Hut (2)
    s = drawn(workers, 4, excitement=7, attractions=("A1", "A2"))
    assert not s.pending and s.phase == "park" and s.step == -1
    assert s.current_player() == 0 and s.players[0].to_place == (4, 3)
    assert s.players[0].inside == ((0, 0), (0, 0), (0, 0)) and s.players[0].line == (0, 0)
    assert legal_actions(s) == (park.PLACE_FOR_ME, put(0), put(1), put(2))
    assert action_label(s, put(1)) == "a hooligan → Fossil Dig (2 free; 3 hooligans to place)"
    assert action_label(s, park.PLACE_FOR_ME) == (
        "place for me: 4 customers and 3 hooligans (hooligans first, each into the first "
        "place with room)"
    )
    # seat 1's park has one place: once seat 0 has placed, its visitor goes where it must,
    # nobody asked
    assert s.players[1].to_place == (1, 0)
    after = apply_action(s, park.PLACE_FOR_ME)
    assert after.players[1].to_place == (0, 0) and after.players[1].inside == ((1, 0),)
    assert all(a == 0 for a, m in after.moves() if isinstance(m, Action) and m.kind == "place")


def test_hooligans_are_placed_first_then_customers(workers):
    s = drawn(workers, 4, excitement=7, attractions=("A1", "A2"))
    for expected in ((0, 1), (0, 2), (0, 3)):  # three hooligans, wherever they are put
        assert park.next_is_hooligan(s.players[0])
        s = apply_action(s, put(2 if s.players[0].inside[2][1] < 2 else 1))
        p = s.players[0]
        assert (sum(c for c, _ in p.inside), sum(h for _, h in p.inside)) == expected
    assert not park.next_is_hooligan(s.players[0]) and s.players[0].to_place == (4, 0)
    # now a customer (the phase's own step: the engine would go on to the escapes)
    assert park.apply(s, 0, put(0)).players[0].inside[0] == (1, 0)


def test_a_customer_may_go_to_a_non_food_place_while_food_places_are_free(workers):
    s = drawn(workers, 4, excitement=5, attractions=("A1", "A2"))  # 4 customers, 1 hooligan
    s = apply_action(s, put(0))  # the hooligan into the exhibit
    assert legal_actions(s) == (park.PLACE_FOR_ME, put(1), put(2))
    s = apply_action(s, put(1))  # a customer at Fossil Dig, Snack Hut still free
    assert s.players[0].inside == ((0, 1), (1, 0), (0, 0))


def test_the_line_only_when_every_place_is_full(workers):
    # 4 customers and 3 hooligans for 5 places: once one place is left, the rest go where
    # they must (that place, then the line) without asking
    s = drawn(workers, 4, excitement=7, attractions=("A1", "A2"))
    for target in (0, 1, 1):  # hooligans fill the exhibit and Fossil Dig
        s = apply_action(s, put(target))
    p = s.players[0]
    assert p.to_place == (0, 0) and p.inside == ((0, 1), (0, 2), (2, 0)) and p.line == (2, 0)
    assert s.step >= 0  # the escapes have run: the engine went on


def test_place_for_me_is_the_automatic_placement_of_before(workers):
    s = drawn(workers, 4, excitement=7, attractions=("A1", "A2"))
    p = apply_action(s, park.PLACE_FOR_ME).players[0]
    assert p.inside == ((0, 1), (0, 2), (2, 0)) and p.line == (2, 0)
    # from a partial placement it places the rest the same way
    partial = apply_action(s, put(2))  # a hooligan at Snack Hut
    p = park.place_for_me(partial, 0).players[0]
    assert p.inside == ((0, 1), (1, 1), (1, 1)) and p.line == (2, 0)


def test_placing_customers_at_food_gives_the_choice_the_old_placement_denied(workers):
    # Snack Hut (food) comes before Fossil Dig in park order; 2 customers, 3 hooligans
    s = drawn(workers, 2, excitement=5, attractions=("A2", "A1"))
    old = park.place_for_me(s, 0).players[0]
    # the old automatic placement: hooligans take the exhibit and the food places
    assert old.inside == ((0, 1), (0, 2), (2, 0)) and park.food_customers(s, old) == 0
    money = s.players[0].money
    start_of_park = s
    moves: list = [put(0), put(2), put(2)]  # hooligans: exhibit, Fossil Dig twice
    for m in moves:
        s = apply_action(s, m)
    p = s.players[0]  # the customers had one place left, Snack Hut: they went there
    assert p.inside == ((0, 1), (2, 0), (0, 2)) and p.line == (0, 0)
    assert s.current_player() == 0 and legal_actions(s) == tuple(
        Action("food", choice=k) for k in range(3)
    )
    after = apply_action(s, Action("food", choice=2))
    assert after.players[0].money == money + 2 * 2
    # the park is told as it went: who came, where each went, the money
    draws = [m for a, m in after.moves() if a == CHANCE][-2:]
    before_draws = _before_visitor_draws(workers, excitement=5, attractions=("A2", "A1"))
    visit = park_visits(before_draws, [*draws, *moves, Action("food", choice=2)])[0]
    assert visit.places == ((EXHIBIT, 0, 1), ("Snack Hut", 2, 0), ("Fossil Dig", 0, 2))
    assert visit.food_as_money == 2 and visit.money_food == 4
    assert any("Snack Hut: 2 customers" in line for line in park_lines(visit, "Ann"))
    assert start_of_park.players[0].to_place == (2, 3)  # states are values: unchanged


def _before_visitor_draws(workers, **seat0) -> GameState:
    s = finish_workers(set_player(workers, 0, **seat0))
    return replace(s, held=None, held_face=None)


def test_illegal_placements_are_refused_naming_the_rule_and_change_nothing(workers):
    s = drawn(workers, 4, excitement=7, attractions=("A1", "A2"))
    s = apply_action(s, put(0))  # the exhibit (1 dinosaur) is full now
    before = (s.players, legal_actions(s))
    cases = [
        (put(0), "place_full", EXHIBIT),
        (put(3), "place_unknown", "0 to 2"),
        (put("Snack Hut"), "place_unknown", "0 to 2"),
        (Action("food", choice=0), "place_first", "hooligans, then customers"),
    ]
    for action, rule, words in cases:
        with pytest.raises(RuleError) as err:
            apply_action(s, action)
        assert err.value.rule == rule and words in str(err.value)
    with pytest.raises(InputError, match=r"action\.target"):
        apply_action(s, put(True))
    assert (s.players, legal_actions(s)) == before
    # once every visitor is placed, a placement is refused
    placed = apply_action(s, park.PLACE_FOR_ME)
    assert placed.current_player() == 0 and legal_actions(placed)[0].kind == "food"
    with pytest.raises(RuleError) as err:
        apply_action(placed, put(1))
    assert err.value.rule == "place_none"


def _placing_bot(rng_seed: int):
    """The heuristic bot, except that it places each visitor in a random place with room."""
    chooser = random.Random(rng_seed)

    def bot(state: GameState, rng: random.Random) -> Action:
        if state.phase == "park" and park.placing(state) is not None:
            return chooser.choice([a for a in legal_actions(state) if a.target is not None])
        return heuristic_bot(state, rng)

    return bot


def test_records_carry_the_placements_and_round_trip():
    s = play_game([_placing_bot(1), _placing_bot(2)], random.Random(3), chaos_theory=True)
    placements = [m for a, m in s.moves() if a != CHANCE and m.kind == "place"]
    assert placements and all(m.target is not None for m in placements)
    text = records.dumps(s, seed=3)
    loaded = records.from_record(json.loads(text))
    assert loaded.final == s.final and records.dumps(loaded, seed=3) == text
    # a placement the rules refuse makes the record fail, naming the move
    data = json.loads(text)
    i = next(i for i, m in enumerate(data["moves"]) if m.get("action", {}).get("kind") == "place")
    data["moves"][i]["action"]["target"] = 99
    with pytest.raises(records.RecordError, match=rf"moves\[{i}\]\.action: park: choose"):
        records.from_record(data)
    assert game_log(s)  # narration replays the parks with their placements


@pytest.mark.parametrize("bot", sorted(BOTS))
def test_bots_place_by_the_default_and_finish(bot):
    if bot == "planner":
        agents = [make_planner(rollouts=1, candidates=2), heuristic_bot]
    else:
        agents = [BOTS[bot], BOTS[bot]]
    s = play_game(agents, random.Random(11), max_rounds=12)
    assert s.is_terminal()
    placements = [m for a, m in s.moves() if a == 0 and m.kind == "place"]
    assert placements and set(placements) == {park.PLACE_FOR_ME}


def test_the_game_app_offers_placement_to_a_person():
    app = GameApp(bots=["heuristic"], seed=3)
    rng = random.Random(0)
    for _ in range(5000):
        if app.placing() or app.state.is_terminal():
            break
        if app.paused:
            app.continue_game()
        else:
            app.act(heuristic_bot(app.state, rng))
    assert app.placing(), "the person never had visitors to place"
    s = app.state
    p = s.players[app.you]
    assert "place" in [k for _, k in app.kinds.options]
    app.kinds.value = "place"
    offered = [a for _, a in app.options.options]
    assert offered == [park.PLACE_FOR_ME] + [put(i) for i in park.open_places(s, p)]
    labels = [label for label, _ in app.options.options]
    assert labels[0].startswith("place for me") and "→" in labels[1]
    assert app.place_button.layout.display is None and "Visitors to place" in app.header.value
    assert "place your visitors" in app.status_text()
    app.options.value = offered[1]
    assert app.play_selected() is None
    assert (app.you, offered[1]) in app.state.moves()
    if app.placing():  # visitors left with a choice: the kit places them
        app.place_button.click()
        assert app.state.moves()[-1] == (app.you, park.PLACE_FOR_ME) or not app.placing()
    assert not app.placing() and app.place_button.layout.display == "none"


def test_a_solo_game_places_too():
    s = play_game([_placing_bot(4)], random.Random(4), solo=True)
    assert s.is_terminal() and any(m.kind == "place" for a, m in s.moves() if a == 0)
    assert records.from_record(json.loads(records.dumps(s))).final == s.final
