"""A new game: the table laid out for 2–4 players, with the random parts of setup queued as
chance events (dice pool, market rows, recipes, objectives, plot twists, then round 1's roll).

Per the rules: a pool of 2 dice per player + 1; tiles marked "3+" / "4+" removed with fewer
players; market rows filled with 4 attractions (sorted by cost, dearest in the $5 row), 4 lab
upgrades and 4 specialists; the top recipe of each category face up; players + 1 objectives of
the chosen stack; 2 plot twists (none in the "predictable systems" variant). Each player:
$15 for the first player and $1 more for each next one in turn order, 4 workers in the pool
and 4 in the supply, scientists 1–3, DNA 1 on each basic track (limits 4 basic / 2 advanced
from the tables), the printed exhibit with 1 dinosaur, excitement 1, 10 VP, threat 1,
security 1.

`setup_facts` reads back what setup fixed (notebook 1's numbers and its checks), `setup_sentence`
and `setup_table` say it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dino_kit.components import ComponentSet, load_components
from dino_kit.components.schema import OBJECTIVE_LENGTHS, SPECIAL_UPGRADES
from dino_kit.effects import BASIC_DNA, CATEGORIES
from dino_kit.errors import RuleError
from dino_kit.messages import message, plural
from dino_kit.rules import Rules
from dino_kit.solo import BOARD_PLAYERS
from dino_kit.state import (
    ChanceEvent,
    DieRoll,
    Exhibit,
    GameState,
    MarketDraw,
    ObjectiveDraw,
    Phase,
    PlayerState,
    PoolDraw,
    RecipeDraw,
    RivalDraw,
    TwistDraw,
)
from dino_kit.state import evolve as replace
from kit_common.checks import is_whole, shown, whole
from kit_common.checks import names as checked_names
from kit_common.display import Table
from kit_common.errors import InputError

MIN_PLAYERS, MAX_PLAYERS = 2, 4
FIRST_CASH = 15


def new_game(
    players: Sequence[str] | int,
    components: ComponentSet | None = None,
    *,
    objective_length: str = "short",
    predictable_systems: bool = False,
    chaos_theory: bool = False,
    first_player: int = 0,
    max_rounds: int = 30,
    solo: bool = False,
) -> GameState:
    """A game at its first chance event (the dice pool draw). `players`: names in seat order
    (clockwise) or a count. `max_rounds` is not a rule of the game but a safety net for
    simulations (RULES_NOTES.md). `solo=True`: one player against the rival of
    `dino_kit.solo` — a solo mode of this kit's design, not the published solo rules.
    Arguments of the wrong type (a single string for `players`, a bool for a count, a float
    for `first_player`, ...) raise `InputError` naming the argument."""
    names = (
        tuple(message("ui.player", n=i + 1) for i in range(whole(players, "players", 0)))
        if is_whole(players)
        else checked_names(players, "players")
    )
    for flag, value in (
        ("predictable_systems", predictable_systems),
        ("chaos_theory", chaos_theory),
        ("solo", solo),
    ):
        if not isinstance(value, bool):
            raise InputError(flag, message("setup.flag", got=shown(value)))
    whole(first_player, "first_player")
    whole(max_rounds, "max_rounds", 1)
    if not isinstance(objective_length, str):  # an unknown name is the rule's to refuse
        raise InputError("objective_length", message("input.text", got=shown(objective_length)))
    if components is not None and not isinstance(components, ComponentSet):
        raise InputError("components", message("input.components_or_none", got=shown(components)))
    n = len(names)
    if solo and n != 1:
        raise RuleError("solo_players", message("rule.solo_players", n=n))
    if not solo and not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise RuleError("players", message("rule.players", n=n))
    if not 0 <= first_player < n:
        raise RuleError("first_player", message("rule.first_player", seat=first_player, n=n))
    if objective_length not in OBJECTIVE_LENGTHS:
        raise RuleError("objective_length", message("rule.objective_length", got=objective_length))
    c = components or load_components()
    if solo and c.rival is None:
        raise RuleError("no_rival", message("rule.no_rival", name=c.name))
    board = BOARD_PLAYERS if solo else n
    t = c.tables
    order = tuple((first_player + i) % n for i in range(n))
    limits = (t.basic_start_limit,) * 3 + (t.advanced_start_limit,) * 3
    start = Exhibit(t.starting_exhibit.id, 1, 1)
    position = {seat: i for i, seat in enumerate(order)}
    players_state = tuple(
        PlayerState(
            money=FIRST_CASH + position[seat],
            dna=(1,) * len(BASIC_DNA) + (0, 0, 0),
            limits=limits,
            exhibits=(start,),
            lab=(None,) * t.construction_spaces,
            excitement=t.starting_exhibit.excitement,
            threat=t.starting_exhibit.threat,
        )
        for seat in range(n)
    )
    attractions = tuple(sorted(a.id for a in c.attractions if a.players <= board))
    regular = tuple(
        sorted(u.id for u in c.lab_upgrades if u.special is None and u.players <= board)
    )
    specialists = tuple(sorted(s.id for s in c.specialists))
    research_2, refinement_2 = (
        tuple(u.id for u in c.lab_upgrades if u.special == kind) for kind in SPECIAL_UPGRADES
    )
    specials = (research_2, refinement_2)
    recipe_stacks = tuple(tuple(r.id for r in c.recipes if r.category == cat) for cat in CATEGORIES)
    pending: list[ChanceEvent] = [PoolDraw()] * (2 * board + 1)
    pending += [MarketDraw(col, row) for col in range(3) for row in range(4)]
    pending += [RecipeDraw(i) for i in range(3)]
    pending += [ObjectiveDraw()] * (board + 1)
    if not predictable_systems:
        pending += [TwistDraw()] * 2
    return GameState(
        components=c,
        names=names,
        players=players_state,
        rules=Rules(
            predictable_systems=predictable_systems,
            chaos_theory=chaos_theory,
            max_rounds=max_rounds,
            solo=solo,
            solo_rounds=c.rival.rounds if solo and c.rival else 0,
        ),
        objective_length=objective_length,
        first_player=first_player,
        order=order,
        pending=tuple(pending),
        dice_box=tuple(d.id for d in c.dice),
        stacks=(attractions, regular, specialists),
        specials=specials,
        recipe_stacks=recipe_stacks,
        objective_stack=tuple(o.id for o in c.objectives if o.length == objective_length),
        twist_stack=() if predictable_systems else tuple(tw.id for tw in c.plot_twists),
        bag=(c.visitors.customers, c.visitors.hooligans),
        rival_deck=tuple(card.id for card in c.rival.cards) if solo and c.rival else (),
    )


def finish_setup(state: GameState) -> GameState:
    """After setup's draws: sort the attraction rows by cost (dearest in the $5 row) and queue
    round 1's roll of the dice pool."""
    c = state.components
    drawn = [x for x in state.rows[0] if x is not None]
    drawn.sort(key=lambda ident: -c.attraction(ident).cost)
    column = tuple(drawn) + (None,) * (4 - len(drawn))
    rows = (column, *state.rows[1:])
    return replace(
        state,
        rows=rows,
        phase=Phase.RESEARCH,
        step=0,
        rolled=(0,) * len(state.pool),
        claimed=(None,) * len(state.pool),
        pending=tuple(DieRoll(slot) for slot in range(len(state.pool)))
        + ((RivalDraw(),) if state.rules.solo else ()),
    )


