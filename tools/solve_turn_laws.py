"""Rebuild martian_kit/data/turn_laws.json: the exact turn-score laws (Fractions) of the
strategies a class is offered (martian_kit.experiments.TURN_STRATEGIES). Takes a few minutes
a strategy; tests/martian_kit/test_experiments.py checks the shipped file.

    python tools/solve_turn_laws.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script: the kit from this checkout
    sys.path.insert(0, str(ROOT))

from martian_kit.experiments import SHIPPED_PATH, solve_turn_laws  # noqa: E402


def main() -> None:
    laws = solve_turn_laws()
    SHIPPED_PATH.write_text(json.dumps(laws, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {SHIPPED_PATH.relative_to(ROOT)}: {', '.join(laws)}")


if __name__ == "__main__":
    main()
