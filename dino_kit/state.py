"""The game of Dinosaur Island as an immutable value.

`GameState` holds everything on the table: players' boards, the research centre, the market,
the bag, objectives and plot twists, the phase and whose turn it is, and the queue of pending
chance events (dice to roll, tiles to draw, visitors to draw). Its methods answer what the
state is, in the OpenSpiel vocabulary: `current_player()` (a seat, `CHANCE` or `TERMINAL`),
`is_terminal()`, `is_chance_node()`, `returns()`. This module only describes the state: the
phases (`dino_kit.phases.*`) work on it, and `dino_kit.engine` applies actions and chance
(`legal_actions`, `apply_action`, `chance_outcomes`, `sample_chance`, `apply_chance`, `run`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from types import FunctionType
from typing import Any, Final, NamedTuple, TypeVar

from dino_kit.components.schema import ComponentSet, Face
from dino_kit.messages import message
from dino_kit.rules import Rules
from kit_common.checks import names, shown, text, whole
from kit_common.errors import InputError
from kit_common.game import CHANCE as CHANCE  # the seat numbers the engine speaks
from kit_common.game import TERMINAL as TERMINAL
from kit_common.game import copy_with

# the solo mode's rival (dino_kit.solo): marks the dice it claims (`claimed`) and the
# objectives it takes (`claims`); never a seat to act
RIVAL: Final = -2
STORAGE_SPACES: Final = 6
SCIENTISTS: Final = (1, 2, 3)
WORKERS_IN_POOL, WORKERS_IN_SUPPLY = 4, 4
CORPORATION_TOKENS: Final = 5
MARKET_ACTIONS: Final = 2
RESEARCH_TURNS: Final = 3
COLUMNS: Final = ("attractions", "lab_upgrades", "specialists")


class Name(str, Enum):
    """An enum of names: each member equals its name as a string and shows as that string
    (`str`, `repr`, formatting), so messages, records and printed values read as before."""

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return repr(self.value)


class Phase(Name):
    """Where a game is: setup's draws, the four phases with decisions (cleanup runs by itself
    at the end of the park phase), and over. A member equals its name as a string."""

    SETUP = "setup"
    RESEARCH = "research"
    MARKET = "market"
    WORKERS = "workers"
    PARK = "park"
    OVER = "over"


#: the phases whose turn goes round the order (`GameState.seat_to_act`; a module name, not
#: enum lookups, on every step)
_TURN_PHASES: Final = (Phase.RESEARCH, Phase.MARKET)


class ActionKind(Name):
    """What a decision is, by phase (see each phase module for its arguments). A member
    equals its name as a string, so `Action("pass")` and `Action(ActionKind.PASS)` are one."""

    DIE = "die"  # research
    STORAGE = "storage"  # research
    RECIPE = "recipe"  # research
    PASS = "pass"  # research (a scientist passes) and market
    HIRE = "hire"  # market
    BUILD = "build"  # market
    UPGRADE = "upgrade"  # market
    SPECIAL = "special"  # market
    BUY_DNA = "buy_dna"  # market
    WORK = "work"  # workers
    DONE = "done"  # workers
    PLACE = "place"  # park: one visitor into a place, or "place for me"
    EAT = "eat"  # park: which customer the dinosaurs eat, or "eat for me"
    FOOD = "food"  # park


class Action(NamedTuple):
    """A decision. `kind` says what (an `ActionKind`); `scientist` is the level of the
    scientist used in research; `target` and `choice` are the kind's arguments (see each
    phase module)."""

    kind: str
    scientist: int | None = None
    target: Any = None
    choice: Any = None

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        for key in ("scientist", "target", "choice"):
            value = getattr(self, key)
            if value is not None:
                data[key] = _plain(value)
        return data

    @staticmethod
    def from_data(data: dict[str, Any]) -> Action:
        return Action(
            data["kind"],
            data.get("scientist"),
            _tupled(data.get("target")),
            _tupled(data.get("choice")),
        )


#: `tuple.__new__`: `new_action(Action, (kind, scientist, target, choice))` is the same value
#: as `Action(kind, scientist, target, choice)`, made without NamedTuple's Python-level
#: `__new__` (the phases list about 3,000 candidate actions a game; all four fields given)
new_action = tuple.__new__


class EventKind(Name):
    """What a pending chance event draws or rolls (see `dino_kit.chance`). Each event is a
    NamedTuple of its own with its kind as its last field (so that no two kinds of event are
    ever equal tuples)."""

    POOL = "pool"
    DRAW = "draw"
    RECIPE = "recipe"
    OBJECTIVE = "objective"
    TWIST = "twist"
    ROLL = "roll"
    CHAOS = "chaos"
    RIVAL = "rival"
    VISITORS = "visitors"


class PoolDraw(NamedTuple):
    """Setup: a die drawn from the box into the dice pool."""

    kind: EventKind = EventKind.POOL


class MarketDraw(NamedTuple):
    """A market tile drawn into `row` of `column` (0 attractions, 1 lab upgrades,
    2 specialists)."""

    column: int
    row: int
    kind: EventKind = EventKind.DRAW


class RecipeDraw(NamedTuple):
    """The next recipe of category `category` (its index in `effects.CATEGORIES`) face up."""

    category: int
    kind: EventKind = EventKind.RECIPE


class ObjectiveDraw(NamedTuple):
    """Setup: an objective revealed."""

    kind: EventKind = EventKind.OBJECTIVE


class TwistDraw(NamedTuple):
    """Setup: a plot twist revealed."""

    kind: EventKind = EventKind.TWIST


class DieRoll(NamedTuple):
    """The die in pool slot `slot` rolled."""

    slot: int
    kind: EventKind = EventKind.ROLL


class ChaosRoll(NamedTuple):
    """The chaos-theory variant: the held die rolled again before the park phase."""

    kind: EventKind = EventKind.CHAOS


class RivalDraw(NamedTuple):
    """Solo mode: the rival's next card revealed."""

    kind: EventKind = EventKind.RIVAL


