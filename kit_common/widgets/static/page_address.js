// The address of the page a view is shown in, as the browser reached it (host, path, query):
// a preheated kernel ran the page before anyone asked for it, so only the browser knows.
// While the page is open it also tells the kernel so once a minute: the app culls kernels
// idle for 10 minutes (voila.json), and a class may wait longer than that between sends.
const ALIVE_MS = 60 * 1000;

export default {
  render({ model, el }) {
    el.style.display = "none";
    if (model.get("href") !== window.location.href) {
      model.set("href", window.location.href);
      model.save_changes();
    }
    const alive = setInterval(() => model.send({ alive: true }), ALIVE_MS);
    return () => clearInterval(alive);
  },
};
