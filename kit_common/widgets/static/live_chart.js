// The view of a LiveChart (kit_common/widgets/live_chart.py): draws the model's `figure`
// with plotly.js and redraws it in place (Plotly.react) whenever the figure changes.
//
// plotly.js itself arrives once per page, as the `source` of the PlotlyLibrary model that
// every chart's `library` points to, or from its `address` under the kit's app; the first
// chart to render evaluates it and the others share the result.

const LIBRARY = Symbol.for("kit.plotly");

// Resolves once the page's main thread is idle, or after `ms` at the latest: Voila draws a
// page's widgets in one burst, and evaluating plotly.js (half a second) in its middle held the
// widgets after the first chart.
function idle(ms) {
  return new Promise((resolve) => {
    if (globalThis.requestIdleCallback) {
      globalThis.requestIdleCallback(() => resolve(), { timeout: ms });
    } else {
      setTimeout(resolve, 0);
    }
  });
}

function plotly(model) {
  if (!globalThis[LIBRARY]) {
    globalThis[LIBRARY] = (async () => {
      await idle(1000);
      const ref = model.get("library"); // "IPY_MODEL_<id>"
      const library = await model.widget_manager.get_model(ref.replace(/^IPY_MODEL_/, ""));
      // Under the kit's app the page fetches the bundle (compressed, kept by the browser for
      // every page); elsewhere it is the model's `source`.
      const address = library.get("address");
      let source = library.get("source");
      if (address) {
        const response = await fetch(address);
        if (!response.ok) { throw new Error(`plotly.js: HTTP ${response.status} for ${address}`); }
        source = await response.text();
      }
      const module = { exports: {} };
      // The bundle is UMD: given a `module`, it exports Plotly instead of only setting a global.
      new Function("module", "exports", source)(module, module.exports);
      const Plotly = module.exports;
      // plotly.js's locale files register themselves with the Plotly in their scope. Only
      // their words are taken: their number formats (a decimal comma) would make the charts
      // disagree with the pages' text, which writes numbers alike in every language.
      const words = (locale) =>
        Plotly.register({ moduleType: "locale", name: locale.name, dictionary: locale.dictionary });
      new Function("Plotly", library.get("locales"))({ register: words });
      return Plotly;
    })();
    // A failed load (a closed kernel, say) may be retried by the next chart.
    globalThis[LIBRARY].catch(() => delete globalThis[LIBRARY]);
  }
  return globalThis[LIBRARY];
}

// The kit's charts are laid out for a desktop's width (kit_common/widgets/charts.py). On a
// narrower chart (a phone: the kit's template lays a page out for one below 600 px), a view
// fits the figure to the width it is drawn at, without changing the model's figure:
// - a title longer than the chart's width wraps onto more lines (plotly.js never wraps it and
//   cuts it at the chart's edge), the top margin growing to hold them;
// - an axis labelled at every integer (`dtick: 1`) with more values than fit is labelled
//   every 2, 5 or 10;
// - a heatmap's colour bar lies under the chart instead of taking a third of its width.
const NARROW_PX = 600;
//: Room left free at a title's right end, for the chart's toolbar.
const TOOLBAR_PX = 56;
//: Least width of an axis label (px) before the labels are thinned out.
const TICK_PX = 26;

function textWidth(text, size) {
  const canvas = (textWidth.canvas ??= document.createElement("canvas"));
  const context = canvas.getContext("2d");
  context.font = `${size}px "Open Sans", verdana, arial, sans-serif`;
  return context.measureText(text).width;
}

// `text` cut into lines no wider than `width` px at `size` px, at spaces (plotly.js's line
// breaks, <br>, kept).
function wrapped(text, size, width) {
  const lines = [];
  for (const part of String(text).split(/<br\s*\/?>/i)) {
    let line = "";
    for (const word of part.split(/\s+/).filter(Boolean)) {
      const longer = line ? `${line} ${word}` : word;
      if (line && textWidth(longer.replace(/<[^>]+>/g, ""), size) > width) {
        lines.push(line);
        line = word;
      } else {
        line = longer;
      }
    }
    lines.push(line);
  }
  return lines;
}