class VisitorDraw(NamedTuple):
    """Visitors drawn from the bag for the park of `seat`."""

    seat: int
    kind: EventKind = EventKind.VISITORS


#: A pending chance event.
ChanceEvent = (
    PoolDraw
    | MarketDraw
    | RecipeDraw
    | ObjectiveDraw
    | TwistDraw
    | DieRoll
    | ChaosRoll
    | RivalDraw
    | VisitorDraw
)


def _plain(value: Any) -> Any:
    return [_plain(v) for v in value] if isinstance(value, tuple) else value


def _tupled(value: Any) -> Any:
    return tuple(_tupled(v) for v in value) if isinstance(value, list) else value


@dataclass(frozen=True)
class Exhibit:
    """A dino recipe in a park with its paddock: dinosaurs in it and the paddock's capacity."""

    recipe: str
    dinosaurs: int = 0
    capacity: int = 1

    def __post_init__(self) -> None:
        text(self.recipe, "recipe")
        whole(self.dinosaurs, "dinosaurs", 0)
        whole(self.capacity, "capacity", 1)


@dataclass(frozen=True)
class PlayerState:
    """One player's boards and pieces.

    `dna`/`limits`: lab DNA and cold-storage limits in the order of `effects.DNA_TYPES`.
    `threat`/`security`: the track values (11 and up are shown with +10 tokens, see
    `track_position`). `lab`: the visible regular upgrade on each "under construction" space
    (None while empty), `covered`: upgrades covered by later ones (no effect);
    `dino_research`/`dna_refinement`: the II tile over the printed space, if any.
    `specialists`: (id, workers it brought). Workers: `workers` in the pool for good,
    `supply` still in the supply (the 9th stays on the turn-order track). Scientists this
    round: `scientists` unassigned, `assigned`, `passed` (in the worker pool).
    Worker phase: `placed` workers and `used` slot keys. Park phase: `to_place` (customers,
    hooligans) drawn and not yet placed, `inside` (customers, hooligans) per place (exhibits
    then attractions), `line` (customers, hooligans) at the entrance, `to_eat` visitors the
    escapes still take from this park (the owner choosing which customers, `phases.park`).
    """

    money: int
    vp: int = 10
    dna: tuple[int, ...] = (1, 1, 1, 0, 0, 0)
    limits: tuple[int, ...] = (4, 4, 4, 2, 2, 2)
    excitement: int = 1
    threat: int = 1
    security: int = 1
    exhibits: tuple[Exhibit, ...] = ()
    attractions: tuple[str, ...] = ()
    lab: tuple[str | None, ...] = (None, None, None, None)
    covered: tuple[str, ...] = ()
    dino_research: str | None = None
    dna_refinement: str | None = None
    specialists: tuple[tuple[str, int], ...] = ()
    workers: int = WORKERS_IN_POOL
    supply: int = WORKERS_IN_SUPPLY
    scientists: tuple[int, ...] = SCIENTISTS
    assigned: tuple[int, ...] = ()
    passed: tuple[int, ...] = ()
    placed: int = 0
    used: tuple[tuple[str, int], ...] = ()
    done: bool = False
    to_place: tuple[int, int] = (0, 0)
    inside: tuple[tuple[int, int], ...] = ()
    line: tuple[int, int] = (0, 0)
    to_eat: int = 0
    eaten: int = 0
    eaten_total: int = 0
    objectives: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        """Refuse a board that holds something other than whole numbers where counts go (a
        `2.0` or a `True` would pass the rules' `==` checks and break later), with
        `InputError` naming the field. The engine's own steps copy boards with `evolve`,
        which skips this."""
        for name in _PLAYER_COUNTS:
            whole(getattr(self, name), name)
        for name in ("dna", "limits"):
            values = getattr(self, name)
            if not isinstance(values, tuple) or len(values) != DNA_TRACKS:
                raise InputError(name, message("input.tracks", n=DNA_TRACKS, got=shown(values)))
            for i, n in enumerate(values):
                whole(n, f"{name}[{i}]", 0)
        for name in ("scientists", "assigned", "passed"):
            for i, level in enumerate(_tuple(getattr(self, name), name)):
                whole(level, f"{name}[{i}]", min(SCIENTISTS), max(SCIENTISTS))
        for i, exhibit in enumerate(_tuple(self.exhibits, "exhibits")):
            if not isinstance(exhibit, Exhibit):
                raise InputError(f"exhibits[{i}]", message("input.exhibit", got=shown(exhibit)))
        if not isinstance(self.done, bool):
            raise InputError("done", message("setup.flag", got=shown(self.done)))

    @property
    def dinosaurs(self) -> int:
        return sum(e.dinosaurs for e in self.exhibits)

    @property
    def workers_free(self) -> int:
        """Workers still to place this round (passed scientists included)."""
        return self.workers + len(self.passed) - self.placed

    @property
    def visitors(self) -> int:
        return sum(c + h for c, h in self.inside) + sum(self.line)


