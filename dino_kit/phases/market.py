"""Phase 2, market: in turn order, one action at a time, two actions each.

Rows are indexed 0–3 for the $5, $4, $3, $2 rows; columns are attractions, lab upgrades and
specialists. Actions:
- `Action("hire", target=row, choice=fired)`: pay the row's cost, apply the specialist's
  hiring effects; with 3 specialists already, `choice` names the one fired (it leaves the
  game with its bonuses and the workers it brought) — any of the four, the new one included
  (then its hiring effects apply and it leaves at once; the bots' default fires an old one
  only when the new one is worth more);
- `Action("build", target=row)`: pay printed cost + row cost (− discounts); one free zone;
- `Action("upgrade", target=row, choice=space)`: pay the row's cost; `space` (0–3) is any
  "under construction" space, the buyer's choice (issue 28 item 7): a free one, or one whose
  older upgrade gets covered (it stays under the new one and stops working) — also while
  another space is free;
- `Action("special", target="dino_research_2" | "dna_refinement_2")`: $3 / $5, over the
  matching printed space (once per player);
- `Action("buy_dna", target=price, choice=(dna_type, column))`: pay $price, gain the offer's
  amount of `dna_type`, capped by cold storage — the DNA that does not fit goes back to the
  bank, and a buyer with full storage may buy anyway (issue 28 item 7: then only to discard)
  — then discard the item of `column` (0 attractions, 1 lab upgrades, 2 specialists) from
  that price's row, the buyer's choice among the items there (None when the row is empty;
  the special lab tiles have their own stacks and are never discarded). The discarded item
  goes face up onto its stack's discard pile, which is shuffled into a new stack when the
  stack runs out (`chance.normalize`);
- `Action("pass")`: gain $2 (plot twists may change it).
"""

from __future__ import annotations

from typing import Final

from dino_kit import abilities
from dino_kit.effects import DNA_TYPES
from dino_kit.messages import dna_of, dna_word, message
from dino_kit.phases.common import Problem
from dino_kit.state import Action, ActionKind, GameState, PlayerState, new_action
from dino_kit.state import evolve as replace

SPECIAL_COST: Final = {"dino_research_2": 3, "dna_refinement_2": 5}
SPECIAL_SPACE: Final = {"dino_research_2": "dino_research", "dna_refinement_2": "dna_refinement"}
MAX_SPECIALISTS: Final = 3
KINDS: Final = (
    ActionKind.HIRE,
    ActionKind.BUILD,
    ActionKind.UPGRADE,
    ActionKind.SPECIAL,
    ActionKind.BUY_DNA,
    ActionKind.PASS,
)


def _price(state: GameState, row: int) -> int:
    return state.components.tables.market_rows[row]


def _lab_choices(p: PlayerState) -> list[int]:
    """Where a regular lab upgrade may go: any "under construction" space, free or covering
    the older upgrade on it (the buyer's choice, issue 28 item 7)."""
    return list(range(len(p.lab)))


def _bots_lab_choices(p: PlayerState) -> list[int]:
    """The spaces the bots consider (the kit's only offer before the choice was the buyer's):
    the first free space, or any space once none is free."""
    free = [i for i, x in enumerate(p.lab) if x is None]
    return free[:1] if free else list(range(len(p.lab)))


def _discard_options(state: GameState, row: int) -> list[int | None]:
    options: list[int | None] = [col for col in range(3) if state.rows[col][row] is not None]
    return options or [None]


def _room(p: PlayerState, dna: str) -> int:
    i = DNA_TYPES.index(dna)
    return p.limits[i] - p.dna[i]


# the kinds the candidate loops name, as module constants (no enum lookup per action)
HIRE: Final = ActionKind.HIRE
BUILD: Final = ActionKind.BUILD
UPGRADE: Final = ActionKind.UPGRADE
BUY_DNA: Final = ActionKind.BUY_DNA


