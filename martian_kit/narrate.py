"""Games and turns told in words: the readable log the CLI prints and the widgets show."""

from __future__ import annotations

from martian_kit.dice import FACES, FaceCounts
from martian_kit.game import GameState, TurnRecord
from martian_kit.messages import CATALOGUE, counted, message
from martian_kit.scoring import explain_score


def describe_counts(counts: FaceCounts) -> str:
    """ "2 Tanks, 5 Death Rays, 1 Human" (faces with no dice left out)."""
    parts = [counted(f, n) for f, n in zip(FACES, counts) if n]
    return ", ".join(parts) if parts else message("dice.none")


def describe_turn(state: GameState, turn: TurnRecord) -> str:
    """A finished turn in a few lines."""
    name = state.players[turn.seat]
    lines = [message("narrate.turn", round=turn.round, name=name)]
    for i, r in enumerate(turn.rolls, 1):
        took = (
            message("narrate.takes", dice=counted(r.took, r.rolled[r.took]))
            if r.took
            else message("narrate.no_choice")
        )
        lines.append(message("narrate.roll", i=i, dice=describe_counts(r.rolled), took=took))
    lines.append(
        message(
            "narrate.ends",
            reason=turn.end.reason(),
            score=explain_score(turn.set_aside),
            total=turn.total,
        )
    )
    return "\n".join(lines)


def describe_game(state: GameState) -> str:
    """The whole game: every turn, the tie-break, the result."""
    lines = [describe_turn(state, t) for t in state.log]
    for i, rolloff in enumerate(state.rolloffs, 1):
        rolls = ", ".join(
            message("narrate.rolloff_roll", name=state.players[s], rays=counted("ray", r))
            for s, r in rolloff
        )
        lines.append(message("narrate.rolloff", i=i, rolls=rolls))
    if state.winner is not None:
        if state.practice:
            lines.append(
                CATALOGUE.plural(
                    "narrate.practice_done",
                    state.turns_taken(0),
                    name=state.players[0],
                    total=state.totals[0],
                )
            )
        else:
            totals = ", ".join(
                message("narrate.player_total", name=n, total=t)
                for n, t in zip(state.players, state.totals)
            )
            lines.append(
                message("narrate.final", totals=totals, winner=state.players[state.winner])
            )
    return "\n".join(lines)


__all__ = ["describe_counts", "describe_game", "describe_turn"]
