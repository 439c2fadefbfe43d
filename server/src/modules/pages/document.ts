import type { ClientHeaderValues } from '@portal/contract';
import { BOOT_SCRIPT } from './boot.js';

/**
 * The HTML document around a server-rendered page (docs/decisions/0050): the client build's index.html is
 * the template; the page's title, description, language and market, its route's styles and script chunks,
 * the rendered markup and the state handed to the browser are written into it.
 */

/** One entry of Vite's client manifest (web/dist/.vite/manifest.json). */
export type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
export type Manifest = Record<string, ManifestChunk>;

export type PageParts = {
  lang: string;
  market: string;
  title: string;
  description: string;
  html: string;
  state: string;
  /** Source files of the matched route modules (manifest keys). */
  modules: string[];
  refreshSeconds?: number | undefined;
  /** The spec's API key and service id, for the web app's API calls (web/src/lib/api.ts reads them). */
  client?: ClientHeaderValues | undefined;
};

export type RouteAssets = {
  /** The app's entry script, loaded by the boot script once the page has painted. */
  entry: string;
  /** Script chunks to fetch alongside the entry: its own imports and the route modules'. */
  scripts: string[];
  styles: string[];
};

/** Built style sheets by file (`assets/x.css`), read once: they are written into the page, not linked. */
export type StyleSheets = ReadonlyMap<string, string>;

const escapeAttr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export const escapeText = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The chunks a manifest entry needs, itself first, each once. */
function chunksOf(manifest: Manifest, key: string, seen = new Set<string>()): ManifestChunk[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [chunk, ...(chunk.imports ?? []).flatMap((imported) => chunksOf(manifest, imported, seen))];
}

/**
 * What a page needs beyond the entry script (already in the template): the route modules' script chunks,
 * fetched alongside the entry instead of after it, and every style sheet of the entry and the routes.
 */
export function routeAssets(manifest: Manifest, modules: readonly string[]): RouteAssets {
  const [entry, ...entryImports] = chunksOf(manifest, 'index.html');
  const chunks = [...entryImports, ...modules.flatMap((m) => chunksOf(manifest, m))].filter(
    (c) => c.file !== entry?.file,
  );
  const unique = <T>(items: T[]) => [...new Set(items)];
  return {
    entry: entry?.file ?? '',
    scripts: unique(chunks.map((c) => c.file)),
    styles: unique([entry, ...chunks].flatMap((c) => c?.css ?? [])),
  };
}

/**
 * What Vite puts in the template's head for the entry (its script, module preloads and style sheet): the
 * page inlines the styles and has the boot script load the scripts instead.
 */
const ENTRY_TAGS = [
  /<link rel="stylesheet"[^>]*href="[^"]*\/assets\/[^"]+\.css"[^>]*>\s*/g,
  /<link rel="modulepreload"[^>]*href="[^"]*\/assets\/[^"]+"[^>]*>\s*/g,
  /<script type="module"[^>]*src="[^"]*\/assets\/[^"]+"[^>]*><\/script>\s*/g,
];

/**
 * Where the built assets are served from: the build's base (`ASSET_BASE_URL`, web/vite.config.ts), read
 * from the template's entry script ('/' by default, e.g. 'https://cdn.example.com/portal/' for a CDN).
 */
export function assetBaseOf(template: string): string {
  const entry = /<script type="module"[^>]*src="([^"]*\/)assets\/[^"]+"/.exec(template);
  return entry?.[1] ?? '/';
}

/** The JSON the boot script reads, and the boot script itself (see boot.ts). */
function bootScript(assets: RouteAssets, base: string): string {
  const boot = JSON.stringify({
    entry: `${base}${assets.entry}`,
    preload: assets.scripts.map((file) => `${base}${file}`),
  });
  return `<script type="application/json" id="portal-boot">${boot.replace(/</g, '\\u003c')}</script><script>${BOOT_SCRIPT}</script>`;
}

/**
 * The page's styles written into its head, so the first paint waits for no other request (the first HTML
 * response carries what the page needs to show). Each sheet keeps a disabled link, which fetches nothing:
 * it tells the app's loader the sheet is in place when the route's code loads it again.
 */
function inlineStyles(styles: readonly string[], sheets: StyleSheets, base: string): string {
  return styles
    .map((file) => {
      const text = sheets.get(file);
      const href = escapeAttr(`${base}${file}`);
      return text === undefined
        ? `<link rel="stylesheet" href="${href}">`
        : `<style>${text.replace(/<\//g, '<\\/')}</style><link rel="stylesheet" href="${href}" disabled>`;
    })
    .join('');
}

/** Checks once, at start-up, that the template has every place a page is written into. */
export const TEMPLATE_MARKS = ['</head>', '<!--portal-app-->', '<!--portal-state-->'] as const;

export function composeDocument(
  template: string,
  parts: PageParts,
  assets: RouteAssets,
  sheets: StyleSheets = new Map(),
): string {
  const base = assetBaseOf(template);
  const head = [
    inlineStyles(assets.styles, sheets, base),
    ...(parts.refreshSeconds
      ? [`<noscript><meta http-equiv="refresh" content="${Math.round(parts.refreshSeconds)}"></noscript>`]
      : []),
  ].join('');
  return (
    ENTRY_TAGS.reduce((html, tag) => html.replace(tag, ''), template)
      .replace(/<html lang="[^"]*"/, `<html lang="${escapeAttr(parts.lang)}"`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeText(parts.title)}</title>`)
      .replace(
        /<meta name="description" content="[^"]*"\s*\/?>/,
        `<meta name="description" content="${escapeAttr(parts.description)}">`,
      )
      .replace(
        /<meta name="portal-market" content="[A-Z]*"\s*\/?>/,
        `<meta name="portal-market" content="${escapeAttr(parts.market)}">`,
      )
      .replace(
        /<meta name="portal-api-key" content="[^"]*"\s*\/?>/,
        `<meta name="portal-api-key" content="${escapeAttr(parts.client?.apiKey ?? '')}">`,
      )
      .replace(
        /<meta name="portal-service-id" content="[^"]*"\s*\/?>/,
        `<meta name="portal-service-id" content="${escapeAttr(parts.client?.serviceId ?? '')}">`,
      )
      // After the entry's own tags (Vite puts them last in the head), so the route's styles come after the
      // global ones they refine.
      .replace('</head>', () => `${head}</head>`)
      .replace('<!--portal-app-->', () => parts.html)
      .replace(
        '<!--portal-state-->',
        () =>
          `<script type="application/json" id="portal-state">${parts.state}</script>${bootScript(assets, base)}`,
      )
  );
}
