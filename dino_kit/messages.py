"""Every sentence of Dinosaur Island that a user reads, in one catalogue.

Rule errors, log lines and labels look their words up here, so a translation is a
catalogue in another language (`kit_common.messages` does the lookup and holds the language
setting), not an edit of the logic. A `RuleError` carries the key of its rule (the part after
"rule.").
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from kit_common.messages import Catalogue, Plural

ENGLISH: dict[str, str | Plural] = {
    "notice": (
        "Unofficial kit, not affiliated with the publisher of Dinosaur Island; the component "
        "set is illustrative — not the published components."
    ),
    # phases
    "phase.setup": "setup",
    "phase.research": "research",
    "phase.market": "market",
    "phase.workers": "workers",
    "phase.park": "park",
    "phase.cleanup": "cleanup",
    "phase.over": "game over",
    # broken rules (RuleError.rule is the part after "rule.")
    "rule.players": "a game has 2 to 4 players, not {n}",
    "rule.solo_players": "a solo game has exactly 1 player, not {n}",
    "rule.no_rival": (
        "the component set {name!r} has no rival deck (rival.yaml), which solo mode needs"
    ),
    "rule.first_player": "the first player is a seat from 0 to {n} - 1, not {seat!r}",
    "rule.objective_length": "the objective stack is short, medium or long, not {got!r}",
    "rule.game_over": "the game is over",
    "rule.chance_pending": "something random happens first ({what}); no player acts now",
    "rule.not_chance": "nothing random happens now: it is {name}'s turn in the {phase} phase",
    "rule.bad_outcome": "{got} is not a possible outcome of {what}",
    # a chance step in words, for the messages above ({what})
    "event.pool": "the draw of a die from the box into the dice pool",
    "event.draw": "the draw of the next {column} tile for the market's ${price} row",
    "event.recipe": "the draw of the next {category} recipe",
    "event.objective": "the reveal of an objective",
    "event.twist": "the reveal of a plot twist",
    "event.roll": "the roll of die {slot}",
    "event.chaos": "the chaos-theory roll of the held die",
    "event.rival": "the reveal of the rival's next card",
    "event.visitors": "the draw of visitors for {name}'s park",
    "rule.wrong_phase": "{kind!r} is not an action of the {phase} phase",
    "rule.unknown_action": "{kind} is not an action of Dinosaur Island",
    "rule.scientist_used": (
        "research: scientist {level} is not in the research pool (each scientist is assigned "
        "or passes once a round)"
    ),
    "rule.space_taken": "research: only one scientist may be assigned to each space",
    "rule.no_such_die": "research: there is no die in slot {slot}",
    "rule.rare_face_needs_3": (
        "research: the rare faces can only be claimed with scientist #3, not scientist {level}"
    ),
    "rule.paddock_choice": "{where}: choose one of your exhibits whose paddock is below 4",
    "rule.no_such_storage_space": "research: cold storage has spaces 0 to 5, not {space!r}",
    "rule.storage_in_order": (
        "research: cold storage fills in order (its spaces are alike); the next free space is "
        "{space}, not {got}"
    ),
    "rule.dna_order": "the DNA tracks are named in the order {order}: {got}",
    "rule.storage_allocation": (
        "research: scientist {level} raises cold-storage limits by exactly {level} in total "
        "(up to {max} on a track), not {got!r}"
    ),
    "rule.no_recipe": "research: no {category} recipe is face up now",
    "rule.research_level": (
        "research: the {category} recipe needs a scientist of level {need} or more, not {level}"
    ),
    # a refusal about a number of things: the Plural under "rule.<rule>_n", told the count
    # {n} (`said`)
    # what claiming a die gives (odds.Gain): "2 blue DNA"; {dna} is a "dna.<type>.of" word
    "ui.gain_n": Plural("{n} {dna} DNA", "{n} {dna} DNA"),
    # a pool of research dice (odds.DicePool): "The first die of the box: 1 die: D1"
    "ui.pool_n": Plural("{n} die: {ids}", "{n} dice: {ids}"),
    "ui.pool.named_n": Plural("{name}: {n} die: {ids}", "{name}: {n} dice: {ids}"),
    "rule.park_full_n": Plural(
        "{where}: the park has {n} free zone; this needs {need}",
        "{where}: the park has {n} free zones; this needs {need}",
    ),
    "rule.empty_row": "market: the ${price} row has no {what}",
    "rule.cannot_afford": "{where}: this costs ${cost} and you have ${money}",
    "rule.fire_choice": (
        "market: at most 3 specialists — hiring a 4th fires one of yours, so choose one of {hired}"
    ),
    "rule.fire_not_needed": "market: you have fewer than 3 specialists, so nobody is fired",
    "rule.lab_space": (
        "market: a lab upgrade goes on one of your 'under construction' spaces, 0 to {last} "
        "(a free one, or over an older upgrade, which then stops working), not {got!r}"
    ),
    "rule.special_stack": "market: no {what} tile is left",
    "rule.special_twice": "market: your {space} space already has its II tile",
    "rule.dna_price": "market: DNA is bought for $2, $3, $4 or $5, not {got!r}",
    "rule.dna_type": "market: the ${price} offer gives {kind} DNA ({types}), not {got!r}",
    "rule.storage_full": "{where}: cold storage has no room for {dna} DNA",
    "rule.discard_choice": (
        "market: after buying DNA, discard one item of the ${price} row: one of {options}"
    ),
    "rule.not_your_turn": "it is not seat {seat}'s turn",
    "rule.no_such_slot": "workers: you have no working lab slot {slot!r}",
    "rule.slot_used": "workers: slot {slot!r} fires only once a round (it is not unlimited)",
    "rule.not_enough_workers_n": Plural(
        "workers: slot {slot!r} needs {n} worker, you have {have}",
        "workers: slot {slot!r} needs {n} workers, you have {have}",
    ),
    "rule.no_recipe_exhibit": "workers: choose one of your exhibits (0 to {last})",
    "rule.paddock_full_n": Plural(
        "workers: the {name} paddock holds {n} dinosaur and is full; raise its capacity first",
        "workers: the {name} paddock holds {n} dinosaurs and is full; raise its capacity first",
    ),
    "rule.missing_dna": "workers: the {name} recipe needs {need}; your lab has {have}",
    # refining needs one DNA of each of two types; {a} and {b} are "dna.<type>.of" words
    "rule.refine_missing": "workers: refining needs 1 {a} and 1 {b}; your lab has {have}",
    "rule.no_conversion": "workers: this slot lists conversions 0 to {last}, not {got!r}",
    "rule.security_max": "workers: the security cost table ends at level {level}",
    "rule.paddock_max": "{where}: a paddock's capacity is at most 4",
    "rule.food_choice_n": Plural(
        "park: {n} customer is at a food attraction; choose how many give $ instead of 1 VP "
        "(0 to {n}), not {got!r}",
        "park: {n} customers are at food attractions; choose how many give $ instead of 1 VP "
        "(0 to {n}), not {got!r}",
    ),
    # log lines
    "log.round": "Round {round}",
    "log.phase": "— {phase} —",
    "log.action": "  {name}: {action}",
    "log.round_summary": "Round {round} over — {players}",
    "log.round_player": "{name}: {vp} VP ({gained}){eaten}, ${money}",
    "log.final": "Final scores: {scores}",
    "solo.label": "a solo mode of this kit's design, not the published solo rules",
    "log.solo_won": "{name} beats the rival ({rival} points) — solo mode of this kit's design",
    "log.solo_lost": "The rival wins with {rival} points — solo mode of this kit's design",
}

#: The kit's sentences in the current language (`kit_common.messages.set_language`); the
#: sections added to ENGLISH below are found too.
CATALOGUE = Catalogue("dino_kit", ENGLISH, locale=Path(__file__).parent / "locale")
#: `message(key, **values)`: the sentence for `key` in the current language, values filled in.
message = CATALOGUE.message
#: `plural(key, n, **values)`: the sentence for `key` about `n` things, values filled in.
plural = CATALOGUE.plural


# -- the bots' names as a reader reads them; the names stay CLI values and record fields --
ENGLISH.update(
    {
        "bot_name.random": "random",
        "bot_name.heuristic": "heuristic",
        "bot_name.simple": "simple",
        "bot_name.planner": "planner",
        "bot_name.planner_budget": "planner {rollouts}×{candidates}",
    }
)


def dna_word(name: str) -> str:
    """A DNA type ("blue") or kind ("basic") in the reader's language, standing alone (a
    label, a table's cell, a list: "blue 2/4")."""
    return message("dna." + name)


