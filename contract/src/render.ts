/**
 * The seam between the portal server and the web app's server-render bundle (web/src/entry-server.tsx,
 * built to web/dist-server/entry-server.js; docs/decisions/0050). The server imports the bundle once per
 * market, gives it a transport into its own API, and asks it to render each page request.
 */
export type RenderResult =
  | {
      kind: 'redirect';
      status: number;
      location: string;
      /** The page whose form (or loader) redirected: what the server counts the request under. */
      page?: string;
    }
  | {
      kind: 'page';
      status: number;
      lang: string;
      title: string;
      description: string;
      /** The app's markup, for `<div id="root">`. */
      html: string;
      /** The state handed to the browser, as JSON safe inside a script element. */
      state: string;
      /** Source files of the matched route modules (keys of the client build's manifest). */
      modules: string[];
      /** Seconds after which the page reloads itself in a browser without JavaScript. */
      refreshSeconds?: number;
      /** The page shows personal data (a payment's number and amount): never stored by a shared cache. */
      personal?: boolean;
      /** The matched page's id in the route table: what the server counts and logs the request under. */
      page?: string;
      /**
       * What a route's loader or form handler threw, when the page is the router's error page (status 500):
       * the server logs it with the request (the bundle runs in the server's process, so it is the thrown value
       * itself, with its stack).
       */
      error?: unknown;
    };

/**
 * What only the server can do for a render: seal a purchase into an opaque token (a plain HTML form hands
 * it to the payment page in the URL, where a phone number must not appear) and open it again.
 */
export type RenderCapabilities = {
  sealPurchase(purchase: unknown): string;
  /** The purchase, or undefined when the token is altered, foreign or expired. */
  openPurchase(token: string): unknown;
};

export type RenderBundle = {
  init(options: { fetch: typeof fetch; capabilities: RenderCapabilities }): void;
  render(request: Request): Promise<RenderResult>;
};

/** The query parameter of the payment page that carries a sealed purchase. */
export const PURCHASE_PARAM = 'purchase';

/**
 * The campaign tags that links in SMS, e-mail and advertisements carry (`?utm_source=sms`). No page reads them,
 * and none may: a page whose query holds nothing else is kept by the server and given to every visitor who
 * follows that link (server/src/modules/pages/page-cache.ts), as a page without a query is.
 */
export const CAMPAIGN_PARAMS: readonly string[] = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'utm_id',
  'gclid',
  'fbclid',
];
