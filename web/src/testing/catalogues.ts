/**
 * The content catalogues, read at test time (import.meta.glob, not an import: web code never imports
 * content/; the app fetches it from the content backend).
 */
const files = import.meta.glob<Record<string, unknown>>('../../../content/pages/*/*.json', {
  eager: true,
  import: 'default',
});

/** { en: { translation: {...}, header: {...} }, sw: {...} } */
export const pages: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [path, data] of Object.entries(files)) {
  const match = /pages\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match) continue;
  const [, lang, page] = match;
  (pages[lang!] ??= {})[page!] = data;
}

export const enTranslation = (pages.en?.translation ?? {}) as Record<string, string>;
