"""The component kinds of Dinosaur Island as immutable values, and how each is checked.

Every kind has a dataclass (what the engine uses) and a `parse_*` function that turns one raw
YAML item into it while recording every problem found (`Problems`), so that the loader can
report all of them at once. The full field-by-field description is in `SCHEMA.md` next to this
module. DNA amounts are tuples in the order of `effects.DNA_TYPES`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Final, TypeVar

from dino_kit.effects import (
    ADVANCED_DNA,
    BASIC_DNA,
    CATEGORIES,
    DNA_TYPES,
    Effect,
    check_effect,
)
from dino_kit.messages import message
from dino_kit.pictures import face_label, face_svg
from kit_common.messages import current_language
from kit_common.svg import dice_row_html

RARE_FACES: Final = ("paddock", "worker")
OBJECTIVE_LENGTHS: Final = ("short", "medium", "long")
SPECIAL_UPGRADES: Final = ("dino_research_2", "dna_refinement_2")
CATEGORY_THREAT: Final = {"herbivore": 1, "small_carnivore": 2, "large_carnivore": 2}


# -- problems -----------------------------------------------------------------------------


@dataclass
class Problems:
    """Problems found while reading one file; each reads `file: item: field what`."""

    file: str
    found: list[str] = field(default_factory=list)

    def add(self, item: str, where: str, what: str) -> None:
        place = f"{item}: " if item else ""
        self.found.append(problem_line(f"{self.file}: {place}{where} {what}".rstrip()))


#: A problem is said in one line of at most this many characters: the value it quotes is cut
#: short, so that a hostile file cannot make the report many times its own size.
MAX_PROBLEM_CHARS = 300


def problem_line(text: str) -> str:
    """`text` as one printable line of at most `MAX_PROBLEM_CHARS` characters (a character
    that is not printable, such as a newline or an escape, is written as its escape)."""
    if not text.isprintable():
        text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    if len(text) > MAX_PROBLEM_CHARS:
        text = text[: MAX_PROBLEM_CHARS - 3] + "..."
    return text


class Reader:
    """Reads the fields of one raw item, recording problems under `item`."""

    def __init__(self, problems: Problems, item: str, data: Any, fields: tuple[str, ...]):
        self.problems, self.item, self.ok = problems, item, True
        if not isinstance(data, Mapping):
            self.fail("", message("schema.fields_mapping", got=repr(data)))
            data = {}
        self.data = data
        for key in data:
            if key not in fields:
                self.fail(str(key), message("schema.unknown_field", fields=", ".join(fields)))

    def fail(self, where: str, what: str) -> None:
        self.ok = False
        self.problems.add(self.item, where, what)

    def whole(self, key: str, low: int = 0, high: int | None = None, default: Any = ...) -> int:
        value = self.data.get(key, default)
        if value is ...:
            self.fail(key, message("schema.missing"))
            return low
        return self.check_whole(key, value, low, high)

    def check_whole(self, where: str, value: Any, low: int, high: int | None) -> int:
        good = isinstance(value, int) and not isinstance(value, bool)
        if good and value >= low and (high is None or value <= high):
            return value
        if high is not None:
            self.fail(where, message("schema.whole_between", low=low, high=high, got=repr(value)))
        else:
            self.fail(where, message("schema.whole_at_least", low=low, got=repr(value)))
        return low

    def text(self, key: str) -> str:
        value = self.data.get(key)
        if not isinstance(value, str) or not value.strip():
            self.fail(key, message("schema.text", got=repr(value)))
            return "?"
        return value

    def choice(self, key: str, options: tuple[str, ...], default: Any = ...) -> Any:
        value = self.data.get(key, default)
        if value is ...:
            self.fail(key, message("schema.missing"))
            return options[0]
        if value not in options and not (value is None and default is None):
            self.fail(key, message("schema.one_of", options=", ".join(options), got=repr(value)))
            return options[0]
        return value

    def flag(self, key: str, default: bool) -> bool:
        value = self.data.get(key, default)
        if not isinstance(value, bool):
            self.fail(key, message("schema.flag", got=repr(value)))
            return default
        return value

    def effect(self, where: str, data: Any, place: str) -> Effect | None:
        effect, found = check_effect(data, place)
        for sub, what in found:
            self.fail(f"{where}.{sub}" if sub else where, what)
        return effect

    def effects(self, key: str, place: str, required: bool = True) -> tuple[Effect, ...]:
        raw = self.data.get(key, [] if not required else None)
        if not isinstance(raw, list):
            self.fail(key, message("schema.effects", got=repr(raw)))
            return ()
        got = [self.effect(f"{key}[{i}]", item, place) for i, item in enumerate(raw)]
        return tuple(e for e in got if e is not None)

    def dna(self, key: str) -> tuple[int, ...]:
        raw = self.data.get(key)
        if not isinstance(raw, Mapping):
            self.fail(key, message("schema.dna_mapping", got=repr(raw)))
            return (0,) * 6
        for name in raw:
            if name not in DNA_TYPES:
                self.fail(f"{key}.{name}", message("schema.not_dna", types=", ".join(DNA_TYPES)))
        return tuple(self.check_whole(f"{key}.{t}", raw.get(t, 0), 0, 20) for t in DNA_TYPES)


def item_name(kind: str, data: Any, index: int) -> str:
    """How a problem names an item: `recipe 'H3'`, or `recipe #4` when it has no id; `kind`
    is the item's kind as its catalogue key says it (`item.<kind>`: "recipe", "lab_upgrade")."""
    ident = data.get("id") if isinstance(data, Mapping) else None
    word = message("item." + kind)
    return f"{word} {ident!r}" if isinstance(ident, str) else f"{word} #{index + 1}"


