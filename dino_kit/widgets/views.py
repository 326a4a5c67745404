"""Pictures of the table as HTML: a player's lab and park, the research centre, the market.
Plain functions of a `GameState`, so the apps and the tests share them; no copied art —
coloured boxes, counts and names from the component data. Actions in words are
`dino_kit.narrate.action_label` (the command line tells games in the same words).
"""

from __future__ import annotations

from html import escape

from dino_kit import abilities
from dino_kit.effects import CATEGORIES, DNA_TYPES
from dino_kit.messages import dna_of, dna_word, message, plural
from dino_kit.narrate import specialist_text, upgrade_text
from dino_kit.phases.market import SPECIAL_COST
from dino_kit.phases.workers import dna_text
from dino_kit.pictures import dice_legend_html
from dino_kit.state import GameState, PlayerState, face_of, track_position
from kit_common.display import scroll_box

DNA_COLOURS = {
    "blue": "#1e88e5",
    "pink": "#ec407a",
    "violet": "#8e24aa",
    "green": "#43a047",
    "red": "#e53935",
    "orange": "#fb8c00",
}
#: A dinosaur in a paddock and a free place in it: plain geometric shapes every font has
#: (no emoji), the exhibit's text saying what they count.
DINOSAUR_MARK, FREE_MARK = "●", "○"
#: Outside a widget, a page typesets `$…$` as TeX; this class keeps dollars as dollars.
NO_TEX = "mathjax_ignore"
BOX = "display:inline-block;border-radius:4px;margin:1px;vertical-align:middle;"


def dna_chip(dna: str, text: str = "") -> str:
    colour = DNA_COLOURS[dna]
    return (
        f"<span style='{BOX}background:{colour};color:white;padding:0 5px;font-size:90%'>"
        f"{escape(text or dna)}</span>"
    )


def storage_html(p: PlayerState, max_limit: int) -> str:
    """Cold storage: one row per DNA type, a box per space up to the highest limit — filled
    for DNA held, outlined up to the track's limit, greyed beyond."""
    rows = []
    for i, t in enumerate(DNA_TYPES):
        colour = DNA_COLOURS[t]
        cells = []
        for k in range(1, max_limit + 1):
            if k <= p.dna[i]:
                style = f"background:{colour};border:1px solid {colour}"
            elif k <= p.limits[i]:
                style = f"background:white;border:1px solid {colour}"
            else:
                style = "background:#eee;border:1px solid #eee"
            cells.append(f"<span style='{BOX}width:12px;height:12px;{style}'></span>")
        label = message("ui.storage_row", dna=dna_word(t), have=p.dna[i], limit=p.limits[i])
        rows.append(
            f"<div><span style='display:inline-block;width:8.5em'>{escape(label)}</span>"
            f"{''.join(cells)}</div>"
        )
    return "".join(rows)


def track_text(value: int) -> str:
    tokens, marker = track_position(value)
    return (
        message("ui.track_tokens", value=value, tokens=tokens, marker=marker)
        if tokens
        else f"{value}"
    )


def park_html(state: GameState, p: PlayerState) -> str:
    """The park: the printed exhibit, each recipe's exhibit (two zones) with its dinosaurs
    and paddock capacity, each attraction (one zone), and the free zones left."""
    c = state.components
    boxes = []
    for e in p.exhibits:
        r = c.recipe(e.recipe)
        dinos = DINOSAUR_MARK * e.dinosaurs + FREE_MARK * (e.capacity - e.dinosaurs)
        width = "7.5em"
        boxes.append(
            f"<span style='{BOX}width:{width};border:2px solid #6d4c41;background:#f1f8e9;"
            f"padding:2px;font-size:85%' title='{escape(message('ui.exhibit_tip'))}'>"
            f"<b>{escape(c.name_of(r))}</b><br>{dinos} {e.dinosaurs}/{e.capacity}<br>"
            f"{escape(message('ui.exhibit_line', vp=r.vp, excitement=r.excitement))}</span>"
        )
    for ident in p.attractions:
        a = c.attraction(ident)
        food = f" ({message('ui.food')})" if a.food else ""
        boxes.append(
            f"<span style='{BOX}width:5.5em;border:2px solid #0277bd;background:#e1f5fe;"
            f"padding:2px;font-size:85%'><b>{escape(c.name_of(a))}</b>{food}<br>"
            f"{escape(plural('ui.attraction_line_n', a.capacity, vp=a.vp))}</span>"
        )
    free = abilities.free_zones(state, p)
    boxes += [f"<span style='{BOX}width:2.5em;height:3.2em;border:1px dashed #aaa'></span>"] * max(
        0, free
    )
    return f"<div>{''.join(boxes)}</div>"


