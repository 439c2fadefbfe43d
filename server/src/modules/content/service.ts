import { configData as configDataSchema, type ConfigData } from '@portal/contract';
import { checkCatalogues, CONTENT_DIR, listMarketConfigs, listPages } from '@portal/content';
import type { ChangeFeed } from '../../db/change-feed.js';
import { AppError } from '../../lib/app-error.js';
import type { ContentStore } from './store.js';

export const DEFAULT_LANGUAGE = 'en';

/** Every instance reloads its memory when this channel says content or configuration changed. */
export const CONTENT_CHANNEL = 'portal_content';

type Page = { language: string; packageHtml: string };
type MarketConfig = { data: ConfigData } | { problem: { config: string; issues: unknown[] } };

const pageKey = (opco: string, language: string, pageUrl: string) =>
  `${opco}\u0000${language}\u0000${pageUrl}`;

function issuesText(issues: { path: PropertyKey[]; message: string }[]): string {
  return issues
    .slice(0, 5)
    .map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`)
    .join('; ');
}

/**
 * Pages and market configuration, answered from memory. The files of content/ are checked and stored at
 * start-up (a broken file stops the start, naming it); the configuration a request sees is the market's file
 * merged with its run-time overrides, validated once per change. Every change is announced on the database's
 * change feed, and every instance reloads (docs/decisions/0060).
 */
/**
 * A configuration change refused, with its reasons in the answer as well as the log: the one who sends it is the
 * sandbox's operator or a test on loopback, who needs to know which key to mend ('Invalid request' said nothing).
 */
function refusedPatch(problems: string[]): AppError {
  return new AppError('BAD_REQUEST', { log: problems.join('; '), result: { problems } });
}

export function createContentService(
  store: ContentStore,
  /** Values that come from the deployment, not from content files (e.g. the card gateway's public key). */
  derived: () => Partial<ConfigData> = () => ({}),
  /** The deployment's replacements of market values, under the run-time overrides. */
  defaults: Partial<ConfigData> = {},
) {
  let market = '';
  let pages = new Map<string, Page>();
  let configs = new Map<string, MarketConfig>();
  let version = 0;
  let feed: ChangeFeed | undefined;
  // Reloads run one after the other, so an older read can never replace a newer one.
  let reloading: Promise<void> = Promise.resolve();

  function validated(code: string, raw: Record<string, unknown>): MarketConfig {
    const parsed = configDataSchema.safeParse({ ...raw, ...derived() });
    return parsed.success
      ? { data: parsed.data }
      : { problem: { config: code, issues: parsed.error.issues.slice(0, 5) } };
  }

  async function readAll() {
    const [pageRows, configRows] = await Promise.all([store.listPages(market), store.listMarketConfigs()]);
    pages = new Map(pageRows.map((p) => [pageKey(market, p.language, p.pageUrl), p]));
    configs = new Map(
      configRows.map((r) => [r.code, validated(r.code, { ...r.configData, ...defaults, ...r.overrides })]),
    );
    version++;
  }

  function reload(): Promise<void> {
    reloading = reloading.catch(() => undefined).then(readAll);
    return reloading;
  }

  /** Reloads here at once (the caller's answer already shows the change), then tells the other instances. */
  async function changed() {
    await reload();
    await feed?.notify(CONTENT_CHANNEL);
  }

  const service = {
    /**
     * Checks the files of content/ and stores them (pages under the served market, every market's
     * configuration), then loads them into memory. Throws, naming the file, when one is broken. Answers the
     * translation keys English does not have, by file (checkCatalogues), for the log.
     */
    async loadFromFiles(
      served: string,
      dir = CONTENT_DIR,
    ): Promise<{ unknownKeys: { file: string; keys: string[] }[] }> {
      market = served;
      const files = listMarketConfigs(dir);
      if (!files.some((c) => c.code === served)) {
        throw new Error(
          `MARKET=${served} has no configuration file content/config/${served}.json (have: ${files.map((c) => c.code).join(', ')})`,
        );
      }
      for (const { code, configData } of files) {
        const checked = configDataSchema.safeParse({ ...configData, ...derived() });
        if (!checked.success) {
          throw new Error(`content/config/${code}.json is not valid: ${issuesText(checked.error.issues)}`);
        }
      }
      const catalogues = checkCatalogues(listPages(dir));
      await store.upsertPages(served, catalogues.pages);
      for (const { code, configData } of files) await store.upsertMarketConfig(code, configData);
      await changed();
      return { unknownKeys: catalogues.unknownKeys };
    },

    /** Listens for changes made by other instances (and for this one's own, which costs one more reload). */
    async watch(changes: ChangeFeed, onError: (error: unknown) => void) {
      feed = changes;
      await changes.listen(CONTENT_CHANNEL, () => void reload().catch(onError));
    },

    /** Grows with every reload: answers serialised from the content are valid for one version. */
    version: () => version,

    /** Falls back to English when a page has no translation yet, so a new language never breaks a page. */
    async getPage(opco: string, pageUrl: string, language: string) {
      const page =
        pages.get(pageKey(opco, language, pageUrl)) ??
        (language !== DEFAULT_LANGUAGE ? pages.get(pageKey(opco, DEFAULT_LANGUAGE, pageUrl)) : undefined);
      if (!page) throw new AppError('NOT_FOUND', { log: `No content for page ${pageUrl}` });
      return { pageUrl, language: page.language, packageHtml: page.packageHtml };
    },

    async getConfig(code: string): Promise<ConfigData> {
      const entry = configs.get(code);
      if (!entry) throw new AppError('NOT_FOUND', { log: `No configuration for ${code}` });
      if ('problem' in entry) throw new AppError('INTERNAL', { details: entry.problem });
      return entry.data;
    },

    /** Run-time change of configuration keys (sandbox `PATCH /sandbox/config`); unknown keys are refused. */
    async patchConfig(code: string, patch: Record<string, unknown>): Promise<ConfigData> {
      const known = new Set(Object.keys(configDataSchema.shape));
      const unknown = Object.keys(patch).filter((k) => !known.has(k));
      if (unknown.length > 0) throw refusedPatch([`Unknown configuration keys: ${unknown.join(', ')}`]);
      const current = await service.getConfig(code);
      const parsed = configDataSchema.safeParse({ ...current, ...patch });
      if (!parsed.success)
        throw refusedPatch(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
      await store.mergeOverrides(code, patch);
      await changed();
      return parsed.data;
    },

    async clearOverrides() {
      await store.clearOverrides();
      await changed();
    },
  };
  return service;
}

export type ContentService = ReturnType<typeof createContentService>;