def chooses_eaten(p: PlayerState) -> bool:
    """True when the owner of park `p` has a real choice of who the escapes eat next:
    visitors still to eat, fewer of them than the customers inside, and those customers in
    more than one place. (Otherwise every customer inside is eaten, or all of them come from
    one place, and the hooligans inside and the line follow in the kit's order: where they
    were changes nothing after the escapes; `phases.park`.)"""
    if p.to_eat <= 0:
        return False
    customers = places = 0
    for c, _ in p.inside:
        if c:
            customers += c
            places += 1
    return p.to_eat < customers and places > 1


_PLAYER_COUNTS: Final = (
    "money",
    "vp",
    "excitement",
    "threat",
    "security",
    "workers",
    "supply",
    "placed",
    "to_eat",
    "eaten",
    "eaten_total",
)
DNA_TRACKS: Final = 6


def _tuple(value: Any, field: str) -> tuple[Any, ...]:
    if not isinstance(value, tuple):
        raise InputError(field, message("input.tuple", got=shown(value)))
    return value


_Value = TypeVar("_Value")


def evolve(obj: _Value, **changes: Any) -> _Value:
    """A copy of a frozen dataclass value with `changes`, without the constructor's input
    checks (`__post_init__`): `kit_common.game.copy_with`, the one copy helper of both kits.
    Only for this package's own state classes; changed names must be fields.

    Compiled by mypyc, the state classes are native classes with no `__dict__` to copy:
    `tools/build_fast.py` replaces this function, in its copy of the package, with native
    field-by-field copies it generates from the classes' fields."""
    return copy_with(obj, changes)


