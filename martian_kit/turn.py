"""One player's turn of Martian Dice as an immutable value.

The vocabulary follows OpenSpiel's Python games: a state is either a *chance node* (dice are
being rolled: `chance_outcomes()` lists every outcome with its exact probability and
`apply_roll()` applies one) or a *decision* (`legal_actions()` lists what the player may do and
`apply_action()` does it), or it is *terminal* (`is_terminal()`, `score()`).

Where a turn stands (`Phase`):
- MUST_ROLL: a chance node. A turn starts here (the rules allow no stop before the first
  roll) and comes back here whenever the player chooses to roll again.
- MUST_CHOOSE: dice were rolled, Tanks were set aside automatically, and at least one legal
  set-aside exists, which the player must take (Death Rays, or an earthling kind not yet taken).
- MAY_ROLL_OR_STOP: after a set-aside, with dice still left.
- OVER: the turn ended, for the reason in `end` (stopped, no legal choice, no dice left).

Every method returns a new state; a broken rule raises `RuleError` naming the rule.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from html import escape

from kit_common.checks import member, shown
from kit_common.errors import InputError
from kit_common.svg import dice_row_html, pretty_sentence
from martian_kit.dice import (
    EARTHLINGS,
    FACES,
    NUM_DICE,
    Face,
    FaceCounts,
    checked_counts,
    roll,
    roll_distribution,
)
from martian_kit.errors import RuleError
from martian_kit.messages import dice_count, face_message, message
from martian_kit.scoring import explain_score, score


class Phase(str, Enum):
    """Where a turn stands."""

    MUST_ROLL = "must_roll"
    MUST_CHOOSE = "must_choose"
    MAY_ROLL_OR_STOP = "may_roll_or_stop"
    OVER = "over"


class TurnEnd(str, Enum):
    """Why a turn ended. The values are the names used in game records."""

    STOPPED = "stopped"
    NO_CHOICE = "no_choice"
    NO_DICE = "no_dice"

    def reason(self) -> str:
        """The reason in words ("no legal choice was left")."""
        return message(f"end.{self.value}")


class Action(str, Enum):
    """A player's action. The set-aside actions carry the face name as their value."""

    ROLL = "roll"
    STOP = "stop"
    TAKE_RAY = "ray"
    TAKE_HUMAN = "human"
    TAKE_COW = "cow"
    TAKE_CHICKEN = "chicken"

    @property
    def face(self) -> Face | None:
        """The face a set-aside action takes, or None for roll and stop."""
        return _FACE_OF[self]

    @classmethod
    def take(cls, face: Face) -> Action:
        """The action that sets aside every rolled die of `face`."""
        return cls(face.value)


TAKE_ACTIONS: tuple[Action, ...] = (
    Action.TAKE_RAY,
    Action.TAKE_HUMAN,
    Action.TAKE_COW,
    Action.TAKE_CHICKEN,
)
# each action's face, worked out once (`Action.face` is asked millions of times by the solvers)
_FACE_OF: dict[Action, Face | None] = {
    action: None if action in (Action.ROLL, Action.STOP) else Face(action.value)
    for action in Action
}
_TAKES: tuple[tuple[Action, Face], ...] = tuple(
    (action, Face(action.value)) for action in TAKE_ACTIONS
)


#: Each take with its face's place in `FaceCounts` and whether that face is an earthling.
_TAKE_SLOTS: tuple[tuple[Action, int, bool], ...] = tuple(
    (action, FACES.index(face), face in EARTHLINGS) for action, face in _TAKES
)


def legal_takes(set_aside: FaceCounts, rolled: FaceCounts) -> tuple[Action, ...]:
    """The set-asides allowed after a roll: any rolled Death Rays; a rolled earthling kind
    only if that kind was not set aside earlier this turn. Tanks are never a choice."""
    # plain tuples, read by place: `FaceCounts[face]` is a Python-level call, and every roll
    # of a turn law's or a simulation's turns asks this
    rolled_n, aside_n = tuple(rolled), tuple(set_aside)
    return tuple(
        action
        for action, slot, earthling in _TAKE_SLOTS
        if rolled_n[slot] and not (earthling and aside_n[slot] > 0)
    )