function fitted(figure, width) {
  const data = structuredClone(figure.data ?? []);
  const layout = structuredClone(figure.layout ?? {});
  if (!width) {
    return { data, layout };
  }
  const margin = (layout.margin = { t: 100, b: 80, l: 80, r: 80, ...(layout.margin ?? {}) });
  const title = typeof layout.title === "string" ? { text: layout.title } : layout.title;
  const size = title?.font?.size ?? layout.template?.layout?.title?.font?.size ?? 17;
  if (title?.text) {
    const lines = wrapped(title.text, size, width * 0.95 - 10 - TOOLBAR_PX);
    if (lines.length > 1) {
      const high = Math.ceil(lines.length * size * 1.3) + 6;
      layout.title = {
        ...title, text: lines.join("<br>"), y: 1, yref: "container", yanchor: "top",
        pad: { t: 16, ...(title.pad ?? {}) },
      };
      const grown = Math.max(0, high + 20 - (margin.t ?? 0));
      margin.t = (margin.t ?? 0) + grown;
      if (layout.height) { layout.height += grown; }
    }
  }
  if (width >= NARROW_PX) {
    return { data, layout };
  }
  const plotWidth = width - (margin.l ?? 0) - (margin.r ?? 0);
  for (const name of Object.keys(layout).filter((key) => /^xaxis\d*$/.test(key))) {
    const axis = layout[name];
    if (axis?.dtick !== 1) { continue; }
    const values = new Set(data.flatMap((trace) => (trace.orientation === "h" ? [] : trace.x ?? [])));
    const step = [1, 2, 5, 10].find((s) => (values.size / s) * TICK_PX <= plotWidth) ?? 10;
    axis.dtick = step;
  }
  for (const trace of data) {
    if (trace.type === "heatmap" && trace.showscale !== false) {
      const below = 70;
      trace.colorbar = {
        ...(trace.colorbar ?? {}), orientation: "h", x: 0.5, xanchor: "center",
        y: 0, yref: "container", yanchor: "bottom", thickness: 14,
        title: { ...(trace.colorbar?.title ?? {}), side: "bottom" },
      };
      margin.b = (margin.b ?? 0) + below;
      margin.r = Math.min(margin.r ?? 0, 20);
      if (layout.height) { layout.height += below; }
    }
  }
  return { data, layout };
}

// The chart's values (the model's `values`: a collapsed table, or nothing when the chart
// writes them on itself; kit_common/widgets/chart_values.py) go under the plot, in an element
// of their own that keeps its open or closed state across updates.
function showValues(box, html) {
  const open = box.querySelector("details")?.open ?? false;
  box.innerHTML = html;
  const details = box.querySelector("details");
  if (details) { details.open = open; }
}

async function render({ model, el }) {
  el.classList.add("kit-chart-view"); // a chart's view, drawn or not yet
  const plot = document.createElement("div"); // what plotly.js draws in
  const values = document.createElement("div");
  el.append(plot, values);
  showValues(values, model.get("values") ?? "");
  // The view is returned at once and the chart drawn when plotly.js is ready: a page shows
  // its widgets one after another, and the first chart's wait for plotly.js (evaluating it
  // takes half a second on a phone or a busy machine) kept every widget after it off the
  // page (issue 24). The chart's values are there meanwhile.
  const library = plotly(model);
  let drawnFor = null; // the width the figure was last fitted to
  let shape = null; // how it was fitted: its title's lines, narrow or not
  const draw = async () => {
    // noted before the wait for plotly.js too: the ResizeObserver's first call, which comes
    // meanwhile, then finds this width already being drawn and queues no second drawing
    drawnFor = el.clientWidth;
    const Plotly = await library;
    if (el.isConnected && el.getClientRects().length === 0) {
      // hidden (a phone's form of a chart, on a desktop): drawn once shown, when it gets a
      // width (the ResizeObserver below)
      return;
    }
    drawnFor = el.clientWidth;
    const { config } = model.get("figure");
    const { data, layout } = fitted(model.get("figure"), drawnFor);
    const fittedShape = JSON.stringify([layout.title, drawnFor < NARROW_PX]);
    // a figure fitted anew (a colour bar turned, a title wrapped) is drawn afresh: Plotly.react
    // leaves a heatmap blank when its colour bar changes orientation
    const redraw = shape !== null && fittedShape !== shape ? Plotly.newPlot : Plotly.react;
    shape = fittedShape;
    await redraw(plot, data, layout, config);
    el.classList.add("kit-chart"); // a drawn chart (what the browser tests wait for)
    el.dataset.fittedWidth = String(drawnFor); // the width drawn for (the tests wait for it)
  };
  const newValues = () => showValues(values, model.get("values") ?? "");
  const failed = (error) => console.error("A chart could not be drawn:", error);
  draw().catch(failed);
  const redraw = () => draw().catch(failed);
  model.on("change:figure", redraw);
  model.on("change:values", newValues);
  // Plotly sizes a chart when it is drawn; a view drawn before it is attached to the page (or
  // in a box that is resized later, a phone turned, say) is fitted to its new width here.
  const resized = new ResizeObserver(() => {
    if (el.isConnected && el.clientWidth !== drawnFor) { redraw(); }
  });
  resized.observe(el);
  return () => {
    resized.disconnect();
    model.off("change:figure", redraw);
    model.off("change:values", newValues);
    library.then((Plotly) => Plotly.purge(plot), () => {});
  };
}

export default { render };
