import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The content the CMS serves, as files: `pages/<language>/<pageUrl>.json` (served as JSON text in
 * `packageHtml`) and `config/<market>.json` (configData). Loaded into the database at start-up.
 */
export const CONTENT_DIR = path.dirname(fileURLToPath(import.meta.url));

export type ContentPage = { language: string; pageUrl: string; packageHtml: string };

/** A content file's JSON; a broken file stops the start with its name and the parser's complaint. */
function readJson(file: string, dir: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`content/${path.relative(dir, file)} is not valid JSON: ${(error as Error).message}`);
  }
}

export function listPages(dir = CONTENT_DIR): ContentPage[] {
  const pagesDir = path.join(dir, 'pages');
  const pages: ContentPage[] = [];
  for (const language of readdirSync(pagesDir)) {
    const languageDir = path.join(pagesDir, language);
    for (const file of readdirSync(languageDir).filter((f) => f.endsWith('.json'))) {
      // Parse to fail early on a broken file, store compact.
      pages.push({
        language,
        pageUrl: file.replace(/\.json$/, ''),
        packageHtml: JSON.stringify(readJson(path.join(languageDir, file), dir)),
      });
    }
  }
  return pages;
}

/** English: the language whose catalogues hold every key the code asks for. */
export const SOURCE_LANGUAGE = 'en';

/** A catalogue page: the web's texts, a flat object of key -> text (`translation`, `<journey>-translation`). */
export const isCataloguePage = (pageUrl: string) =>
  pageUrl === 'translation' || pageUrl.endsWith('-translation');

type Catalogue = Record<string, unknown>;

/**
 * The catalogue pages of every language checked against English's, the source of the keys. A key English
 * lacks is one no code asks for: most likely a typo of a real key, whose text is then never shown; it is named
 * (`unknownKeys`), not refused, as the server cannot know which keys the web reads. A key English has and a
 * language lacks is normal (a language being translated): the page gets English's text for it, which the web
 * would otherwise show as the key itself (it holds one language's catalogues at a time).
 */
export function checkCatalogues(pages: ContentPage[]): {
  pages: ContentPage[];
  unknownKeys: { file: string; keys: string[] }[];
} {
  const english = new Map<string, Catalogue>();
  for (const page of pages)
    if (page.language === SOURCE_LANGUAGE && isCataloguePage(page.pageUrl))
      english.set(page.pageUrl, JSON.parse(page.packageHtml) as Catalogue);
  const unknownKeys: { file: string; keys: string[] }[] = [];
  const checked = pages.map((page) => {
    if (page.language === SOURCE_LANGUAGE || !isCataloguePage(page.pageUrl)) return page;
    const texts = JSON.parse(page.packageHtml) as Catalogue;
    const source = english.get(page.pageUrl) ?? {};
    const unknown = Object.keys(texts).filter((key) => !Object.hasOwn(source, key));
    if (unknown.length > 0)
      unknownKeys.push({ file: `content/pages/${page.language}/${page.pageUrl}.json`, keys: unknown });
    const missing = Object.keys(source).filter((key) => !Object.hasOwn(texts, key));
    if (missing.length === 0) return page;
    const filled = { ...texts, ...Object.fromEntries(missing.map((key) => [key, source[key]])) };
    return { ...page, packageHtml: JSON.stringify(filled) };
  });
  return { pages: checked, unknownKeys };
}

export function listMarketConfigs(
  dir = CONTENT_DIR,
): { code: string; configData: Record<string, unknown> }[] {
  const configDir = path.join(dir, 'config');
  return readdirSync(configDir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => ({
      code: f.replace(/\.json$/, ''),
      configData: readJson(path.join(configDir, f), dir) as Record<string, unknown>,
    }));
}

/** Data sets other than pages (bundles, shops, sites, FAQs, towns, form schemas) live under data/. */
export function readData<T>(name: string, dir = CONTENT_DIR): T {
  const file = path.join(dir, 'data', `${name}.json`);
  if (!existsSync(file)) throw new Error(`content data set missing: ${name}`);
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}
