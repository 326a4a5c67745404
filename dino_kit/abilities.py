"""What a player's tiles and specialists give: passive bonuses, lab slots, park room, costs.

One function per question, used by every phase, so a rule about (say) the cost of security
lives in one place.
"""

from __future__ import annotations

from typing import Any, Final

from dino_kit.components.schema import Slot
from dino_kit.state import GameState, PlayerState, track_position

# -- the shared supply (the box's counts, issue 28 item 7) -------------------------------------
#: Dinosaurs in the game, in every park together (the printed exhibits' first ones included).
DINOSAUR_SUPPLY: Final = 50
#: Paddock tiles in the game: raising a paddock's capacity adds one (capacity 2: one tile,
#: 3: two, 4: three; a decision of ours, the text says a tile is "added" at each level).
PADDOCK_TILES: Final = 29
#: "+10" modifier tokens in the game, for every threat and security track together.
PLUS_TEN_TOKENS: Final = 12


def dinosaurs_left(state: GameState) -> int:
    """Dinosaurs still in the supply: `DINOSAUR_SUPPLY` less those in every park."""
    return DINOSAUR_SUPPLY - sum(e.dinosaurs for p in state.players for e in p.exhibits)


def paddock_tiles_left(state: GameState) -> int:
    """Paddock tiles still in the supply: `PADDOCK_TILES` less one per capacity level above 1
    of every paddock in every park."""
    return PADDOCK_TILES - sum(e.capacity - 1 for p in state.players for e in p.exhibits)


def tokens_left(state: GameState) -> int:
    """ "+10" tokens still in the supply: `PLUS_TEN_TOKENS` less those on every threat and
    security track (`track_position`)."""
    used = sum(track_position(p.threat)[0] + track_position(p.security)[0] for p in state.players)
    return PLUS_TEN_TOKENS - used


def tokens_needed(before: int, after: int) -> int:
    """The "+10" tokens a track moving from `before` to `after` takes from the supply."""
    return track_position(after)[0] - track_position(before)[0]


def passive(state: GameState, player: PlayerState, effect_id: str) -> int:
    """The total `amount` of a passive effect from working lab upgrades and hired
    specialists (covered upgrades give nothing; a fired specialist gives nothing)."""
    return _passive_totals(state, player).get(effect_id, 0)


#: The passive totals of a lab and its specialists: `(components, lab, specialists, totals)`
#: under the ids of the two tuples. They change only when a tile is bought, while `passive`
#: is asked many times per decision (prices, security, visitors), so the totals are worked
#: out once per lab. The tuples are kept in the entry, so their ids cannot be reused while
#: it lives; the memo is emptied when it grows past `_PASSIVE_MEMO_SIZE`.
_PASSIVE_MEMO: Final[dict[tuple[int, int], tuple[Any, tuple[Any, ...], Any, dict[str, int]]]] = {}
_PASSIVE_MEMO_SIZE: Final = 4096


def _passive_totals(state: GameState, player: PlayerState) -> dict[str, int]:
    c, lab, specialists = state.components, player.lab, player.specialists
    key = (id(lab), id(specialists))
    hit = _PASSIVE_MEMO.get(key)
    if hit is not None and hit[0] is c and hit[1] is lab and hit[2] is specialists:
        return hit[3]
    totals: dict[str, int] = {}
    for ident in lab:
        if ident is not None:
            for e in c.lab_upgrade(ident).passives:
                totals[e.id] = totals.get(e.id, 0) + e.get("amount", 0)
    for ident, _ in specialists:
        for e in c.specialist(ident).effects:
            totals[e.id] = totals.get(e.id, 0) + e.get("amount", 0)
    if len(_PASSIVE_MEMO) >= _PASSIVE_MEMO_SIZE:
        _PASSIVE_MEMO.clear()
    _PASSIVE_MEMO[key] = (c, lab, specialists, totals)
    return totals


def lab_slots(state: GameState, player: PlayerState) -> tuple[tuple[tuple[str, int], Slot], ...]:
    """Every working lab slot of the player with its key (space, index). Spaces: the printed
    `dino_research` and `dna_refinement` (or the II tile over them) and `lab0`.. for the
    under-construction spaces."""
    return _lab(state, player)[0]


