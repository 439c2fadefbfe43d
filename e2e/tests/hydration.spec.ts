import { fileURLToPath } from 'node:url';
import { SHIFT_LIMIT } from './cut-paint';
import { expect, test } from './fixtures';
import { SERVER_RENDERED_ROUTES } from './server-rendered-routes';

/**
 * Every server-rendered page becomes live without changing what is on screen. Preact accepts a mismatch
 * quietly (it patches text and keeps stale nodes), so this reads the record of what happened: every change
 * the browser made inside the app between the end of parsing and the app marking itself live must be none
 * (Suspense's comment markers aside), the layout must not move, and nothing may be there twice.
 */

type HydrationRecord = { changes: string[]; shift: number; moved: string[]; parsedAt: number | null };
const RECORDER = fileURLToPath(new URL('./hydration-recorder.js', import.meta.url));

for (const prefix of ['', '/sw']) {
  for (const route of SERVER_RENDERED_ROUTES) {
    const path = `${prefix}${route}`;
    test(`${path} hydrates without a change or a shift`, async ({ page }) => {
      const console_: string[] = [];
      page.on('console', (message) => {
        // Map tiles come from the internet, which this machine cannot reach.
        if (/ERR_NAME_NOT_RESOLVED/.test(message.text())) return;
        if (message.type() === 'error' || message.type() === 'warning') console_.push(message.text());
      });
      page.on('pageerror', (error) => console_.push(error.message));
      await page.addInitScript({ path: RECORDER });

      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      const record = (await page.evaluate('window.__hydration')) as HydrationRecord;
      expect(record.changes, 'DOM changes while hydrating').toEqual([]);
      // Below 0.001: a slow machine paints while it is still parsing, and the header's language menu, parsed
      // in part, is narrower than when whole (0.00004-0.0003 in some loads); anything the app moves while
      // becoming live is far larger (a line of text on a 1280x720 screen is ~0.01).
      // Shifts count from the end of parsing (hydration-recorder.js), which the recorder must have seen; the
      // frame after it still shows what the last piece of HTML brought, which cut-paint.spec.ts holds under
      // the same limit at every cut.
      expect(record.parsedAt, 'the end of parsing, seen').toEqual(expect.any(Number));
      expect(record.shift, `layout shift until live: ${record.moved.join('; ')}`).toBeLessThan(SHIFT_LIMIT);
      for (const selector of ['header.site-header', 'main', 'footer.site-footer', 'h1'])
        await expect(page.locator(selector), `one ${selector}`).toHaveCount(1);
      expect(console_, 'console errors and warnings').toEqual([]);
    });
  }
}
