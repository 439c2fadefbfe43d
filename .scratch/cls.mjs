import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await browser.newPage();
await page.addInitScript(() => {
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__shifts.push({ value: e.value, t: e.startTime, hydrated: document.documentElement.dataset.hydrated, sources: (e.sources || []).map((s) => ({ node: s.node ? (s.node.outerHTML || s.node.textContent || '').slice(0, 160) : null, prev: JSON.stringify(s.previousRect), cur: JSON.stringify(s.currentRect) })) });
    }
  }).observe({ type: 'layout-shift', buffered: true });
});
await page.goto(process.argv[2]);
await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
await page.waitForTimeout(1500);
console.log(JSON.stringify(await page.evaluate(() => window.__shifts), null, 1));
await browser.close();
