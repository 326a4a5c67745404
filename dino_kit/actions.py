"""The shape of a well-formed action, checked once where an action comes in (the engine's
`apply_action` and `why_illegal`), before any rule looks at it.

Each kind of action uses some of `Action`'s fields (the research kinds a scientist, most kinds
a target, some a choice); a field it does not use must be None, so that a mistaken field is
refused instead of silently kept. Every field is a plain value (whole numbers, texts, None and
tuples of them): a `float` or a `bool` equal to a whole number (`1.0`, `True`) and a list or
dict where an id belongs are refused with `InputError` naming the field, so that the rules'
`==` and `in` checks are never fooled by them or broken by an unhashable value."""

from __future__ import annotations

from typing import Final

from dino_kit.messages import message
from dino_kit.state import Action, ActionKind, Phase
from kit_common.checks import one_of, plain, shown, whole
from kit_common.errors import InputError

K: Final = ActionKind
#: The fields each kind uses, by phase ("scientist", "target", "choice"); any other must be
#: None. A pass in research is a scientist's, a pass in the market uses nothing.
USED_FIELDS: Final[dict[tuple[str, str], frozenset[str]]] = {
    (Phase.RESEARCH, K.DIE): frozenset({"scientist", "target", "choice"}),
    (Phase.RESEARCH, K.STORAGE): frozenset({"scientist", "target", "choice"}),
    (Phase.RESEARCH, K.RECIPE): frozenset({"scientist", "target"}),
    (Phase.RESEARCH, K.PASS): frozenset({"scientist"}),
    (Phase.MARKET, K.HIRE): frozenset({"target", "choice"}),
    (Phase.MARKET, K.BUILD): frozenset({"target"}),
    (Phase.MARKET, K.UPGRADE): frozenset({"target", "choice"}),
    (Phase.MARKET, K.SPECIAL): frozenset({"target"}),
    (Phase.MARKET, K.BUY_DNA): frozenset({"target", "choice"}),
    (Phase.MARKET, K.PASS): frozenset(),
    (Phase.WORKERS, K.WORK): frozenset({"target", "choice"}),
    (Phase.WORKERS, K.DONE): frozenset(),
    (Phase.PARK, K.PLACE): frozenset({"target"}),
    (Phase.PARK, K.EAT): frozenset({"target"}),
    (Phase.PARK, K.FOOD): frozenset({"choice"}),
}
KIND_NAMES: Final = frozenset(k.value for k in ActionKind)
FIELDS: Final = ("scientist", "target", "choice")


def check_action(action: Action, phase: str) -> None:
    """Refuse a malformed `action` with `InputError` (see the module docstring). A kind
    that is not one of this `phase` is left to the rules (they say which phase it belongs
    to). Written for speed: it runs on every action a bot plays in a simulation."""
    if not isinstance(action, Action):
        raise InputError("action", message("input.action", got=shown(action)))
    kind = action.kind
    if type(kind) is not ActionKind and not (isinstance(kind, str) and kind in KIND_NAMES):
        one_of(kind, "action.kind", [k.value for k in ActionKind])  # raises: names the kinds
    used = USED_FIELDS.get((phase, kind))
    for name, value in zip(FIELDS, action[1:]):
        if value is None:
            continue
        if used is not None and name not in used:
            raise InputError(
                f"action.{name}", message("action.unused_field", kind=kind, phase=phase)
            )
        if name == "scientist":  # a level not in the pool is the rules' to refuse
            if type(value) is not int:
                whole(value, "action.scientist")
        elif type(value) is not int and type(value) is not str:
            plain(value, f"action.{name}")
