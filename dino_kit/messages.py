"""Every sentence of Dinosaur Island that a user reads, in one catalogue.

Rule errors, log lines and labels look their words up here, so a translation is a new
catalogue, not an edit of the logic. A `RuleError` carries the key of its rule (the part after
"rule.").
"""

from __future__ import annotations

ENGLISH: dict[str, str] = {
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
    "rule.bad_outcome": "{got!r} is not a possible outcome of {what}",
    "rule.wrong_phase": "{kind!r} is not an action of the {phase} phase",
    "rule.unknown_action": "{kind!r} is not an action of Dinosaur Island",
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
    "rule.storage_allocation": (
        "research: scientist {level} raises cold-storage limits by exactly {level} in total "
        "(up to {max} on a track), not {got!r}"
    ),
    "rule.no_recipe": "research: no {category} recipe is face up now",
    "rule.research_level": (
        "research: the {category} recipe needs a scientist of level {need} or more, not {level}"
    ),
    "rule.park_full": "{where}: the park has {free} free zone(s); this needs {need}",
    "rule.empty_row": "market: the ${price} row has no {what}",
    "rule.cannot_afford": "{where}: this costs ${cost} and you have ${money}",
    "rule.fire_choice": (
        "market: at most 3 specialists — hiring a 4th fires one of yours, so choose one of {hired}"
    ),
    "rule.fire_not_needed": "market: you have fewer than 3 specialists, so nobody is fired",
    "rule.lab_space": (
        "market: a lab upgrade goes on a free 'under construction' space ({free}), or over an "
        "older upgrade when none is free"
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
    "rule.not_enough_workers": "workers: slot {slot!r} needs {need} worker(s), you have {have}",
    "rule.no_recipe_exhibit": "workers: choose one of your exhibits (0 to {last})",
    "rule.paddock_full": (
        "workers: the {name} paddock holds {capacity} dinosaur(s) and is full; raise its "
        "capacity first"
    ),
    "rule.missing_dna": "workers: the {name} recipe needs {need}; your lab has {have}",
    "rule.no_conversion": "workers: this slot lists conversions 0 to {last}, not {got!r}",
    "rule.security_max": "workers: the security cost table ends at level {level}",
    "rule.paddock_max": "{where}: a paddock's capacity is at most 4",
    "rule.food_choice": (
        "park: {food} customer(s) are at food attractions; choose how many give $ instead of "
        "1 VP (0 to {food}), not {got!r}"
    ),
    # log lines
    "log.round": "Round {round}",
    "log.phase": "— {phase} —",
    "log.chance": "  (chance) {what}: {outcome}",
    "log.action": "  {name}: {action}",
    "log.final": "Final scores: {scores}",
    "log.winners": "Winner(s): {names}",
    "solo.label": "a solo mode of this kit's design, not the published solo rules",
    "log.solo_won": "{name} beats the rival ({rival} points) — solo mode of this kit's design",
    "log.solo_lost": "The rival wins with {rival} points — solo mode of this kit's design",
}

_catalogue: dict[str, str] = ENGLISH


def message(key: str, **values: object) -> str:
    """The sentence for `key` in the current catalogue, with `values` filled in."""
    return _catalogue[key].format(**values)
