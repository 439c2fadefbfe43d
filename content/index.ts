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
