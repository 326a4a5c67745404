"""Interactive pieces of the Dinosaur Island notebooks: each app is a class that calls the
engine and shows itself in one line, so the notebook cells stay short and the logic is tested.

Not imported by `import dino_kit` (it loads ipywidgets and plotly); import the modules
directly, e.g. `from dino_kit.widgets.game import GameApp`. The apps stand on the base every
kit's apps share (`kit_common.widgets`: root widget, one-line summary, CSS classes, charts).
"""
