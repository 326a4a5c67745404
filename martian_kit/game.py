"""A whole game of Martian Dice as an immutable value: seats, totals, turns, the end of the
round, and the tie-break roll-off.

Like an OpenSpiel game state: `current_player()` is a seat, `CHANCE` while dice are rolled,
or `TERMINAL`; `legal_actions()`, `chance_outcomes()`, `apply_action()`, `apply_chance()`,
`is_terminal()`, `returns()`.

Rules it carries (see the rules page of the project):
- seats play in order; a turn's score is added to the player's total when the turn ends;
- when a player ends a turn with 25 or more in total, the round is finished: every seat after
  them takes one more turn, then the game ends (so the game ends after the last seat's turn
  of the first round in which someone has 25 or more);
- the highest total wins; tied players each roll 6 dice, most Death Rays wins, and those
  still tied roll again, as often as needed;
- the 1-player practice mode (an extra of this kit): the game ends as soon as the player's
  total reaches 25; the fewer turns it took, the better.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from kit_common.checks import is_whole, names, shown, whole
from kit_common.errors import InputError
from kit_common.game import CHANCE, TERMINAL, evolve
from martian_kit.dice import (
    Face,
    FaceCounts,
    checked_counts,
    count_faces,
    roll_distribution,
    roll_faces,
)
from martian_kit.errors import RuleError
from martian_kit.messages import dice_count, message
from martian_kit.turn import Action, TurnEnd, TurnState

TARGET = 25
TIEBREAK_DICE = 6
MIN_PLAYERS, MAX_PLAYERS = 2, 10


@cache
def tiebreak_distribution() -> tuple[tuple[int, Fraction], ...]:
    """Exact distribution of the number of Death Rays among the 6 tie-break dice, derived
    from the roll distribution (so it shares its one source of truth)."""
    by_rays = [Fraction(0)] * (TIEBREAK_DICE + 1)
    for counts, p in roll_distribution(TIEBREAK_DICE):
        by_rays[counts.ray] += p
    return tuple(enumerate(by_rays))


@dataclass(frozen=True)
class RollRecord:
    """One roll of a turn: every face rolled (Tanks included) and the type set aside after
    it (None when the roll left no legal choice)."""

    rolled: FaceCounts
    took: Face | None = None


@dataclass(frozen=True)
class TurnRecord:
    """A finished turn: who, when, each roll, why it ended, what was set aside, its score and
    the player's total after it."""

    round: int
    seat: int
    rolls: tuple[RollRecord, ...]
    end: TurnEnd
    set_aside: FaceCounts
    score: int
    total: int


@dataclass(frozen=True)
class GameContext:
    """What a policy may know besides its turn: every total, its seat, the round, and how many
    players there are (`totals[seat]` is its own)."""

    totals: tuple[int, ...]
    seat: int
    round: int

    @property
    def num_players(self) -> int:
        return len(self.totals)