# -- the kinds ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Face:
    """A die face: `dna` type × `amount` with `threat` pips, or a `rare` face (then no DNA)."""

    dna: str | None
    amount: int
    threat: int
    rare: str | None = None

    def __str__(self) -> str:
        return face_label(self.dna, self.amount, self.threat, self.rare)

    def _repr_html_(self) -> str:
        return self.svg()

    def svg(self, size_em: float = 2.6) -> str:
        """The face drawn as an inline SVG die (dino_kit.pictures)."""
        return face_svg(self.dna, self.amount, self.threat, self.rare, size_em)


@dataclass(frozen=True)
class Die:
    """A research die: its id and its six faces."""

    id: str
    faces: tuple[Face, ...]

    def _repr_html_(self) -> str:
        return dice_row_html([f.svg() for f in self.faces], message("ui.die_faces", die=self.id))


def parse_die(p: Problems, data: Any, index: int) -> Die | None:
    r = Reader(p, item_name("die", data, index), data, ("id", "faces"))
    ident = r.text("id")
    raw = r.data.get("faces")
    faces: list[Face] = []
    if not isinstance(raw, list) or len(raw) != 6:
        r.fail("faces", message("schema.six_faces", got=repr(raw)))
        raw = []
    for i, f in enumerate(raw):
        where = f"faces[{i}]"
        if not isinstance(f, Mapping):
            r.fail(where, message("schema.mapping", got=repr(f)))
            continue
        for key in f:
            if key not in ("dna", "amount", "threat", "rare"):
                r.fail(f"{where}.{key}", message("schema.face_field"))
        threat = r.check_whole(f"{where}.threat", f.get("threat", 0), 0, 3)
        if "rare" in f:
            if f["rare"] not in RARE_FACES:
                r.fail(
                    f"{where}.rare",
                    message("schema.one_of", options=", ".join(RARE_FACES), got=repr(f["rare"])),
                )
            if "dna" in f or "amount" in f:
                r.fail(where, message("schema.rare_face"))
            faces.append(Face(None, 0, threat, f["rare"]))
        else:
            if f.get("dna") not in DNA_TYPES:
                r.fail(
                    f"{where}.dna",
                    message("schema.dna_type", types=", ".join(DNA_TYPES), got=repr(f.get("dna"))),
                )
            amount = r.check_whole(f"{where}.amount", f.get("amount"), 1, 3)
            faces.append(Face(f.get("dna"), amount, threat))
    return Die(ident, tuple(faces)) if r.ok else None


