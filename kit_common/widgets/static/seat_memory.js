// What this browser holds of the rooms and classes it sat at (kit_common.widgets.rooms.
// SeatMemory): kept in the browser's localStorage under the widget's `key`, so that a closed
// tab or a phone that slept takes its place back when the page is opened again. The view
// tells the kernel what is kept (`stored`) when it is drawn, and writes what the kernel asks
// to keep (`keep`). While the page is shown (not while the phone sleeps or the tab is in the
// background) it also says so every `beat_s` seconds (0: never): the room shows who is away.

function read(key) {
  try {
    return window.localStorage.getItem(key) || "{}";
  } catch (error) {
    return "{}"; // storage refused (a private window): the seat lives as long as the page
  }
}

export default {
  render({ model, el }) {
    el.style.display = "none";
    const key = model.get("key");
    model.set("stored", read(key));
    model.save_changes();
    const write = () => {
      const text = model.get("keep");
      if (!text) return;
      try {
        window.localStorage.setItem(key, text);
      } catch (error) {
        // nothing to do: the page keeps the seat while it stays open
      }
    };
    model.on("change:keep", write);
    write();
    const beat = () => {
      if (document.visibilityState === "visible") model.send({ here: true });
    };
    const seconds = model.get("beat_s");
    const timer = seconds > 0 ? setInterval(beat, seconds * 1000) : null;
    document.addEventListener("visibilitychange", beat);
    return () => {
      model.off("change:keep", write);
      if (timer !== null) clearInterval(timer);
      document.removeEventListener("visibilitychange", beat);
    };
  },
};
