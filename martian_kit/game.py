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
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache

from martian_kit.dice import Face, FaceCounts, count_faces, roll_distribution, roll_faces
from martian_kit.errors import RuleError
from martian_kit.messages import dice_count, message
from martian_kit.turn import Action, TurnEnd, TurnState

CHANCE = -1
TERMINAL = -4
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

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def context(self) -> GameContext:
        """What the seat to act knows of the game, for a policy."""
        return GameContext(self.totals, self.seat, self.round)

    def returns(self) -> tuple[float, ...]:
        """1.0 for the winner and 0.0 for everyone else once the game is over; all 0.0
        before."""
        return tuple(float(seat == self.winner) for seat in range(self.num_players))

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
            rolls = (*rolls[:-1], replace(rolls[-1], took=face))
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
            if not isinstance(outcome, int) or not 0 <= outcome <= TIEBREAK_DICE:
                raise RuleError("tiebreak_roll", message("rule.tiebreak_roll", got=outcome))
            return self._tiebreak_roll(outcome)
        if isinstance(outcome, int):
            raise RuleError(
                "bad_roll",
                message(
                    "rule.bad_roll",
                    expected=dice_count(self.turn.dice_left),
                    got=repr(outcome),
                ),
            )
        turn = self.turn.apply_roll(outcome)
        return self._continue(turn, (*self.rolls, RollRecord(FaceCounts(*outcome))))

    # -- the flow of the game ---------------------------------------------------------

    def _continue(self, turn: TurnState, rolls: tuple[RollRecord, ...]) -> GameState:
        if not turn.is_terminal():
            return replace(self, turn=turn, rolls=rolls)
        assert turn.end is not None
        points = turn.score()
        totals = list(self.totals)
        totals[self.seat] += points
        record = TurnRecord(
            self.round, self.seat, rolls, turn.end, turn.set_aside, points, totals[self.seat]
        )
        state = replace(
            self, totals=tuple(totals), turn=TurnState(), rolls=(), log=(*self.log, record)
        )
        return state._next_turn()

    def _next_turn(self) -> GameState:
        if self.practice:
            if self.totals[0] >= TARGET:
                return replace(self, winner=0)
            return replace(self, round=self.round + 1)
        last_seat = self.seat == self.num_players - 1
        if last_seat and max(self.totals) >= TARGET:
            best = max(self.totals)
            leaders = tuple(s for s, t in enumerate(self.totals) if t == best)
            if len(leaders) == 1:
                return replace(self, winner=leaders[0])
            return replace(self, tied=leaders, rolloff=())
        if last_seat:
            return replace(self, seat=0, round=self.round + 1)
        return replace(self, seat=self.seat + 1)

    def _tiebreak_roll(self, rays: int) -> GameState:
        rolloff = (*self.rolloff, rays)
        if len(rolloff) < len(self.tied):
            return replace(self, rolloff=rolloff)
        finished = (*self.rolloffs, tuple(zip(self.tied, rolloff)))
        best = max(rolloff)
        still_tied = tuple(s for s, r in zip(self.tied, rolloff) if r == best)
        if len(still_tied) == 1:
            return replace(
                self, tied=self.tied, rolloff=(), rolloffs=finished, winner=still_tied[0]
            )
        return replace(self, tied=still_tied, rolloff=(), rolloffs=finished)


def new_game(players: Sequence[str] | int) -> GameState:
    """A new game for the named players in seat order (or `players` unnamed seats).
    2 to 10 players, or 1 for the practice mode."""
    names = (
        tuple(f"Player {i + 1}" for i in range(players))
        if isinstance(players, int)
        else tuple(players)
    )
    n = len(names)
    if not (n == 1 or MIN_PLAYERS <= n <= MAX_PLAYERS):
        raise RuleError("players", message("rule.players", n=n))
    return GameState(players=names, totals=(0,) * n)


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