def dna_of(name: str) -> str:
    """A DNA type ("blue") or kind ("basic") as it stands inside a sentence about DNA ("2 blue
    DNA", "no room for blue DNA"): the "dna.<name>.of" word, the form a language's sentences
    give it. English says "blue" in both places; Russian writes every amount of DNA as «2 ед.
    синей ДНК» and "no room for" as «нет места для синей ДНК», so its word here is the
    genitive («синей»), while `dna_word` is the nominative («синяя»)."""
    return message(f"dna.{name}.of")


def bot_name(name: str) -> str:
    """A bot's name in the reader's language: a planner of budget "planner:RxK" reads
    "planner R×K"; a name the catalogue does not know stays as it is."""
    kind, _, budget = name.partition(":")
    rollouts, _, candidates = budget.partition("x")
    if kind == "planner" and rollouts.isdigit() and candidates.isdigit():
        return message("bot_name.planner_budget", rollouts=rollouts, candidates=candidates)
    return message("bot_name." + name) if "bot_name." + name in ENGLISH else name


def said(key: str, values: Mapping[str, object], count: str = "n") -> str:
    """The sentence `key` with `values` filled in, for the lookups that say many sentences
    from one call (a rule's refusal, an effect, an objective's condition). A sentence about a
    number of things is the `Plural` kept under `key + "_n"`, told the number `values[count]`
    as `{n}`; any other is `message(key, **values)`."""
    if key + "_n" not in ENGLISH:
        return message(key, **values)
    others = {name: value for name, value in values.items() if name != "n"}
    number = values[count]
    if not isinstance(number, int):
        raise TypeError(f"{key}: the count {count!r} must be a whole number, not {number!r}")
    return plural(key + "_n", number, **others)


# -- the landing page (widgets/pages.py): the heading of this game's series of notebooks --
ENGLISH.update({"series.title": "Dinosaur Island"})