@dataclass(frozen=True)
class Recipe:
    """A dino recipe tile: DNA cost per type, excitement per dinosaur created, threat pips, VP
    per dinosaur at the end, and the minimum scientist level that may acquire it."""

    id: str
    name: str
    category: str
    dna_cost: tuple[int, ...]
    excitement: int
    threat: int
    vp: int
    research_level: int


RECIPE_FIELDS: Final = (
    "id",
    "name",
    "category",
    "dna_cost",
    "excitement",
    "threat",
    "vp",
    "research_level",
)


def parse_recipe(p: Problems, data: Any, index: int, kind: str = "recipe") -> Recipe | None:
    r = Reader(p, item_name(kind, data, index), data, RECIPE_FIELDS)
    ident, name = r.text("id"), r.text("name")
    category = r.choice("category", CATEGORIES)
    cost = r.dna("dna_cost")
    if r.ok and sum(cost) == 0:
        r.fail("dna_cost", message("schema.some_dna"))
    threat = r.whole("threat", 1, 2)
    if r.ok and threat != CATEGORY_THREAT[category]:
        r.fail(
            "threat",
            message(
                "schema.threat",
                expected=CATEGORY_THREAT[category],
                category=category,
                got=threat,
            ),
        )
    recipe = Recipe(
        ident,
        name,
        category,
        cost,
        r.whole("excitement", 0, 20),
        threat,
        r.whole("vp", 0, 20),
        r.whole("research_level", 1, 3),
    )
    return recipe if r.ok else None


@dataclass(frozen=True)
class Attraction:
    """An attraction tile: printed cost, VP at the end, visitor capacity, food or not, and the
    player-count mark (`players` 2 = every game, 3 = "3+", 4 = "4+")."""

    id: str
    name: str
    cost: int
    vp: int
    capacity: int
    food: bool
    players: int


def parse_attraction(p: Problems, data: Any, index: int) -> Attraction | None:
    r = Reader(
        p,
        item_name("attraction", data, index),
        data,
        ("id", "name", "cost", "vp", "capacity", "food", "players"),
    )
    a = Attraction(
        r.text("id"),
        r.text("name"),
        r.whole("cost", 0, 20),
        r.whole("vp", 0, 20),
        r.whole("capacity", 1, 6),
        r.flag("food", False),
        r.whole("players", 2, 4, 2),
    )
    return a if r.ok else None


@dataclass(frozen=True)
class Slot:
    """A lab slot: the action a worker fires there, whether it fires any number of times a
    round (`unlimited`), and how many workers one firing needs."""

    action: Effect
    unlimited: bool = False
    workers: int = 1


def parse_slots(r: Reader, key: str) -> tuple[Slot, ...]:
    raw = r.data.get(key)
    if not isinstance(raw, list):
        r.fail(key, message("schema.slots", got=repr(raw)))
        return ()
    slots = []
    for i, s in enumerate(raw):
        where = f"{key}[{i}]"
        if not isinstance(s, Mapping):
            r.fail(where, message("schema.mapping", got=repr(s)))
            continue
        for extra in set(s) - {"action", "unlimited", "workers"}:
            r.fail(f"{where}.{extra}", message("schema.slot_field"))
        action = r.effect(f"{where}.action", s.get("action"), "slot")
        unlimited = s.get("unlimited", False)
        if not isinstance(unlimited, bool):
            r.fail(f"{where}.unlimited", message("schema.flag", got=repr(unlimited)))
        workers = r.check_whole(f"{where}.workers", s.get("workers", 1), 1, 3)
        if action is not None:
            slots.append(Slot(action, bool(unlimited), workers))
    return tuple(slots)


@dataclass(frozen=True)
class LabUpgrade:
    """A lab-upgrade tile: its slots, passive (green) abilities, player-count mark, and
    `special` for the Dino Research II / DNA Refinement II stacks (None for regular tiles)."""

    id: str
    name: str
    players: int
    special: str | None
    slots: tuple[Slot, ...]
    passives: tuple[Effect, ...]


