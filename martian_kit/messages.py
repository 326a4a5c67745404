"""Every sentence of Martian Dice that a user reads, in one catalogue.

Engine errors, score explanations and widget labels look their words up here, so that a
translation is a catalogue in another language (`kit_common.messages` does the lookup and
holds the language setting), not an edit of the logic. Keys are stable ids; a `RuleError`
carries the key of the rule it names.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from kit_common.messages import Catalogue, Plural

ENGLISH: dict[str, str | Plural] = {
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
    "rule.not_a_choice": "{action} is not an action of Martian Dice",
    "rule.not_chance": "no dice are being rolled now: {where}",
    "rule.bad_roll": "a roll here throws the {expected} left, but the outcome given counts {got}",
    "rule.game_over": "the game is over",
    "rule.not_your_turn": "it is not a player's turn now: {where}",
    "rule.tiebreak_roll": "a tie-break roll counts Death Rays among 6 dice: 0 to 6, not {got}",
    "rule.players": "a game has 2 to 10 players (or 1 for the practice mode), not {n}",
    # Scoring explanations.
    "score.tanks_win": "0 points: the Tanks win ({tanks} against {rays})",
    "score.nothing": "0 points: no earthlings were set aside",
    "score.bonus": "{base} + 3 bonus for all three kinds",
    # Game states.
    "where.tiebreak": "a tie-break roll-off is under way",
    "where.player": "seat {seat} is to act",
    "where.game_over": "the game is over",
    # A game state given from outside that the rules cannot reach (GameState's checks)
    "state.rolloffs": "must be a tuple of roll-offs, each a tuple of (seat, Death Rays) pairs, "
    "got {value}",
    "state.rolloff_pair": "must be a (seat, Death Rays) pair, got {value}",
    "state.practice_winner": "the practice game is won at {target} points, not {total}",
    "state.practice_tie": "a practice game has no tie-break",
    "state.winner_total": "the winner has the highest total, {target} or more; seat {seat} has "
    "{total} of the highest {best}",
    "state.tied_totals": "the tie-break is between every seat with the highest total ({best}, "
    "{target} or more): seats {leaders}, got {tied}",
    "state.rolloff_seats": "roll-off {index} is between seats {expected} (the highest before "
    "it), got {got}",
    "state.rolloff_decided": "roll-off {index} had a single highest roll, so the game ended there",
    "state.rolloff_winner": "the winner is the single highest of the last roll-off, seat "
    "{expected}, not {got}",
    "state.tie_undecided": "seats {leaders} share the highest total, so a roll-off decides "
    "the winner",
    "state.no_tiebreak": "a finished roll-off needs a tie-break (tied seats or a winner)",
    "state.totals": "must be {n} whole numbers, got {value}",
    "state.turn_type": "must be a TurnState, got {value}",
    "state.records": "must be a tuple of {kind}, got {value}",
    "state.no_roll_recorded": "a turn with no recorded roll has not started",
    "state.tied_seats": "must name 2 or more different seats, got {value}",
    "state.tie_no_turn": "no turn is played during a tie-break",
    "state.rolloff_rolls": "must hold fewer rolls than tied seats ({tied})",
    "state.seats": "must be a tuple of seats, got {value}",
    # Notebook widgets: the turn player (what each step of a turn did, and why).
    "ui.roll": "Roll",
    "ui.roll.tip": "Roll every die that is not set aside",
    "ui.stop": "Stop",
    "ui.stop.tip": "End the turn now and score what is set aside",
    "ui.new_turn": "New turn",
    "ui.set_aside": "Set aside",
    "turn.over": "The turn is over: {reason}.",
    # A turn state given from outside that the rules cannot reach (TurnState's checks)
    "turn.stopped_all_aside": (
        "a turn with all {dice} dice set aside ended by itself (no_dice, or no_choice after "
        "a roll of nothing but Tanks), not by a stop"
    ),
    "turn.all_tanks_end": (
        "a turn ends with no choice and all {dice} dice set aside only after a roll of "
        "nothing but Tanks, so some Tanks are set aside"
    ),
    "turn.dice_count": "a turn has {dice} dice; this one counts {counted}",
    "turn.end_when_over": "a turn has an end reason exactly when it is over",
    "turn.no_roll": "must be None in {phase} ({state})",
    "turn.roll": (
        "must be the dice just rolled, Tanks already set aside (set_aside + rolled "
        "counting {dice} dice) in {phase}"
    ),
    "turn.choice_phase": (
        "a roll with a legal set-aside must be chosen from (MUST_CHOOSE); one without "
        "ends the turn (OVER, no_choice)"
    ),
    "turn.may_roll_or_stop": "may_roll_or_stop needs dice set aside and dice left",
    "turn.must_roll": "must_roll needs dice left to roll",
    "turn.no_dice": "no_dice is the end of a turn with all {dice} dice set aside",
    "turn.next.must_roll": "Next: roll the dice.",
    "turn.next.must_choose": "Next: choose a face to set aside.",
    "turn.next.may_roll_or_stop": "Next: roll again or stop.",
    "turn.next.over": "The turn is over.",
    "ui.rolled": "Just rolled",
    "ui.nothing_yet": "nothing yet",
    "ui.score_now": "If the turn ended now: {explanation}",
    "ui.turn_over": "Turn over: {explanation}",
    "ui.last_turn.you": "Your last turn: {explanation}",
    "ui.last_turn.named": "{name}'s last turn: {explanation}",
    "why.first_roll": "You rolled all {dice} dice: a turn always begins by rolling every die.",
    "why.tanks": "{tanks} set aside at once: Tanks are never a choice, they are always set aside.",
    "why.no_tanks": "No Tank in this roll.",
    "why.must_choose": "Now you must set aside all dice of one type: {options}.",
    "why.no_choice": (
        "No legal choice is left (only Tanks, or earthling kinds you already took): "
        "the turn ends and is scored."
    ),
    "why.took_rays": "You set aside {dice}: Death Rays may be taken after any roll.",
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
    # above the settings row; {players}: the names of the game shown below it
    "ui.setup_note": (
        "These settings start a new game when you press New game; the game below goes on "
        "with its own players: {players}."
    ),
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
    "ui.log": "Game log (latest first)",
    "ui.rolloff": "Tie-break roll-off {i}: {rolls}",
    "ui.log_turn": "Round {round}, {name}: {dice} — {explanation} (total {total})",
    "ui.rolls_detail": "rolls",
    "ui.win_unit": "chance to win",
    "ui.advice_points": "{option}: {points} if you stopped right after",
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
    "ui.tiebreak_round": "Roll-off {i}: {rolls}",
    "ui.player_n": "Player {i}",
    "chart.rolloffs.title": "How many roll-offs a tie-break among {k} players takes",
    "chart.rolloffs.x": "roll-offs until one player is ahead",
    # Notebook widgets: the odds of pushing your luck.
    "luck.title": "The odds right now",
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
    "ui.reset": "Start over",
    "ui.face": "Count:",
    "ui.last_roll": "Last roll: {dice}",
    "ui.no_roll_yet": "no roll yet: press the button",
    "chart.probability": "probability",
    "chart.exact": "exact odds",
}

# Sentences that name a face: one whole sentence per face (key "<sentence>.<face>"), never a
# face name dropped into a frame, so that each language says each face in the form its
# sentence needs (Russian «Взять Людей», «Сколько Коров выпадает»; Spanish and Portuguese
# articles agree). `face_message(key, face)` says one; the English is written once here, each
# face's English plural ({faces}) or singular ({face}) put in. Which faces a sentence can
# name: the faces a player may set aside (Death Rays and earthlings), only earthlings, or all.
_EARTHLING_FACES = ("human", "cow", "chicken")
_CHOOSABLE_FACES = ("ray", *_EARTHLING_FACES)
_ALL_FACES = ("tank", *_CHOOSABLE_FACES)
FACE_SENTENCES: dict[str, tuple[str, tuple[str, ...]]] = {
    # an earthling kind taken twice (a rule the engine names)
    "rule.earthling_once": ("{faces} were already set aside this turn", _EARTHLING_FACES),
    "rule.not_rolled": ("no {faces} were rolled, so they cannot be set aside", _CHOOSABLE_FACES),
    # the turn player's buttons and their tips
    "ui.take": ("Take {faces}", _CHOOSABLE_FACES),
    "ui.take.tip": ("Set aside every rolled {face} die", _CHOOSABLE_FACES),
    # the turn player's explanations
    "why.taken_before": (
        "{faces} cannot be taken: you already set that kind aside this turn.",
        _EARTHLING_FACES,
    ),
    "why.took_earthling": (
        "You set aside {dice}: each earthling kind may be taken only once a turn, "
        "so {faces} are done for this turn.",
        _EARTHLING_FACES,
    ),
    # the dice explorer's chart (page 1)
    "chart.count.title": ("How many {faces} show among 13 dice", _ALL_FACES),
    "chart.count.x": ("number of {faces}", _ALL_FACES),
    # advice from the solvers: a choice and its value
    "advice.take": ("take {faces}: {value:.2f} {unit}", _CHOOSABLE_FACES),
    "advice.take.expected": ("take {faces}: {value:.2f} expected", _CHOOSABLE_FACES),
    "do.take": ("take the {faces}", _CHOOSABLE_FACES),
    # the set-aside quiz's options
    "quiz.take": ("Set aside the {faces}", _CHOOSABLE_FACES),
}
for _key, (_english, _faces) in FACE_SENTENCES.items():
    for _face in _faces:
        ENGLISH[f"{_key}.{_face}"] = _english.replace(
            "{faces}", str(ENGLISH[f"face.{_face}.plural"])
        ).replace("{face}", str(ENGLISH[f"face.{_face}"]))

#: The kit's sentences in the current language (`kit_common.messages.set_language`); the
#: sections added to ENGLISH below are found too.
CATALOGUE = Catalogue("martian_kit", ENGLISH, locale=Path(__file__).parent / "locale")
#: `message(key, **values)`: the sentence for `key` in the current language, values filled in.
message = CATALOGUE.message

# -- the landing page (widgets/pages.py): the heading of this game's series of notebooks --
ENGLISH.update({"series.title": "Martian Dice"})


# -- strategy (policy) names as a reader reads them; the names stay CLI values and dict keys --
ENGLISH.update(
    {
        "policy.random": "random",
        "policy.random-table": "random-table",
        "policy.greedy": "greedy",
        "policy.cautious": "cautious",
        "policy.cautious.n": "cautious-{n}",
        "policy.optimal": "optimal",
        "policy.win": "win",
        "policy.leader": "leader",
    }
)

# -- the class experiments (martian_kit/experiments.py): what a class does and pools --
ENGLISH.update(
    {
        "experiment.rays.title": "Death Rays in one roll",
        "experiment.rays.trial": "Roll all {dice} dice once and count the Death Rays.",
        "experiment.rays.outcome": "Death Rays",
        "experiment.turn.title": "A whole turn with the {strategy} strategy",
        "experiment.turn.trial": (
            "Play one whole turn with the {strategy} strategy and note the turn's score."
        ),
        "experiment.turn.outcome": "points",
        # a turn played on screen, under the dice set aside at its end; {over} is "The turn
        # is over: <why>.", {score} the score in words ("7 points: 4 earthlings + 3 bonus")
        "experiment.turn.played": Plural(
            "{n} roll; set aside at the end: {set_aside}. {over} {score}.",
            "{n} rolls; set aside at the end: {set_aside}. {over} {score}.",
        ),
        "experiment.turn.last_roll": "The last roll, which left no legal choice: {rolled}.",
    }
)

_CAUTIOUS_LEVEL = re.compile(r"cautious-(\d+)")


def policy_name(name: str) -> str:
    """A strategy's name in the reader's language ("cautious-6" for the policy named
    "cautious-6"); a name the catalogue does not know (a policy added by a reader) as it is."""
    if "policy." + name in ENGLISH:
        return message("policy." + name)
    level = _CAUTIOUS_LEVEL.fullmatch(name)
    if level:
        return message("policy.cautious.n", n=int(level.group(1)))
    return name


def face_name(face: object, count: int = 1) -> str:
    """A face's name, plural unless `count` is 1 ("Tank", "Death Rays"), standing alone (a
    label, a button); a count with its face name is `counted`."""
    value = getattr(face, "value", face)
    return message(f"face.{value}" if count == 1 else f"face.{value}.plural")


def face_message(key: str, face: object, /, **values: object) -> str:
    """The sentence `key` of `FACE_SENTENCES` about `face` (a `Face` or its value), in the
    current language, `values` filled in: a whole sentence per face, so that each language
    says the face in the form the sentence needs ("Take Humans", Russian «Взять Людей»)."""
    value = getattr(face, "value", face)
    if key not in FACE_SENTENCES or value not in FACE_SENTENCES[key][1]:
        raise KeyError(f"no sentence {key!r} about the face {value!r}")
    return message(f"{key}.{value}", **values)


def dice_count(n: int) -> str:
    """ "1 die", "3 dice" (the form the language needs for `n`)."""
    return CATALOGUE.plural("count.dice", n)


def counted(face: object, count: int) -> str:
    """A count with its face name: "1 Tank", "3 Death Rays", "0 Death Rays" (a `Plural`
    per face, so a language with three forms says each right)."""
    value = getattr(face, "value", face)
    return CATALOGUE.plural(f"count.{value}", count)


def choice_words(action: object) -> str:
    """A choice of the turn as a piece of advice: "take the Cows", "roll", "stop" (an
    `Action`, or its value: the face name of a set-aside)."""
    value = getattr(action, "value", action)
    if value in ("roll", "stop"):
        return message(f"do.{value}")
    return face_message("do.take", value)


def plan_words(actions: Sequence[object]) -> str:
    """A choice and the one after it: "take the Cows, then roll"."""
    words = [choice_words(a) for a in actions]
    return words[0] if len(words) == 1 else message("do.then", first=words[0], then=words[1])


# Advice from the solvers and analysis (appended by the analysis kit).
ENGLISH.update(
    {
        "advice.over": "the turn is over: there is nothing to choose",
        "advice.stop": "stop: {value:.2f} {unit}",
        "advice.roll": "roll again: {value:.2f} {unit}",
        # the solver's default unit (expected points) in whole sentences, so "expected" is
        # translated with its sentence
        "advice.roll.expected": "roll again: {value:.2f} expected",
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
        "cli.option_value": "{plan}: {value:.4f} expected",
        "cli.misreading_value": "{name} {value:.4f}",
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
        "cli.record_finished": "finished, {winner} won",
        "cli.record_unfinished": "the game is not over yet",
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
        # the progress bar's label while a variant is solved
        "variants.solved": "Solved",
        # after the work's own "Stopped." when Stop (or the time bound) ended the solving
        "variants.still_shown": "The numbers shown are still those of {variant}.",
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

# Sentences about a number of things: each a `Plural` (English: the form for one, the form
# for many; a translation gives as many forms as its language has, Russian three). `{n}` is
# the number that decides the form. Where the English has one form for both ("1 points"),
# the English text is what the pages have always shown; a translation still says it right.
ENGLISH.update(
    {
        # A count with its face name, in rolls, set-asides and scores ("3 Death Rays").
        "count.tank": Plural("{n} Tank", "{n} Tanks"),
        "count.ray": Plural("{n} Death Ray", "{n} Death Rays"),
        "count.human": Plural("{n} Human", "{n} Humans"),
        "count.cow": Plural("{n} Cow", "{n} Cows"),
        "count.chicken": Plural("{n} Chicken", "{n} Chickens"),
        "count.dice": Plural("{n} die", "{n} dice"),
        # Scoring explanations ("7 points: 4 earthlings + 3 bonus for all three kinds").
        "score.points.n": Plural("{n} point: {earthlings}", "{n} points: {earthlings}"),
        "score.earthlings.n": Plural("{n} earthling", "{n} earthlings"),
        # The turn player's explanations: what a roll did, what comes next.
        "why.rolled": Plural(
            "You rolled the last die that was not set aside.",
            "You rolled the {n} dice that were not set aside.",
        ),
        "why.roll_or_stop.n": Plural(
            "Now roll the last die, or stop and score.",
            "Now roll the {n} dice left, or stop and score.",
        ),
        # The game app: the advisor, the end of a game.
        "ui.advice_roll.n": Plural(
            "Roll the last die: the outcome is uncertain",
            "Roll the {n} dice left: the outcome is uncertain",
        ),
        "ui.practice_done.n": Plural(
            "You reached {total} points in {n} turns.",
            "You reached {total} points in {n} turns.",
        ),
        "ui.winner.n": Plural("{name} wins with {n} points.", "{name} wins with {n} points."),
        "ui.you_win.n": Plural("You win with {n} points!", "You win with {n} points!"),
        # A hot-seat turn's end, said to the next person: who did what.
        "ui.ended.stop.n": Plural(
            "{name} stopped with {n} point.", "{name} stopped with {n} points."
        ),
        "ui.ended.no_choice.n": Plural(
            "{name}'s last roll left no legal choice: the turn ended with {n} point.",
            "{name}'s last roll left no legal choice: the turn ended with {n} points.",
        ),
        "ui.ended.no_dice.n": Plural(
            "{name} had no dice left to roll: the turn ended with {n} point.",
            "{name} had no dice left to roll: the turn ended with {n} points.",
        ),
        # The tie-break roll-off page.
        "ui.more_tiebreaks.n": Plural("+{n} tie-break", "+{n} tie-breaks"),
        "ui.tiebreaks_so_far.n": Plural("1 tie-break played", "{n} tie-breaks played"),
        "ui.tiebreak_winner.n": Plural(
            "{name} wins after {n} roll-off.", "{name} wins after {n} roll-offs."
        ),
        "chart.rolloffs.observed.n": Plural("share of 1 tie-break", "share of {n} tie-breaks"),
        "ui.tied_players.n": Plural("{n} tied player", "{n} tied players"),
        # The odds of pushing your luck.
        "luck.stop.n": Plural("Stop now: {n} points, for sure.", "Stop now: {n} points, for sure."),
        "luck.roll.n": Plural(
            "Roll the last die and play on as well as possible: {value:.2f} points on average.",
            "Roll the {n} dice left and play on as well as possible: {value:.2f} points on "
            "average.",
        ),
        # The stop-or-roll map.
        "map.kinds.n": Plural("{n} kind", "{n} kinds"),
        # Advice from the solvers ("stop: 4 points").
        "advice.stop_points.n": Plural("stop: {n} points", "stop: {n} points"),
        # The dice explorer.
        "ui.add_rolls.n": Plural("+{n} roll", "+{n} rolls"),
        "ui.add_rolls.tip.n": Plural(
            "Roll the 13 dice {n} more time (simulated) and add them to the tally",
            "Roll the 13 dice {n} more times (simulated) and add them to the tally",
        ),
        "ui.rolls_so_far.n": Plural("1 roll of 13 dice so far", "{n} rolls of 13 dice so far"),
        "chart.observed.n": Plural("share in {n} rolls", "share in {n} rolls"),
    }
)

# Games and turns told in words: the log the CLI prints (`martian-kit play`, `replay`) and the
# game app's turn details.
ENGLISH.update(
    {
        "narrate.turn": "Round {round}, {name}:",
        "narrate.roll": "  roll {i}: {dice} -> {took}",
        "narrate.takes": "takes {dice}",
        "narrate.no_choice": "no legal choice is left",
        "narrate.ends": "  ends: {reason}; {score}; total {total}",
        "narrate.rolloff": "Tie-break roll-off {i} (6 dice each): {rolls}",
        "narrate.rolloff_roll": "{name} {rays}",
        "narrate.practice_done": Plural(
            "{name} reached {total} points in {n} turns.",
            "{name} reached {total} points in {n} turns.",
        ),
        "narrate.player_total": "{name} {total}",
        "narrate.final": "Final totals: {totals}. Winner: {winner}.",
    }
)

# The set-aside quiz (pages 2 and 3): its options, the rules' verdicts.
ENGLISH.update(
    {
        "quiz.stop": "Stop now and score the turn",
        "quiz.roll": "Roll the dice left",
        "quiz.only_roll": "Allowed now: only rolling the dice.",
        "quiz.nothing": "Nothing is allowed any more: the turn is over.",
        "quiz.allowed_now": "Allowed now: {choices}.",
        "quiz.refused": "**{action}?** Refused: {reason}",
        "quiz.allowed": "**{action}?** Allowed.",
        "quiz.needs_roll": "a set-aside quiz needs a roll to choose from",
        "quiz.rules_allow": "The rules allow it: all the dice of this face go aside.",
        "quiz.question": "Which choices do the rules allow after this roll?",
        "quiz.dice_row": "{label}: {dice}",
    }
)

# The odds of pushing your luck (page 5): the roll-or-stop prediction, small chances.
ENGLISH.update(
    {
        "luck.choice.roll": "Roll again",
        "luck.choice.stop": "Stop",
        "luck.values": (
            "Stopping scores {stop:g} points; rolling the {left} dice left and then playing as "
            "well as possible is worth {roll:.2f} points on average."
        ),
        "luck.predict": "Set aside: {set_aside}. Roll again or stop?",
        "luck.one_in": "1 in {n:,}",
        "luck.summary": "{turn}; odds: {odds}",
    }
)

# One-line text forms of the apps (what a terminal or the notebook's plain-text output shows).
ENGLISH.update(
    {
        "summary.turn": "set aside: {set_aside}",
        "summary.turn.rolled": "{text}; rolled: {rolled}",
        "summary.turn.score": "{text}; {score}",
        "summary.turn.buttons": "{text}; buttons: {buttons}",
        "summary.no_buttons": "none",
        "summary.scoring": "exercise {i} of {n}: {dice}; {right} right so far",
        "summary.game": "round {round}; {totals}; {scoreboard}",
        "summary.game.player": "{name} {total}",
        "ui.tiebreak_summary": "{tied}; {played}",
    }
)

# The game app: a setup the app cannot seat (said when a page starts a game in code).
ENGLISH.update(
    {
        "game.too_many": (
            "a game here has 1 to {most} players: {people} people and {bots} bots do not fit"
        ),
        "game.bad_seat": "the first person's seat is 1 to {last}, not {seat}",
        "game.bots_needed": "{players} players with {people} people need {bots} bots",
    }
)

# The class experiment (teachers' page, notebook 8): typed tallies of Death Rays against the
# exact distribution, the chi-square test and its p-value in words.
ENGLISH.update(
    {
        "class.p.share": "{share:.0f}%",
        "class.p.below": "less than 1%",
        "class.p.lead": (
            "If the dice are fair, tallies at least this far from the exact distribution turn "
            "up in {share} of experiments like this one, by chance alone (p = {p:.3f})."
        ),
        "class.p.agree": "So nothing here suggests unfair dice: the tallies agree with the maths.",
        "class.p.unusual": (
            "That is unusual but happens: about one class in twenty sees it with fair dice. "
            "Check the tallies for typing mistakes, then roll again."
        ),
        "class.p.rare": "That is very rare with fair dice: check the tallies and the dice.",
        "class.no_rolls": "No rolls yet: type a group's tally and add it.",
        "lesson.last_die": "the last-die exercise needs 12 dice set aside, not {n}",
        "class.rolls": Plural("{n} rolls.", "{n} rolls."),
        "class.mean.holds": (
            "Mean number of Death Rays {estimate:.2f}; its 95% interval [{low:.2f}, {high:.2f}] "
            "holds the exact mean 13/3 ≈ {exact:.2f}."
        ),
        "class.mean.misses": (
            "Mean number of Death Rays {estimate:.2f}; its 95% interval [{low:.2f}, {high:.2f}] "
            "misses the exact mean 13/3 ≈ {exact:.2f}."
        ),
        "class.mean.own": (
            "Mean number of Death Rays {estimate:.2f}; its 95% interval [{low:.2f}, {high:.2f}]."
        ),
        "class.exact_hidden": (
            "The exact chances, and the checks of the rolls against them, stay hidden until you "
            "press Show the exact chances: predict them first."
        ),
        "class.reveal": "Show the exact chances",
        "class.reveal.tip": "Show the exact chances on the chart and check the rolls against them",
        "class.too_few": "Too few rolls for a chi-square test: pool more groups.",
        "class.table.rays": "Death Rays",
        "class.table.seen": "Rolls seen",
        "class.table.expected": "Rolls expected",
        "class.chi_square": Plural(
            "Chi-square {statistic:.2f} with {n} degrees of freedom (counts grouped so that "
            "each group expects at least 5 rolls).",
            "Chi-square {statistic:.2f} with {n} degrees of freedom (counts grouped so that "
            "each group expects at least 5 rolls).",
        ),
        "class.group": "Group",
        "class.group.placeholder": "e.g. Table 1",
        "class.tally.legend": (
            "The group's tally sheet: for each number of Death Rays, how many rolls showed it "
            "(the total of its row)."
        ),
        "class.tally_rows": "a tally has one count for each of its {rows} rows, not {n}",
        "class.bad_tally": (
            "the row “{row}” takes a whole number of rolls (0 or more), not {value}"
        ),
        "class.tally_empty": (
            "the table holds no roll yet: type each row's total from the tally sheet."
        ),
        "class.add": "Add this group",
        "class.add.tip": "Add the counts to the class's tally",
        "class.clear": "Start again",
        "class.clear.tip": "Forget every group's counts",
        "class.not_added": "Not added:",
        "class.group_n": "Group {i}",
        "class.added": Plural("Added {group}: {n} rolls.", "Added {group}: {n} rolls."),
        "class.table.group": "Group",
        "class.table.rolls": "Rolls",
        "class.table.mean": "Mean Death Rays",
        "class.chart.title": "Death Rays in a roll of 13 dice: exact chances and the class's rolls",
        "class.chart.x": "Death Rays in the roll",
        "class.chart.observed": "the class's rolls ({n})",
        "class.summary": "class experiment: {groups} groups, {rolls} rolls",
        "class.summary.exact": (
            "class experiment: {groups} groups, {rolls} rolls, beside the exact chances"
        ),
    }
)

# The teachers' page (notebook 8): the printable handout, the projector view, the download.
ENGLISH.update(
    {
        "handout.chart_label": "Chance of each number of Death Rays among 13 dice",
        "handout.my_prediction": "My prediction: ____________________",
        "handout.name_group": "Name: ______________________ &nbsp; Group: ________",
        "handout.predict": "Predict first",
        "handout.experiment": "The class experiment",
        "handout.experiment.how": (
            "Roll all 13 dice 20 times. After each roll, count the Death Rays and add a mark in "
            "the row of that number. At the end, write each row's number of marks in its Total "
            "cell: the page's table takes these totals, row by row."
        ),
        "handout.tally.rays": "Death Rays",
        "handout.tally.marks": "Rolls (tally marks)",
        "handout.tally.total": "Total",
        "handout.tally.sum": "All the rows together: ______ rolls (20 for a group).",
        "handout.tally.title": "{title}: tally sheet",
        "handout.ordinary": (
            "With ordinary six-sided dice, read the number on top as a Martian face:"
        ),
        "handout.ordinary.number": "Number on top",
        "handout.ordinary.face": "Martian face",
        "handout.teacher_title": "{title}: the teacher's version",
        "handout.working": "Working",
        "handout.exact": "The exact chances",
        "handout.exact.how": (
            "How likely each number of Death Rays is among 13 dice (each die shows a Death Ray "
            "with\nchance 1/3):"
        ),
        "handout.key": "Answer key",
        "tools.projector": "Projector view (large type)",
        "tools.projector.tip": "Larger letters for a projector; click again for the normal size",
        "tools.students": (
            "{link}The students' handout{end}: the questions, with room for a prediction, and "
            "the tally sheet."
        ),
        "tools.teacher": (
            "{link}The teacher's version{end}: the same, then, on pages of their own, the exact "
            "chances as a picture and the answer key with the working of every answer."
        ),
        "tools.tally": (
            "{link}The tally sheet alone{end}, one for each group: its rows are those of the "
            "table in the class experiment below."
        ),
        "tools.print": (
            "Each is a web page to print from the browser. Each chart of this page saves as a "
            "PNG picture from the camera icon above it."
        ),
        "tools.answers": "Show the answers",
        "tools.answers.tip": (
            "The teacher's key: every answer with its reason, and the parts of the page that "
            "give the answers away; click again to hide them"
        ),
        "tools.key": "Teacher's key",
        # the text form of the lesson tools: {projector} on/off, {answers} shown/hidden
        "tools.summary": "lesson tools: projector view {projector}, answers {answers}",
        "tools.on": "on",
        "tools.off": "off",
        "tools.shown": "shown",
        "tools.hidden": "hidden",
    }
)

# The teachers' page (notebook 8): the predict-then-reveal exercises, with the kit's answers.
# A choice exercise's answer is one of its choices: the same key says both.
ENGLISH.update(
    {
        "lesson.likeliest.question": (
            "Roll all 13 dice. Which number of Death Rays is the most likely?"
        ),
        "lesson.likeliest.why": (
            "{rays} come up in {share:.1f}% of rolls, more than any other count; 3 and 5 follow "
            "closely."
        ),
        "lesson.mean.question": "On average, how many Death Rays show in a roll of 13 dice?",
        "lesson.mean.why": (
            "Each die shows a Death Ray with chance 2/6 = 1/3, and averages add up: "
            "13 × 1/3 = 13/3."
        ),
        "lesson.turn.question": (
            "How many points is a turn worth on average, played as well as possible for points?"
        ),
        "lesson.turn.answer": "{value:.2f} points",
        "lesson.turn.why": (
            "The kit's turn solver finds {value:.2f}. Two common misreadings of the rules make "
            "it smaller: scoring a roll that leaves no legal choice as 0 gives {stuck_zero:.2f}, "
            "and setting Death Rays aside only once per turn gives {rays_once:.2f}."
        ),
        "lesson.ten.question": (
            "What is the best chance, in percent, of scoring at least 10 points in one turn?"
        ),
        "lesson.ten.answer": "{percent:.1f}%",
        "lesson.ten.why": (
            "Playing only to reach 10 (and stopping as soon as it is reached) gives this "
            "chance; playing for the most points on average gives less."
        ),
        "lesson.seats.question": (
            "Two players both play to win, under the rules. Who wins more often?"
        ),
        "lesson.seats.first": "the first player",
        "lesson.seats.second": "the second player",
        "lesson.seats.neither": "neither",
        "lesson.seats.answer": "the second player, {percent:.1f}% of games",
        "lesson.seats.why": (
            "When the first player reaches 25, the round is completed: the second player gets "
            "a last turn and knows exactly how many points it needs."
        ),
        "lesson.same.question": (
            "Two players use the same strategy, one that ignores the scores (the cautious "
            "one, say). How often does the first player win?"
        ),
        "lesson.same.less": "less than half",
        "lesson.same.half": "exactly half",
        "lesson.same.more": "more than half",
        "lesson.same.answer": "exactly half ({percent:.1f}%)",
        "lesson.same.why": (
            "Under the rules the round is always completed, so both players get the same "
            "number of turns, and with a strategy that ignores the scores each player's turns "
            "are alike and independent of the other's. Swapping the two players' dice "
            "swaps the winner, so each wins half the time (a tie's roll-off is fair too)."
        ),
        "lesson.likeliest.work.1": (
            "Each die shows a Death Ray with chance 1/3 and something else with chance 2/3, "
            "independently of the others, so P(k Death Rays) = C(13, k) × (1/3)^k × "
            "(2/3)^(13 − k)."
        ),
        "lesson.likeliest.work.2": (
            "From one count to the next, P(k + 1) ÷ P(k) = (13 − k) ÷ (2(k + 1)), which is "
            "above 1 exactly when k < {rise_below}: the chances rise up to 4 Death Rays and "
            "fall after."
        ),
        "lesson.likeliest.work.3": (
            "P(3) = {p3} ≈ {s3:.2f}%, P(4) = {p4} ≈ {s4:.2f}%, P(5) = {p5} ≈ {s5:.2f}%."
        ),
        "lesson.mean.work.1": (
            "Count 1 when a die shows a Death Ray and 0 when it does not: that count's mean is "
            "1 × 1/3 + 0 × 2/3 = 1/3."
        ),
        "lesson.mean.work.2": (
            "The number of Death Rays is the sum of the 13 dice's counts, and means add up: "
            "13 × 1/3 = {mean} ≈ {value:.2f}."
        ),
        "lesson.turn.work.1": (
            "Work backwards, as with the last die: with no die left, the turn scores what is "
            "set aside. Anywhere else, stopping is worth the score now, and rolling the "
            "average, over every roll the dice left can show (each with its exact chance), of "
            "the best choice after it."
        ),
        "lesson.turn.work.2": (
            "A player rolls when rolling is worth more than stopping. The kit's solver works "
            "through every situation of a turn this way; a fresh turn is worth {value:.4f} "
            "points."
        ),
        "lesson.ten.work.1": (
            "The same backward working with another aim: a situation is worth the chance of "
            "reaching 10 points from it (1 once stopping scores 10 or more), and each choice is "
            "the one that keeps that chance highest."
        ),
        "lesson.ten.work.2": (
            "From a fresh turn that chance is {percent:.2f}%; a player who plays for the most "
            "points on average reaches 10 in {points:.2f}% of turns."
        ),
        "lesson.seats.work.1": (
            "Backward induction over whole games: a position is both scores and whose turn it "
            "is, and at each turn the player picks the play that makes winning most likely, "
            "knowing that the other will do the same."
        ),
        "lesson.seats.work.2": (
            "Solved from the game's end back to its start: the first player wins {first:.1f}% "
            "of games, the second {second:.1f}% (a tie's roll-off included)."
        ),
        "lesson.same.work.1": (
            "Both players get the same number of turns, and with a strategy that ignores the "
            "scores their turn scores are independent draws from one distribution."
        ),
        "lesson.same.work.2": (
            "Swapping the two players' turns swaps the winner, so P(first wins) = P(second "
            "wins); the two add up to 1, so each is 1/2. The kit's exact solution of the game "
            "gives {percent:.1f}%."
        ),
        "lesson.tree.question": (
            "Two dice are rolled, and at least one of them shows a Death Ray. What is the "
            "chance that both do?"
        ),
        "lesson.tree.why": (
            "Knowing that one of the dice shows a Death Ray does not say which one: of the "
            "rolls with at least one Death Ray, one in five has two."
        ),
        "lesson.tree.work.1": (
            "Multiply along each path of the tree: both Death Rays 1/3 × 1/3 = {both}; only the "
            "first 1/3 × 2/3 = {first_only}; only the second 2/3 × 1/3 = {second_only}; "
            "neither 2/3 × 2/3 = {none}."
        ),
        "lesson.tree.work.2": (
            "At least one Death Ray: {both} + {first_only} + {second_only} = {at_least_one}, "
            "or 1 − {none}."
        ),
        "lesson.tree.work.3": "Given at least one, both: {both} ÷ {at_least_one} = {answer}.",
        "lesson.last.question": (
            "A player has set aside 3 Tanks, 3 Death Rays, 3 Humans and 3 Cows: one die is "
            "left, and stopping now scores 6 points. Should they roll the last die?"
        ),
        "lesson.last.roll": "roll",
        "lesson.last.stop": "stop",
        "lesson.last.answer": (
            "{choice}: rolling is worth {value} ≈ {decimal:.2f} points on average, stopping {score}"
        ),
        "lesson.last.why": (
            "Work backwards from the end of the turn: each face the last die can show ends the "
            "turn with a known score, and rolling is worth their average weighted by their "
            "chances."
        ),
        "lesson.last.work.face": "{face} (chance {p}): the turn scores {points}.",
        "lesson.last.work.sum": (
            "Rolling: {terms} = {value} ≈ {decimal:.2f} points on average; stopping: {score}."
        ),
    }
)

# The command line (`martian-kit --help`, each command's help, its errors and output).
ENGLISH.update(
    {
        "cli.help.description": "Martian Dice: play, analyse and simulate.",
        "cli.help.play": "play a whole game with the named policies",
        "cli.help.players": "comma-separated policy names, one per seat (1 for the practice mode)",
        "cli.help.seed": "seed of the dice (reproducible)",
        "cli.help.play_json": "print the game record as JSON",
        "cli.help.replay": "tell a saved game (a record file) turn by turn",
        "cli.help.replay_file": "a game record (JSON), as `play --json` writes it",
        "cli.help.replay_json": "print the record, checked and tidied, as JSON",
        "cli.help.check_record": "check a record file against the rules (exit status 0 / 1)",
        "cli.help.record_file": "a game record (JSON)",
        "cli.help.json": "machine-readable output",
        "cli.help.target": "points to win (10-60; 25)",
        "cli.help.end": (
            "round: the round is completed (the rules); immediate: the first there wins"
        ),
        "cli.help.dice": "dice in a turn (6-13; 13)",
        "cli.help.turn_value": "value of stopping and of each option (expected score)",
        "cli.help.state": "dice set aside as T,R,H,C,K (default: a fresh turn)",
        "cli.help.rolled": "dice just rolled as T,R,H,C,K (Tanks included)",
        "cli.help.score_distribution": "exact distribution of one turn's score",
        "cli.help.policy": "a score-blind policy name",
        "cli.help.win_probability": "P(win) of a 2-player position under win-optimal play",
        "cli.help.scores": "MINE,THEIRS at the start of my turn",
        "cli.help.simulate": "simulate turns of a policy (vectorised, seeded)",
        "cli.help.quiet": "no progress bar",
        "cli.help.tournament": "games with seat rotation, win rates and player statistics",
        "cli.help.tournament_players": "policy names, 2 to 10",
        "cli.help.games": (
            "at most {most:,}: one run holds its games in memory together "
            "(about 150 bytes a game); run more seeds for more"
        ),
        "cli.help.solve_game": "rebuild the 2-player win-probability table",
        "cli.help.output": "where to write it (default: the shipped table); checked before solving",
        "cli.help.solve_misreadings": (
            "rebuild the shipped values of a turn under two misreadings of the rules (page 8)"
        ),
        "cli.help.output_misreadings": (
            "where to write them (default: the shipped file); checked before solving"
        ),
        "cli.misreadings_solved": "Misreadings' turn values written to {path} ({seconds:.1f} s): "
        "{values}",
        "cli.error": "martian-kit {command}: {error}",
        "cli.seat_label": "{name} (seat {seat})",
        "cli.too_many_dice": "{shown} dice in a turn of {dice} dice",
        "cli.no_set_aside": "no legal set-aside: the turn is over",
        "cli.mean_sd_zero": "Mean {mean:.4f}, sd {sd:.4f}, P(0) {p_zero:.4f}",
        "cli.bad_scores": "--scores takes MINE,THEIRS, got {value!r}",
        "cli.record_ok.n": Plural(
            "{file}: a valid Martian Dice record: {players}; {n} turn; {how}",
            "{file}: a valid Martian Dice record: {players}; {n} turns; {how}",
        ),
        "cli.record_running.n": Plural(
            "The game is not over: {n} turn played so far.",
            "The game is not over: {n} turns played so far.",
        ),
    }
)

# Loading a game record (`martian-kit replay`, `check-record`, `records.load`): what is wrong
# with a field. `{where}` is the field's path in the JSON ("turns[2].rolls[0].took"), `{got}`
# the value found, both kept as written.
ENGLISH.update(
    {
        "record.format": "format: expected {expected!r}, got {got}",
        "record.players_rule": "players: {error}",
        "record.no_rolloff": "{where}: there is no tie-break roll-off to roll in here",
        "record.rolloff_seat": "{where}.seat: expected seat {expected}, got {got}",
        "record.winner": "winner: the replayed game gives {replayed!r}, the record {got}",
        "record.no_more_turns": "{where}: the game had no more turns to play here",
        "record.expected": "{where}.{field}: expected {expected}, got {got}",
        "record.unfinished": "{where}.end: only the last turn of a record may be unfinished",
        "record.rolling": (
            "{where}.rolling: true or false, and true only in an unfinished turn, got {got}"
        ),
        "record.end": "{where}.end: must be one of {known} (or null), got {got}",
        "record.no_rolls": "{where}.rolls: a finished turn has at least one roll",
        "record.choice_required": "{where}.took: a choice is required after this roll ({choices})",
        "record.no_choice": "{where}.took: this roll left no legal choice, so took must be null",
        "record.turn_over": "{where}: the turn was already over",
        "record.stopped": "{where}.end: the turn did not end by itself, so it ended by a stop",
        "record.replay_gives": "{where}.{field}: the replay gives {replayed!r}, the record {got}",
        "record.action": "{where}: must be one of {known}, got {got}",
        "record.rule": "{where}: {error}",
        "record.object": "{where}: must be an object, got {kind}",
        "record.list": "{where}: must be a list, got {kind}",
        "record.unknown_face": "{where}: unknown face {face}",
    }
)

# Engine errors a user can reach from the command line or a page (a policy name, a number of
# players or dice, a position asked about, the shipped table), and a turn in one line.
ENGLISH.update(
    {
        "error.unknown_policy": "unknown policy {name}; known policies: {known}",
        "error.person_seat": "seat {seat} is a person's: no policy acts for it",
        "error.policies_needed": "{players} players need {players} policies",
        "error.unknown_faces": "unknown face name(s): {names}",
        "error.counts": "must be FaceCounts or 5 whole counts ({order}), got {got}",
        "error.roll_dice": "can roll 0 to {most} dice, not {n}",
        "error.tiebreak_players": "a tie-break has {low} to {high} players, not {n}",
        "error.game_players": "a game has {low} to {high} players, not {n}",
        "error.table_policy": (
            "fast simulation needs a policy that decides from the turn alone "
            "(a table policy), got {policy}"
        ),
        "error.turn_dice": "a turn is played with 1 to {most} dice, not {n}",
        "error.set_aside_dice": "{n} dice set aside in a turn of {dice} dice",
        "error.unknown_misreading": "unknown misreading {name!r}; known: {known}",
        "error.no_dice_to_roll": "no dice are left to roll",
        "error.seat": "seat is 'first' or 'second', not {seat!r}",
        "error.mine": "the player to move has 0 to {most} points, not {mine}",
        "error.theirs": "the other player has 0 to {most} points when the {seat} seat moves, "
        "not {theirs}",
        "error.table_unusable": (
            "{path}: not a usable win-probability table ({error}); "
            "rebuild it with `martian-kit solve-game`"
        ),
        "error.table_format": "made for another format",
        "error.table_shape": "{path}: the table has the wrong shape; rebuild it",
        "error.table_rules": "{path}: made for other rules; rebuild it with solve-game",
        "turn.str": "set aside: {set_aside}",
        "turn.str.rolled": "{text}; rolled: {rolled}",
        "turn.str.over": "{text}; over ({reason})",
        "turn.str.phase": "{text}; {phase}",
        # Where a turn stands: in a turn's line and in `rule.not_chance`.
        "phase.must_roll": "must roll",
        "phase.must_choose": "must choose",
        "phase.may_roll_or_stop": "may roll or stop",
        "phase.over": "over",
    }
)