def find_slot(state: GameState, player: PlayerState, key: tuple[str, int]) -> Slot | None:
    try:
        return _lab(state, player)[1].get(key)
    except TypeError:  # an unhashable key names no slot
        return None


#: A lab's slots, listed and by key: `(components, lab, slots, by key)` under the id of the
#: lab tuple and the two printed spaces' tiles. The lab changes only when a tile is
#: bought, while its slots are asked for at every workers decision and action; the lab tuple
#: is kept in the entry, so its id cannot be reused while the entry lives; the memo is
#: emptied when it grows past `_LAB_MEMO_SIZE`.
_LAB_MEMO: Final[dict[tuple[int, str | None, str | None], tuple[Any, ...]]] = {}
_LAB_MEMO_SIZE: Final = 4096

LabSlots = tuple[tuple[tuple[str, int], Slot], ...]


def _lab(state: GameState, player: PlayerState) -> tuple[LabSlots, dict[tuple[str, int], Slot]]:
    c, lab = state.components, player.lab
    dino_research, refinement = player.dino_research, player.dna_refinement
    key = (id(lab), dino_research, refinement)
    hit = _LAB_MEMO.get(key)
    if hit is not None and hit[0] is c and hit[1] is lab:
        return hit[2], hit[3]
    t = c.tables
    dr = c.lab_upgrade(dino_research).slots if dino_research else t.dino_research
    rf = c.lab_upgrade(refinement).slots if refinement else t.dna_refinement
    slots: list[tuple[tuple[str, int], Slot]] = []
    for i, slot in enumerate(dr):
        slots.append((("dino_research", i), slot))
    for i, slot in enumerate(rf):
        slots.append((("dna_refinement", i), slot))
    for n, ident in enumerate(lab):
        if ident is not None:
            for i, slot in enumerate(c.lab_upgrade(ident).slots):
                slots.append(((f"lab{n}", i), slot))
    listed = tuple(slots)
    by_key = dict(listed)
    if len(_LAB_MEMO) >= _LAB_MEMO_SIZE:
        _LAB_MEMO.clear()
    _LAB_MEMO[key] = (c, lab, listed, by_key)
    return listed, by_key


def free_zones(state: GameState, player: PlayerState) -> int:
    """Free park zones: a recipe takes 2, an attraction 1 (the printed exhibit none)."""
    recipes = len(player.exhibits) - 1
    return state.components.tables.park_zones - 2 * recipes - len(player.attractions)


def security_total(state: GameState, player: PlayerState) -> int:
    """Security in the park phase: the track plus passive bonuses."""
    return player.security + passive(state, player, "security_bonus")


def security_cost(state: GameState, player: PlayerState) -> int | None:
    """$ to raise security by 1 now (None when the cost table ends)."""
    base = state.components.tables.security_cost(player.security + 1)
    if base is None:
        return None
    discount = passive(state, player, "security_discount")
    return max(0, base + state.rules.security_cost_delta - discount)


def paddock_cost(state: GameState, capacity: int) -> int | None:
    """$ to raise a paddock to `capacity` (None above 4)."""
    base = state.components.tables.paddock_cost(capacity)
    return None if base is None else max(0, base + state.rules.paddock_cost_delta)


def attraction_price(state: GameState, player: PlayerState, ident: str, row: int) -> int:
    """Printed cost + the row's cost − discounts (never below 0)."""
    base = state.components.attraction(ident).cost + state.components.tables.market_rows[row]
    return max(0, base - passive(state, player, "attraction_discount"))


def gain_dna(player: PlayerState, index: int, amount: int) -> tuple[int, ...]:
    """The lab's DNA after gaining `amount` of type `index`, capped by cold storage."""
    dna = list(player.dna)
    dna[index] = min(player.limits[index], dna[index] + amount)
    return tuple(dna)


def visitors_to_draw(state: GameState, player: PlayerState) -> int:
    """Excitement (+ bonuses), never above the excitement cap nor the bag's contents."""
    wanted = min(
        state.rules.excitement_cap, player.excitement + passive(state, player, "excitement_bonus")
    )
    return min(wanted, sum(state.bag))
