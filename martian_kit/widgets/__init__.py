"""Interactive pieces of the notebooks: each app is a class that calls the engine and shows
itself in one line (`TurnPlayer()`), so the notebook cells stay short and the logic is tested.

Not imported by `import martian_kit` (it loads ipywidgets and plotly); import the modules
directly, e.g. `from martian_kit.widgets.turn import TurnPlayer`. The apps stand on the base
every kit's apps share (`kit_common.widgets`: root widget, one-line summary, CSS classes,
charts); `pages` names this kit's series of notebooks for the landing page.
"""