def _is_compiled() -> bool:
    """True when this module runs compiled by mypyc (see `tools/build_fast.py`): its
    functions are then built-in functions, not Python ones."""
    return not isinstance(_is_compiled, FunctionType)


COMPILED: Final = _is_compiled()


def track_position(value: int) -> tuple[int, int]:
    """Where a threat or security value sits on the 10-space track: (+10 tokens, marker).
    Reaching 11 adds a +10 token and the marker restarts at 1."""
    tokens = max(0, (value - 1) // 10)
    return tokens, value - 10 * tokens


#: What a chance event gives: a component id (a draw) or a number (a die face, customers).
Outcome = str | int
#: One step of a game: a seat's `Action` or a chance `Outcome`.
Move = Action | Outcome


class HistoryNode(NamedTuple):
    """One step of the game, linked to the previous one (a persistent list, cheap to
    extend): `actor` is a seat or `CHANCE`, `move` the Action or the chance outcome."""

    previous: HistoryNode | None
    actor: int
    move: Move


@dataclass(frozen=True)
class GameState:
    """A game in progress or finished (see the module docstring)."""

    components: ComponentSet = field(compare=False, repr=False)
    names: tuple[str, ...]
    players: tuple[PlayerState, ...]
    rules: Rules
    objective_length: str = "short"
    first_player: int = 0
    # a `Phase` (each member is its name as a str) or another name: pages show a game between
    # phases by setting it, e.g. "cleanup" (so typed `str`: compiled, `Phase` would refuse one)
    phase: str = Phase.SETUP
    round: int = 1
    step: int = 0
    order: tuple[int, ...] = ()
    pending: tuple[ChanceEvent, ...] = ()
    # dice
    dice_box: tuple[str, ...] = ()
    pool: tuple[str, ...] = ()
    rolled: tuple[int, ...] = ()
    claimed: tuple[int | None, ...] = ()
    held: int | None = None
    held_face: int | None = None
    # research centre
    storage_taken: tuple[int | None, ...] = (None,) * STORAGE_SPACES
    recipe_up: tuple[str | None, ...] = (None, None, None)
    recipe_taken: tuple[int | None, ...] = (None, None, None)
    recipe_stacks: tuple[tuple[str, ...], ...] = ((), (), ())
    # market: rows[column][row], row 0 is the $5 row
    rows: tuple[tuple[str | None, ...], ...] = ((None,) * 4,) * 3
    stacks: tuple[tuple[str, ...], ...] = ((), (), ())
    discards: tuple[tuple[str, ...], ...] = ((), (), ())
    specials: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    # objectives and plot twists
    objective_stack: tuple[str, ...] = ()
    objectives: tuple[str, ...] = ()
    claims: tuple[tuple[int, ...], ...] = ()
    # objectives met during the simultaneous workers phase, claimed together when it ends:
    # (objective index, seats) pairs
    met_while_working: tuple[tuple[int, tuple[int, ...]], ...] = ()
    twist_stack: tuple[str, ...] = ()
    plot_twists: tuple[str, ...] = ()
    # the bag: (customers, hooligans)
    bag: tuple[int, int] = (0, 0)
    # solo mode (dino_kit.solo): the rival's deck, discards, last card, VP, and its threat
    # added to the player's park this round
    rival_deck: tuple[str, ...] = ()
    rival_discard: tuple[str, ...] = ()
    rival_card: str | None = None
    rival_vp: int = 0
    rival_threat: int = 0
    final: tuple[int, ...] | None = None
    winners: tuple[int, ...] = ()
    history: HistoryNode | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        """Refuse the wrong kind of value in the fields every rule reads, with `InputError`
        naming the field. (`phase` is not checked: it is a name, and pages show a game
        between phases, e.g. "cleanup", by setting it.)"""
        if not isinstance(self.components, ComponentSet):
            raise InputError("components", message("input.components", got=shown(self.components)))
        names(self.names, "names")
        players = _tuple(self.players, "players")
        if len(players) != len(self.names) or not all(isinstance(p, PlayerState) for p in players):
            raise InputError("players", message("input.players", n=len(self.names)))
        if not isinstance(self.rules, Rules):
            raise InputError("rules", message("input.rules", got=shown(self.rules)))
        whole(self.round, "round", 1)
        whole(self.step, "step", -2)
        whole(self.first_player, "first_player", 0, max(len(players) - 1, 0))
        for name in ("order", "pending", "pool", "rolled", "claimed"):
            _tuple(getattr(self, name), name)

    # -- what the state is ----------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return len(self.players)

    def is_terminal(self) -> bool:
        return self.phase == Phase.OVER

    def is_chance_node(self) -> bool:
        return bool(self.pending) and self.phase != Phase.OVER

    def seat_to_act(self) -> int:
        """The seat whose decision the game is at (or will be at once chance is done): in
        research and the market the turn goes round the order, in the other phases each seat
        of the order acts in turn until done (in the park, before the escapes, the first seat
        of the order with visitors still to place; at the escapes, step −2, the first with
        a choice of who is eaten left)."""
        n = self.num_players
        if self.phase in _TURN_PHASES:
            return self.order[self.step % n]
        if self.step < 0 and self.phase == Phase.PARK:
            players = self.players
            for seat in self.order:
                if players[seat].to_place != (0, 0):
                    return seat
            for seat in self.order:
                if chooses_eaten(players[seat]):
                    return seat
        return self.order[min(self.step, n - 1)]

    def current_player(self) -> int:
        """The seat to act, `CHANCE` while something random happens, or `TERMINAL`."""
        if self.phase == Phase.OVER:
            return TERMINAL
        if self.pending:
            return CHANCE
        return self.seat_to_act()

    def returns(self) -> tuple[float, ...]:
        """Once the game is over: 1 shared among the winners (1.0 for a sole winner), 0.0 for
        the others; all 0.0 before."""
        if self.final is None or not self.winners:  # solo: the rival won
            return (0.0,) * self.num_players
        share = 1.0 / len(self.winners)
        return tuple(share if s in self.winners else 0.0 for s in range(self.num_players))

    def moves(self) -> list[tuple[int, Move]]:
        """Every step so far, oldest first, as (actor, move)."""
        out = []
        node = self.history
        while node is not None:
            out.append((node.actor, node.move))
            node = node.previous
        out.reverse()
        return out

    # -- small helpers the rules use ----------------------------------------------------

    def player(self, seat: int) -> PlayerState:
        return self.players[seat]

    def with_player(self, seat: int, **changes: Any) -> GameState:
        players = list(self.players)
        players[seat] = evolve(players[seat], **changes)
        return evolve(self, players=tuple(players))

    def unclaimed_objectives(self) -> tuple[str, ...]:
        return tuple(o for o, who in zip(self.objectives, self.claims) if not who)


def face_of(state: GameState, slot: int) -> Face:
    """The face the die in pool slot `slot` shows (the research phase, the bots and the solo
    rival's claims all read it)."""
    return state.components.die(state.pool[slot]).faces[state.rolled[slot]]
