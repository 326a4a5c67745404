"""Games and turns told in words: the readable log the CLI prints and the widgets show."""

from __future__ import annotations

from martian_kit.dice import FACES, FaceCounts
from martian_kit.game import GameState, TurnRecord
from martian_kit.messages import counted
from martian_kit.scoring import explain_score


def describe_counts(counts: FaceCounts) -> str:
    """ "2 Tanks, 5 Death Rays, 1 Human" (faces with no dice left out)."""
    parts = [counted(f, n) for f, n in zip(FACES, counts) if n]
    return ", ".join(parts) if parts else "no dice"


def describe_turn(state: GameState, turn: TurnRecord) -> str:
    """A finished turn in a few lines."""
    name = state.players[turn.seat]
    lines = [f"Round {turn.round}, {name}:"]
    for i, r in enumerate(turn.rolls, 1):
        took = f"takes {counted(r.took, r.rolled[r.took])}" if r.took else "no legal choice is left"
        lines.append(f"  roll {i}: {describe_counts(r.rolled)} -> {took}")
    lines.append(
        f"  ends: {turn.end.reason()}; {explain_score(turn.set_aside)}; total {turn.total}"
    )
    return "\n".join(lines)


def describe_game(state: GameState) -> str:
    """The whole game: every turn, the tie-break, the result."""
    lines = [describe_turn(state, t) for t in state.log]
    for i, rolloff in enumerate(state.rolloffs, 1):
        rolls = ", ".join(f"{state.players[s]} {counted('ray', r)}" for s, r in rolloff)
        lines.append(f"Tie-break roll-off {i} (6 dice each): {rolls}")
    if state.winner is not None:
        if state.practice:
            lines.append(
                f"{state.players[0]} reached {state.totals[0]} points in "
                f"{state.turns_taken(0)} turns."
            )
        else:
            totals = ", ".join(f"{n} {t}" for n, t in zip(state.players, state.totals))
            lines.append(f"Final totals: {totals}. Winner: {state.players[state.winner]}.")
    return "\n".join(lines)


__all__ = ["describe_counts", "describe_game", "describe_turn"]
