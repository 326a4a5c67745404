"""Every sentence of Martian Dice that a user reads, in one catalogue.

Engine errors, score explanations and widget labels look their words up here, so that a
translation is a catalogue in another language (`kit_common.messages` does the lookup and
holds the language setting), not an edit of the logic. Keys are stable ids; a `RuleError`
carries the key of the rule it names.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from kit_common.messages import Catalogue

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
    "dice.none": "no dice",
    "dice.one": "{n} die",
    "dice.many": "{n} dice",
    # Why a turn ended.
    "end.stopped": "the player stopped",
    "end.no_choice": "no legal choice was left",
    "end.no_dice": "no dice were left",
    # Broken rules (RuleError.rule is the part after "rule.").
    "rule.variant_target": "the target is {low} to {high} points, not {value}",
    "rule.variant_end": "the end rule is 'round' or 'immediate', not {value!r}",
    "rule.variant_dice": "a variant plays with {low} to {high} dice, not {value}",
    "variant.round": "the round is completed",
    "variant.immediate": "the first there wins at once",
    "variant.describe": "{target} points, {end}, {dice} dice",
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
    "rule.bad_roll": "a roll here throws the {expected} left, but the outcome given counts {got}",
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
    # Notebook widgets: the turn player (what each step of a turn did, and why).
    "ui.roll": "Roll",
    "ui.roll.tip": "Roll every die that is not set aside",
    "ui.stop": "Stop",
    "ui.stop.tip": "End the turn now and score what is set aside",
    "ui.take": "Take {faces}",
    "ui.take.tip": "Set aside every rolled {face} die",
    "ui.new_turn": "New turn",
    "ui.set_aside": "Set aside",
    "turn.over": "The turn is over: {reason}.",
    "turn.next.must_roll": "Next: roll the dice.",
    "turn.next.must_choose": "Next: choose a face to set aside.",
    "turn.next.may_roll_or_stop": "Next: roll again or stop.",
    "turn.next.over": "The turn is over.",
    "ui.rolled": "Just rolled",
    "ui.nothing_yet": "nothing yet",
    "ui.score_now": "If the turn ended now: {explanation}",
    "ui.turn_over": "Turn over: {explanation}",
    "why.first_roll": "You rolled all {dice} dice: a turn always begins by rolling every die.",
    "why.roll": "You rolled the {dice} dice that were not set aside.",
    "why.roll.one": "You rolled the last die that was not set aside.",
    "why.tanks": "{tanks} set aside at once: Tanks are never a choice, they are always set aside.",
    "why.no_tanks": "No Tank in this roll.",
    "why.must_choose": "Now you must set aside all dice of one type: {options}.",
    "why.taken_before": "{faces} cannot be taken: you already set that kind aside this turn.",
    "why.no_choice": (
        "No legal choice is left (only Tanks, or earthling kinds you already took): "
        "the turn ends and is scored."
    ),
    "why.took_rays": "You set aside {dice}: Death Rays may be taken after any roll.",
    "why.took_earthling": (
        "You set aside {dice}: each earthling kind may be taken only once a turn, "
        "so {faces} are done for this turn."
    ),
    "why.roll_or_stop": "Now roll the {dice} dice left, or stop and score.",
    "why.roll_or_stop.one": "Now roll the last die, or stop and score.",
    "why.no_dice": "No dice are left to roll: the turn ends and is scored.",
    "why.stopped": "You stopped: the turn is scored.",
    "why.danger": "Careful: {tanks} against {rays} — stopping now would score 0.",
    "why.or": " or ",
    # Notebook widgets: the scoring calculator and the scoring exercises.
    "ui.random_example": "Random example",
    "ui.random_example.tip": "Fill in a random set of dice set aside at the end of a turn",
    "ui.too_many": "A turn has 13 dice: these counts add up to {n}.",
    "ui.calculator": "Dice set aside at the end of the turn:",
    "ui.exercise": "Exercise {i} of {n}: how many points does this turn score?",
    "ui.guess": "Points:",
    "ui.check": "Check",
    "ui.next": "Next exercise",
    "ui.right": "Right — {explanation}.",
    "ui.wrong": "Not quite: you said {guess}. {explanation}.",
    "ui.waiting": "Type your answer, then press Check.",
    # Notebook widgets: the game app.
    "ui.you": "You",
    "ui.bot": "Bot {i} ({policy})",
    "ui.bots": "Bots:",
    "ui.people": "People:",
    "ui.person": "Player {i}",
    "ui.strength": "Next game's bots:",
    "ui.your_seat": "Your seat:",
    "ui.first_seat": "Player 1's seat:",
    "ui.named_turn": "{name}, your turn: {what}",
    "ui.bot_turns": "The bots' turns since a person last played",
    "ui.bot_turns.you": "The bots' turns since yours",
    "ui.bot_turn": "{name}: {dice}, {explanation} (total {total})",
    "ui.new_game": "New game",
    "ui.show_advisor": "Show the advisor",
    "ui.advisor": "Advisor",
    "ui.round": "Round {round}",
    "ui.your_turn": "Your turn: {what}",
    "ui.press_roll": "press Roll to roll all 13 dice.",
    "ui.waiting_for": "{name} is playing…",
    "ui.last_round": "Last round: {name} reached {target}; everyone after them plays once more.",
    "ui.tiebreak": "Tie at {total}: {names} roll 6 dice each; most Death Rays wins.",
    "ui.winner": "{name} wins with {total} points.",
    "ui.you_win": "You win with {total} points!",
    "ui.practice_done": "You reached {total} points in {turns} turns.",
    "ui.log": "Game log (latest first)",
    "ui.rolloff": "Tie-break roll-off {i}: {rolls}",
    "ui.log_turn": "Round {round}, {name}: {dice} — {explanation} (total {total})",
    "ui.rolls_detail": "rolls",
    "ui.win_unit": "chance to win",
    "ui.advice_points": "{option}: {points} if you stopped right after",
    "ui.advice_roll": "Roll the {dice} dice left: the outcome is uncertain",
    "ui.advice_roll.one": "Roll the last die: the outcome is uncertain",
    "ui.advice_stop": "Stop now: {explanation}",
    "stats.title": "End of the game",
    "stats.player": "Player",
    "stats.rank": "Rank",
    "stats.total": "Points",
    "stats.turns": "Turns",
    "stats.average": "Points per turn",
    "stats.best": "Best turn",
    "stats.zero": "Turns scoring 0",
    "stats.tanked": "Beaten by Tanks",
    "stats.bonus": "Bonuses",
    "stats.earthlings": "Earthlings abducted",
    "stats.rolls": "Rolls",
    "stats.tiebreak_rays": "Tie-break Death Rays",
    "chart.race.title": "Running totals",
    "chart.race.x": "round",
    "chart.race.y": "points",
    "chart.target": "target {target}",
    # Notebook widgets: the tie-break roll-off.
    "ui.players_tied": "Tied players:",
    "ui.roll_off": "Break the tie",
    "ui.roll_off.tip": "Every tied player rolls 6 dice, again while tied, until one wins",
    "ui.more_tiebreaks": "+{n} tie-breaks",
    "ui.tiebreak_round": "Roll-off {i}: {rolls}",
    "ui.tiebreak_winner": "{name} wins after {n} roll-off(s).",
    "ui.tiebreaks_so_far": "{n} tie-breaks played",
    "ui.tiebreaks_so_far.one": "1 tie-break played",
    "ui.player_n": "Player {i}",
    "chart.rolloffs.title": "How many roll-offs a tie-break among {k} players takes",
    "chart.rolloffs.x": "roll-offs until one player is ahead",
    "chart.rolloffs.observed": "share of {n} tie-breaks",
    "chart.rolloffs.observed.one": "share of 1 tie-break",
    # Notebook widgets: the odds of pushing your luck.
    "luck.title": "The odds right now",
    "luck.stop": "Stop now: {points} points, for sure.",
    "luck.roll": (
        "Roll the {dice} dice left and play on as well as possible: {value:.2f} points on average."
    ),
    "luck.roll.one": (
        "Roll the last die and play on as well as possible: {value:.2f} points on average."
    ),
    "luck.no_choice": "Chance the next roll leaves no legal choice (the turn ends): {p}.",
    "luck.overtake": (
        "Chance the next roll puts the Tanks ahead even if you take every Death Ray: {p}."
    ),
    "luck.choose": "Each choice, worth on average under the best play from there:",
    "luck.option": "{option}: {value:.2f} points (stopping right after: {points})",
    "luck.start": (
        "Roll to start the turn: a fresh turn is worth {value:.2f} points on average "
        "with the best play."
    ),
    "luck.over": "The turn is over: {explanation}.",
    "chart.options.title": "What each option is worth on average",
    "chart.options.y": "expected final turn score",
    "chart.overtake.title": "Chance the next roll puts the Tanks ahead",
    "chart.overtake.x": "dice left to roll",
    "chart.overtake.lead": "Death Rays lead by {m}",
    # Notebook widgets: the stop-or-roll map.
    "map.kinds": "{n} kinds",
    "map.kinds.one": "{n} kind",
    "map.kinds_label": "Earthlings:",
    "map.tanks_label": "Tanks:",
    "map.title": ("Roll or stop? {tanks} set aside, earthlings of {kinds}, the rest Death Rays"),
    "map.x": "dice left to roll",
    "map.y": "earthlings set aside",
    "map.value": "points gained by rolling",
    "map.summary": "{tanks}, {kinds}: rolling is better in {roll} of {n} states",
    "chart.dist.title": "Turn scores: how often each score comes up",
    "chart.dist.x": "turn score",
    "chart.tournament.title": "Share of games won ({games} games, 95% intervals)",
    "chart.tournament.y": "share of games won",
    "chart.win.title": "Chance to win for the first seat, at the start of its turn",
    "chart.win.x": "the other player's total",
    "chart.win.y": "first seat's total",
    "chart.win.value": "P(win)",
    "chart.band": "expected ± 2 standard errors",
    "chart.running": "running average",
    "chart.trials": "number of rolls (log scale)",
    "chart.average": "average so far",
    "chart.lln.title": "Death Rays per roll of 13 dice: the running average settles at 13/3",
    # Notebook widgets: the dice explorer.
    "ui.roll13": "Roll 13 dice",
    "ui.roll13.tip": "Roll all 13 dice once and add the roll to the tally",
    "ui.add_rolls": "+{n} rolls",
    "ui.add_rolls.tip": "Roll the 13 dice {n} more times (simulated) and add them to the tally",
    "ui.reset": "Start over",
    "ui.face": "Count:",
    "ui.rolls_so_far": "{n} rolls of 13 dice so far",
    "ui.rolls_so_far.one": "1 roll of 13 dice so far",
    "ui.last_roll": "Last roll: {dice}",
    "ui.no_roll_yet": "no roll yet: press the button",
    "chart.count.title": "How many {faces} show among 13 dice",
    "chart.count.x": "number of {faces}",
    "chart.probability": "probability",
    "chart.exact": "exact odds",
    "chart.observed": "share in {n} rolls",
}

#: The kit's sentences in the current language (`kit_common.messages.set_language`); the
#: sections added to ENGLISH below are found too.
CATALOGUE = Catalogue("martian_kit", ENGLISH)
# The compiled translations beside this module (`tools/i18n.py compile` writes them).
CATALOGUE.load_translations(Path(__file__).parent / "locale")
#: `message(key, **values)`: the sentence for `key` in the current language, values filled in.
message = CATALOGUE.message

# -- the landing page (widgets/pages.py): the heading of this game's series of notebooks --
ENGLISH.update({"series.title": "Martian Dice"})


def message_for(key: str, count: int, **values: object) -> str:
    """The sentence for `key` about `count` things: its `.one` form when the count is 1
    ("1 roll", "the last die"), never "1 rolls" or "1 dice"."""
    return message(f"{key}.one" if count == 1 else key, **values)


def face_name(face: object, count: int = 1) -> str:
    """A face's name, plural unless `count` is 1 ("1 Tank", "2 Death Rays")."""
    value = getattr(face, "value", face)
    return message(f"face.{value}" if count == 1 else f"face.{value}.plural")


