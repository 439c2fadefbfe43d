import { expect, test as base, type Page } from '@playwright/test';

export { expect };

/** A catalogue key shown instead of its text (`recharge.title`). */
export const RAW_KEY = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9_]+)+$/;

/**
 * Waits until a portal page is live: its server-rendered HTML has been hydrated (the app marks
 * `<html data-hydrated>`). Pages that are not the portal's (the sandbox's checkout and phone pages) and
 * browsers without JavaScript are not waited for.
 */
export async function waitLive(page: Page): Promise<void> {
  const portalPage = await page
    .evaluate("document.getElementById('portal-state') !== null")
    .catch(() => false);
  if (portalPage) await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}

/**
 * The suite's `test`: a page whose `goto` and `reload` return once a portal page is live, as a visitor
 * would wait for it; typing into the server's HTML before that would race the page's own start.
 */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        await waitLive(page);
        return response;
      };
      page.reload = async (options) => {
        const response = await reload(options);
        await waitLive(page);
        return response;
      };
    }
    await use(page);
  },
});
