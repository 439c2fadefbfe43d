import { expect, test } from './fixtures';

/**
 * A slow link brings a page's HTML in pieces and the browser paints between them (bench:partial-paint
 * measures every page). A piece can end anywhere; this test ends one where a clean-clone run's did (the
 * hydration test saw the tariff table's columns move by 120-220 px): inside the table's heading row.
 */
test("the tariff table's columns stand before its heading row is whole", async ({ page, request }) => {
  const html = await (await request.get('/sw/table')).text();
  const fourthHeading = html.indexOf('<th scope="col">', html.indexOf('<th scope="col">Muda</th>') + 1);
  expect(fourthHeading, 'the fourth heading cell').toBeGreaterThan(0);
  const columnStarts = async (document: string) => {
    await page.setContent(document.replace(/<script[\s\S]*?<\/script>/g, ''));
    // A string, so that this file needs no DOM types.
    return page.evaluate(`[...document.querySelectorAll('.tariffs__table thead th')]
      .slice(0, 3).map((cell) => Math.round(cell.getBoundingClientRect().x))`);
  };

  const half = await columnStarts(html.slice(0, fourthHeading));
  const whole = await columnStarts(html);
  expect(half).toEqual(whole);
});
