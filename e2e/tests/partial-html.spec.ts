import { expect, test } from './fixtures';

/**
 * A slow link brings a page's HTML in pieces and the browser paints between them (bench:partial-paint
 * measures every page). A piece can end anywhere; these tests end one where a clean-clone run's did (the
 * hydration test saw the tariff table's columns move by 120-220 px): inside a table's heading row, before
 * its last cell.
 */
const TABLES = [
  { path: '/sw/table', table: '.tariffs__table' },
  { path: '/hbb-lead', table: '.hbb-plans__table' },
];

for (const { path, table } of TABLES) {
  test(`${path}: the table's columns stand before its heading row is whole`, async ({ page, request }) => {
    const html = await (await request.get(path)).text();
    const heading = html.indexOf('<thead', html.indexOf(`class="${table.slice(1)}"`));
    const lastCell = html.lastIndexOf('<th scope="col"', html.indexOf('</thead>', heading));
    expect(heading, 'the heading row').toBeGreaterThan(0);
    const columnStarts = async (document: string) => {
      await page.setContent(document.replace(/<script[\s\S]*?<\/script>/g, ''));
      // A string, so that this file needs no DOM types.
      return page.evaluate(`[...document.querySelectorAll('${table} thead th')]
        .map((cell) => Math.round(cell.getBoundingClientRect().x))`);
    };

    const half = (await columnStarts(html.slice(0, lastCell))) as number[];
    const whole = (await columnStarts(html)) as number[];
    expect(half.length, 'cells before the cut').toBeGreaterThan(1);
    expect(half).toEqual(whole.slice(0, half.length));
  });
}
