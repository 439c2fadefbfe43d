import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 412, height: 900 } });
await page.goto('http://127.0.0.1:8099/');
await page.getByText('Hold on!').waitFor();
await page.waitForTimeout(300);
await page.screenshot({ path: '/tmp/loader.png' });
await browser.close();