def parse_lab_upgrade(p: Problems, data: Any, index: int) -> LabUpgrade | None:
    r = Reader(
        p,
        item_name("lab_upgrade", data, index),
        data,
        ("id", "name", "players", "special", "slots", "passives"),
    )
    u = LabUpgrade(
        r.text("id"),
        r.text("name"),
        r.whole("players", 2, 4, 2),
        r.choice("special", SPECIAL_UPGRADES, None),
        parse_slots(r, "slots"),
        r.effects("passives", "passive", required=False),
    )
    if r.ok and not u.slots and not u.passives:
        r.fail("slots", message("schema.upgrade_empty"))
    return u if r.ok else None


@dataclass(frozen=True)
class Specialist:
    """A specialist card: effects on hiring (`hire` place) and while hired (`passive`)."""

    id: str
    name: str
    effects: tuple[Effect, ...]


def parse_specialist(p: Problems, data: Any, index: int) -> Specialist | None:
    r = Reader(p, item_name("specialist", data, index), data, ("id", "name", "effects"))
    ident, name = r.text("id"), r.text("name")
    raw = r.data.get("effects")
    effects: list[Effect] = []
    if not isinstance(raw, list) or not raw:
        r.fail("effects", message("schema.some_effects", got=repr(raw)))
        raw = []
    for i, e in enumerate(raw):
        place = (
            "hire"
            if isinstance(e, Mapping) and e.get("id") in ("gain_workers", "gain_money", "gain_dna")
            else "passive"
        )
        got = r.effect(f"effects[{i}]", e, place)
        if got is not None:
            effects.append(got)
    return Specialist(ident, name, tuple(effects)) if r.ok else None


@dataclass(frozen=True)
class Objective:
    """An objective card: stack (`length`), condition, VP at the end."""

    id: str
    length: str
    condition: Effect
    vp: int


def parse_objective(p: Problems, data: Any, index: int) -> Objective | None:
    r = Reader(p, item_name("objective", data, index), data, ("id", "length", "condition", "vp"))
    ident, length = r.text("id"), r.choice("length", OBJECTIVE_LENGTHS)
    condition = r.effect("condition", r.data.get("condition"), "condition")
    vp = r.whole("vp", 6, 8)
    return Objective(ident, length, condition, vp) if r.ok and condition else None


@dataclass(frozen=True)
class PlotTwist:
    """A plot-twist card: one rules modifier. Two twists whose modifiers share an id
    contradict each other (setup redraws the second)."""

    id: str
    name: str
    modifier: Effect


def parse_plot_twist(p: Problems, data: Any, index: int) -> PlotTwist | None:
    r = Reader(p, item_name("plot_twist", data, index), data, ("id", "name", "modifier"))
    ident, name = r.text("id"), r.text("name")
    modifier = r.effect("modifier", r.data.get("modifier"), "modifier")
    return PlotTwist(ident, name, modifier) if r.ok and modifier else None


@dataclass(frozen=True)
class RivalCard:
    """A card of the solo mode's rival deck (this kit's own design, not the published solo
    cards): effects of the `rival` place, applied when the card is revealed."""

    id: str
    name: str
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class Rival:
    """The solo mode's automated rival (`rival.yaml`): its name, the rounds a solo game
    lasts, and its deck."""

    name: str
    rounds: int
    cards: tuple[RivalCard, ...]


RIVAL_CARDS: Final = (6, 30)  # at least one card a round, at most a deck's worth