def dice_count(n: int) -> str:
    """ "1 die", "3 dice"."""
    return message("dice.one" if n == 1 else "dice.many", n=n)


def counted(face: object, count: int) -> str:
    """A count with its face name: "1 Tank", "3 Death Rays", "0 Death Rays"."""
    return f"{count} {face_name(face, count)}"


def choice_words(action: object) -> str:
    """A choice of the turn as a piece of advice: "take the Cows", "roll", "stop" (an
    `Action`, or its value: the face name of a set-aside)."""
    value = getattr(action, "value", action)
    if value in ("roll", "stop"):
        return message(f"do.{value}")
    return message("do.take", faces=face_name(value, 2))


def plan_words(actions: Sequence[object]) -> str:
    """A choice and the one after it: "take the Cows, then roll"."""
    words = [choice_words(a) for a in actions]
    return words[0] if len(words) == 1 else message("do.then", first=words[0], then=words[1])


# Advice from the solvers and analysis (appended by the analysis kit).
ENGLISH.update(
    {
        "advice.over": "the turn is over: there is nothing to choose",
        "advice.stop_points": "stop: {points} points",
        "advice.stop": "stop: {value:.2f} {unit}",
        "advice.roll": "roll again: {value:.2f} {unit}",
        "advice.take": "take {faces}: {value:.2f} {unit}",
        "do.take": "take the {faces}",
        "do.roll": "roll",
        "do.stop": "stop",
        "do.then": "{first}, then {then}",
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
        "cli.best": "Best: {plan}.",
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
        "cli.record_ok": "{file}: a valid Martian Dice record: {players}; {turns} turn(s); {how}",
        "cli.record_finished": "finished, {winner} won",
        "cli.record_unfinished": "the game is not over yet",
        "cli.record_running": "The game is not over: {turns} turn(s) played so far.",
        "cli.unknown_policy": "unknown policy {name!r}; known: {known}",
        "cli.variant": "Rules: {variant}",
        "cli.variant_solved": (
            "Solved {variant} in {seconds:.1f} s; P(first seat wins from 0-0) = {p:.4f} "
            "(not saved: give --output FILE to keep it)"
        ),
        "cli.only_optimal": (
            "with {dice} dice only the optimal (expected-score) policy is solved; "
            "the named policies play the 13 dice of the rules"
        ),
        "cli.no_last_turn": (
            "the first to {target} wins at once: the second seat has no last turn"
        ),
        "cli.solving": "solving {variant}",
        "cli.needs_table_policy": (
            "{name!r} is not a score-blind table policy; choose one of: {known}"
        ),
    }
)

