// The seats this browser holds in rooms (kit_common.widgets.rooms.SeatMemory): kept in the
// browser's localStorage under one key, so that a closed tab or a phone that slept takes its
// seat back when the room's page is opened again. The view tells the kernel what is kept
// (`stored`) when it is drawn, and writes what the kernel asks to keep (`keep`).
const KEY = "kit-room-seats";

function read() {
  try {
    return window.localStorage.getItem(KEY) || "{}";
  } catch (error) {
    return "{}"; // storage refused (a private window): the seat lives as long as the page
  }
}

export default {
  render({ model, el }) {
    el.style.display = "none";
    model.set("stored", read());
    model.save_changes();
    const write = () => {
      const text = model.get("keep");
      if (!text) return;
      try {
        window.localStorage.setItem(KEY, text);
      } catch (error) {
        // nothing to do: the page keeps the seat while it stays open
      }
    };
    model.on("change:keep", write);
    write();
    return () => model.off("change:keep", write);
  },
};