def parse_rival(p: Problems, data: Any) -> Rival | None:
    r = Reader(p, "rival", data, ("name", "rounds", "cards"))
    name, rounds = r.text("name"), r.whole("rounds", 1, 20)
    raw = r.data.get("cards")
    cards: list[RivalCard] = []
    if not isinstance(raw, list) or not RIVAL_CARDS[0] <= len(raw) <= RIVAL_CARDS[1]:
        r.fail(
            "cards",
            message("schema.rival_cards", low=RIVAL_CARDS[0], high=RIVAL_CARDS[1], got=repr(raw)),
        )
        raw = []
    ok = r.ok
    for i, item in enumerate(raw):
        c = Reader(p, item_name("rival_card", item, i), item, ("id", "name", "effects"))
        card = RivalCard(c.text("id"), c.text("name"), c.effects("effects", "rival"))
        if c.ok and not card.effects:
            c.fail("effects", message("schema.rival_effect"))
        if c.ok:
            cards.append(card)
        ok = ok and c.ok
    if ok and isinstance(rounds, int) and len(cards) < rounds:
        r.fail("cards", message("schema.card_per_round", rounds=rounds, got=len(cards)))
        ok = False
    return Rival(name, rounds, tuple(cards)) if ok else None


@dataclass(frozen=True)
class DnaOffer:
    """What buying DNA at `price` gives: `amount` DNA of one type of `kind` (basic/advanced)."""

    price: int
    kind: str
    amount: int

    @property
    def types(self) -> tuple[str, ...]:
        return BASIC_DNA if self.kind == "basic" else ADVANCED_DNA


@dataclass(frozen=True)
class Tables:
    """Cost tables and printed board parts: market row prices (dearest first), DNA offers,
    security cost by new level, paddock cost by new capacity, cold-storage limits, free park
    zones, the printed lab spaces and the printed starting exhibit."""

    market_rows: tuple[int, ...]
    dna_purchase: tuple[DnaOffer, ...]
    security_costs: tuple[tuple[int, int], ...]
    paddock_costs: tuple[tuple[int, int], ...]
    basic_start_limit: int
    advanced_start_limit: int
    max_limit: int
    park_zones: int
    construction_spaces: int
    dino_research: tuple[Slot, ...]
    dna_refinement: tuple[Slot, ...]
    starting_exhibit: Recipe

    def security_cost(self, level: int) -> int | None:
        """$ to raise security to `level` (None beyond the table)."""
        return self._security_by_level.get(level)

    def paddock_cost(self, capacity: int) -> int | None:
        return self._paddock_by_capacity.get(capacity)

    def dna_offer(self, price: int) -> DnaOffer | None:
        try:
            return self._offer_by_price.get(price)
        except TypeError:  # an unhashable price is no offer's
            return None

    # the tables as dicts, made once per Tables (the rules look prices up at every decision)
    @cached_property
    def _security_by_level(self) -> dict[int, int]:
        return dict(self.security_costs)

    @cached_property
    def _paddock_by_capacity(self) -> dict[int, int]:
        return dict(self.paddock_costs)

    @cached_property
    def _offer_by_price(self) -> dict[int, DnaOffer]:
        offers: dict[int, DnaOffer] = {}
        for offer in self.dna_purchase:
            offers.setdefault(offer.price, offer)  # the first offer of a price, as listed
        return offers


