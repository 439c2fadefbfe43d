/* global window, document */
// Loaded into a blank page by cut-paint.ts (for cut-paint.spec.ts and bench:cut-paint): writes a page's HTML
// into a frame of the screen's size piece by piece, as a slow link delivers it, and after each piece notes
// where every element on screen stands; at the end, compares each piece's places with the whole page's and
// scores the move as Chromium's layout shift does (the share of the screen the moved boxes cover, before and
// after, times the longest move's share of the screen's longer side).
(() => {
  const GRID = 8;

  // An inline element that runs over lines is where its first line's part is (where its text starts), not
  // the box around all its lines, which widens to the left edge as soon as it wraps.
  const boxOf = (element) => {
    const r = element.getClientRects()[0] ?? element.getBoundingClientRect();
    return { x: r.x, y: r.y, w: r.width, h: r.height };
  };

  const onScreen = (box, width, height) =>
    box.w > 0 && box.h > 0 && box.x < width && box.y < height && box.x + box.w > 0 && box.y + box.h > 0;

  // What a paint shows: not a hidden or transparent element, nor one clipped to a pixel (visually-hidden
  // labels), whose moves Chromium does not count either.
  const painted = (element, box) =>
    (box.w > 1 || box.h > 1) && element.checkVisibility({ visibilityProperty: true, opacityProperty: true });

  const nameOf = (element) => {
    const first = element.getAttribute('class')?.split(' ')[0];
    return `${element.nodeName}${first ? `.${first}` : ''}`;
  };

  /** The share of the screen that a set of boxes covers, on a grid of GRID px. */
  const coverage = (boxes, width, height) => {
    const columns = Math.ceil(width / GRID);
    const rows = Math.ceil(height / GRID);
    const covered = new Uint8Array(columns * rows);
    for (const b of boxes) {
      const left = Math.max(0, Math.floor(b.x / GRID));
      const right = Math.min(columns, Math.ceil((b.x + b.w) / GRID));
      const top = Math.max(0, Math.floor(b.y / GRID));
      const bottom = Math.min(rows, Math.ceil((b.y + b.h) / GRID));
      for (let row = top; row < bottom; row++)
        for (let column = left; column < right; column++) covered[row * columns + column] = 1;
    }
    return covered.reduce((sum, cell) => sum + cell, 0) / covered.length;
  };

  const score = (before, final, width, height) => {
    const moved = [];
    for (const [element, box] of before) {
      const after = final.get(element);
      if (!after || after.w === 0 || after.h === 0) continue;
      const distance = Math.max(Math.abs(after.x - box.x), Math.abs(after.y - box.y));
      if (distance >= 1) moved.push({ element, box, after, distance });
    }
    if (moved.length === 0) return { score: 0, moved: [] };
    const impact = coverage(
      moved.flatMap((m) => [m.box, m.after]),
      width,
      height,
    );
    const distance = Math.max(...moved.map((m) => m.distance)) / Math.max(width, height);
    const largest = moved
      .sort((a, b) => b.box.w * b.box.h - a.box.w * a.box.h)
      .slice(0, 3)
      .map(
        (m) =>
          `${nameOf(m.element)} ${Math.round(m.box.x)},${Math.round(m.box.y)} -> ${Math.round(m.after.x)},${Math.round(m.after.y)}`,
      );
    return { score: impact * distance, moved: largest };
  };

  // What is on screen, found from the top: what lies in an element that starts below the screen is below it
  // too (a page's popovers open above their field, and none starts out open), so that part is not walked.
  const collect = (parent, width, height, seen) => {
    for (const element of parent.children) {
      const box = boxOf(element);
      if (onScreen(box, width, height) && painted(element, box)) seen.set(element, box);
      if (box.y < height) collect(element, width, height, seen);
    }
  };

  window.cutPaint = (html, cuts, width, height) => {
    const frame = document.createElement('iframe');
    frame.style.cssText = `position:fixed;top:0;left:0;border:0;width:${width}px;height:${height}px`;
    document.body.append(frame);
    const doc = frame.contentDocument;
    doc.open();
    const pieces = [];
    let at = 0;
    for (const cut of cuts) {
      doc.write(html.slice(at, cut));
      at = cut;
      const seen = new Map();
      if (doc.body) collect(doc.body, width, height, seen);
      pieces.push({ cut, seen });
    }
    doc.write(html.slice(at));
    doc.close();
    const final = new Map([...doc.querySelectorAll('*')].map((element) => [element, boxOf(element)]));
    const scored = pieces.map(({ cut, seen }) => ({ cut, ...score(seen, final, width, height) }));
    frame.remove();
    return scored.filter((s) => s.score > 0);
  };
})();
