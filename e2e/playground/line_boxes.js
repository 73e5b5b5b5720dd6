// Line boxes as headless Chromium draws a `.weft-text` element: shared by
// scripts/text-oracle.py (which writes conformance/rich-text from them) and
// scripts/playground-test.py (which checks the playground's drawing against Weft's `lines`).
// Defines `weftLineBoxes(el, text)`: [{x, y, width, height, start, end}] in the element's
// coordinates, `text` being the element's text content (every text node, in order).
//
// Each grapheme's client rect (Intl.Segmenter) is placed in the line box holding its vertical
// centre; the line boxes' tops and heights come from the same element clamped to 1, 2, ...
// lines (-webkit-line-clamp), so a line as tall as its tallest span is measured as the browser
// builds it. A line's start/end is the UTF-16 range of its graphemes (a line feed ending it
// excluded); its frame spans its content (spaces hanging at a soft wrap left out).
var weftLineBoxes = (() => {
  const seg = new Intl.Segmenter('en', {granularity: 'grapheme'});
  const lineBoxes = (el) => {
    const full = el.getBoundingClientRect().height;
    const tops = [0];
    const saved = el.getAttribute('style');
    for (let n = 1; n < 200; n++) {
      el.setAttribute('style', saved + 'display:-webkit-inline-box;-webkit-box-orient:vertical;overflow:hidden;-webkit-line-clamp:' + n + ';');
      const h = el.getBoundingClientRect().height;
      if (h >= full - 0.001) break;
      tops.push(h);
    }
    el.setAttribute('style', saved);
    tops.push(full);
    return tops;
  };
  return (el, text) => {
    const box = el.getBoundingClientRect();
    const tops = lineBoxes(el);
    const nodes = [];
    let offset = 0;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      nodes.push([offset, node]);
      offset += node.data.length;
    }
    const result = tops.slice(1).map((bottom, i) => ({top: tops[i], bottom, left: Infinity, right: -Infinity,
      start: Infinity, end: -Infinity, contentEnd: -Infinity, feed: false}));
    const graphemes = [];
    for (const g of seg.segment(text)) {
      const start = g.index, end = g.index + g.segment.length;
      if (g.segment === '\n') { graphemes.push({start, end, feed: true}); continue; }
      let at = nodes.length - 1;
      while (at > 0 && nodes[at][0] > start) at--;
      const [base, node] = nodes[at];
      const range = document.createRange();
      range.setStart(node, start - base);
      range.setEnd(node, Math.min(end - base, node.data.length));
      const rects = [...range.getClientRects()].filter(r => r.width > 0 || r.height > 0);
      if (!rects.length) { graphemes.push({start, end, none: true}); continue; }
      const r = rects[0];
      graphemes.push({start, end, left: r.left - box.left, right: r.right - box.left, y: (r.top + r.bottom) / 2 - box.top,
                      space: /^\s+$/.test(g.segment)});
    }
    let current = 0;
    for (const g of graphemes) {
      if (g.feed) { result[current].feed = true; continue; }
      if (g.none) continue;
      let i = result.findIndex(l => g.y >= l.top && g.y < l.bottom);
      if (i < 0) i = g.y < 0 ? 0 : result.length - 1;
      current = i;
      const l = result[i];
      l.start = Math.min(l.start, g.start); l.end = Math.max(l.end, g.end);
      l.graphemes = l.graphemes || [];
      l.graphemes.push(g);
    }
    return result.map((l, i) => {
      const gs = (l.graphemes || []).slice().sort((a, b) => a.start - b.start);
      // Spaces that end a soft-wrapped line hang: not part of its content.
      const soft = i + 1 < result.length && !l.feed;
      let last = gs.length;
      if (soft) while (last > 0 && gs[last - 1].space) last--;
      const content = gs.slice(0, last);
      const left = content.length ? Math.min(...content.map(g => g.left)) : 0;
      const right = content.length ? Math.max(...content.map(g => g.right)) : 0;
      return {x: left, y: l.top, width: right - left, height: l.bottom - l.top,
              start: gs.length ? l.start : null, end: gs.length ? l.end : null};
    });
  };
})();