def setup_facts(state: GameState) -> dict[str, Any]:
    """The numbers setup fixed, for the page and its checks."""
    in_market = [x for col in state.rows[:2] for x in col if x is not None]
    return {
        "players": state.num_players,
        "pool": len(state.pool),
        "dice_left_in_box": len(state.dice_box),
        "cash_in_turn_order": [state.players[s].money for s in state.order],
        "attractions_in_play": len(state.stacks[0]) + sum(1 for x in state.rows[0] if x),
        "lab_upgrades_in_play": len(state.stacks[1]) + sum(1 for x in state.rows[1] if x),
        "market_items": len(in_market) + sum(1 for x in state.rows[2] if x),
        "objectives": len(state.objectives),
        "plot_twists": len(state.plot_twists),
        "bag": state.bag,
    }


def setup_sentence(facts: dict[str, Any]) -> str:
    """The facts of a setup (`setup_facts`) in one sentence."""
    return plural("ui.setup_facts_n", facts["plot_twists"], **facts)


def setup_table(by_players: dict[int, dict[str, Any]]) -> Table:
    """What changes with the number of players: one row per player count."""
    rows = [
        (n, f["pool"], f["attractions_in_play"], f["lab_upgrades_in_play"], f["objectives"],
         ", ".join(str(c) for c in f["cash_in_turn_order"]))
        for n, f in by_players.items()
    ]  # fmt: skip
    headers = [message("ui.setup_col." + k) for k in SETUP_COLUMNS]
    return Table(headers, rows)


SETUP_COLUMNS = ("players", "pool", "attractions", "upgrades", "objectives", "cash")
