import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (let i = 0; i < Number(process.argv[3] ?? 3); i++) {
  const page = await browser.newPage();
  await page.addInitScript(() => {
    window.__s = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (document.documentElement.dataset.hydrated === 'true') continue;
        window.__s.push({ v: e.value, sources: (e.sources || []).map((s) => ({ n: s.node ? (s.node.outerHTML || s.node.textContent || '').slice(0, 200) : null, p: JSON.stringify(s.previousRect), c: JSON.stringify(s.currentRect) })) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(process.argv[2]);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  console.log(JSON.stringify(await page.evaluate(() => window.__s)));
  await page.close();
}
await browser.close();
