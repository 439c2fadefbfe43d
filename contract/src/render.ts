/**
 * The seam between the portal server and the web app's server-render bundle (web/src/entry-server.tsx,
 * built to web/dist-server/entry-server.js; docs/decisions/0007). The server imports the bundle once per
 * market, gives it a transport into its own API, and asks it to render each page request.
 */
export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
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
    };

export type RenderBundle = {
  init(options: { fetch: typeof fetch }): void;
  render(request: Request): Promise<RenderResult>;
};
