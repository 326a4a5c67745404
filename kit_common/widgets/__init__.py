"""The notebook layer both kits' apps stand on: the app base (`base`: root widget, one-line
summary, buttons, the CSS classes the browser tests find), charts that redraw in place
(`live_chart`, drawn by `static/live_chart.js` with a partial plotly.js), a chart shown on
its own (`chart_view.show`), the charts' look and shared shapes (`charts`), and long work a
click starts, run in the kernel's background with a progress bar and a Stop button
(`stoppable`).

Not imported by `import kit_common` (it loads ipywidgets and plotly); import the modules
directly, e.g. `from kit_common.widgets.base import App`.
"""
