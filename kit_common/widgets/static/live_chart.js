// The view of a LiveChart (kit_common/widgets/live_chart.py): draws the model's `figure`
// with plotly.js and redraws it in place (Plotly.react) whenever the figure changes.
//
// plotly.js itself arrives once per page, as the `source` of the PlotlyLibrary model that
// every chart's `library` points to; the first chart to render evaluates it and the others
// share the result.

const LIBRARY = Symbol.for("kit.plotly");

function plotly(model) {
  if (!globalThis[LIBRARY]) {
    globalThis[LIBRARY] = (async () => {
      const ref = model.get("library"); // "IPY_MODEL_<id>"
      const library = await model.widget_manager.get_model(ref.replace(/^IPY_MODEL_/, ""));
      const module = { exports: {} };
      // The bundle is UMD: given a `module`, it exports Plotly instead of only setting a global.
      new Function("module", "exports", library.get("source"))(module, module.exports);
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

async function render({ model, el }) {
  const Plotly = await plotly(model);
  const draw = () => {
    const { data, layout, config } = model.get("figure");
    return Plotly.react(el, data, layout, config);
  };
  await draw();
  el.classList.add("kit-chart"); // a drawn chart (what the browser tests wait for)
  model.on("change:figure", draw);
  // Plotly sizes a chart when it is drawn; a view drawn before it is attached to the page (or
  // in a box that is resized later) is resized here.
  const resized = new ResizeObserver(() => el.isConnected && Plotly.Plots.resize(el));
  resized.observe(el);
  return () => {
    resized.disconnect();
    model.off("change:figure", draw);
    Plotly.purge(el);
  };
}

export default { render };