@dataclass(frozen=True)
class GameState:
    """A game in progress or finished.

    `turn` is the current turn of `seat`; `rolls` are the rolls of that turn so far; `log`
    holds every finished turn. During a tie-break, `tied` lists the seats rolling in the
    current roll-off and `rolloff` the Death Rays they rolled so far (in the order of
    `tied`); `rolloffs` keeps the finished roll-offs as (seat, rays) pairs.
    """

    players: tuple[str, ...]
    totals: tuple[int, ...]
    seat: int = 0
    round: int = 1
    turn: TurnState = TurnState()
    rolls: tuple[RollRecord, ...] = ()
    log: tuple[TurnRecord, ...] = ()
    tied: tuple[int, ...] = ()
    rolloff: tuple[int, ...] = ()
    rolloffs: tuple[tuple[tuple[int, int], ...], ...] = ()
    winner: int | None = None

    def __post_init__(self) -> None:
        """Refuse a game the rules cannot reach, with `InputError` naming the field: 1 or 2
        to 10 names (a single string is refused), one whole total of at least 0 per player,
        a seat, round, tie-break seats and Death Ray counts that are whole numbers in range,
        a `TurnState`, and a turn that has not started when no roll of it is recorded. The
        engine's own transitions skip these checks (`kit_common.game.evolve`)."""
        players = names(self.players, "players")
        n = len(players)
        if not (n == 1 or MIN_PLAYERS <= n <= MAX_PLAYERS):
            raise InputError("players", message("rule.players", n=n))
        totals = self.totals
        if not isinstance(totals, tuple | list) or len(totals) != n:
            raise InputError("totals", message("state.totals", n=n, value=shown(totals)))
        for i, t in enumerate(totals):
            whole(t, f"totals[{i}]", 0)
        whole(self.seat, "seat", 0, n - 1)
        whole(self.round, "round", 1)
        if not isinstance(self.turn, TurnState):
            raise InputError("turn", message("state.turn_type", value=shown(self.turn)))
        for field, kind in (("rolls", RollRecord), ("log", TurnRecord)):
            items = getattr(self, field)
            if not isinstance(items, tuple) or not all(isinstance(x, kind) for x in items):
                raise InputError(
                    field, message("state.records", kind=kind.__name__, value=shown(items))
                )
        if not self.rolls and not self.turn.is_first_roll():
            raise InputError("turn", message("state.no_roll_recorded"))
        tied = _seats(self.tied, "tied", n)
        if tied and (len(tied) < 2 or len(set(tied)) != len(tied)):
            raise InputError("tied", message("state.tied_seats", value=repr(tied)))
        if tied and (self.rolls or not self.turn.is_first_roll()):
            raise InputError("tied", message("state.tie_no_turn"))
        if not isinstance(self.rolloff, tuple) or len(self.rolloff) >= max(len(tied), 1):
            raise InputError("rolloff", message("state.rolloff_rolls", tied=len(tied)))
        for i, rays in enumerate(self.rolloff):
            whole(rays, f"rolloff[{i}]", 0, TIEBREAK_DICE)
        rolloffs = _rolloffs(self.rolloffs, n)
        if self.winner is not None:
            whole(self.winner, "winner", 0, n - 1)
        _check_ending(tuple(totals), tied, rolloffs, self.winner)
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "totals", tuple(totals))
        object.__setattr__(self, "tied", tied)
        object.__setattr__(self, "rolloffs", rolloffs)

    # -- what the state is ------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return len(self.players)

    @property
    def practice(self) -> bool:
        """True in the 1-player practice mode."""
        return self.num_players == 1

    def is_terminal(self) -> bool:
        return self.winner is not None

    def in_tiebreak(self) -> bool:
        return bool(self.tied) and self.winner is None

    def current_player(self) -> int:
        """The seat to act, `CHANCE` while dice are rolled, or `TERMINAL`."""
        if self.winner is not None:
            return TERMINAL
        if self.tied or self.turn.is_chance_node():
            return CHANCE
        return self.seat

    def chance_owner(self) -> int:
        """Whose throw a chance node is: the seat in turn rolls its dice (a person presses
        Roll); nobody's in a tie-break roll-off (`CHANCE`: the dice decide it all)."""
        return CHANCE if self.tied else self.seat

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def context(self) -> GameContext:
        """What the seat to act knows of the game, for a policy."""
        return GameContext(self.totals, self.seat, self.round)

    def returns(self) -> tuple[float, ...]:
        """1.0 for the winner and 0.0 for everyone else once the game is over; all 0.0
        before."""
        return tuple(float(seat == self.winner) for seat in range(self.num_players))

    def moves(self) -> list[tuple[int, Action | FaceCounts | int]]:
        """Every move so far, oldest first, as (actor, move): a seat's `Action`, or a chance
        outcome (`CHANCE`, the roll's `FaceCounts` or a roll-off's Death Rays). Applied in
        order to `new_game(self.players)`, they give this game."""
        out: list[tuple[int, Action | FaceCounts | int]] = []
        for record in self.log:
            out += _turn_moves(record.seat, record.rolls)
            if record.end == TurnEnd.STOPPED:
                out.append((record.seat, Action.STOP))
        out += _turn_moves(self.seat, self.rolls)
        if self.rolls and self.turn.is_chance_node():
            out.append((self.seat, Action.ROLL))  # rolling again: the dice are not thrown yet
        for rolloff in self.rolloffs:
            out += [(CHANCE, rays) for _, rays in rolloff]
        if self.winner is None:
            out += [(CHANCE, rays) for rays in self.rolloff]
        return out

    def turns_taken(self, seat: int = 0) -> int:
        """Finished turns of `seat` (the practice mode's result)."""
        return sum(1 for t in self.log if t.seat == seat)

    def _where(self) -> str:
        if self.winner is not None:
            return message("where.game_over")
        if self.tied:
            return message("where.tiebreak")
        return message("where.player", seat=self.seat)

    # -- decisions --------------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """The actions of the seat to act (none at chance nodes and at the end)."""
        if self.winner is not None or self.tied:
            return ()
        return self.turn.legal_actions()

    def apply_action(self, action: Action | str) -> GameState:
        """The game after the seat to act plays `action`."""
        if self.winner is not None:
            raise RuleError("game_over", message("rule.game_over"))
        if self.tied:
            raise RuleError("not_your_turn", message("rule.not_your_turn", where=self._where()))
        turn = self.turn.apply_action(action)
        rolls = self.rolls
        face = Action(action).face
        if face is not None:
            rolls = (*rolls[:-1], evolve(rolls[-1], took=face))
        return self._continue(turn, rolls)

    # -- chance -----------------------------------------------------------------------

    def chance_outcomes(self) -> Sequence[tuple[FaceCounts | int, Fraction]]:
        """At a turn's roll: face-count outcomes of the dice left. In a tie-break: the number
        of Death Rays the next tied player rolls with 6 dice. Exact probabilities."""
        if self.winner is not None:
            raise RuleError("game_over", message("rule.game_over"))
        if self.tied:
            return tiebreak_distribution()
        return self.turn.chance_outcomes()

    def sample_chance(self, rng: random.Random) -> FaceCounts | int:
        """A random outcome of the current chance node, rolled with `rng`."""
        if self.tied and self.winner is None:
            return count_faces(roll_faces(TIEBREAK_DICE, rng)).ray
        if self.winner is not None:
            raise RuleError("game_over", message("rule.game_over"))
        return self.turn.sample_roll(rng)

    def apply_chance(self, outcome: FaceCounts | int) -> GameState:
        """The game after the dice show `outcome` (see `chance_outcomes`)."""
        if self.winner is not None:
            raise RuleError("game_over", message("rule.game_over"))
        if self.tied:
            if not is_whole(outcome) or not 0 <= outcome <= TIEBREAK_DICE:
                raise RuleError("tiebreak_roll", message("rule.tiebreak_roll", got=shown(outcome)))
            return self._tiebreak_roll(outcome)
        if is_whole(outcome):
            raise RuleError(
                "bad_roll",
                message(
                    "rule.bad_roll",
                    expected=dice_count(self.turn.dice_left),
                    got=repr(outcome),
                ),
            )
        rolled = checked_counts(outcome, "outcome")
        turn = self.turn.apply_roll(rolled)
        return self._continue(turn, (*self.rolls, RollRecord(rolled)))

    # -- the flow of the game ---------------------------------------------------------

    def _continue(self, turn: TurnState, rolls: tuple[RollRecord, ...]) -> GameState:
        if not turn.is_terminal():
            return evolve(self, turn=turn, rolls=rolls)
        assert turn.end is not None
        points = turn.score()
        totals = list(self.totals)
        totals[self.seat] += points
        record = TurnRecord(
            self.round, self.seat, rolls, turn.end, turn.set_aside, points, totals[self.seat]
        )
        state = evolve(
            self, totals=tuple(totals), turn=TurnState(), rolls=(), log=(*self.log, record)
        )
        return state._next_turn()

    def _next_turn(self) -> GameState:
        if self.practice:
            if self.totals[0] >= TARGET:
                return evolve(self, winner=0)
            return evolve(self, round=self.round + 1)
        last_seat = self.seat == self.num_players - 1
        if last_seat and max(self.totals) >= TARGET:
            best = max(self.totals)
            leaders = tuple(s for s, t in enumerate(self.totals) if t == best)
            if len(leaders) == 1:
                return evolve(self, winner=leaders[0])
            return evolve(self, tied=leaders, rolloff=())
        if last_seat:
            return evolve(self, seat=0, round=self.round + 1)
        return evolve(self, seat=self.seat + 1)

    def _tiebreak_roll(self, rays: int) -> GameState:
        rolloff = (*self.rolloff, rays)
        if len(rolloff) < len(self.tied):
            return evolve(self, rolloff=rolloff)
        finished = (*self.rolloffs, tuple(zip(self.tied, rolloff)))
        best = max(rolloff)
        still_tied = tuple(s for s, r in zip(self.tied, rolloff) if r == best)
        if len(still_tied) == 1:
            return evolve(self, tied=self.tied, rolloff=(), rolloffs=finished, winner=still_tied[0])
        return evolve(self, tied=still_tied, rolloff=(), rolloffs=finished)


