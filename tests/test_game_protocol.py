"""Both kits' games speak the one game protocol (`kit_common.game.GameState`): random legal play
through the protocol alone reaches the end; chance outcomes are a probability law that
`sample_chance` draws from; every move leaves the state it was applied to unchanged; the
returns are zero until the end and share one win at it; the record of moves replays the game;
the one loop (`kit_common.game.run`) plays each kit's games as its own `run` does; and the one
many-games driver (`kit_common.study`) plays the games a plain seeded loop plays."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dino_kit import engine
from dino_kit.bots import bot_by_name, heuristic_bot
from dino_kit.setup import new_game as new_dino_game
from dino_kit.simulate import BotGames
from dino_kit.simulate import play_game as play_dino_game
from kit_common import game as protocol
from kit_common.game import CHANCE, TERMINAL
from kit_common.study import play_games
from martian_kit.game import new_game as new_martian_game
from martian_kit.play import play_game as play_martian_game
from martian_kit.policies import policy_by_name

#: A new game of each kit, by number of players, seen through the protocol.
STARTS: dict[str, Callable[[int], Any]] = {
    "martian": new_martian_game,
    "dino": lambda n: engine.GameView(new_dino_game(n, solo=n == 1)),
}
PLAYERS = {"martian": (1, 2, 3), "dino": (1, 2, 3)}


def play_randomly(start: Any, rng: random.Random, checked: int) -> Any:
    """Random legal play to the end through the protocol only. The first `checked` moves
    check more: a chance node's outcomes are a law `sample_chance` draws from (the outcome
    played is drawn from that law), and applying a move leaves the state as it was."""
    state, steps = start, 0
    while not state.is_terminal():
        assert state.returns() == (0.0,) * state.num_players
        before = snapshot(state) if steps < checked else None
        if state.current_player() == CHANCE:
            assert state.legal_actions() == ()
            if before is None:
                move = state.sample_chance(rng)
            else:
                outcomes = state.chance_outcomes()
                assert sum(p for _, p in outcomes) == 1 and all(p > 0 for _, p in outcomes)
                assert state.sample_chance(random.Random(steps)) in [o for o, _ in outcomes]
                (move,) = rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])
            after = state.apply_chance(move)
        else:
            assert 0 <= state.current_player() < state.num_players
            move = rng.choice(list(state.legal_actions()))
            after = state.apply_action(move)
        if before is not None:
            assert state == before and state.moves() == before.moves()
        state, steps = after, steps + 1
    assert state.current_player() == TERMINAL and state.legal_actions() == ()
    shares = state.returns()
    assert len(shares) == state.num_players and all(s >= 0 for s in shares)
    assert sum(shares) == pytest.approx(1) or (state.num_players == 1 and sum(shares) == 0)
    return state


def snapshot(state: Any) -> Any:
    """A copy of the state's own fields (a view's: of the state it shows): a move that changed
    one of them in place would make the state differ from its snapshot."""
    if isinstance(state, engine.GameView):
        return engine.GameView(copy.copy(state.state))
    return copy.copy(state)


def replay(start: Any, moves: list[tuple[int, Any]]) -> Any:
    """The game the record of moves gives from `start`, each move by the actor it names."""
    state = start
    for actor, move in moves:
        assert state.current_player() == actor
        state = state.apply_chance(move) if actor == CHANCE else state.apply_action(move)
    return state


@pytest.mark.parametrize("kit", ["martian", "dino"])
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), which=st.integers(0, 2))
def test_random_legal_play_through_the_protocol_alone_ends_and_replays(kit, seed, which):
    start = STARTS[kit](PLAYERS[kit][which])
    end = play_randomly(start, random.Random(seed), checked=40)
    again = replay(start, end.moves())
    assert again == end and again.returns() == end.returns()


def test_the_one_loop_plays_each_kits_games_as_before():
    # The kits' `run` delegate to `kit_common.game.run`; driven directly with agents on the
    # protocol, it draws the same chance outcomes and reaches the same end.
    greedy = policy_by_name("greedy")
    rng = random.Random(5)
    via_kit = play_martian_game([greedy, greedy, greedy], random.Random(5))
    agent = lambda s, r: greedy(s.turn, s.context(), r)  # noqa: E731 - a one-line adapter
    direct = protocol.run(new_martian_game(3), [agent] * 3, rng)
    assert direct == via_kit and direct.moves() == via_kit.moves()

    steps: list[int] = []
    via_kit_dino = play_dino_game([heuristic_bot] * 2, random.Random(9))
    on_view = lambda v, r: heuristic_bot(v.state, r)  # noqa: E731
    direct_dino = protocol.run(
        engine.GameView(new_dino_game(2)),
        [on_view, on_view],
        random.Random(9),
        on_step=lambda before, actor, move, after: steps.append(actor),
    )
    assert direct_dino.state == via_kit_dino and direct_dino.moves() == via_kit_dino.moves()
    assert steps == [actor for actor, _ in via_kit_dino.moves()]


def test_the_loop_waits_for_a_person_where_each_kit_says():
    # Martian Dice: a person's seat throws its own dice (the loop stops before the roll);
    # Dinosaur Island: chance acts by itself, the loop stops at the person's decision.
    martian = protocol.run(new_martian_game(2), [None, None], random.Random(1))
    assert martian.current_player() == CHANCE and martian.chance_owner() == 0
    dino = protocol.run(engine.GameView(new_dino_game(2)), {}, random.Random(1))
    assert dino.current_player() not in (CHANCE, TERMINAL) and dino.chance_owner() == CHANCE
    with pytest.raises(RuntimeError, match="did not stop within 5 steps"):
        engine.run(new_dino_game(2), [heuristic_bot] * 2, random.Random(1), max_steps=5)


def test_evolve_copies_a_frozen_value_with_changes_and_leaves_it_alone():
    state = new_martian_game(2)
    moved = protocol.evolve(state, seat=1, totals=(3, 0))
    assert (moved.seat, moved.totals, moved.players) == (1, (3, 0), state.players)
    assert (state.seat, state.totals) == (0, (0, 0))


def test_the_driver_plays_the_games_a_plain_loop_plays():
    # game g of a study seeded 4: random.Random(4 * 1_000_003 + g), the bots rotated by g
    names = ("heuristic", "simple", "random")
    records = play_games(BotGames(names), 3, 4, 3, jobs=1)
    for g, record in enumerate(records):
        seated = tuple(names[(seat + g) % 3] for seat in range(3))
        state = play_dino_game([bot_by_name(b) for b in seated], random.Random(4_000_012 + g))
        assert (record.game, record.bots, record.rounds) == (g, seated, state.round)
        assert (record.final, record.wins) == (state.final, state.returns())