def lab_html(state: GameState, p: PlayerState) -> str:
    """The lab's spaces: the printed Dino Research and DNA Refinement (or their II tiles) and
    the "under construction" spaces, with each tile's name."""
    c = state.components
    names = [
        c.name_of(p.dino_research) if p.dino_research else message("ui.dino_research"),
        c.name_of(p.dna_refinement) if p.dna_refinement else message("ui.dna_refinement"),
    ]
    names += [c.name_of(x) if x else message("ui.under_construction") for x in p.lab]
    cells = "".join(
        f"<span style='{BOX}border:1px solid #999;padding:1px 4px;font-size:85%;"
        f"background:{'#fff' if i < 2 or p.lab[i - 2] else '#f5f5f5'}'>{escape(n)}</span>"
        for i, n in enumerate(names)
    )
    specialists = ", ".join(c.name_of(s) for s, _ in p.specialists) or "—"
    return cells + f"<div>{escape(message('ui.specialists', names=specialists))}</div>"


def board_html(state: GameState, seat: int) -> str:
    """One player's whole board: numbers, cold storage, lab and park."""
    p = state.players[seat]
    facts = message(
        "ui.facts",
        money=p.money,
        vp=p.vp,
        excitement=p.excitement,
        threat=track_text(p.threat),
        security=security_text(state, p),
        workers=workers_text(state, p),
        supply=p.supply,
        scientists=", ".join(map(str, p.scientists)) or message("ui.none_left"),
    )
    return (
        f"<div class='{NO_TEX}' style='border:1px solid #ccc;border-radius:6px;padding:6px;"
        f"margin:3px 0'>"
        f"<b>{escape(state.names[seat])}</b> — {escape(facts)}"
        f"<div style='display:flex;flex-wrap:wrap;gap:12px'>"
        f"<div>{storage_html(p, state.components.tables.max_limit)}</div>"
        f"<div>{lab_html(state, p)}</div></div>{park_html(state, p)}</div>"
    )


def security_text(state: GameState, p: PlayerState) -> str:
    """The security track, and what the lab upgrades and specialists add to it in the park
    phase, named: "2 (+1 from Guard Tower: 3 in the park)"."""
    bonus = abilities.security_total(state, p) - p.security
    if bonus <= 0:
        return track_text(p.security)
    c = state.components
    sources = [
        c.name_of(ident)
        for ident in p.lab
        if ident is not None
        and any(e.id == "security_bonus" for e in c.lab_upgrade(ident).passives)
    ] + [
        c.name_of(ident)
        for ident, _ in p.specialists
        if any(e.id == "security_bonus" for e in c.specialist(ident).effects)
    ]
    return message(
        "ui.security_bonus",
        track=track_text(p.security),
        bonus=bonus,
        sources=", ".join(sources),
        total=p.security + bonus,
    )


def claimant_name(state: GameState, seat: int) -> str:
    """Who claimed a die or an objective: a player's name, or the solo rival."""
    return state.names[seat] if seat >= 0 else message("ui.rival")


def workers_text(state: GameState, p: PlayerState) -> str:
    """The workers: in the workers phase, how many are left to place (a live count)."""
    if state.phase == "workers":
        return message("ui.workers_left", left=p.workers_free, total=p.workers + len(p.passed))
    return message("ui.workers_count", n=p.workers)


def face_html(state: GameState, slot: int) -> str:
    """The face a die slot shows, drawn as an SVG die with its text alternative."""
    return face_of(state, slot).svg()


