// The address of the page a view is shown in, as the browser reached it (host, path, query):
// a preheated kernel ran the page before anyone asked for it, so only the browser knows.
export default {
  render({ model, el }) {
    el.style.display = "none";
    if (model.get("href") !== window.location.href) {
      model.set("href", window.location.href);
      model.save_changes();
    }
  },
};