def candidates(state: GameState, seat: int, for_bots: bool = False) -> list[Action]:
    """The legal market actions of `seat`, in the engine's order. `for_bots`: only those the
    kit offered before the choices of issue 28 item 7 (the first free lab space, DNA with room
    for at least 1), the actions the bots choose among so that their games stayed the same."""
    p = state.players[seat]
    out: list[Action] = []
    # what every row's actions depend on, worked out once (not once per row)
    zone_free = abilities.free_zones(state, p) >= 1
    lab_choices = _bots_lab_choices(p) if for_bots else _lab_choices(p)
    for row in range(4):
        price = _price(state, row)
        if state.rows[2][row] is not None and p.money >= price:
            if len(p.specialists) >= MAX_SPECIALISTS:
                # the one fired may be any of the four, the new one included (its hiring
                # effects apply, then it leaves): RULES_NOTES.md
                fired = [s for s, _ in p.specialists] + [state.rows[2][row]]
                out.extend([new_action(Action, (HIRE, None, row, s)) for s in fired])
            else:
                out.append(new_action(Action, (HIRE, None, row, None)))
        a = state.rows[0][row]
        if a is not None and zone_free and p.money >= abilities.attraction_price(state, p, a, row):
            out.append(new_action(Action, (BUILD, None, row, None)))
        if state.rows[1][row] is not None and p.money >= price:
            out.extend([new_action(Action, (UPGRADE, None, row, space)) for space in lab_choices])
    for i, special in enumerate(SPECIAL_COST):
        if state.specials[i] and p.money >= SPECIAL_COST[special] and not _has_special(p, special):
            out.append(Action(ActionKind.SPECIAL, None, special))
    for offer in state.components.tables.dna_purchase:
        price = offer.price
        if p.money >= price:
            row = state.components.tables.market_rows.index(price)
            discards = _discard_options(state, row)
            for dna in offer.types:
                if not for_bots or _room(p, dna) > 0:
                    out.extend(
                        [new_action(Action, (BUY_DNA, None, price, (dna, col))) for col in discards]
                    )
    out.append(Action(ActionKind.PASS))
    return out


def _has_special(p: PlayerState, special: str) -> bool:
    return (p.dino_research if special == "dino_research_2" else p.dna_refinement) is not None


def _afford(p: PlayerState, cost: int, where: str) -> Problem:
    if p.money < cost:
        return "cannot_afford", {"where": where, "cost": cost, "money": p.money}
    return None


#: the market column a kind of purchase takes from
_COLUMN_OF: Final[dict[str, int]] = {ActionKind.BUILD: 0, ActionKind.UPGRADE: 1, ActionKind.HIRE: 2}


def problem(state: GameState, seat: int, a: Action) -> Problem:
    p = state.players[seat]
    if a.kind == ActionKind.PASS:
        return None
    if a.kind in (ActionKind.HIRE, ActionKind.BUILD, ActionKind.UPGRADE):
        col = _COLUMN_OF[a.kind]
        what = message(
            ("market.no_attraction", "market.no_lab_upgrade", "market.no_specialist")[col]
        )
        if not isinstance(a.target, int) or not 0 <= a.target < 4:
            return "empty_row", {"price": a.target, "what": what}
        if state.rows[col][a.target] is None:
            return "empty_row", {"price": _price(state, a.target), "what": what}
        price = _price(state, a.target)
        if a.kind == ActionKind.HIRE:
            hired = [s for s, _ in p.specialists]
            in_row = state.rows[2][a.target]
            assert in_row is not None  # (checked above)
            fireable = [*hired, in_row]
            if len(hired) >= MAX_SPECIALISTS and a.choice not in fireable:
                return "fire_choice", {"hired": ", ".join(fireable)}
            if len(hired) < MAX_SPECIALISTS and a.choice is not None:
                return "fire_not_needed", {}
            return _afford(p, price, "market")
        if a.kind == ActionKind.BUILD:
            free = abilities.free_zones(state, p)
            if free < 1:
                return "park_full", {"where": "market", "n": free, "need": 1}
            if a.choice is not None:
                return "unknown_action", {"kind": a}
            attraction = state.rows[0][a.target]
            assert attraction is not None  # (checked above)
            cost = abilities.attraction_price(state, p, attraction, a.target)
            return _afford(p, cost, "market")
        if type(a.choice) is not int or a.choice not in _lab_choices(p):
            return "lab_space", {"last": len(p.lab) - 1, "got": a.choice}
        return _afford(p, price, "market")
    if a.kind == ActionKind.SPECIAL:
        if a.target not in SPECIAL_COST:
            return "special_stack", {"what": a.target}
        if not state.specials[list(SPECIAL_COST).index(a.target)]:
            return "special_stack", {"what": a.target}
        if _has_special(p, a.target):
            return "special_twice", {"space": SPECIAL_SPACE[a.target]}
        return _afford(p, SPECIAL_COST[a.target], "market")
    if a.kind == ActionKind.BUY_DNA:
        offer = state.components.tables.dna_offer(a.target) if isinstance(a.target, int) else None
        if offer is None:
            return "dna_price", {"got": a.target}
        if not isinstance(a.choice, tuple) or len(a.choice) != 2:
            return "dna_type", {
                "price": offer.price,
                "kind": dna_of(offer.kind),
                "types": ", ".join(dna_word(t) for t in offer.types),
                "got": a.choice,
            }
        dna, discard_column = a.choice
        if dna not in offer.types:
            return "dna_type", {
                "price": offer.price,
                "kind": dna_of(offer.kind),
                "types": ", ".join(dna_word(t) for t in offer.types),
                "got": dna,
            }
        row = state.components.tables.market_rows.index(offer.price)
        options = _discard_options(state, row)
        if discard_column not in options:
            return "discard_choice", {"price": offer.price, "options": options}
        return _afford(p, offer.price, "market")
    return "wrong_phase", {"kind": a.kind, "phase": "market"}


