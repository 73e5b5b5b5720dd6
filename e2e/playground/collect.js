// Evaluated in the playground page by playground-test.py after an example is drawn, after
// line_boxes.js: reports what the browser actually laid out, for the test to compare with
// Weft's frames.
(() => {
  const stage = document.querySelector("#stage");
  const origin = stage.getBoundingClientRect();
  const rel = (r) => [r.left - origin.left, r.top - origin.top, r.width, r.height];

  // The computed values the text README lists for its rendering model (a subset that a
  // page's own CSS could plausibly disturb).
  const TEXT_PROPERTIES = ["display", "white-space-collapse", "text-wrap-mode", "overflow-wrap", "word-break",
    "line-break", "hyphens", "font-kerning", "font-variant-ligatures", "font-feature-settings", "word-spacing",
    "text-transform", "direction", "text-align", "text-indent", "text-spacing-trim", "writing-mode",
    "vertical-align", "margin-left", "margin-top", "padding-left", "padding-top", "border-left-width",
    "border-top-width", "font-family", "font-size", "font-weight", "font-style", "line-height", "letter-spacing"];

  // Lines the browser drew: its line boxes (spans of several sizes on one line have rects
  // with different tops, so counting distinct tops would count too many).
  const lines = (el) => (el.textContent ? weftLineBoxes(el, el.textContent).length : 0);

  const boxes = [...stage.querySelectorAll(".weft-box")].map((el) => {
    const box = {
      key: el.dataset.key, id: el.dataset.id ?? null, type: el.dataset.type,
      frame: el.dataset.frame.split(",").map(Number), rect: rel(el.getBoundingClientRect()),
    };
    // Its own text: a nested container's box holds its cells' boxes, texts and all.
    const text = el.querySelector(":scope > .weft-text");
    if (text) {
      const css = getComputedStyle(text);
      box.text = {
        rect: rel(text.getBoundingClientRect()), lines: lines(text),
        css: Object.fromEntries(TEXT_PROPERTIES.map((p) => [p, css.getPropertyValue(p)])),
        inline: { fontFamily: text.style.fontFamily, lineHeight: text.style.lineHeight },
      };
    }
    // A point where this box is the topmost drawn box, for the hover check.
    const r = el.getBoundingClientRect();
    const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
    if (r.width >= 4 && r.height >= 4 && cx < innerWidth && cy < innerHeight) {
      const hit = document.elementFromPoint(cx, cy);
      if (hit && hit.closest(".weft-box") === el) box.hoverAt = [cx, cy];
    }
    return box;
  });
  return {
    ready: document.body.dataset.ready ?? null,
    status: document.querySelector("#status").textContent,
    boxes,
    hints: stage.querySelectorAll(".hint").length,
    // Room below the stage for the gutter and labels of a horizontal container's hints.
    height: Math.ceil(stage.getBoundingClientRect().bottom + scrollY + 80),
    // Room right of it for a vertical container's gutter and labels.
    width: Math.ceil(stage.getBoundingClientRect().right + scrollX + 200),
  };
})()
