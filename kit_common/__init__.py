"""What both game kits build on and that names neither game.

The widget app base, live charts and the chart theme, the contents of the page series, the
message machinery with its language setting, rich display of values, statistics and the base
error. `martian_kit` and `dino_kit` import this package; it imports neither of them (an
import-linter contract in `pyproject.toml` checks it).

Where each lives, from the bottom layer up (a module imports only from layers below it):
- `errors`: `KitError`, `RuleError`, the bases of the errors a kit raises on purpose;
- `game`: the game protocol every kit's engine speaks (OpenSpiel's vocabulary), `run`, the one
  play loop (chance and bots act until a person must act), and `evolve`; `study`: the one
  driver of many seeded games (`game_seed`, `seating`, `play_games` in processes or on Dask,
  `Progress`, `TextProgress`);
- `svg`: dice drawn as inline SVG (`die_svg`, `pips`, `dice_row_html`), no font needed;
- `statistics` (intervals), `messages` (`Catalogue`, `set_language`), `display` (`Table`,
  `Probability`, `distribution_table`, `remember`: values that show themselves in a page);
- `pages` (the notebooks' contents), `glossary` (the translations' game words, as tables);
- `widgets/`, the notebook layer (the app base, `LiveChart` and its static files,
  `chart_view.show`, the teaching widgets `teaching.ChoiceQuiz` and `teaching.PredictReveal`;
  `charts`, the look and the shared chart shapes; ipywidgets and plotly).
Only `widgets/` imports plotly or the widget libraries, so the rest runs headless.
"""