# -- the notebooks' apps and charts (dino_kit.widgets) ------------------------------------
ENGLISH.update(
    {
        "category.herbivore": "herbivore",
        "category.small_carnivore": "small carnivore",
        "category.large_carnivore": "large carnivore",
        "ui.no_dna": "no DNA",
        "ui.storage_row": "{dna} {have}/{limit}",
        "ui.exhibit_tip": "exhibit: dinosaurs / paddock capacity",
        "ui.exhibit_line": "{vp} VP each, +{excitement} excitement",
        "ui.attraction_line_n": Plural("{vp} VP, {n} visitor", "{vp} VP, {n} visitors"),
        "ui.dino_research": "Dino Research",
        "ui.dna_refinement": "DNA Refinement",
        "ui.dino_research_2": "Dino Research II",
        "ui.dna_refinement_2": "DNA Refinement II",
        "ui.under_construction": "under construction",
        "ui.specialists": "Specialists: {names}",
        "ui.facts": (
            "${money} · {vp} VP · excitement {excitement} · threat {threat} · security "
            "{security} · {workers} (supply {supply}) · scientists left: {scientists}"
        ),
        "ui.food": "food",
        "ui.workers_left": "workers: {left} of {total} left to place",
        "ui.workers_count": "workers {n}",
        "ui.none_left": "none",
        "ui.rare_paddock": "rare: paddock",
        "ui.rare_worker": "rare: worker",
        "ui.threat_pips": "threat pips",
        # the legend under the research centre's dice, before a small die for each part
        "ui.legend": "Reading the dice:",
        "ui.free": "free",
        # security beyond the track: {sources}, the lab upgrades and specialists that add it
        "ui.security_bonus": "{track} (+{bonus} from {sources}: {total} in the park phase)",
        # a track beyond its last space: the value, the +10 tokens taken and the marker's space
        "ui.track_tokens": "{value} (+10×{tokens}, marker {marker})",
        # the text form of the game app: where the game is, then each player's VP
        "ui.game_summary": "{status} VP: {scores}",
        "ui.slot": "die {slot}",
        "ui.space_workers": "{name}, {workers} workers",
        "ui.winner_mark": "winner",
        "ui.held_mark": "held",
        "ui.storage_spaces": "Cold-storage spaces: {taken} of {spaces} taken.",
        "ui.recipe_up": (
            "{category}: {name} — scientist {level}+, costs {cost}, +{excitement} excitement, "
            "{vp} VP per dinosaur"
        ),
        "ui.column.row": "row",
        "ui.column.attractions": "attraction",
        "ui.column.lab_upgrades": "lab upgrade",
        "ui.column.specialists": "specialist",
        "ui.column.dna": "DNA for this price",
        "ui.dna_offer": "{amount} {kind}",
        # the DNA types and kinds as a visitor reads them (the data keeps the identifiers)
        "ui.pool.die": "Die {number} ({id})",
        "dna.blue": "blue",
        "dna.pink": "pink",
        "dna.violet": "violet",
        "dna.green": "green",
        "dna.red": "red",
        "dna.orange": "orange",
        "dna.basic": "basic",
        # "nothing" as a table's cell (no dinosaur created, no item)
        "ui.none": "none",
        "dna.advanced": "advanced",
        # the same words inside a sentence about DNA (`dna_of`): "2 blue DNA", "no room for
        # blue DNA", "{amount} {kind}" (a language that declines gives the form its
        # sentences use; Russian: the genitive of «N ед. синей ДНК»)
        "dna.blue.of": "blue",
        "dna.pink.of": "pink",
        "dna.violet.of": "violet",
        "dna.green.of": "green",
        "dna.red.of": "red",
        "dna.orange.of": "orange",
        "dna.basic.of": "basic",
        "dna.advanced.of": "advanced",
        # an amount of one DNA type in a list ("2 blue, 1 red"); {dna}: a `dna_word`
        "ui.dna_amount": "{amount} {dna}",
        "ui.specials": (
            "Special lab tiles, each placed only over its matching printed lab space: Dino "
            "Research II at ${research_price} ({research} left), DNA Refinement II at "
            "${refinement_price} ({refinement} left)"
        ),
        "ui.attraction_item_n": Plural(
            "{name} (${price}, {vp} VP, {n} visitor)", "{name} (${price}, {vp} VP, {n} visitors)"
        ),
        "ui.attraction_item_food_n": Plural(
            "{name} (${price}, {vp} VP, {n} visitor), food",
            "{name} (${price}, {vp} VP, {n} visitors), food",
        ),
        "ui.market_item": "{name} (${price}): {text}",
        # a DNA die's sum: the face's DNA times the scientist's level ...
        "act.die_sum": "{amount} {dna} × {level}",
        # ... plus a lab upgrade's or specialist's bonus ({sum}: the sum above)
        "act.die_bonus": "{sum} + {bonus} bonus",
        # {sum}: the sum above; {n}: the die's threat pips. Cold storage takes it all:
        "act.die_n": Plural(
            "scientist {level} → die {slot}: {sum} = +{gain} {dna} ({n} threat pip)",
            "scientist {level} → die {slot}: {sum} = +{gain} {dna} ({n} threat pips)",
        ),
        # ... cold storage has room for {gain} of the {total} only:
        "act.die_capped_n": Plural(
            "scientist {level} → die {slot}: {sum} = {total} {dna}, but cold storage has room "
            "for {gain}: +{gain} {dna} ({n} threat pip)",
            "scientist {level} → die {slot}: {sum} = {total} {dna}, but cold storage has room "
            "for {gain}: +{gain} {dna} ({n} threat pips)",
        ),
        # ... cold storage has no room left for this DNA:
        "act.die_full_n": Plural(
            "scientist {level} → die {slot}: {sum} = {total} {dna}, but cold storage is full: "
            "+0 {dna} ({n} threat pip)",
            "scientist {level} → die {slot}: {sum} = {total} {dna}, but cold storage is full: "
            "+0 {dna} ({n} threat pips)",
        ),
        "act.die_rare": "scientist {level} → die {slot}: rare face, {what}",
        # a rare face claimed for one of the player's exhibits: that exhibit's recipe
        "act.die_rare_for": "scientist {level} → die {slot}: rare face, {what} → {name}",
        "act.storage": "scientist {level} → cold storage: limits {tracks}",
        "act.recipe": "scientist {level} → the {name} recipe (2 park zones)",
        "act.pass_scientist": "pass: scientist {level} joins the workers this round",
        "act.pass_market": "pass: take ${money}",
        "act.hire": "hire {name} for ${price}",
        "act.build": "build {name} for ${price}",
        "act.upgrade": "buy the lab upgrade {name} for ${price}",
        "act.firing": ", firing {name}",
        "act.covering_space": ", covering {name} (space {space})",
        "act.free_space": ", on free space {space}",
        # a purchase of DNA that cold storage cannot hold in full
        "act.dna_kept": " (cold storage keeps {kept}; the rest goes back to the bank)",
        "act.special": "buy a {what} tile",
        "act.buy_dna": "buy {amount} {dna} DNA for ${price}",
        "act.discard": ", discarding {name}",
        "act.done_n": Plural("done: leave {n} worker idle", "done: leave {n} workers idle"),
        "act.food": "food customers: ${money} as money, {vp} as VP",
        "act.create": (
            "create a {name} ({cost}; +{excitement} excitement, +{threat} threat) — {space}"
        ),
        "act.refine": "refine 1 {a} + 1 {b} → 1 {result} — {space}",
        "act.security": "raise security to {level} for ${cost}",
        "act.paddock": "raise the {name} paddock to {capacity} for ${cost}",
        "act.storage_work": "raise cold-storage limits: {tracks} — {space}",
        "act.gain_money": "take ${amount} — {space}",
        "act.gain_dna": "take {amount} {dna} DNA — {space}",
        "kind.die": "DNA die",
        "kind.recipe": "recipe",
        "kind.storage": "cold storage",
        "kind.pass": "pass",
        "kind.build": "attraction",
        "kind.upgrade": "lab upgrade",
        "kind.special": "special tile",
        "kind.hire": "specialist",
        "kind.buy_dna": "buy DNA",
        "kind.work": "worker",
        "kind.done": "done",
        "kind.food": "food",
        "hint.research": "assign a scientist to a die, cold storage or a recipe, or pass.",
        "hint.market": "buy one thing from the market, or pass (2 actions each).",
        "hint.workers": "place workers on your lab slots; press done to stop.",
        "hint.park": "choose how your food customers pay.",
        "hint.cleanup": "cleanup.",
        "hint.setup": "setting up.",
        "hint.over": "",
        "ui.bots": "Bots",
        "ui.bot_style": "Bots play",
        "ui.your_seat": "Your seat",
        "ui.chaos": "chaos theory",
        "ui.predictable": "predictable systems",
        "ui.new_game": "New game",
        "ui.kind": "Action",
        "ui.play": "Play",
        "ui.play.tip": "play the action chosen in the menu",
        "ui.others": "The other players",
        "ui.you": "You",
        "ui.bot": "Bot {i} ({bot})",
        "ui.bad_bots": "a game here has 1 to 3 bots, not {n}",
        "ui.bad_seat": "your seat is 1 to {n}, not {seat}",
        "ui.not_your_turn": "it is not your turn now",
        "ui.refused": "Not played: {why}.",
        "ui.choose_first": (
            "Nothing played: choose a kind of action, then an action of that kind in the "
            "Choice menu."
        ),
        "ui.you_played": "You: {action}",
        "ui.stopped": "This page stops here: the {phase} phase comes next.",
        "ui.status": "Round {round}, {phase} phase — {who}: {hint}",
        "ui.your_turn": "your turn",
        "ui.objective": "{condition} {params} ({vp} VP)",
        "ui.objectives": "Objectives:",
        "ui.twists": "Plot twists in force: {names}",
        "ui.no_twists": "none",
        "ui.twists_sentence": "Plot twists in force in this game: {names}.",
        "ui.twists_predictable": (
            "No plot twist is in force in this game (the predictable-systems variant): the "
            "base rules apply."
        ),
        "ui.players_solo": "1 (solo, the kit's own design)",
        "ui.person": "a person",
        "ui.bot_kind": "{bot} bot",
        "ui.length.short": "short (short objectives)",
        "ui.length.medium": "medium",
        "ui.length.long": "long",
        # a row of page 8's table and its claim ("with the long stack"), one per length
        "ui.stack.short": "the short stack",
        "ui.stack.medium": "the medium stack",
        "ui.stack.long": "the long stack",
        "ui.game_length": "Game length",
        "ui.solo_note": (
            "Solo mode is this kit's own design, not the published solo rules: you play against "
            "an automated rival that claims dice, recipes, market items and objectives; you win "
            "with more points than the rival after its last round."
        ),
        "ui.continue": "Continue",
        "ui.continue_to": "Continue to round {round}",
        "ui.choice": "Choice",
        "ui.played": "{name} played: {action}",
        "ui.paused": (
            "Round {round} is over: read its summary below, then press Continue to play round "
            "{next}."
        ),
        "ui.persons_turn": "{name}'s turn (pass the screen)",
        "ui.claimed_by": "claimed by {names}",
        "ui.rival": "the rival",
        "ui.player": "Player {n}",
        "story.so_far": "Round {round} so far",
        "story.no_park": "Nobody drew visitors this round: no VP changed.",
        "story.park_detail": "The park: who came, where they went, who was eaten",
        "story.earlier_phases": "Research, market and workers of this round",
        "ui.log": "Log ({n} steps, newest first)",
        "score.track": "VP track",
        "score.attractions": "attractions",
        "score.exhibits": "exhibits",
        "score.objectives": "objectives",
        "score.money": "money ($5 = 1)",
        "score.total": "total",
        "chart.exact": "exact",
        "chart.observed": "simulated ({n})",
        "chart.probability": "probability",
        "chart.expected_vp": "expected VP this round",
        "chart.p_eaten": "P(someone is eaten)",
        "chart.risk.title": "Security against the round's VP",
        "chart.security": "security",
        "chart.race.title": "VP round by round (last point: final score)",
        "chart.race.x": "round",
        "chart.race.y": "VP",
    }
)
ENGLISH.update(
    {
        "ui.players": "Players",
        "ui.n_players": "{n} players",
        "ui.setup_head": (
            "<th>turn</th><th>player</th><th>cash</th><th>workers (pool + supply)</th>"
        ),
        # {n}: the plot twists in play
        "ui.setup_facts_n": Plural(
            "{players} players: {pool} DNA dice in the pool ({dice_left_in_box} stay in the "
            "box); {attractions_in_play} attractions and {lab_upgrades_in_play} regular lab "
            "upgrades in play; {objectives} objectives face up; {n} plot twist; "
            "the bag holds {bag[0]} customers and {bag[1]} hooligans.",
            "{players} players: {pool} DNA dice in the pool ({dice_left_in_box} stay in the "
            "box); {attractions_in_play} attractions and {lab_upgrades_in_play} regular lab "
            "upgrades in play; {objectives} objectives face up; {n} plot twists; "
            "the bag holds {bag[0]} customers and {bag[1]} hooligans.",
        ),
        "ui.setup_col.players": "Players",
        "ui.setup_col.pool": "Dice in the pool",
        "ui.setup_col.attractions": "Attractions in play",
        "ui.setup_col.upgrades": "Lab upgrades in play",
        "ui.setup_col.objectives": "Objectives",
        "ui.setup_col.cash": "Cash in turn order (dollars)",
        "ui.setup_summary": (
            "{players} players, {pool} dice in the pool, cash {cash_in_turn_order}, "
            "{attractions_in_play} attractions in play, {objectives} objectives"
        ),
    }
)
ENGLISH.update(
    {
        "ui.cannot_claim": "cannot claim (rare face)",
        # a research die's face in words (the pictures' titles and texts)
        "ui.face_dna": "{amount} {dna} DNA",
        "ui.face_no_threat": "{what}, no threat",
        "ui.face_threat": Plural("{what}, {n} threat pip", "{what}, {n} threat pips"),
        "ui.any_die": "any die of the box",
        "ui.die": "Die",
        "ui.scientist": "scientist {level}",
        "ui.scientist_label": "Scientist",
        "ui.roll_die": "Roll once",
        "ui.roll_many": "Roll {n} times",
        "ui.die_summary": "{rolls} rolls for scientist {level}; last: {last}",
        "ui.mean_dna": "on average {mean} DNA a claim (exactly {exact})",
        "ui.unclaimed": "unclaimed dice",
        "ui.mean_held": "mean threat held",
        "ui.held_summary": (
            "pool {pool}; with {k} unclaimed, the held die adds {mean} threat on average; "
            "P(3 pips) = {p3}"
        ),
        "chart.die.title": "What one die gives scientist {level}",
        "chart.die.x": "gain",
        "chart.held.title": "Threat pips of the held die",
        "chart.held.x": "pips added to every park's threat",
        "chart.held.k": "{k} unclaimed",
        "chart.held.all": "all {k} unclaimed",
    }
)
ENGLISH.update(
    {
        "ui.excitement": "excitement (drawn)",
        "ui.capacity": "room inside",
        "ui.threat_track": "threat track",
        "ui.security": "security",
        "ui.park_summary": (
            "expected VP this round {vp_float}; P(someone eaten) {p}; "
            "eaten on average {eaten}; admission ${money} on average"
        ),
        "ui.food_customers": "customers at food attractions",
        "ui.as_money": "of them pay money",
        # {n}: the points the choice is worth at the end
        "ui.food_summary_n": Plural(
            "This choice gives +{vp} VP and +${money} now; kept to the end, that is {n} point.",
            "This choice gives +{vp} VP and +${money} now; kept to the end, that is {n} points.",
        ),
        "ui.food_col.money": "customers paying money",
        "ui.food_col.vp": "VP now",
        "ui.food_col.cash": "money now",
        "ui.food_col.kept": "points at the end if the money is kept",
        "chart.park.title": "This round: VP gained and visitors eaten",
        "chart.park.x": "VP / visitors",
        "chart.park.vp": "VP this round",
        "chart.park.eaten": "visitors eaten",
    }
)
ENGLISH.update(
    {
        "ui.planner_phase": "the planner works on a game in its workers phase, not {phase}",
        "ui.no_dinosaur": "no dinosaur",
        "ui.plan": "{made} · security {security} · ${money} left · DNA left: {dna}",
        "ui.workers": "workers",
        "ui.plan_button": "Plan",
        # {n}: the most dinosaurs a plan makes; the other numbers said as "<what>: <number>"
        "ui.planner_summary_n": Plural(
            "different results: {results}; at most {n} dinosaur this round "
            "(free park zones: {free})",
            "different results: {results}; at most {n} dinosaurs this round "
            "(free park zones: {free})",
        ),
    }
)
ENGLISH.update(
    {
        # the scoring app: an attraction or a recipe with its points
        "ui.named_vp": "{name} ({vp} VP)",
        "ui.no_exhibit": "(none)",
        "ui.exhibit_n": "exhibit {n}",
        "ui.score_button": "Score",
        "ui.money_dollars": "money ($)",
        "ui.dinosaurs": "dinosaurs",
    }
)
ENGLISH.update(
    {
        "ui.seat": "seat {n}",
        "ui.games": "games",
        "ui.length": "objectives",
        "ui.run": "Run",
        "ui.seed": "seed",
        "ui.balance_facts": "{rounds} rounds a game ({span}); win share by seat: {seats}",
        "ui.balance_seat": "seat {seat} {share} ({span})",
        "ui.games_played": "played",
        "ui.wins_summary": (
            "{games} games; win share (95% interval): {parts}; {rounds} rounds a game on average"
        ),
        "ui.wins_running": "playing {games} games…",
        # said after the work's own "Stopped." when Stop (or the time bound) ended the games
        "ui.games_kept_n": Plural(
            "What is shown comes from the {n} game played of the {games}.",
            "What is shown comes from the {n} games played of the {games}.",
        ),
        "ui.games_none_kept": "No game was played, so what is shown has not changed.",
        # the game app's bots, played in the kernel's background after a click
        "ui.bot_moves": "Bots' moves",
        "ui.bots_playing": "The bots are playing… Press Stop to hold them.",
        "ui.bots_busy": "The bots are still playing: wait for them, or press Stop.",
        "ui.bots_held": "The bots were held in the middle of their moves: press Continue to "
        "let them play on.",
        "ui.wins_seed": "games played with seed {seed}; Run again plays new games (seed {next})",
        "ui.interval_95": "95% interval",
        "ui.games_n": "games",
        "ui.parks_n": "parks",
        "ui.claim_apart": (
            "The {quantity} with {high} is larger than with {low}: their 95% intervals do not "
            "overlap."
        ),
        "ui.claim_none": (
            "These games do not show that the {quantity} with {high} is larger than with {low}: "
            "their 95% intervals overlap."
        ),
        "ui.claim_pair": "{a} and {b}",
        "ui.claim_unclear": (
            "The intervals overlap for {pairs}: these games cannot tell them apart."
        ),
        # an estimate and its 95% interval, "0.51 (0.44 to 0.59)" (wins app, tables)
        "ui.interval": "{estimate} ({span})",
        "ui.interval_span": "{low} to {high}",
        # the empty choice of seats 3 and 4 in the wins app
        "ui.no_bot": "(none)",
        "chart.wins.title": "Win share with its 95% interval",
        "chart.wins.y": "share of the wins",
    }
)
# -- the game told as it happens (dino_kit.narrate) -----------------------------------------
ENGLISH.update(
    {
        # the park phase told visit by visit (the game page's story, `dino-kit play`)
        "story.customers": Plural("{n} customer", "{n} customers"),
        "story.hooligans": Plural("{n} hooligan", "{n} hooligans"),
        "story.and": " and ",
        "story.nobody": "nobody",
        "story.visitors": "{name}: {who} came to the park.",
        "story.place": "{place}: {who}",
        "story.line": "waiting at the entrance (no room inside): {who}",
        "story.track_threat": "threat track {n}",
        "story.held_threat": "held die {n}",
        "story.rival_threat": "rival {n}",
        "story.threat": "Threat {threat} ({parts}) against security {security}:",
        "story.eaten": (
            "threat is {gap} above security, so the dinosaurs got out and ate {who}: −{vp} VP."
        ),
        "story.safe": "no dinosaur got out (security at least as high as threat).",
        "story.scored": "{n} enjoyed the park: +{vp} VP.",
        "story.none_scored": "No customer stayed inside to score.",
        "story.food_money": (
            "{n} of them, at food attractions, paid ${money} instead of {vp} VP (−{vp} VP)."
        ),
        "story.fee": "admission ${money}",
        "story.food_paid": "food ${money}",
        "story.income": "income ${money}",
        "story.money": "Money: +${total} ({parts}).",
        "story.part_customers": "customers inside {n}",
        "story.part_food_money": "food customers who paid money instead {n}",
        "story.part_eaten": "visitors eaten {n}",
        "story.no_change": "no change",
        "story.vp_change": "{name}: {before} → {after} VP ({change}: {parts})",
        "story.no_held": "Every die was claimed: no die is held, no extra threat this round.",
        "story.face": "{amount} {dna} DNA",
        "story.rare_face": "rare face: {what}",
        "story.last_round_solo": "Round {round} is the last round of this solo game.",
        "story.last_round_limit": (
            "Round {round} is the last round: this game was set to end after it."
        ),
        "story.round_starts": (
            "Round {round} begins; {n} objectives unclaimed (the game ends at the end of a "
            "round with at most one unclaimed)."
        ),
        "story.end_solo": "The solo game ended after round {round}, its last round.",
        "story.end_objectives_n": Plural(
            "The game ended after round {round}: only {n} objective remained unclaimed.",
            "The game ended after round {round}: only {n} objectives remained unclaimed.",
        ),
        "story.end_all_claimed": "The game ended after round {round}: every objective was claimed.",
        "story.end_limit": "The game ended after round {round}, the last round of this game.",
        "story.winner": "{name} wins with {points} points.",
        "story.tie_money": (
            "{n} players tied on {points} points; the tie goes to the most money ({money}): "
            "{name} wins."
        ),
        "story.tie_shared": (
            "{names} tied on {points} points and on money (${money} each): they share the victory."
        ),
        "story.round_head": "Round {round}",
        "story.outcome": (
            "Came: {came}. Inside: {inside}; in line: {line}. Eaten: {eaten}. The round gives "
            "{vp} VP and ${money} at the gate."
        ),
        "story.summary_head": "Round {round} summary: why the VP changed",
        "story.park_head": "Park",
        "story.research_head": "Research",
        "story.market_head": "Market",
        "story.workers_head": "Workers",
        "story.cleanup_head": "Cleanup: the next round's turn order and market",
        "story.order_entry": "{name} — {vp} VP",
        "story.round_end_money": "Every player gains ${amount} at the end of the round ({names}).",
        "story.round_end_money.less": (
            "Every player loses ${amount} at the end of the round, but never goes below $0 "
            "({names})."
        ),
        "story.turn_order": (
            "Turn order of round {round}, fewest VP first (a tie keeps the old order): {order}."
        ),
        "story.market_slide_empty": (
            "Market: the ${price} row was empty, so nothing is discarded; the other items "
            "slide toward the cheap rows and the empty places are refilled from the stacks."
        ),
    }
)
# -- what a component does, from its effects (dino_kit.narrate.effect_text) -----------------
ENGLISH.update(
    {
        "effect.create_dinosaur": "create a dinosaur",
        "effect.refine_dna": "refine two basic DNA into one advanced",
        "effect.raise_security": "raise security by 1 (paying the cost table)",
        "effect.upgrade_paddock": "raise a paddock's capacity by 1",
        "effect.gain_money": "take ${amount}",
        "effect.gain_dna": "take {amount} {dna} DNA",
        "effect.raise_storage": "raise cold storage by {amount}",
        # an effect about a number of things: the Plural under "effect.<id>_n", told its
        # amount as {n} (`said`)
        "effect.gain_workers_n": Plural("+{n} worker while hired", "+{n} workers while hired"),
        "effect.on_hiring": "on hiring: {text}",
        "effect.security_bonus": "+{amount} security in the park",
        "effect.excitement_bonus_n": Plural("+{n} visitor drawn", "+{n} visitors drawn"),
        "effect.income": "+${amount} each park phase",
        "effect.research_bonus": "+{amount} DNA on each DNA die claimed",
        "effect.attraction_discount": "attractions cost ${amount} less",
        "effect.security_discount": "raising security costs ${amount} less",
        "effect.slot_workers": "{text} ({workers} workers)",
        "effect.same_slot": "the same again on another slot",
        "effect.always": "always: {text}",
        "objective.dinosaurs_at_least": "have {count} dinosaurs or more",
        "objective.category_dinosaurs_at_least": "have {count} {category} dinosaurs or more",
        "objective.attractions_at_least": "have {count} attractions or more",
        "objective.food_attractions_at_least": "have {count} food attractions or more",
        "objective.excitement_at_least": "reach excitement {value}",
        "objective.money_at_least": "hold ${amount} or more",
        "objective.vp_at_least": "reach {value} VP on the track",
        "objective.security_at_least": "reach security {value} on the track",
        # a condition about a number of things: the Plural under "objective.<id>_n", told
        # its count as {n} (`said`)
        "objective.specialists_at_least_n": Plural(
            "have {n} specialist hired", "have {n} specialists hired"
        ),
        "objective.lab_upgrades_at_least_n": Plural(
            "have {n} working lab upgrade", "have {n} working lab upgrades"
        ),
        "objective.recipes_at_least": "have {count} recipes in the park (the first included)",
        "objective.dna_at_least": "hold {amount} DNA or more in the lab",
        "objective.paddock_capacity_at_least": "have a paddock of capacity {capacity}",
        "objective.line": "{condition} — {vp} VP",
        "twist.excitement_cap": "excitement never goes above {value}",
        "twist.pass_money": "passing in the market gives ${amount}",
        "twist.eaten_penalty": "each eaten visitor costs {vp} VP",
        "twist.customer_fee": "each customer pays ${amount} on arrival",
        "twist.food_money": "a food customer taken as money gives ${amount}",
        "twist.round_end_money": "every player gains ${amount} at the end of each round",
        "twist.security_cost_delta": "raising security costs ${amount} more",
        "twist.paddock_cost_delta": "raising a paddock costs ${amount} more",
        "twist.round_end_money.less": "every player loses ${amount} at the end of each round",
        "twist.security_cost_delta.less": "raising security costs ${amount} less",
        "twist.paddock_cost_delta.less": "raising a paddock costs ${amount} less",
        "twist.line": "{name}: {text}",
        "chance.visitors": "Visitors drawn for {name}: {who}.",
        "chance.market": "New in the market: {name} ({column}, ${price} row).",
        "chance.recipe": "New recipe face up: {name}.",
        "chance.objective": "Objective revealed: {text}.",
        "chance.twist": "Plot twist: {text}.",
        "chance.pool": "Die {n} of the pool drawn from the box.",
        "chance.rival": "The rival reveals {name}.",
    }
)
# -- the command line (dino_kit.cli, dino_kit.balance.report_lines): help, output, refusals ----
ENGLISH.update(
    {
        # what `dino-kit --help` and each sub-command's --help say
        "cli.description": "Dinosaur Island (unofficial): components, games, simulation.",
        "cli.help.validate": "check a folder of component files",
        "cli.help.validate_folder": "folder holding dice.yaml, recipes.yaml, ...",
        "cli.help.init": "copy the shipped illustrative components into a new folder, to edit",
        "cli.help.init_folder": "a new or empty folder",
        "cli.help.simulate": "play many bot games and summarise them",
        "cli.help.players": "players per game (2-4; 1 = solo against the rival, {solo})",
        "cli.help.games": "number of games",
        "cli.help.seed": "seed (game g uses seed*1000003+g)",
        "cli.help.bots": "one bot name, or one per seat, comma-separated; the bots: {bots}",
        "cli.help.objectives": "objective stack (game length)",
        "cli.help.max_rounds": (
            "safety net for simulations (not a rule of the game): stop a game after this round"
        ),
        "cli.help.json_summary": "print the summary as JSON",
        "cli.help.tournament": "a seat-balanced tournament of bots: win shares and mean scores",
        "cli.help.tournament_players": (
            "bot names, one per seat, comma-separated (e.g. planner,heuristic,heuristic); "
            "the bots: {bots}"
        ),
        "cli.help.bot_list": (
            "{names}, and planner:RxK (a planner of R rollouts for each of K candidates)"
        ),
        "cli.help.chaos_theory": (
            "the chaos-theory variant: the held die is rolled again before the escapes"
        ),
        "cli.bad_first_player": "--first-player is a seat from 1 to {n}, not {seat}",
        "cli.person.status": (
            "Round {round}, {phase} phase — {name}: ${money}, {vp} VP, DNA {dna}, excitement "
            "{excitement}, threat {threat}, security {security}"
        ),
        "cli.person.prompt": "Your choice (1 to {n}): ",
        "cli.person.again": "Type a number from 1 to {n}.",
        "cli.person.prompt_back": "Your choice (1 to {n}, or 0 to go back): ",
        "cli.person.again_back": "Type a number from 0 to {n}.",
        "cli.person.left": "the input ended before the game did, so the game was left",
        "cli.help.predictable_systems": "the predictable-systems variant: no plot twists",
        "cli.help.first_player": "the seat that plays first in round 1 (1 to the number of seats)",
        "cli.help.json_result": "print the result as JSON",
        "cli.help.balance": (
            "what the winners' parks hold more often than the losers' (many bot games)"
        ),
        "cli.help.balance_folder": "folder holding the component files",
        "cli.help.ship_studies": (
            "play notebook 8's studies on the illustrative components and write their games "
            "(the file the kit ships)"
        ),
        "cli.help.ship_output": "the file to write (default: the kit's own, {path})",
        "cli.shipping": "playing the games of '{name}'...",
        "cli.shipped": "wrote {path} ({size} bytes): {games} games, in {seconds:.0f} s",
        "cli.help.balance_players": "players per game (2-4)",
        "cli.help.jobs": "processes playing the games (default: one per core of the machine)",
        "cli.help.scheduler": "address of a Dask scheduler to play the games on (the dask extra)",
        "cli.help.json_report": "print the report as JSON",
        "cli.help.play": "play one bot game and tell it round by round (as the game page does)",
        "cli.help.play_bots": (
            "bot names, one per seat (default heuristic,heuristic; heuristic with --solo); the "
            "bots: {bots}; and person, a seat you play at the terminal"
        ),
        "cli.help.solo": "one bot against the solo rival ({solo})",
        "cli.help.save": "write the game record (JSON) here (checked before the game is played)",
        "cli.help.log": "also print every step (the game page's log)",
        "cli.help.replay": "tell a saved game again (a record of play --save or of a room)",
        "cli.help.replay_file": "the game record (JSON)",
        "cli.help.replay_data": (
            "A record of a game played on a component set of your own (a room's record, when "
            "the app ran with DINO_KIT_DATA) replays on that set: name its folder in the "
            "DINO_KIT_DATA environment variable, e.g. DINO_KIT_DATA=my-set dino-kit replay "
            "game.json."
        ),
        # `dino-kit validate` and `dino-kit balance` on a folder of component files
        "cli.not_a_folder": "not a folder (give the folder holding dice.yaml, ...)",
        "cli.problems": Plural("{folder}: {n} problem", "{folder}: {n} problems"),
        "cli.valid": "{folder}: all component files are valid",
        # a refused argument, after "dino-kit <command>: "
        "cli.bad_bots": "--bots takes bot names separated by commas, got {text!r}",
        "cli.solo_one_bot": "a solo game has one player: give one bot name",
        # `dino-kit simulate`: the summary line, then one row per seat under these headers
        "cli.solo_rival": "solo mode ({solo}): rival's mean score {mean}",
        "cli.simulate_summary": Plural(
            "{n} game, {players} players, seed {seed}; rounds: mean {mean}, min {low}, max "
            "{high}; visitors eaten per game: {eaten}; ended by the {cap}-round safety net: "
            "{capped}",
            "{n} games, {players} players, seed {seed}; rounds: mean {mean}, min {low}, max "
            "{high}; visitors eaten per game: {eaten}; ended by the {cap}-round safety net: "
            "{capped}",
        ),
        "cli.col.seat": "seat",
        "cli.col.bot": "bot",
        "cli.col.score": "score",
        "cli.col.sd": "sd",
        "cli.col.min": "min",
        "cli.col.max": "max",
        "cli.col.wins": "wins",
        "cli.col.win_rate": "win rate (95% CI)",
        "cli.col.money": "money",
        "cli.col.eaten": "eaten",
        # `dino-kit tournament`: the summary line, then one row per entry under these headers
        "cli.tournament_summary": Plural(
            "{n} game, seats rotating, seed {seed}; rounds: mean {mean}",
            "{n} games, seats rotating, seed {seed}; rounds: mean {mean}",
        ),
        "cli.col.entry": "entry",
        "cli.col.win_share": "win share (95% CI)",
        "cli.col.score_ci": "score (95% CI)",
        # `dino-kit play --solo`: the first line
        "cli.solo_mode": "Solo mode — {solo}.",
        # `dino-kit init FOLDER`: what was written and what to do next
        "cli.init_wrote": Plural(
            "wrote {n} file to {folder}, a copy of the shipped illustrative set ({source}):",
            "wrote {n} files to {folder}, a copy of the shipped illustrative set ({source}):",
        ),
        "cli.init_next": (
            "Type your own components over them (the fields are in "
            "dino_kit/components/SCHEMA.md; give set.yaml your set's name and label),"
        ),
        "cli.init_check": (
            "then check them with `dino-kit validate {folder}` and play on them with "
            "`DINO_KIT_DATA={folder} ./dev app`."
        ),
        # `dino-kit balance`: the report (dino_kit.balance.report_lines)
        "balance.header": Plural(
            "{n} game of {players} {bots} bots, components {components}, seed {seed}",
            "{n} games of {players} {bots} bots, components {components}, seed {seed}",
        ),
        "balance.length": "game length: {mean} rounds [{low}, {high}]",
        "balance.seats": "seat win share: {seats}",
        "balance.seat": "seat {seat}: {share} [{low}, {high}]",
        "balance.kind": "{kind}: share of winners' parks vs losers' parks holding it",
        "chart.balance.winners": "winners' parks",
        "chart.balance.losers": "losers' parks",
        "chart.balance.x": "share of parks holding it (95% interval)",
        "chart.balance.title": "{kind}: held by winners and by losers, {n} games",
        "chart.balance.title_none": "{kind}: no study played yet",
        "balance.none_shipped": (
            "The kit ships a study of its illustrative components only, none of these "
            "({components}): press Run to play one (a few hundred games take a few seconds)."
        ),
        "balance.none_apart": (
            "In these {games} games, for every one of the {kind}, the winners' and the losers' "
            "intervals overlap: none sets the winners apart."
        ),
        "balance.more_often": (
            "Winners' parks hold these more often (the intervals do not overlap): {names}."
        ),
        "balance.less_often": "Winners' parks hold these less often: {names}.",
        "balance.kinds.recipe": "recipes",
        "balance.kinds.attraction": "attractions",
        "balance.kinds.specialist": "specialists",
        "balance.kinds.lab_upgrade": "lab upgrades",
        "balance.kinds.objective": "objectives",
        "balance.row": (
            "{ident} winners {winners} [{winners_low}, {winners_high}]  "
            "losers {losers} [{losers_low}, {losers_high}]  difference {difference}"
        ),
        "balance.no_games": "a balance study needs at least 1 game",
    }
)
# -- a saved game read back (dino_kit.records): after "<field>: " (the record's JSON field) --
ENGLISH.update(
    {
        "record.not_object": "must be a JSON object",
        "record.format": "a game record's format is {expected!r}, not {got}",
        "record.names": "must be a list of names",
        "record.object": "must be an object",
        "record.not_a_setting": "not a setting ({settings})",
        "record.setting_type": "must be a {kind}, got {got}",
        "record.seed": "must be a whole number or null, got {got}",
        "record.components": "must be the set's name, got {got}",
        "record.list": "must be a list",
        "record.replay_differs": "the replayed game gives {replayed}, the record {recorded}",
        "record.over": "the game was already over",
        "record.no_chance": "seat {seat} is to act here (seats count from 0), not chance",
        # seats as the record numbers them, from 0
        "record.seat": "seat {expected} is to act here (seats count from 0), not seat {got}",
        # {what}: a chance step in words (dino_kit.chance.describe)
        "record.chance_due": (
            "{what} comes here, so the record needs a chance step, not a move of seat {got}"
        ),
        "record.components_differ": (
            "the game was recorded on the component set {recorded!r}; it cannot be replayed "
            "on the set {used!r}"
        ),
        "record.action": "must be an object with a kind",
    }
)
# -- refused arguments of the engine's entry points (bots, simulations, odds, setup) ------
ENGLISH.update(
    {
        "bot.unknown": "unknown bot {name}; known bots: {known}",
        "bot.planner_budget": (
            "a planner's budget is planner:R or planner:RxK (R rollouts per candidate, "
            "K candidates, whole numbers from 1), not planner:{budget}"
        ),
        "simulate.bot_count": "give one bot name or {players}, not {got}",
        "simulate.tournament_bots": "a tournament needs 2 to 4 bots, not {got}",
        "odds.unclaimed": "unclaimed must be 0 to {pool} (the pool), not {got}",
        "odds.draw": "cannot draw {drawn} visitors from a bag of {total}",
        "planner.sizes": "a planner needs at least 1 rollout and 1 candidate",
        # after "action.<field>: " (a field of an action that its kind does not read)
        "action.unused_field": "a {kind} action in the {phase} phase does not use it",
        # after "<setting>: " (a setting of a new game that is True or False)
        "setup.flag": "must be True or False, got {got}",
    }
)
# -- a folder of component files checked (dino_kit.components.loader; `dino-kit validate`):
# each problem reads "<file>: <item>: <field> <what>"; these are the "<what>" parts and whole
# sentences about a file or the folder
ENGLISH.update(
    {
        "components.problems": Plural(
            "{n} problem in component folder {folder}", "{n} problems in component folder {folder}"
        ),
        "components.is_file": "this is a file, not a folder",
        "components.no_folder_name": "give the name of the folder to create",
        "components.not_a_path": "a component folder is a path, not {got}",
        "components.more_problems": Plural(
            "... and {n} more problem (the first {shown} are listed)",
            "... and {n} more problems (the first {shown} are listed)",
        ),
        "components.not_empty": (
            "the folder is not empty (nothing is overwritten); give a new or empty one"
        ),
        "components.holds_some": "it holds {present} of the {total} component files ({names})",
        "components.holds_none": "it holds none of the {total} component files",
        "components.not_a_set": (
            "this is not a component folder: {holds}; they are {files} (`dino-kit init FOLDER` "
            "copies the shipped illustrative set to start from)"
        ),
        "components.yaml_alias": "line {line}: aliases (*name) are not allowed here",
        "components.yaml_deep": "line {line}: nests deeper than {limit} levels",
        "components.missing_file": "the file is missing from {folder}",
        "components.bad_yaml_at": "not valid YAML at line {line}: {reason}",
        "components.bad_yaml": "not valid YAML: {reason}",
        "components.empty_file": "the file is empty (no data, only comments or ~)",
        "components.top_key": "must be a mapping with the single key {key!r}",
        "components.not_a_folder": "not a folder",
        "components.not_a_list": "{key} must be a list, got {kind}",
        "components.repeated_id": "repeats an id already used in {file}",
        "components.box_count": "must hold {expected} {what} (the box's count), got {got}",
        "components.visitors": "customers + hooligans must be {expected}, got {got}",
        "components.set_texts": "must be a mapping of texts (name, label, notice)",
        "components.set_translations": "must be a mapping of language codes to texts",
        "components.set_language": "{code!r} is not a language of the kit ({known})",
        "components.set_translation_texts": "must be a mapping of texts (label, notice)",
        "components.names_mapping": "must be a mapping of component ids to names",
        "components.names_unknown_id": "not a component of this set",
        "components.names_text": "the name must be a text",
        "components.shadows_start": "id is the starting exhibit's (tables.yaml), which it would "
        "shadow",
        "components.category_recipe": "needs at least one {category} recipe (the box has {count})",
        "components.special_tiles": "must hold {expected} {special} tiles, got {got}",
        "components.special_slots": "slots must all be {wanted} on a {special} tile",
        "components.two_player_upgrades": (
            "needs at least 4 regular tiles playable with 2 players"
        ),
        "components.two_player_attractions": "needs at least 4 attractions playable with 2 players",
        "components.stack": "the {length} stack must hold 13 objectives, got {got}",
        "components.twist_modifiers": "needs plot twists with at least 2 different modifiers",
        "components.cost_over_storage": (
            "is {cost}, more than cold storage can ever hold (max_limit {limit} in tables.yaml), "
            "so it could never be created"
        ),
        "components.security_levels": "must reach at least level {level}",
    }
)
# -- the fields of a component file checked (dino_kit.components.schema): each is said after
# "<file>: <item>: <field> "; {got} is the value found, as the file's reader quotes it
ENGLISH.update(
    {
        "schema.fields_mapping": "must be a mapping of fields, got {got}",
        "schema.unknown_field": "is not a field here (fields: {fields})",
        "schema.missing": "is missing",
        "schema.whole_between": "must be a whole number from {low} to {high}, got {got}",
        "schema.whole_at_least": "must be a whole number ≥ {low}, got {got}",
        "schema.text": "must be a non-empty text, got {got}",
        "schema.one_of": "must be one of {options}, got {got}",
        "schema.flag": "must be true or false, got {got}",
        "schema.effects": "must be a list of effects, got {got}",
        "schema.dna_mapping": "must be a mapping of DNA type to amount, got {got}",
        "schema.not_dna": "is not a DNA type ({types})",
        "schema.six_faces": "must be a list of exactly 6 faces, got {got}",
        "schema.mapping": "must be a mapping, got {got}",
        "schema.face_field": "is not a field of a face (dna, amount, threat, rare)",
        "schema.rare_face": "a rare face has no dna or amount",
        "schema.dna_type": "must be a DNA type ({types}), got {got}",
        "schema.some_dna": "must ask for at least 1 DNA",
        "schema.threat": (
            "must be {expected} for a {category} (rules: herbivore 1, carnivore 2), got {got}"
        ),
        "schema.slots": "must be a list of slots, got {got}",
        "schema.slot_field": "is not a field of a slot (action, unlimited, workers)",
        "schema.upgrade_empty": "a lab upgrade needs at least one slot or passive ability",
        "schema.some_effects": "must be a non-empty list of effects, got {got}",
        "schema.rival_cards": "must be a list of {low} to {high} cards, got {got}",
        "schema.rival_effect": "a rival card needs at least one effect",
        "schema.card_per_round": "must hold at least one card per round ({rounds}), got {got}",
        "schema.market_rows": "must be [5, 4, 3, 2] (the market board's rows), got {got}",
        "schema.offers": "must be a list of offers, got {got}",
        "schema.offer_kind": "must be basic or advanced, got {got}",
        "schema.offer_prices": "must have one offer for each price $2, $3, $4, $5",
        "schema.paddock_costs": "must give the cost of capacities 2, 3 and 4",
        "schema.printed_slots": "must be {action} slots",
        "schema.cost_table": "must be a mapping of level to cost, got {got}",
        "schema.levels": "must list every level from {first} up without gaps, got {got}",
        # the caption of a research die's six faces
        "ui.die_faces": "die {die}: six faces",
    }
)
# -- an effect of a component checked (dino_kit.effects): after "<file>: <item>: <field> "
ENGLISH.update(
    {
        "effect_check.whole_between": "a whole number from {low} to {high}",
        "effect_check.whole_at_least": "a whole number ≥ {low}",
        "effect_check.whole": "a whole number",
        # what a parameter must be: "{what} ({options})", e.g. "a DNA type (blue, ...)"
        "effect_check.one_of": "{what} ({options})",
        "effect_check.dna_type": "a DNA type",
        "effect_check.category": "a category",
        "effect_check.dna_or_threat": "dna or threat",
        "effect_check.market_column": "a market column",
        "effect_check.conversions": "a non-empty list of [basic, basic, advanced] DNA conversions",
        "effect_check.mapping": "must be a mapping with an id and params, got {got}",
        "effect_check.field": "is not a field of an effect (id, params)",
        "effect_check.id": "must be one of {ids}, got {got}",
        "effect_check.place": "{id} cannot be used here (it is a {places} effect)",
        "effect_check.params": "must be a mapping, got {got}",
        "effect_check.unknown_param": "is not a parameter of {id}",
        "effect_check.missing": "is missing",
        "effect_check.must_be": "must be {expected}, got {got}",
    }
)
# -- what a market row lacks, in "market: the ${price} row has no {what}" (rule.empty_row)
ENGLISH.update(
    {
        "market.no_attraction": "attraction",
        "market.no_lab_upgrade": "lab upgrade",
        "market.no_specialist": "specialist",
    }
)
# -- sentences about a number of things, as real plurals (they replace the "(s)" forms of
# log.eaten, log.winners, story.held, story.solo_rounds_left, story.maybe_last, chance.roll
# and chance.chaos); the game's log and story (dino_kit.narrate, `dino-kit play`)
ENGLISH.update(
    {
        # after a player's VP in a round's summary line
        "log.eaten_n": Plural(", {n} visitor eaten", ", {n} visitors eaten"),
        # the last line of a finished game; {names}: the winners' names, {n}: how many
        "log.winners_n": Plural("Winner: {names}", "Winners: {names}"),
        "story.held_n": Plural(
            "Die {slot} ({face}) was left unclaimed and is held: every park adds its {n} "
            "threat pip this round.",
            "Die {slot} ({face}) was left unclaimed and is held: every park adds its {n} "
            "threat pips this round.",
        ),
        "story.solo_rounds_left_n": Plural(
            "Round {round} begins: {n} round left in this solo game.",
            "Round {round} begins: {n} rounds left in this solo game.",
        ),
        "story.maybe_last_n": Plural(
            "Round {round} may be the last round: {n} objective unclaimed; the game ends at "
            "the end of a round in which at most one is left unclaimed.",
            "Round {round} may be the last round: {n} objectives unclaimed; the game ends at "
            "the end of a round in which at most one is left unclaimed.",
        ),
        "story.market_slide_n": Plural(
            "Market: {items}, left in the ${price} row, is discarded; the other items slide "
            "toward the cheap rows and the empty places are refilled from the stacks.",
            "Market: {items}, left in the ${price} row, are discarded; the other items slide "
            "toward the cheap rows and the empty places are refilled from the stacks.",
        ),
        "chance.roll_n": Plural(
            "Die {slot} rolled: {face}, {n} threat pip.",
            "Die {slot} rolled: {face}, {n} threat pips.",
        ),
        "chance.chaos_n": Plural(
            "Chaos theory: the held die is rolled again: {n} threat pip.",
            "Chaos theory: the held die is rolled again: {n} threat pips.",
        ),
        # a rare face in the story: "rare face: {what}"
        "story.rare.paddock": "paddock",
        "story.rare.worker": "worker",
    }
)
# -- how a problem of a component file names the item it is about: "<kind> 'id'" or
# "<kind> #3" (dino_kit.components)
ENGLISH.update(
    {
        "item.die": "die",
        "item.recipe": "recipe",
        "item.attraction": "attraction",
        "item.lab_upgrade": "lab upgrade",
        "item.specialist": "specialist",
        "item.objective": "objective",
        "item.plot_twist": "plot twist",
        "item.rival_card": "rival card",
        "item.starting_exhibit": "tables: starting_exhibit",
    }
)
# -- values given to the engine from Python (a notebook's own code): after "<field>: "; the
# Python names (GameState, random.Random) are the code's and stay as they are
ENGLISH.update(
    {
        "input.tracks": "must be {n} whole numbers, got {got}",
        "input.exhibit": "must be an Exhibit, got {got}",
        "input.tuple": "must be a tuple, got {got}",
        "input.components": "must be a ComponentSet, got {got}",
        "input.components_or_none": "must be a ComponentSet or None, got {got}",
        "input.players": "must be one PlayerState per name ({n})",
        "input.rules": "must be a Rules, got {got}",
        "input.text": "must be a text, got {got}",
        "input.rng": "must be a random.Random, got {got}",
        "input.state": "must be a dino_kit GameState, got {got}",
        "input.action": "must be a dino_kit Action, got {got}",
    }
)