def research_html(state: GameState) -> str:
    """The research centre: each die slot (face, threat pips, who claimed it), the six
    cold-storage spaces, the face-up recipes, and the held die once research is over."""
    c = state.components
    if not state.pool:
        return ""
    dice = []
    for slot in range(len(state.pool)):
        owner = state.claimed[slot] if slot < len(state.claimed) else None
        who = claimant_name(state, owner) if owner is not None else message("ui.free")
        held = f" <b>({escape(message('ui.held_mark'))})</b>" if state.held == slot else ""
        dice.append(
            f"<td style='border:1px solid #bbb;padding:3px;text-align:center'>"
            f"{escape(message('ui.slot', slot=slot + 1))}<br>{face_html(state, slot)}<br>"
            f"<small>{escape(who)}</small>{held}</td>"
        )
    taken = sum(owner is not None for owner in state.storage_taken)
    storage = message("ui.storage_spaces", taken=taken, spaces=len(state.storage_taken))
    recipes = []
    for cat, ident in zip(CATEGORIES, state.recipe_up):
        if ident is None:
            recipes.append(f"{message('category.' + cat)}: —")
        else:
            r = c.recipe(ident)
            recipes.append(
                message(
                    "ui.recipe_up",
                    category=message("category." + cat),
                    name=c.name_of(r),
                    level=r.research_level,
                    cost=dna_text(r.dna_cost),
                    excitement=r.excitement,
                    vp=r.vp,
                )
            )
    items = "".join(f"<li>{escape(x)}</li>" for x in recipes)
    return (
        scroll_box(f"<table><tr>{''.join(dice)}</tr></table>", message("ui.setup_col.pool"))
        + f"{dice_legend_html()}<div>{escape(storage)}</div><ul>{items}</ul>"
    )


def market_html(state: GameState) -> str:
    """The market: the four rows ($5 … $2) × attractions, lab upgrades, specialists; the
    DNA offers; the special lab tiles left."""
    c = state.components
    t = c.tables
    keys = ("row", "attractions", "lab_upgrades", "specialists", "dna")
    columns = [message("ui.column." + k) for k in keys]
    head = "".join(f"<th style='padding:2px 8px'>{escape(name)}</th>" for name in columns)
    body = []
    for row, price in enumerate(t.market_rows):
        cells = [f"${price}"]
        for col in range(3):
            ident = state.rows[col][row]
            cells.append(item_text(state, col, ident, row) if ident else "—")
        offer = t.dna_offer(price)
        cells.append(
            message("ui.dna_offer", amount=offer.amount, kind=dna_of(offer.kind)) if offer else "—"
        )
        body.append(
            "<tr>"
            + "".join(
                f"<td style='padding:2px 8px;border-top:1px solid #ddd'>{escape(x)}</td>"
                for x in cells
            )
            + "</tr>"
        )
    specials = message(
        "ui.specials",
        research=len(state.specials[0]),
        refinement=len(state.specials[1]),
        research_price=SPECIAL_COST["dino_research_2"],
        refinement_price=SPECIAL_COST["dna_refinement_2"],
    )
    return (
        f"<div class='{NO_TEX}'>"
        + scroll_box(f"<table><tr>{head}</tr>{''.join(body)}</table>", ", ".join(columns))
        + f"<div>{escape(specials)}</div></div>"
    )


def item_text(state: GameState, col: int, ident: str, row: int) -> str:
    """A market item in a few words: name and what it does."""
    c = state.components
    if col == 0:
        item = c.attraction(ident)
        price = item.cost + c.tables.market_rows[row]
        return plural(
            "ui.attraction_item_food_n" if item.food else "ui.attraction_item_n",
            item.capacity,
            name=c.name_of(item),
            price=price,
            vp=item.vp,
        )
    price = c.tables.market_rows[row]
    if col == 1:
        upgrade = c.lab_upgrade(ident)
        return message(
            "ui.market_item", name=c.name_of(upgrade), price=price, text=upgrade_text(upgrade)
        )
    specialist = c.specialist(ident)
    return message(
        "ui.market_item", name=c.name_of(specialist), price=price, text=specialist_text(specialist)
    )
