/**
 * The HTML document around a server-rendered page (docs/decisions/0007): the client build's index.html is
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
};

export type RouteAssets = { scripts: string[]; styles: string[] };

const escapeAttr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeText = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The chunks a manifest entry needs, itself first, each once. */
function chunksOf(manifest: Manifest, key: string, seen = new Set<string>()): ManifestChunk[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [chunk, ...(chunk.imports ?? []).flatMap((imported) => chunksOf(manifest, imported, seen))];
}

/**
 * Script chunks and styles the route modules need beyond what the entry (already in the template) loads,
 * so the browser fetches them alongside the entry instead of after it.
 */
export function routeAssets(manifest: Manifest, modules: readonly string[]): RouteAssets {
  const entry = new Set(chunksOf(manifest, 'index.html').map((c) => c.file));
  const entryCss = new Set(chunksOf(manifest, 'index.html').flatMap((c) => c.css ?? []));
  const chunks = modules.flatMap((m) => chunksOf(manifest, m)).filter((c) => !entry.has(c.file));
  const unique = <T>(items: T[]) => [...new Set(items)];
  return {
    scripts: unique(chunks.map((c) => c.file)),
    styles: unique(chunks.flatMap((c) => c.css ?? []).filter((file) => !entryCss.has(file))),
  };
}

/** Checks once, at start-up, that the template has every place a page is written into. */
export const TEMPLATE_MARKS = ['</head>', '<!--portal-app-->', '<!--portal-state-->'] as const;

export function composeDocument(template: string, parts: PageParts, assets: RouteAssets): string {
  const head = [
    ...assets.styles.map((file) => `<link rel="stylesheet" href="/${escapeAttr(file)}">`),
    ...assets.scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${escapeAttr(file)}">`),
    ...(parts.refreshSeconds
      ? [`<noscript><meta http-equiv="refresh" content="${Math.round(parts.refreshSeconds)}"></noscript>`]
      : []),
  ].join('');
  return (
    template
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
      // After the entry's own tags (Vite puts them last in the head), so the route's styles come after the
      // global ones they refine.
      .replace('</head>', () => `${head}</head>`)
      .replace('<!--portal-app-->', () => parts.html)
      .replace(
        '<!--portal-state-->',
        () => `<script type="application/json" id="portal-state">${parts.state}</script>`,
      )
  );
}
