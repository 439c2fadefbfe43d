import { expect, test } from './fixtures';
import { around, paintCuts, SCREENS, SHIFT_LIMIT, withoutScripts, worstOf } from './cut-paint';
import { PAINTED_ROUTES } from './server-rendered-routes';

/**
 * A slow link brings a page's HTML in pieces and the browser paints between them; a piece can end after
 * any tag. Painted at every such cut, no server-rendered page may move more than the hydration test allows
 * (0.001), in English and in Swahili (long words), on a phone and on a desktop. A clean-clone run's hydration
 * test failed on two such cuts (inside the tariff table's heading row, inside the home broadband page's
 * Proceed button), which only a slow moment lands on; this finds every one, every time. bench:cut-paint
 * prints the same for every language.
 */
for (const prefix of ['', '/sw']) {
  for (const route of PAINTED_ROUTES) {
    const path = `${prefix}${route}`;
    test(`${path} stands still when painted with part of its HTML`, async ({ page, request, baseURL }) => {
      const html = withoutScripts(await (await request.get(path)).text(), baseURL ?? '');
      for (const screen of SCREENS) {
        const worst = worstOf(await paintCuts(page, html, screen));
        const what = worst ? `${worst.moved.join('; ')} at ${around(html, worst.cut)}` : '';
        expect(worst?.score ?? 0, `${screen.name}: ${what}`).toBeLessThanOrEqual(SHIFT_LIMIT);
      }
    });
  }
}
