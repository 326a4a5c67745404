// The view of the model that carries the kit's style sheet (kit_common/widgets/style.py):
// anywidget puts the sheet (the model's `_css`) into the page's head; the view draws nothing.
export default {
  render({ el }) {
    el.hidden = true;
  },
};