def parse_tables(p: Problems, data: Any) -> Tables | None:
    r = Reader(
        p,
        "tables",
        data,
        (
            "market_rows",
            "dna_purchase",
            "security_costs",
            "paddock_costs",
            "storage",
            "park_zones",
            "lab_board",
            "starting_exhibit",
        ),
    )
    rows = r.data.get("market_rows")
    if rows != [5, 4, 3, 2]:
        r.fail("market_rows", message("schema.market_rows", got=repr(rows)))
    offers = []
    raw = r.data.get("dna_purchase")
    if not isinstance(raw, list):
        r.fail("dna_purchase", message("schema.offers", got=repr(raw)))
        raw = []
    for i, o in enumerate(raw):
        w = f"dna_purchase[{i}]"
        if not isinstance(o, Mapping):
            r.fail(w, message("schema.mapping", got=repr(o)))
            continue
        kind = o.get("kind")
        if kind not in ("basic", "advanced"):
            r.fail(f"{w}.kind", message("schema.offer_kind", got=repr(kind)))
        offers.append(
            DnaOffer(
                r.check_whole(f"{w}.price", o.get("price"), 2, 5),
                str(kind),
                r.check_whole(f"{w}.amount", o.get("amount"), 1, 10),
            )
        )
    if r.ok and sorted(o.price for o in offers) != [2, 3, 4, 5]:
        r.fail("dna_purchase", message("schema.offer_prices"))
    security = _level_table(r, "security_costs", 2)
    paddock = _level_table(r, "paddock_costs", 2)
    if r.ok and [lvl for lvl, _ in paddock] != [2, 3, 4]:
        r.fail("paddock_costs", message("schema.paddock_costs"))
    storage = r.data.get("storage")
    s = Reader(p, "tables", storage, ("basic_start_limit", "advanced_start_limit", "max_limit"))
    s.data = storage if isinstance(storage, Mapping) else {}
    basic_lim = s.check_whole("storage.basic_start_limit", s.data.get("basic_start_limit"), 1, 20)
    adv_lim = s.check_whole(
        "storage.advanced_start_limit", s.data.get("advanced_start_limit"), 1, 20
    )
    max_lim = s.check_whole(
        "storage.max_limit", s.data.get("max_limit"), max(basic_lim, adv_lim), 30
    )
    zones = r.whole("park_zones", 2, 30)
    lab = r.data.get("lab_board")
    lab_r = Reader(
        p, "tables.lab_board", lab, ("construction_spaces", "dino_research", "dna_refinement")
    )
    construction = lab_r.whole("construction_spaces", 1, 6)
    printed = {}
    for space, action in (("dino_research", "create_dinosaur"), ("dna_refinement", "refine_dna")):
        sub = Reader(p, f"tables.lab_board.{space}", lab_r.data.get(space), ("slots",))
        printed[space] = parse_slots(sub, "slots")
        if sub.ok and (not printed[space] or any(sl.action.id != action for sl in printed[space])):
            sub.fail("slots", message("schema.printed_slots", action=action))
        lab_r.ok = lab_r.ok and sub.ok
    start = parse_recipe(p, r.data.get("starting_exhibit"), 0, kind="starting_exhibit")
    if not (r.ok and s.ok and lab_r.ok and start):
        return None
    return Tables(
        tuple(rows),
        tuple(sorted(offers, key=lambda o: o.price)),
        security,
        paddock,
        basic_lim,
        adv_lim,
        max_lim,
        zones,
        construction,
        printed["dino_research"],
        printed["dna_refinement"],
        start,
    )


def _level_table(r: Reader, key: str, first: int) -> tuple[tuple[int, int], ...]:
    raw = r.data.get(key)
    if not isinstance(raw, Mapping) or not raw:
        r.fail(key, message("schema.cost_table", got=repr(raw)))
        return ()
    table = []
    for level, cost in raw.items():
        lvl = r.check_whole(f"{key}.{level}", level, first, 40)
        table.append((lvl, r.check_whole(f"{key}.{level}", cost, 0, 50)))
    table.sort()
    levels = [lvl for lvl, _ in table]
    if r.ok and levels != list(range(first, first + len(levels))):
        r.fail(key, message("schema.levels", first=first, got=levels))
    return tuple(table)


@dataclass(frozen=True)
class Visitors:
    """The bag: customers (they pay and score) and hooligans."""

    customers: int
    hooligans: int

    @property
    def total(self) -> int:
        return self.customers + self.hooligans


def parse_visitors(p: Problems, data: Any) -> Visitors | None:
    r = Reader(p, "visitors", data, ("customers", "hooligans"))
    v = Visitors(r.whole("customers", 1, 200), r.whole("hooligans", 0, 200))
    return v if r.ok else None