# The "How the rules shape the game" page (notebook 9).
ENGLISH.update(
    {
        "variants.target": "Target",
        "variants.target.tip": "points a player needs to reach",
        "variants.end": "The game ends",
        "variants.end.round": "Round completed (the rules)",
        "variants.end.immediate": "First there wins at once",
        "variants.dice": "Dice",
        "variants.solving": "Solving {variant}…",
        "variants.rules": "**Rules:** {variant}.",
        "variants.turn": (
            "A turn played for points is worth **{value:.2f} points** on average; "
            "{zero} of such turns score nothing."
        ),
        "variants.first_wins": (
            "When both players play to win, the first player wins **{p}** of games: "
            "{who} has the edge."
        ),
        "variants.first_seat": "the first player",
        "variants.second_seat": "the second player",
        "variants.nobody": "neither player",
        "variants.table.end": "End rule",
        "variants.table.first": "First player wins",
        "variants.table.second": "Second player wins",
        "variants.table.edge": "Edge",
        "variants.table.edge_cell": "{who}, by {points:.1f} percentage points",
        "variants.chart.seats": "Who wins, both playing to win ({target} points, {dice} dice)",
        "variants.chart.seats.y": "chance to win",
        "variants.chart.first": "first player",
        "variants.chart.second": "second player",
        "variants.chart.round": "round completed",
        "variants.chart.immediate": "first there wins",
        "variants.chart.map": (
            "Roll or stop with {dice} dice (2 earthling kinds taken, 1 Tank; the rest Death Rays)"
        ),
        "variants.chart.map.x": "dice left to roll",
        "variants.chart.map.y": "earthlings set aside",
        "variants.chart.map.value": "points gained by rolling",
        "variants.summary": (
            "{variant}: turn {value:.2f} points; first player wins {p:.1%} (the other end rule: "
            "{other:.1%})"
        ),
    }
)
