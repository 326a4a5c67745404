"""The vocabulary card effects, objective conditions and plot-twist modifiers are made of.

Components never carry free text that code parses: each effect is an `Effect` — an id from
`VOCABULARY` with parameters. The vocabulary says, for every id, where it may appear and which
parameters it takes (with their checks); the loader validates data against it, and the engine
gives each id its meaning (lab slots in `phases.workers`, specialists and passives in
`player`, conditions in `objectives`, modifiers in `rules`).

Where an id may appear:
- ``slot``: a lab action a worker fires (printed lab board, lab upgrades);
- ``passive``: an always-on ability of a lab upgrade (green) or a hired specialist;
- ``hire``: an immediate effect of hiring a specialist (``gain_workers`` is lost on firing);
- ``condition``: an objective's requirement;
- ``modifier``: a plot twist's change of the rules;
- ``rival``: what a card of the solo mode's rival deck does (`rival.yaml`; a solo mode of this
  kit's design, not the published solo rules — see `dino_kit.solo`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from dino_kit.messages import message

DNA_TYPES: Final = ("blue", "pink", "violet", "green", "red", "orange")
BASIC_DNA: Final = DNA_TYPES[:3]
ADVANCED_DNA: Final = DNA_TYPES[3:]
CATEGORIES: Final = ("herbivore", "small_carnivore", "large_carnivore")


@dataclass(frozen=True)
class Effect:
    """One effect: a vocabulary id and its parameters (as sorted key/value pairs, so the
    value is hashable and immutable)."""

    id: str
    params: tuple[tuple[str, Any], ...] = ()

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.params:
            if k == key:
                return v
        return default

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id}
        if self.params:
            data["params"] = {k: _plain(v) for k, v in self.params}
        return data


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


# A parameter check returns None when the value is fine, else what was expected.
ParamCheck = Callable[[Any], "str | None"]


def whole(low: int | None = None, high: int | None = None) -> ParamCheck:
    def check(value: Any) -> str | None:
        ok = isinstance(value, int) and not isinstance(value, bool)
        ok = ok and (low is None or value >= low) and (high is None or value <= high)
        if ok:
            return None
        if low is not None and high is not None:
            return message("effect_check.whole_between", low=low, high=high)
        if low is not None:
            return message("effect_check.whole_at_least", low=low)
        return message("effect_check.whole")

    return check


def one_of(options: tuple[str, ...], what: str) -> ParamCheck:
    """A parameter that is one of `options`; `what` is the catalogue key of what it is
    ("a DNA type")."""

    def check(value: Any) -> str | None:
        if value in options:
            return None
        return message("effect_check.one_of", what=message(what), options=", ".join(options))

    return check


def conversions(value: Any) -> str | None:
    """A list of [basic, basic, advanced] conversions."""
    expected = message("effect_check.conversions")
    if not isinstance(value, (list, tuple)) or not value:
        return expected
    for item in value:
        if (
            not isinstance(item, (list, tuple))
            or len(item) != 3
            or item[0] not in BASIC_DNA
            or item[1] not in BASIC_DNA
            or item[2] not in ADVANCED_DNA
        ):
            return expected
    return None


@dataclass(frozen=True)
class EffectKind:
    """What the vocabulary knows of one id: where it may appear, its parameters, and a short
    description of its meaning (for docs and explanations)."""

    places: frozenset[str]
    params: Mapping[str, ParamCheck]
    meaning: str


def _kind(places: str, meaning: str, **params: ParamCheck) -> EffectKind:
    return EffectKind(frozenset(places.split()), params, meaning)


VOCABULARY: Final[dict[str, EffectKind]] = {
    # lab actions
    "create_dinosaur": _kind("slot", "create one dinosaur from a recipe in the park"),
    "refine_dna": _kind(
        "slot", "do one listed conversion: two basic DNA into one advanced", conversions=conversions
    ),
    "raise_security": _kind("slot", "raise security by 1, paying the cost table"),
    "upgrade_paddock": _kind("slot", "raise a paddock's capacity by 1, paying the new capacity"),
    "gain_money": _kind("slot hire", "gain $amount", amount=whole(0, 20)),
    "gain_dna": _kind(
        "slot hire",
        "gain amount DNA of a type",
        dna=one_of(DNA_TYPES, "effect_check.dna_type"),
        amount=whole(1, 5),
    ),
    "raise_storage": _kind(
        "slot", "raise cold-storage limits by amount in total", amount=whole(1, 5)
    ),
    # specialists and passive abilities
    "gain_workers": _kind(
        "hire", "take workers from the supply (lost when fired)", amount=whole(1, 4)
    ),
    "security_bonus": _kind("passive", "+amount security in the park phase", amount=whole(1, 5)),
    "excitement_bonus": _kind("passive", "+amount visitors drawn", amount=whole(1, 5)),
    "income": _kind("passive", "+$amount in each park phase", amount=whole(1, 5)),
    "research_bonus": _kind("passive", "+amount DNA on each DNA die claimed", amount=whole(1, 3)),
    "attraction_discount": _kind("passive", "attractions cost $amount less", amount=whole(1, 5)),
    "security_discount": _kind(
        "passive", "raising security costs $amount less", amount=whole(1, 5)
    ),
    # objective conditions
    "dinosaurs_at_least": _kind("condition", "count dinosaurs in the park", count=whole(1, 50)),
    "category_dinosaurs_at_least": _kind(
        "condition",
        "count dinosaurs of a category",
        category=one_of(CATEGORIES, "effect_check.category"),
        count=whole(1, 50),
    ),
    "attractions_at_least": _kind("condition", "count attractions", count=whole(1, 30)),
    "food_attractions_at_least": _kind("condition", "count food attractions", count=whole(1, 30)),
    "excitement_at_least": _kind("condition", "excitement of value", value=whole(1, 30)),
    "money_at_least": _kind("condition", "money of amount", amount=whole(1, 200)),
    "vp_at_least": _kind("condition", "victory points of value", value=whole(1, 200)),
    "security_at_least": _kind("condition", "security (track) of value", value=whole(1, 30)),
    "specialists_at_least": _kind("condition", "hired specialists", count=whole(1, 3)),
    "lab_upgrades_at_least": _kind("condition", "working lab upgrades", count=whole(1, 6)),
    "recipes_at_least": _kind(
        "condition", "recipes in the park (start included)", count=whole(1, 17)
    ),
    "dna_at_least": _kind("condition", "DNA in the lab in total", amount=whole(1, 60)),
    "paddock_capacity_at_least": _kind("condition", "a paddock of capacity", capacity=whole(2, 4)),
    # plot-twist modifiers
    "excitement_cap": _kind("modifier", "excitement never above value", value=whole(5, 40)),
    "pass_money": _kind("modifier", "passing in the market gives $amount", amount=whole(0, 10)),
    "eaten_penalty": _kind("modifier", "each eaten visitor costs vp VP", vp=whole(0, 5)),
    "customer_fee": _kind("modifier", "each customer pays $amount on arrival", amount=whole(0, 5)),
    "food_money": _kind(
        "modifier", "a food customer taken as money gives $amount", amount=whole(0, 10)
    ),
    "round_end_money": _kind(
        "modifier", "every player gains $amount at round end", amount=whole(-5, 10)
    ),
    "security_cost_delta": _kind("modifier", "security costs $amount more", amount=whole(-5, 5)),
    "paddock_cost_delta": _kind(
        "modifier", "paddock upgrades cost $amount more", amount=whole(-5, 5)
    ),
    # the solo mode's rival (this kit's own design)
    "rival_dice": _kind(
        "rival",
        "the rival claims count dice before research: those with the most DNA or threat",
        count=whole(1, 3),
        prefer=one_of(("dna", "threat"), "effect_check.dna_or_threat"),
    ),
    "rival_recipe": _kind(
        "rival",
        "the rival takes the face-up recipe of a category out of the game",
        category=one_of(CATEGORIES, "effect_check.category"),
    ),
    "rival_market": _kind(
        "rival",
        "the rival takes the item of a market column in the row of a price (to its discards)",
        column=one_of(("attractions", "lab_upgrades", "specialists"), "effect_check.market_column"),
        price=whole(2, 5),
    ),
    "rival_vp": _kind("rival", "the rival scores amount VP", amount=whole(0, 20)),
    "rival_objective": _kind(
        "rival", "the rival claims the first objective still unclaimed (its VP are the rival's)"
    ),
    "rival_threat": _kind(
        "rival", "+amount threat in the player's park this round", amount=whole(1, 3)
    ),
}


def check_effect(data: Any, place: str) -> tuple[Effect | None, list[tuple[str, str]]]:
    """Validate raw data for an effect allowed at `place`: the Effect (None when broken) and a
    list of (field, problem) pairs, fields relative to the effect."""
    problems: list[tuple[str, str]] = []
    if not isinstance(data, Mapping):
        return None, [("", message("effect_check.mapping", got=repr(data)))]
    unknown = set(data) - {"id", "params"}
    for key in sorted(unknown, key=str):
        problems.append((str(key), message("effect_check.field")))
    ident = data.get("id")
    kind = VOCABULARY.get(ident) if isinstance(ident, str) else None
    if kind is None:
        allowed = sorted(k for k, v in VOCABULARY.items() if place in v.places)
        return None, [("id", message("effect_check.id", ids=", ".join(allowed), got=repr(ident)))]
    assert isinstance(ident, str)  # (a known id is a name)
    if place not in kind.places:
        return None, [
            (
                "id",
                message("effect_check.place", id=repr(ident), places="/".join(sorted(kind.places))),
            )
        ]
    params = data.get("params", {})
    if params is None:
        params = {}
    if not isinstance(params, Mapping):
        return None, [("params", message("effect_check.params", got=repr(params)))]
    for key in sorted(set(params) - set(kind.params), key=str):
        problems.append((f"params.{key}", message("effect_check.unknown_param", id=ident)))
    values: list[tuple[str, Any]] = []
    for key, check in kind.params.items():
        if key not in params:
            problems.append((f"params.{key}", message("effect_check.missing")))
            continue
        expected = check(params[key])
        if expected is not None:
            problems.append(
                (
                    f"params.{key}",
                    message("effect_check.must_be", expected=expected, got=repr(params[key])),
                )
            )
        values.append((key, _frozen(params[key])))
    if problems:
        return None, problems
    return Effect(ident, tuple(sorted(values))), []


def _frozen(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value