@dataclass(frozen=True)
class TurnState:
    """A turn: the dice set aside so far, the dice rolled and waiting for a choice (only in
    MUST_CHOOSE, and in a turn that ended with no legal choice, to show that roll), the
    phase, and why the turn ended once it is OVER."""

    set_aside: FaceCounts = FaceCounts()
    rolled: FaceCounts | None = None
    phase: Phase = Phase.MUST_ROLL
    end: TurnEnd | None = None

    def __post_init__(self) -> None:
        """Refuse a state the rules cannot reach, with `InputError` naming the field: counts
        that are not whole numbers from 0 to 13 (given as FaceCounts or 5 counts), more than
        13 dice, a phase or end reason that is not the enum member (a string is refused), an
        end reason without OVER, a roll to choose from that is missing (MUST_CHOOSE), left
        over (a phase with no roll showing) or inconsistent with the phase. The engine's own
        transitions build states with `_turn`, which skips these checks."""
        set_aside = checked_counts(self.set_aside, "set_aside")
        rolled = None if self.rolled is None else checked_counts(self.rolled, "rolled")
        phase = member(self.phase, "phase", Phase)
        end = None if self.end is None else member(self.end, "end", TurnEnd)
        object.__setattr__(self, "set_aside", set_aside)
        object.__setattr__(self, "rolled", rolled)
        in_play = set_aside.total + (rolled.total if rolled is not None else 0)
        if in_play > NUM_DICE:
            raise InputError(
                "set_aside", message("turn.dice_count", dice=NUM_DICE, counted=in_play)
            )
        if (phase is Phase.OVER) != (end is not None):
            raise InputError("end", message("turn.end_when_over"))
        shows_roll = phase is Phase.MUST_CHOOSE or end is TurnEnd.NO_CHOICE
        if not shows_roll:
            if rolled is not None:
                raise InputError(
                    "rolled", message("turn.no_roll", phase=phase.value, state=f"{end or phase}")
                )
        elif rolled is None or rolled.tank or in_play != NUM_DICE:
            raise InputError("rolled", message("turn.roll", dice=NUM_DICE, phase=phase.value))
        elif (phase is Phase.MUST_CHOOSE) != bool(legal_takes(set_aside, rolled)):
            raise InputError("phase", message("turn.choice_phase"))
        if phase is Phase.MAY_ROLL_OR_STOP and not 0 < set_aside.total < NUM_DICE:
            raise InputError("phase", message("turn.may_roll_or_stop"))
        if phase is Phase.MUST_ROLL and set_aside.total == NUM_DICE:
            raise InputError("phase", message("turn.must_roll"))
        if end is TurnEnd.NO_DICE and set_aside.total != NUM_DICE:
            raise InputError("end", message("turn.no_dice", dice=NUM_DICE))
        # All 13 dice aside ends a turn: by a set-aside (no_dice), or by a last roll of
        # nothing but Tanks, which leaves no choice (no_choice, an empty roll showing).
        if phase is Phase.OVER and set_aside.total == NUM_DICE:
            if end is TurnEnd.STOPPED:
                raise InputError("end", message("turn.stopped_all_aside", dice=NUM_DICE))
            if end is TurnEnd.NO_CHOICE and not set_aside.tank:
                raise InputError("end", message("turn.all_tanks_end", dice=NUM_DICE))

    # -- what the state is ------------------------------------------------------------

    @property
    def dice_left(self) -> int:
        """Dice not set aside: the dice the next roll would throw."""
        return NUM_DICE - self.set_aside.total

    def is_terminal(self) -> bool:
        """True once the turn is over."""
        return self.phase is Phase.OVER

    def is_chance_node(self) -> bool:
        """True when the dice are to be rolled next."""
        return self.phase is Phase.MUST_ROLL

    def is_first_roll(self) -> bool:
        """True at the very start of a turn, before anything was rolled."""
        return self.phase is Phase.MUST_ROLL and self.set_aside.total == 0

    def score(self) -> int:
        """What the turn scores if it ended now (its final score once terminal)."""
        return score(self.set_aside)

    def explain_score(self) -> str:
        """The score in words."""
        return explain_score(self.set_aside)

    # -- decisions --------------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """The actions the player may take now (none at a chance node or when over)."""
        if self.phase is Phase.MUST_CHOOSE:
            assert self.rolled is not None
            return legal_takes(self.set_aside, self.rolled)
        if self.phase is Phase.MAY_ROLL_OR_STOP:
            return (Action.ROLL, Action.STOP)
        return ()

    def check_action(self, action: Action | str) -> Action:
        """The action as an `Action` if it is legal now; otherwise raise `RuleError`
        naming the rule it breaks."""
        try:
            # a plain string or the member itself: not another enum (`Face.RAY` is "ray" too)
            if not isinstance(action, Action) and type(action) is not str:
                raise ValueError
            action = Action(action)
        except ValueError:
            raise RuleError(
                "not_a_choice", message("rule.not_a_choice", action=shown(action))
            ) from None
        if self.phase is Phase.OVER:
            assert self.end is not None
            raise RuleError("turn_over", message("rule.turn_over", reason=self.end.reason()))
        if self.phase is Phase.MUST_ROLL:
            if self.is_first_roll():
                raise RuleError("first_roll", message("rule.first_roll", dice=NUM_DICE))
            raise RuleError("must_roll", message("rule.must_roll"))
        face = action.face
        if self.phase is Phase.MAY_ROLL_OR_STOP:
            if face is not None:
                raise RuleError("roll_or_stop", message("rule.roll_or_stop"))
            return action
        # MUST_CHOOSE
        assert self.rolled is not None
        if face is None:
            raise RuleError("must_choose", message("rule.must_choose"))
        if face in EARTHLINGS and self.set_aside[face] > 0:
            raise RuleError("earthling_once", face_message("rule.earthling_once", face))
        if self.rolled[face] == 0:
            raise RuleError("not_rolled", face_message("rule.not_rolled", face))
        return action

    def apply_action(self, action: Action | str) -> TurnState:
        """The state after the player's `action` (roll again, stop, or set a type aside)."""
        action = self.check_action(action)
        if action is Action.STOP:
            return _turn(self.set_aside, None, Phase.OVER, TurnEnd.STOPPED)
        if action is Action.ROLL:
            return _turn(self.set_aside, None, Phase.MUST_ROLL)
        face = action.face
        assert face is not None and self.rolled is not None
        set_aside = self.set_aside.add(face, self.rolled[face])
        if set_aside.total == NUM_DICE:
            return _turn(set_aside, None, Phase.OVER, TurnEnd.NO_DICE)
        return _turn(set_aside, None, Phase.MAY_ROLL_OR_STOP)

    # -- chance -----------------------------------------------------------------------

    def chance_outcomes(self) -> Sequence[tuple[FaceCounts, Fraction]]:
        """Every face-count outcome of the coming roll with its exact probability."""
        self._check_chance()
        return roll_distribution(self.dice_left)

    def apply_roll(self, rolled: FaceCounts) -> TurnState:
        """The state after the dice show `rolled`: Tanks are set aside at once; then the
        player must choose, or the turn is over if no legal choice is left."""
        self._check_chance()
        rolled = checked_counts(rolled, "rolled")
        if rolled.total != self.dice_left:
            raise RuleError(
                "bad_roll",
                message(
                    "rule.bad_roll",
                    expected=dice_count(self.dice_left),
                    got=dice_count(rolled.total),
                ),
            )
        set_aside = self.set_aside.add(Face.TANK, rolled.tank)
        waiting = rolled._replace(tank=0)
        if not legal_takes(set_aside, waiting):
            return _turn(set_aside, waiting, Phase.OVER, TurnEnd.NO_CHOICE)
        return _turn(set_aside, waiting, Phase.MUST_CHOOSE)

    def sample_roll(self, rng: random.Random) -> FaceCounts:
        """Roll the dice left with `rng` (the outcome, not the new state)."""
        self._check_chance()
        return roll(self.dice_left, rng)

    def _check_chance(self) -> None:
        if self.phase is not Phase.MUST_ROLL:
            where = message(f"phase.{self.phase.value}")
            if self.end is not None:
                where = message("rule.turn_over", reason=self.end.reason())
            raise RuleError("not_chance", message("rule.not_chance", where=where))

    def sentence(self) -> str:
        """The state for a reader: what is set aside, what was rolled, what comes next."""
        text = f"{message('ui.set_aside')}: {self.set_aside}."
        if self.rolled is not None:
            text += f" {message('ui.rolled')}: {self.rolled}."
        return f"{text} {self.next_step()}"

    def next_step(self) -> str:
        """What comes next, in words: why the turn is over, or what the player does now."""
        if self.end is not None:
            return message("turn.over", reason=self.end.reason())
        return message(f"turn.next.{self.phase.value}")

    def _repr_html_(self) -> str:
        # The dice rows already say what is set aside and rolled; the line under them says
        # only what comes next, so no sentence is read twice.
        rows = [
            dice_row_html(self.set_aside.dice_svg(), f"{message('ui.set_aside')}: {self.set_aside}")
        ]
        if self.rolled is not None:
            rows.append(
                dice_row_html(self.rolled.dice_svg(), f"{message('ui.rolled')}: {self.rolled}")
            )
        return "".join(rows) + f"<p>{escape(self.next_step())}</p>"

    def _repr_pretty_(self, printer: object, cycle: bool) -> None:
        pretty_sentence(printer, self, self.sentence())

    def __str__(self) -> str:
        text = message("turn.str", set_aside=self.set_aside)
        if self.rolled is not None:
            text = message("turn.str.rolled", text=text, rolled=self.rolled)
        if self.end is not None:
            return message("turn.str.over", text=text, reason=self.end.reason())
        return message("turn.str.phase", text=text, phase=message(f"phase.{self.phase.value}"))


def _turn(
    set_aside: FaceCounts, rolled: FaceCounts | None, phase: Phase, end: TurnEnd | None = None
) -> TurnState:
    """A state the engine reached by a rule (so valid by construction), built without the
    constructor's checks: they run where a state comes in from outside, not on every step of
    the solvers and play loops."""
    state = object.__new__(TurnState)
    state.__dict__.update(set_aside=set_aside, rolled=rolled, phase=phase, end=end)
    return state


def new_turn() -> TurnState:
    """A fresh turn: nothing set aside, all 13 dice to roll."""
    return TurnState()
