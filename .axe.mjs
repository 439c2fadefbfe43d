import { chromium } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
for (const [w, h] of [[412, 900], [1280, 900]]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h } });
  const page = await ctx.newPage();
  for (const path of ['/', '/prepaid-recharge', '/about', '/page-not-found', '/payment/status?id=T1']) {
    await page.goto('http://127.0.0.1:8099' + path);
    await page.waitForTimeout(1200);
    const { violations } = await new AxeBuilder({ page }).analyze();
    for (const v of violations) console.log(w, path, v.impact, v.id, v.nodes.map((n) => n.target.join(' ')).slice(0, 3));
  }
  // payment page
  await page.goto('http://127.0.0.1:8099/prepaid-recharge');
  await page.getByLabel('Mobile number').fill('8021000001');
  await page.getByLabel('Amount').fill('500');
  await page.getByRole('button', { name: 'BUY AIRTIME' }).click();
  await page.waitForURL('**/card');
  await page.waitForTimeout(500);
  const { violations } = await new AxeBuilder({ page }).analyze();
  for (const v of violations) console.log(w, 'payment', v.impact, v.id, v.nodes.map((n) => n.target.join(' ')).slice(0, 3));
  await ctx.close();
}
await browser.close();
