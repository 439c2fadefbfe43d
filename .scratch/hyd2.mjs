import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (let i = 0; i < 3; i++) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.addInitScript(() => {
    window.__log = [];
    const snap = (label) => { const s = document.querySelector('.lang-menu__current'); if (!s) return; const r = s.getBoundingClientRect(); const cs = getComputedStyle(s); window.__log.push(`${label} ${performance.now().toFixed(0)} ${r.width.toFixed(1)}x${r.height.toFixed(1)} pad=${cs.paddingLeft} disp=${cs.display} mh=${cs.minHeight} fs=${cs.fontSize} sheets=${document.styleSheets.length}`); };
    document.addEventListener('DOMContentLoaded', () => snap('dcl'));
    new PerformanceObserver((l) => { for (const e of l.getEntries()) { snap('shift ' + e.value); } }).observe({ type: 'layout-shift', buffered: true });
    new MutationObserver(() => snap('mut')).observe(document.documentElement, { attributes: true, attributeFilter: ['data-hydrated'] });
  });
  await page.goto(process.argv[2]);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  console.log((await page.evaluate(() => window.__log)).join('\n')); console.log('--');
  await ctx.close();
}
await browser.close();