def _turn_moves(
    seat: int, rolls: Sequence[RollRecord]
) -> list[tuple[int, Action | FaceCounts | int]]:
    """The moves of a turn's rolls: each roll (after the first, the seat's Roll before it)
    and the set-aside that followed it."""
    out: list[tuple[int, Action | FaceCounts | int]] = []
    for i, roll in enumerate(rolls):
        if i:
            out.append((seat, Action.ROLL))
        out.append((CHANCE, roll.rolled))
        if roll.took is not None:
            out.append((seat, Action.take(roll.took)))
    return out


def _seats(value: Any, field: str, n: int) -> tuple[int, ...]:
    if not isinstance(value, tuple | list):
        raise InputError(field, message("state.seats", value=shown(value)))
    return tuple(whole(s, f"{field}[{i}]", 0, n - 1) for i, s in enumerate(value))


def _rolloffs(value: Any, n: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The finished roll-offs as tuples of (seat, Death Rays) pairs, each of 2 or more
    different seats, refused in the kit's words otherwise."""
    if not isinstance(value, tuple) or not all(isinstance(r, tuple) for r in value):
        raise InputError("rolloffs", message("state.rolloffs", value=shown(value)))
    out = []
    for i, rolloff in enumerate(value):
        pairs = []
        for j, pair in enumerate(rolloff):
            where = f"rolloffs[{i}][{j}]"
            if not isinstance(pair, tuple) or len(pair) != 2:
                raise InputError(where, message("state.rolloff_pair", value=shown(pair)))
            seat = whole(pair[0], f"{where}[0]", 0, n - 1)
            pairs.append((seat, whole(pair[1], f"{where}[1]", 0, TIEBREAK_DICE)))
        seats = [seat for seat, _ in pairs]
        if len(seats) < 2 or len(set(seats)) != len(seats):
            raise InputError(f"rolloffs[{i}]", message("state.rolloffs", value=shown(rolloff)))
        out.append(tuple(pairs))
    return tuple(out)


def _check_ending(
    totals: tuple[int, ...],
    tied: tuple[int, ...],
    rolloffs: tuple[tuple[tuple[int, int], ...], ...],
    winner: int | None,
) -> None:
    """Refuse an ending the rules cannot reach: a winner or a tie-break needs the highest
    total at the target or more (the practice game: its one total), the tie-break is between
    every seat on that total, each roll-off between the highest of the one before, and the
    winner is the single highest of the last."""
    if len(totals) == 1:
        if tied or rolloffs:
            raise InputError("tied", message("state.practice_tie"))
        if winner is not None and totals[0] < TARGET:
            raise InputError(
                "winner", message("state.practice_winner", target=TARGET, total=totals[0])
            )
        return
    if winner is None and not tied:
        if rolloffs:
            raise InputError("rolloffs", message("state.no_tiebreak"))
        return
    best = max(totals)
    leaders = tuple(s for s, t in enumerate(totals) if t == best)
    if winner is not None and (best < TARGET or totals[winner] != best):
        raise InputError(
            "winner",
            message(
                "state.winner_total", target=TARGET, seat=winner, total=totals[winner], best=best
            ),
        )
    if (tied or rolloffs or len(leaders) > 1) and (best < TARGET or len(leaders) < 2):
        raise InputError(
            "tied",
            message("state.tied_totals", best=best, target=TARGET, leaders=leaders, tied=tied),
        )
    if not rolloffs:
        if winner is None and tied != leaders:
            raise InputError(
                "tied",
                message("state.tied_totals", best=best, target=TARGET, leaders=leaders, tied=tied),
            )
        if winner is not None and len(leaders) > 1:
            raise InputError("rolloffs", message("state.tie_undecided", leaders=leaders))
        return
    expected = leaders
    for i, rolloff in enumerate(rolloffs):
        seats = tuple(seat for seat, _ in rolloff)
        if seats != expected:
            raise InputError(
                f"rolloffs[{i}]",
                message("state.rolloff_seats", index=i, expected=expected, got=seats),
            )
        top = max(rays for _, rays in rolloff)
        expected = tuple(seat for seat, rays in rolloff if rays == top)
        if len(expected) == 1 and i < len(rolloffs) - 1:
            raise InputError(f"rolloffs[{i}]", message("state.rolloff_decided", index=i))
    if winner is not None:
        if expected != (winner,):
            raise InputError(
                "winner", message("state.rolloff_winner", expected=expected[0], got=winner)
            )
        if tied != tuple(seat for seat, _ in rolloffs[-1]):
            raise InputError(
                "tied",
                message("state.tied_totals", best=best, target=TARGET, leaders=leaders, tied=tied),
            )
    elif len(expected) == 1 or tied != expected:
        raise InputError(
            "tied",
            message("state.rolloff_seats", index=len(rolloffs), expected=expected, got=tied),
        )


def new_game(players: Sequence[str] | int) -> GameState:
    """A new game for the named players in seat order (or `players` unnamed seats).
    2 to 10 players, or 1 for the practice mode. A single string is refused (it is not a
    list of names), so is a bool."""
    if is_whole(players):
        if not (players == 1 or MIN_PLAYERS <= players <= MAX_PLAYERS):
            raise RuleError("players", message("rule.players", n=players))
        seats = tuple(f"Player {i + 1}" for i in range(players))
    else:
        seats = names(players, "players")
    n = len(seats)
    if not (n == 1 or MIN_PLAYERS <= n <= MAX_PLAYERS):
        raise RuleError("players", message("rule.players", n=n))
    return GameState(players=seats, totals=(0,) * n)


__all__ = [
    "CHANCE",
    "TARGET",
    "TERMINAL",
    "Action",
    "GameContext",
    "GameState",
    "RollRecord",
    "TurnRecord",
    "new_game",
    "tiebreak_distribution",
]
