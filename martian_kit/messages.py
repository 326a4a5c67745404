"""Every sentence of Martian Dice that a user reads, in one catalogue.

Engine errors, score explanations and widget labels look their words up here, so that a
translation is a new catalogue, not an edit of the logic. Keys are stable ids; a `RuleError`
carries the key of the rule it names.
"""

from __future__ import annotations

ENGLISH: dict[str, str] = {
    # Face names, singular and plural.
    "face.tank": "Tank",
    "face.tank.plural": "Tanks",
    "face.ray": "Death Ray",
    "face.ray.plural": "Death Rays",
    "face.human": "Human",
    "face.human.plural": "Humans",
    "face.cow": "Cow",
    "face.cow.plural": "Cows",
    "face.chicken": "Chicken",
    "face.chicken.plural": "Chickens",
    # Why a turn ended.
    "end.stopped": "the player stopped",
    "end.no_choice": "no legal choice was left",
    "end.no_dice": "no dice were left",
    # Broken rules (RuleError.rule is the part after "rule.").
    "rule.turn_over": "the turn is over: it ended because {reason}",
    "rule.first_roll": (
        "the turn has not started: a turn begins with a roll of all {dice} dice, "
        "so the dice must be rolled before anything else"
    ),
    "rule.must_roll": "the dice must be rolled now: the player chose to roll again",
    "rule.roll_or_stop": (
        "nothing can be set aside now: the rolled dice were dealt with, "
        "so the player either rolls again or stops"
    ),
    "rule.must_choose": (
        "a set-aside must be chosen first: after a roll the player must set aside "
        "all dice of one rolled type when any legal choice exists"
    ),
    "rule.tanks_automatic": "Tanks cannot be chosen: every Tank rolled is set aside automatically",
    "rule.earthling_once": "{faces} were already set aside this turn",
    "rule.not_rolled": "no {faces} were rolled, so they cannot be set aside",
    "rule.not_a_choice": "{action!r} is not an action of Martian Dice",
    "rule.not_chance": "no dice are being rolled now: {where}",
    "rule.bad_roll": "a roll here shows {expected} dice, but the outcome given has {got}",
    "rule.game_over": "the game is over",
    "rule.not_your_turn": "it is not a player's turn now: {where}",
    "rule.tiebreak_roll": "a tie-break roll counts Death Rays among 6 dice: 0 to 6, not {got}",
    "rule.players": "a game has 2 to 10 players (or 1 for the practice mode), not {n}",
    # Scoring explanations.
    "score.tanks_win": "0 points: {tanks} beat {rays}",
    "score.nothing": "0 points: no earthlings were set aside",
    "score.points": "{points} points: {earthlings}",
    "score.one_point": "1 point: 1 earthling",
    "score.earthlings": "{n} earthlings",
    "score.earthling": "1 earthling",
    "score.bonus": "{base} + 3 bonus for all three kinds",
    # Game states.
    "where.tiebreak": "a tie-break roll-off is under way",
    "where.player": "seat {seat} is to act",
    "where.game_over": "the game is over",
}

_catalogue: dict[str, str] = ENGLISH


def message(key: str, **values: object) -> str:
    """The sentence for `key` in the current catalogue, with `values` filled in."""
    return _catalogue[key].format(**values)


def face_name(face: object, count: int = 1) -> str:
    """A face's name, plural unless `count` is 1 ("1 Tank", "2 Death Rays")."""
    value = getattr(face, "value", face)
    return message(f"face.{value}" if count == 1 else f"face.{value}.plural")


def counted(face: object, count: int) -> str:
    """A count with its face name: "1 Tank", "3 Death Rays", "0 Death Rays"."""
    return f"{count} {face_name(face, count)}"


# Advice from the solvers and analysis (appended by the analysis kit).
ENGLISH.update(
    {
        "advice.over": "the turn is over: there is nothing to choose",
        "advice.stop_points": "stop: {points} points",
        "advice.stop": "stop: {value:.2f} {unit}",
        "advice.roll": "roll again: {value:.2f} {unit}",
        "advice.take": "take {faces}: {value:.2f} {unit}",
    }
)

# The analysis commands of the CLI (appended by the analysis kit).
ENGLISH.update(
    {
        "cli.bad_counts": (
            "{option} takes five counts T,R,H,C,K (Tanks, Death Rays, Humans, Cows, "
            "Chickens), e.g. 2,3,0,1,0; got {value!r}"
        ),
        "cli.turn_state": "Turn: {state}",
        "cli.best": "Best: {action}",
        "cli.over": "The turn is over: {score}",
        "cli.score_distribution": "Score distribution of one turn, policy {policy} (exact):",
        "cli.score_row": "  P(score = {score:2d}) = {p:.6f}",
        "cli.mean_sd": "Mean {mean:.4f}, sd {sd:.4f}, P(0) {p_zero:.4f}, Tanks won {lost:.4f}",
        "cli.ends": "Turns end: stopped {stopped:.4f}, no legal choice {no_choice:.4f}, "
        "no dice left {no_dice:.4f}",
        "cli.win_probability": (
            "P(win) for the {seat} seat to move with {mine} against {theirs}, both playing to "
            "win: {p:.4f}"
        ),
        "cli.simulate": (
            "{turns} turns of {policy} (seed {seed}): mean {mean:.4f}, 95% CI "
            "[{lo:.4f}, {hi:.4f}], exact {exact:.4f}"
        ),
        "cli.tournament": "{games} games, seats rotated (seed {seed}):",
        "cli.tournament_row": (
            "  {name:<12} wins {rate:.4f} [{lo:.4f}, {hi:.4f}]  points/turn {ppt:.3f}  "
            "Death Rays/turn {rays:.3f}  earthlings/turn {earth:.3f}  lost to Tanks {lost:.3f}  "
            "bonuses {bonus:.3f}"
        ),
        "cli.tournament_short": (
            "  {name:<12} wins {rate:.4f} [{lo:.4f}, {hi:.4f}]  points/turn {ppt:.3f}"
        ),
        "cli.solved": "Win-probability table written to {path} ({size} bytes, {seconds:.1f} s); "
        "P(first seat wins from 0-0) = {p:.4f}",
        "cli.unknown_policy": "unknown policy {name!r}; known: {known}",
        "cli.needs_table_policy": (
            "{name!r} is not a score-blind table policy; choose one of: {known}"
        ),
    }
)