@dataclass(frozen=True)
class ComponentSet:
    """A whole validated set of components, with lookups by id: `recipe(ident)`,
    `attraction(ident)` and the others give the kind they name (typed, and a KeyError for an
    id of another kind); `components[ident]` gives whatever kind the id has."""

    name: str
    english_label: str
    english_notice: str
    dice: tuple[Die, ...]
    recipes: tuple[Recipe, ...]
    attractions: tuple[Attraction, ...]
    lab_upgrades: tuple[LabUpgrade, ...]
    specialists: tuple[Specialist, ...]
    objectives: tuple[Objective, ...]
    plot_twists: tuple[PlotTwist, ...]
    tables: Tables
    visitors: Visitors
    by_id: Mapping[str, Component] = field(default_factory=dict, compare=False, repr=False)
    rival: Rival | None = None  # the solo mode's rival, when the set has a rival.yaml
    #: The label and notice in other languages, by language code (set.yaml's `translations`).
    translations: Mapping[str, Mapping[str, str]] = field(default_factory=dict, compare=False)
    #: Component names in other languages: language code -> component id -> name (the set
    #: folder's `names.<code>.yaml`). Only what is shown reads them, through `name_of`.
    names: Mapping[str, Mapping[str, str]] = field(default_factory=dict, compare=False, repr=False)

    @property
    def label(self) -> str:
        """What the set is, in a few words, in the current language (English when set.yaml
        gives no translation): e.g. "illustrative — not the published components"."""
        return self.translations.get(current_language(), {}).get("label", self.english_label)

    @property
    def notice(self) -> str:
        """Where the set comes from, in the current language (English when untranslated)."""
        return self.translations.get(current_language(), {}).get("notice", self.english_notice)

    def name_of(self, item: str | NamedComponent) -> str:
        """The name of a component (given by id or itself) in the current language: its
        `names.<code>.yaml` entry, else its English `name`. The bots and records use ids and
        English names; only what a person reads asks here."""
        component = self.by_id[item] if isinstance(item, str) else item
        translated = self.names.get(current_language())
        if translated is not None:
            name = translated.get(component.id)
            if name is not None:
                return name
        return getattr(component, "name", component.id)

    def __getitem__(self, ident: str) -> Component:
        """The component with id `ident`, whatever its kind: a union to the type checker,
        so code that knows the kind asks the typed lookup below."""
        return self.by_id[ident]

    def _lookup(self, ident: str, kind: type[_C]) -> _C:
        item = self.by_id[ident]
        if not isinstance(item, kind):
            raise KeyError(f"{ident!r} is a {type(item).__name__}, not a {kind.__name__}")
        return item

    # The typed lookups run hundreds of thousands of times per batch of games (the bots and
    # the engine ask for the same tiles at every step): the exact-class test is a fast path,
    # `_lookup` still decides (subclasses) and raises for anything else.

    def die(self, ident: str) -> Die:
        item = self.by_id[ident]
        return item if item.__class__ is Die else self._lookup(ident, Die)

    def recipe(self, ident: str) -> Recipe:
        item = self.by_id[ident]
        return item if item.__class__ is Recipe else self._lookup(ident, Recipe)

    def attraction(self, ident: str) -> Attraction:
        item = self.by_id[ident]
        return item if item.__class__ is Attraction else self._lookup(ident, Attraction)

    def lab_upgrade(self, ident: str) -> LabUpgrade:
        item = self.by_id[ident]
        return item if item.__class__ is LabUpgrade else self._lookup(ident, LabUpgrade)

    def specialist(self, ident: str) -> Specialist:
        item = self.by_id[ident]
        return item if item.__class__ is Specialist else self._lookup(ident, Specialist)

    def objective(self, ident: str) -> Objective:
        item = self.by_id[ident]
        return item if item.__class__ is Objective else self._lookup(ident, Objective)

    def plot_twist(self, ident: str) -> PlotTwist:
        return self._lookup(ident, PlotTwist)

    def rival_card(self, ident: str) -> RivalCard:
        return self._lookup(ident, RivalCard)


#: Anything a `ComponentSet` looks up by id.
Component = Die | Recipe | Attraction | LabUpgrade | Specialist | Objective | PlotTwist | RivalCard
#: The components with a name (dice and objectives have none).
NamedComponent = Recipe | Attraction | LabUpgrade | Specialist | PlotTwist | RivalCard
_C = TypeVar("_C", Die, Recipe, Attraction, LabUpgrade, Specialist, Objective, PlotTwist, RivalCard)
