/* global window, document, Node, MutationObserver */
// Loaded into the page before its own scripts (hydration.spec.ts): records every change the browser makes
// inside the app between the end of parsing and the app's first render being attached to the server's HTML
// (`data-hydrated="main"`), and the layout shifts until then; inside the parts hydrated in later tasks (the
// header and the footer, web/src/ui/hydrate-later.tsx), every change until the whole page is live
// (`data-hydrated="true"`). Between the two, the page's own live behaviour may change its content.
(() => {
  const record = { changes: [], shift: 0, moved: [], parsedAt: null };
  window.__hydration = record;
  const LATER_PARTS = 'header.site-header, footer.site-footer';
  const attached = () => document.documentElement.dataset.hydrated !== undefined;
  const live = () => document.documentElement.dataset.hydrated === 'true';
  const element = (node) => (node.nodeType === Node.ELEMENT_NODE ? node : node.parentElement);
  const inLaterPart = (m) =>
    Boolean(element(m.target)?.closest(LATER_PARTS)) ||
    [...m.addedNodes, ...m.removedNodes].some((n) => element(n)?.matches?.(LATER_PARTS));
  // A slow machine paints while it still parses, and a chunk of HTML that ends inside a button moves what
  // follows once the rest arrives: the stream's doing, which Lighthouse's CLS measures. Only shifts from the
  // end of parsing on (when the app's scripts start) are the app's.
  let parsedAt = Infinity;
  document.addEventListener('readystatechange', () => {
    if (document.readyState !== 'interactive' || parsedAt !== Infinity) return;
    parsedAt = performance.now();
    record.parsedAt = parsedAt;
  });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (attached() || entry.startTime < parsedAt) continue;
      record.shift += entry.value;
      // What moved, so that a failure names it: the element, and its place before and after (x, y).
      for (const { node, previousRect: a, currentRect: b } of entry.sources) {
        const first = node?.getAttribute?.('class')?.split(' ')[0];
        const name = node ? `${node.nodeName}${first ? `.${first}` : ''}` : '?';
        record.moved.push(
          `${name} ${Math.round(a.x)},${Math.round(a.y)} -> ${Math.round(b.x)},${Math.round(b.y)}`,
        );
      }
    }
  }).observe({ type: 'layout-shift', buffered: true });
  const describe = (m) => {
    const added = [...m.addedNodes].map((n) => n.nodeName);
    // Suspense's comment markers leave once the part they mark is live: not a change of what shows.
    const removed = [...m.removedNodes]
      .filter((n) => n.nodeType !== Node.COMMENT_NODE)
      .map((n) => n.nodeName);
    if (m.type === 'childList' && added.length === 0 && removed.length === 0) return undefined;
    const text = m.type === 'characterData' ? ` "${m.target.data.slice(0, 40)}"` : '';
    return `${m.type} ${m.attributeName ?? ''} on ${m.target.nodeName}${text} +${added.join(',')} -${removed.join(',')}`;
  };
  const observer = new MutationObserver((list) => {
    if (live()) return;
    const root = document.getElementById('root');
    for (const m of list) {
      if (!root || !root.contains(m.target)) continue;
      if (inLaterPart(m) ? live() : attached()) continue;
      const change = describe(m);
      if (change) record.changes.push(change);
    }
  });
  document.addEventListener('DOMContentLoaded', () =>
    observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true }),
  );
})();
