"""What both game kits build on and that names neither game.

The widget app base, live charts and the chart theme, the contents of the page series, the
message machinery with its language setting, rich display of values, statistics and the base
error. `martian_kit` and `dino_kit` import this package; it imports neither of them (an
import-linter contract in `pyproject.toml` checks it).
"""