def _set_row(state: GameState, col: int, row: int, value: str | None) -> GameState:
    rows = [list(r) for r in state.rows]
    rows[col][row] = value
    return replace(state, rows=tuple(tuple(r) for r in rows))


def hire_effects(state: GameState, p: PlayerState, ident: str) -> PlayerState:
    """A specialist's hiring effects (workers from the supply, money, DNA)."""
    given = 0
    for e in state.components.specialist(ident).effects:
        if e.id == "gain_workers":
            given = min(e.get("amount"), p.supply)
            p = replace(p, workers=p.workers + given, supply=p.supply - given)
        elif e.id == "gain_money":
            p = replace(p, money=p.money + e.get("amount"))
        elif e.id == "gain_dna":
            p = replace(
                p, dna=abilities.gain_dna(p, DNA_TYPES.index(e.get("dna")), e.get("amount"))
            )
    return replace(p, specialists=(*p.specialists, (ident, given)))


def apply(state: GameState, seat: int, a: Action) -> GameState:
    p = state.players[seat]
    if a.kind == ActionKind.PASS:
        p = replace(p, money=p.money + state.rules.pass_money)
    elif a.kind == ActionKind.HIRE:
        ident = state.rows[2][a.target]
        p = replace(p, money=p.money - _price(state, a.target))
        if a.choice == ident:  # hired for its hiring effects and fired at once
            p = hire_effects(state, p, ident)
        if a.choice is not None:
            given = dict(p.specialists)[a.choice]
            p = replace(
                p,
                specialists=tuple(s for s in p.specialists if s[0] != a.choice),
                workers=p.workers - given,
                supply=p.supply + given,
            )
        if a.choice != ident:
            p = hire_effects(state, p, ident)
        state = _set_row(state, 2, a.target, None)
    elif a.kind == ActionKind.BUILD:
        ident = state.rows[0][a.target]
        p = replace(
            p,
            money=p.money - abilities.attraction_price(state, p, ident, a.target),
            attractions=(*p.attractions, ident),
        )
        state = _set_row(state, 0, a.target, None)
    elif a.kind == ActionKind.UPGRADE:
        ident = state.rows[1][a.target]
        lab = list(p.lab)
        covered = p.covered if lab[a.choice] is None else (*p.covered, lab[a.choice])
        lab[a.choice] = ident
        p = replace(p, money=p.money - _price(state, a.target), lab=tuple(lab), covered=covered)
        state = _set_row(state, 1, a.target, None)
    elif a.kind == ActionKind.SPECIAL:
        i = list(SPECIAL_COST).index(a.target)
        stack = state.specials[i]
        specials = list(state.specials)
        specials[i] = stack[1:]
        state = replace(state, specials=tuple(specials))
        p = replace(
            p, money=p.money - SPECIAL_COST[a.target], **{SPECIAL_SPACE[a.target]: stack[0]}
        )
    elif a.kind == ActionKind.BUY_DNA:
        offer = state.components.tables.dna_offer(a.target)
        assert offer is not None  # a legal purchase is at an offer's price
        dna, col = a.choice
        p = replace(
            p,
            money=p.money - offer.price,
            dna=abilities.gain_dna(p, DNA_TYPES.index(dna), offer.amount),
        )
        if col is not None:
            row = state.components.tables.market_rows.index(offer.price)
            discards = list(state.discards)
            discards[col] = (*discards[col], state.rows[col][row])
            state = _set_row(replace(state, discards=tuple(discards)), col, row, None)
    players = list(state.players)
    players[seat] = p
    return replace(state, players=tuple(players), step=state.step + 1)
