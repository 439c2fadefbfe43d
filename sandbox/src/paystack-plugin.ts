import type { FastifyPluginAsync } from 'fastify';
import type { SandboxContext } from './context.js';
import { registerCheckout } from './checkout-page.js';
import { registerApi } from './paystack.js';

/** Paystack's stand-in: the API and the payer's pages (kept apart so the page and the API import one way). */
export const paystackPlugin: FastifyPluginAsync<SandboxContext> = async (app, ctx) => {
  // The API needs the secret key; the checkout page and inline script are for the payer's browser.
  await app.register(async (api) => registerApi(api, ctx));
  await app.register(async (browser) => registerCheckout(browser, ctx));
};