# -- the park's lines: visitor placement, the player's choice (issue 15, defect 2) ----------
ENGLISH.update(
    {
        "rule.place_none": "park: you have no visitors left to place",
        "rule.place_first": (
            "park: place your visitors first (hooligans, then customers); food customers "
            "are chosen after the escapes"
        ),
        "rule.place_unknown": (
            "park: choose one of your places, 0 to {last} (exhibits, then attractions), not {got!r}"
        ),
        "rule.place_full": (
            "park: {place} is full (it holds {capacity}); a visitor waits in line only when "
            "every place is full"
        ),
        "kind.place": "place visitors",
        "park.place.hint": (
            "place your visitors one at a time, hooligans first, or let the kit place them."
        ),
        "park.place.hooligan": Plural(
            "a hooligan → {place} ({free} free; {n} hooligan to place)",
            "a hooligan → {place} ({free} free; {n} hooligans to place)",
        ),
        "park.place.customer": Plural(
            "a customer → {place} ({free} free; {n} customer to place)",
            "a customer → {place} ({free} free; {n} customers to place)",
        ),
        "park.place.for_me": (
            "place for me: {who} (hooligans first, each into the first place with room)"
        ),
        "park.place.waiting": "Visitors to place: {who}.",
        # who is eaten: the owner's choice (issue 28 item 7)
        "kind.eat": "who is eaten",
        "park.eat.hint": (
            "dinosaurs escape: choose which customers they eat, one at a time, or let the kit "
            "choose."
        ),
        "park.eat.customer": Plural(
            "a customer at {place} is eaten ({there} there; {n} visitor still to eat)",
            "a customer at {place} is eaten ({there} there; {n} visitors still to eat)",
        ),
        "park.eat.for_me_n": Plural(
            "eat for me: {n} visitor (customers at other places before those at food attractions)",
            "eat for me: {n} visitors (customers at other places before those at food attractions)",
        ),
        "park.eat.waiting_n": Plural(
            "The dinosaurs eat {n} more visitor: choose which customer.",
            "The dinosaurs eat {n} more visitors: choose which customers.",
        ),
        # a long menu in two steps (narrate.menu_group): the group menu, then the choice
        "ui.group": "Group",
        "ui.group.die": "die {slot}: {face}",
        "ui.group.scientist": "scientist {level}",
        # a scientist's cold-storage raises whose first track (in the DNA order) is {dna}
        "ui.group.storage": "scientist {level}: {dna} and the tracks after it",
        "ui.group.tile": "{name} (${price} row)",
        "ui.group.dna_price": "DNA for ${price}",
        "ui.group.slot": "{space}, slot {n}",
        "ui.group.slot_storage": "{slot}: {dna} and the tracks after it",
        "park.eat.button": "Eat for me",
        "park.eat.button_tip": (
            "the kit chooses: customers at other places before those at food attractions"
        ),
        "rule.eat_none": "park: nobody in your park is for you to choose to be eaten now",
        "rule.eat_first_n": Plural(
            "park: first choose who the dinosaurs eat ({n} visitor left to eat)",
            "park: first choose who the dinosaurs eat ({n} visitors left to eat)",
        ),
        "rule.eat_customers_first": (
            "park: {place} has no customer left; customers inside are eaten before hooligans, "
            "so choose a place that holds a customer"
        ),
        # the shared supply of the box (issue 28 item 7)
        "rule.dinosaur_supply": (
            "workers: no dinosaur is left in the supply (the game has {n}, all in parks)"
        ),
        "rule.token_supply_threat": (
            "workers: no '+10' token is left in the supply (the game has {n}, all on threat "
            "and security tracks), so threat cannot reach {level}"
        ),
        "rule.token_supply_security": (
            "workers: no '+10' token is left in the supply (the game has {n}, all on threat "
            "and security tracks), so security cannot reach {level}"
        ),
        "rule.paddock_supply": (
            "{where}: no paddock tile is left in the supply (the game has {n}: one on each "
            "paddock level above 1)"
        ),
        "park.place.button": "Place for me",
        "park.place.button_tip": (
            "the kit places the visitors left: hooligans first, filling the places in park order"
        ),
    }
)
