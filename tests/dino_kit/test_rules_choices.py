"""The player's choices of issue 28 item 7: who the escapes eat, where a lab upgrade goes,
DNA bought with full storage, the supply's limits, long menus in groups; each through the game
protocol (legal_actions lists exactly what apply accepts; a refusal names the rule and changes
nothing; records save and replay the choices)."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from dino_helpers import finish_workers, pass_market, pass_research, resolve, set_player, start
from hypothesis import given, settings
from hypothesis import strategies as st

from dino_kit import abilities, records
from dino_kit.bots import random_bot
from dino_kit.engine import apply_action, bot_actions, legal_actions, why_illegal
from dino_kit.errors import RuleError
from dino_kit.heuristic import heuristic_bot
from dino_kit.narrate import GROUP_AT, action_label, grouped
from dino_kit.phases import park
from dino_kit.setup import new_game
from dino_kit.simulate import play_game
from dino_kit.state import CHANCE, Action, Exhibit, GameState

# seat 0's places: the printed exhibit (1 dinosaur: room 1), Fossil Dig (2), Snack Hut (2, food)
ATTRACTIONS = ("A1", "A2")


def eat(target: int | None = None) -> Action:
    return Action("eat", target=target)


def refused(state: GameState, action: Action) -> str:
    """The rule `action` breaks in `state`, checked to leave `state` as it was."""
    before = (state, state.moves())
    with pytest.raises(RuleError) as err:
        apply_action(state, action)
    assert (state, state.moves()) == before
    assert why_illegal(state, action)[0] == err.value.rule
    return err.value.rule


@pytest.fixture(scope="module")
def workers() -> GameState:
    return pass_market(pass_research(start(2, predictable_systems=True)))


def escaping(workers: GameState, threat: int, security: int = 1) -> GameState:
    """Seat 0 drew 4 customers and 3 hooligans and placed them: hooligans 2 at Fossil Dig and
    1 at Snack Hut, customers 1 at the exhibit and 1 at Snack Hut, 2 in line; no die held."""
    s = set_player(workers, 0, excitement=7, attractions=ATTRACTIONS, threat=threat)
    s = set_player(s, 0, security=security)
    s = replace(finish_workers(s), held=None, held_face=None)
    s = resolve(s, visitors=[4, 1])
    for target in (1, 1, 2, 0):  # hooligans, then a customer (the next go where they must)
        s = apply_action(s, Action("place", target=target))
    return s


def test_the_owner_chooses_which_customers_are_eaten(workers):
    s = escaping(workers, threat=2)  # threat 2, security 1: one visitor eaten
    p = s.players[0]
    assert (s.phase, s.step, s.current_player(), p.to_eat) == ("park", -2, 0, 1)
    assert p.inside == ((1, 0), (0, 2), (1, 1)) and p.line == (2, 0)
    # customers inside, in two places: the choice is which; hooligans are never offered
    assert legal_actions(s) == (park.EAT_FOR_ME, eat(0), eat(2))
    assert action_label(s, eat(2)) == (
        "a customer at Snack Hut is eaten (1 there; 1 visitor still to eat)"
    )
    assert action_label(s, park.EAT_FOR_ME) == (
        "eat for me: 1 visitor (customers at other places before those at food attractions)"
    )
    chosen = park.apply(s, 0, eat(2))  # the food customer: the owner's choice, legal
    q = chosen.players[0]
    assert q.inside == ((1, 0), (0, 2), (0, 1)) and (q.eaten, q.vp) == (1, p.vp - 1)
    assert chosen.bag == (s.bag[0] + 1, s.bag[1]) and q.to_eat == 0
    played = apply_action(s, eat(2))  # no food customer is left: scored, the round ends
    assert played.players[0].eaten_total == 1 and played.players[0].vp == p.vp - 1 + 1
    kit = apply_action(s, park.EAT_FOR_ME)  # the kit's order: the exhibit's customer first
    assert kit.players[0].inside == ((0, 0), (0, 2), (1, 1))
    assert legal_actions(kit) == (Action("food", choice=0), Action("food", choice=1))
    before = replace(s, step=-1, players=(replace(p, to_eat=0), *s.players[1:]))
    old = park.escapes(before)  # the escapes of before the choice: the same park
    assert kit.players[0].inside == old.players[0].inside and kit.bag == old.bag
    # refusals name the rule and change nothing
    assert refused(s, eat(1)) == "eat_customers_first"  # Fossil Dig holds hooligans only
    assert refused(s, eat(3)) == "place_unknown"
    assert refused(s, Action("food", choice=0)) == "eat_first"
    assert refused(s, Action("place", target=0)) == "place_none"
    assert refused(kit, eat(0)) == "eat_none"


def test_no_question_without_a_choice(workers):
    # 3 to eat, 2 customers inside: both are eaten, then a hooligan, by the kit's order
    s = escaping(workers, threat=4)
    p = s.players[0]
    assert p.eaten_total == 3 and p.vp == 10 - 3  # no customer left to score
    assert not any(isinstance(m, Action) and m.kind == "eat" for _, m in s.moves())


@settings(max_examples=60, deadline=None)
@given(
    inside=st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3)), min_size=3, max_size=3),
    line=st.tuples(st.integers(0, 3), st.integers(0, 3)),
    to_eat=st.integers(1, 14),
    picks=st.lists(st.integers(0, 5), max_size=14),
)
def test_any_choices_eat_the_same_kinds_customers_inside_first(
    workers, inside, line, to_eat, picks
):
    """Whatever the owner picks, the escapes eat min(to_eat, visitors), customers inside
    before hooligans inside, the line last; the kinds eaten, the VP lost and the bag are the
    same as "eat for me"; every legal choice is accepted and nothing else."""
    base = set_player(workers, 0, attractions=ATTRACTIONS, inside=tuple(inside), line=line)
    base = replace(base, phase="park", step=-2, pending=())
    base = set_player(base, 0, to_eat=to_eat)
    visitors = sum(c + h for c, h in inside) + sum(line)

    def finish(s: GameState, choose: list[int]) -> GameState:
        s = park.settle_eating(s)
        while park.eating(s) == 0:
            legal = park.candidates(s, 0)
            for target in range(-1, 4):  # exactly the legal targets are accepted
                ok = park.problem(s, 0, eat(target)) is None
                assert ok == (eat(target) in legal)
            pick = legal[1 + choose.pop(0) % (len(legal) - 1)] if choose else park.EAT_FOR_ME
            s = park.settle_eating(park.apply(s, 0, pick))
        return s

    mine, kit = finish(base, list(picks)), finish(base, [])
    p, k = mine.players[0], kit.players[0]
    eaten = min(to_eat, visitors)
    assert p.eaten == k.eaten == eaten and p.to_eat == 0
    assert p.vp == k.vp == base.players[0].vp - eaten and mine.bag == kit.bag
    kinds = (
        sum(c for c, _ in p.inside) + p.line[0],
        sum(h for _, h in p.inside) + p.line[1],
    )
    assert kinds == (
        sum(c for c, _ in k.inside) + k.line[0],
        sum(h for _, h in k.inside) + k.line[1],
    )
    if any(h < h0 for (_, h), (_, h0) in zip(p.inside, inside)):  # a hooligan inside was eaten
        assert all(c == 0 for c, _ in p.inside)
    if p.line != line:  # the line only once nobody is left inside
        assert all(c + h == 0 for c, h in p.inside)


# -- the market ----------------------------------------------------------------------------


def test_dna_may_be_bought_with_full_storage_to_discard(workers):
    market = pass_research(start(2, predictable_systems=True))
    full = set_player(market, 0, dna=(4, 4, 4, 0, 0, 0))
    buy = Action("buy_dna", None, 3, ("pink", 1))  # $3: 3 basic DNA, discard the lab upgrade
    assert buy in legal_actions(full) and buy not in bot_actions(full)
    assert action_label(full, buy).startswith(
        "buy 3 pink DNA for $3 (cold storage keeps 0; the rest goes back to the bank), discarding "
    )
    after = apply_action(full, buy)
    p = after.players[0]
    assert p.dna == (4, 4, 4, 0, 0, 0) and p.money == full.players[0].money - 3
    assert after.rows[1][2] is None and after.discards[1] == (full.rows[1][2],)
    room = set_player(market, 0, dna=(4, 3, 4, 0, 0, 0))  # room for 1 of 3: 1 kept
    assert apply_action(room, buy).players[0].dna == (4, 4, 4, 0, 0, 0)
    assert "(cold storage keeps 1;" in action_label(room, buy)


def test_market_offers_exactly_what_it_accepts(workers):
    """Every lab space and every (DNA type, discarded column) of every price: accepted exactly
    when listed, in a position with free and covered spaces and a full DNA track."""
    market = pass_research(start(2, predictable_systems=True))
    s = set_player(market, 0, lab=("U2", None, None, None), dna=(4, 1, 1, 0, 0, 0))
    legal = set(legal_actions(s))
    tried = [Action("upgrade", None, row, space) for row in range(4) for space in range(-1, 5)]
    tried += [
        Action("buy_dna", None, price, (dna, col))
        for price in (2, 3, 4, 5)
        for dna in ("blue", "pink", "green", "gold")
        for col in (None, 0, 1, 2, 3)
    ]
    for a in tried:
        assert (why_illegal(s, a) is None) == (a in legal), a
    assert set(bot_actions(s)) <= legal


# -- the supply ----------------------------------------------------------------------------


def test_supply_dinosaurs_paddock_tiles_and_tokens_are_limited(workers):
    create = Action("work", None, ("dino_research", 0), 0)
    s = set_player(workers, 0, exhibits=(Exhibit("H0", 1, 2),))
    assert create in legal_actions(s)
    # 50 dinosaurs in the game: seat 1's park holds the other 49
    full = set_player(s, 1, exhibits=(Exhibit("H0", 49, 4),))
    assert abilities.dinosaurs_left(full) == 0 and create not in legal_actions(full)
    assert refused(full, create) == "dinosaur_supply"
    # 12 "+10" tokens: seat 1's tracks hold all of them; threat 10 → 11 would need one
    tokens = set_player(s, 1, threat=71, security=51)  # 7 + 5 tokens
    assert abilities.tokens_left(tokens) == 0
    assert create in legal_actions(tokens)  # threat 1 → 2 takes no token
    high = set_player(tokens, 0, threat=10)
    assert create not in legal_actions(high)
    assert refused(high, create) == "token_supply_threat"
    assert "threat cannot reach 11" in why_illegal(high, create)[1]
    guard = set_player(high, 0, lab=("U1", None, None, None), security=10, money=50)
    security = Action("work", None, ("lab0", 0))
    assert security not in legal_actions(guard)
    assert refused(guard, security) == "token_supply_security"
    assert security in legal_actions(set_player(guard, 0, security=9))  # 9 → 10: no token
    # 29 paddock tiles: one per level above 1 of every paddock
    works = set_player(s, 0, lab=("U5", None, None, None), money=50)
    paddock = Action("work", None, ("lab0", 0), 0)
    assert paddock in legal_actions(works)
    tiles = set_player(works, 1, exhibits=(*(Exhibit("H0", 1, 4),) * 9, Exhibit("H0", 1, 2)))
    assert abilities.paddock_tiles_left(tiles) == 0
    assert paddock not in legal_actions(tiles) and refused(tiles, paddock) == "paddock_supply"


def test_the_rare_paddock_face_gives_nothing_once_the_tiles_are_gone():
    s = start(
        2, pool=["D7", "D8", "D1", "D2", "D3"], rolls=[4, 4, 0, 0, 0], predictable_systems=True
    )
    gone = set_player(s, 1, exhibits=(*(Exhibit("H0", 1, 4),) * 10,))  # 30 ≥ 29 tiles used
    dice = [a for a in legal_actions(gone) if a.kind == "die" and a.target == 0]
    assert dice == [Action("die", 3, 0, None)]
    assert refused(gone, Action("die", 3, 0, 0)) == "paddock_supply"
    assert apply_action(gone, Action("die", 3, 0)).players[0].exhibits == gone.players[0].exhibits


# -- long menus, records, bots -----------------------------------------------------------------


def test_long_menus_come_in_groups_die_or_scientist_first():
    s = start(4)  # research: 3 scientists, 9 dice, a free cold-storage space
    for kind in ("die", "storage"):
        actions = [a for a in legal_actions(s) if a.kind == kind]
        groups = grouped(s, actions)
        assert len(actions) > GROUP_AT and groups is not None
        members = [a for _, _, m in groups for a in m]
        assert sorted(map(repr, members)) == sorted(map(repr, actions))  # each in one group
        assert all(0 < len(m) <= 21 for _, _, m in groups)
        assert len({words for _, words, _ in groups}) == len(groups)  # told apart in words
    die_groups = grouped(s, [a for a in legal_actions(s) if a.kind == "die"])
    assert {a.target for a in die_groups[0][2]} == {0}  # the die first, then the scientist
    assert die_groups[0][1].startswith("die 1: ")


def test_a_persons_choices_are_saved_and_replayed():
    """Seat 0 plays any legal action (eat targets, lab spaces, DNA with full storage
    included); the record names each choice in the one form legal_actions lists and loads to
    the same game."""
    seen: set[str] = set()
    for seed in (3, 4):

        def person(state: GameState, rng: random.Random) -> Action:
            actions = legal_actions(state)
            a = actions[rng.randrange(len(actions))]
            if a.kind == "eat" and a.target is not None:
                seen.add("eat")
            if a.kind == "upgrade" and any(x is None for x in state.players[0].lab):
                seen.add("upgrade")
            return a

        game = play_game([person, heuristic_bot], random.Random(seed), objective_length="short")
        record = json.loads(json.dumps(records.to_record(game, seed=seed)))
        loaded = records.from_record(record)
        assert loaded.final == game.final and records.to_record(loaded, seed=seed) == record
    assert seen == {"eat", "upgrade"}


def test_the_bots_choose_among_the_choices_of_before():
    s = new_game(3)
    rng = random.Random(5)
    steps = 0
    while not s.is_terminal() and steps < 3000:
        if s.current_player() == CHANCE:
            s = resolve(s)
            continue
        legal = legal_actions(s)
        assert set(bot_actions(s)) <= set(legal)
        chosen = park.for_me(s)
        a = chosen if chosen is not None else random_bot(s, rng)
        assert a in legal
        s = apply_action(s, a)
        steps += 1
