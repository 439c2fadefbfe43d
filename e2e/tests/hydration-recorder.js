/* global window, document, Node, MutationObserver */
// Loaded into the page before its own scripts (hydration.spec.ts): records every change the browser makes
// inside the app between the end of parsing and the app marking itself live, and the layout shifts until then.
(() => {
  const record = { changes: [], shift: 0 };
  window.__hydration = record;
  const live = () => document.documentElement.dataset.hydrated === 'true';
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!live()) record.shift += entry.value;
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
      const change = describe(m);
      if (change) record.changes.push(change);
    }
  });
  document.addEventListener('DOMContentLoaded', () =>
    observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true }),
  );
})();
