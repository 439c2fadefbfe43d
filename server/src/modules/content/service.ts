import { configData as configDataSchema, type ConfigData } from '@portal/contract';
import { listMarketConfigs, listPages } from '@portal/content';
import { AppError } from '../../lib/app-error.js';
import type { ContentStore } from './store.js';

export const DEFAULT_LANGUAGE = 'en';

/**
 * Pages and market configuration. The files of content/ are loaded at start-up; the configuration a
 * request sees is the market's file merged with its run-time overrides, validated against the contract.
 */
export function createContentService(
  store: ContentStore,
  /** Values that come from the deployment, not from content files (e.g. the card gateway's public key). */
  derived: () => Partial<ConfigData> = () => ({}),
  /** The deployment's replacements of market values, under the run-time overrides. */
  defaults: Partial<ConfigData> = {},
) {
  return {
    /** Pages are stored under the served market; every market's configuration is stored. */
    async loadFromFiles(market: string) {
      const configs = listMarketConfigs();
      if (!configs.some((c) => c.code === market)) {
        throw new Error(
          `MARKET=${market} has no configuration file content/config/${market}.json (have: ${configs.map((c) => c.code).join(', ')})`,
        );
      }
      await store.upsertPages(market, listPages());
      for (const { code, configData } of configs) await store.upsertMarketConfig(code, configData);
    },

    /** Falls back to English when a page has no translation yet, so a new language never breaks a page. */
    async getPage(opco: string, pageUrl: string, language: string) {
      const page =
        (await store.findPage(opco, language, pageUrl)) ??
        (language !== DEFAULT_LANGUAGE ? await store.findPage(opco, DEFAULT_LANGUAGE, pageUrl) : undefined);
      if (!page) throw new AppError('NOT_FOUND', { log: `No content for page ${pageUrl}` });
      return { pageUrl, language: page.language, packageHtml: page.packageHtml };
    },

    async getConfig(code: string): Promise<ConfigData> {
      const row = await store.findMarketConfig(code);
      if (!row) throw new AppError('NOT_FOUND', { log: `No configuration for ${code}` });
      const merged = { ...row.configData, ...defaults, ...row.overrides, ...derived() };
      const parsed = configDataSchema.safeParse(merged);
      if (!parsed.success) {
        throw new AppError('INTERNAL', {
          details: { config: code, issues: parsed.error.issues.slice(0, 5) },
        });
      }
      return parsed.data;
    },

    /** Run-time change of configuration keys (sandbox `PATCH /sandbox/config`); unknown keys are refused. */
    async patchConfig(code: string, patch: Record<string, unknown>): Promise<ConfigData> {
      const known = new Set(Object.keys(configDataSchema.shape));
      const unknown = Object.keys(patch).filter((k) => !known.has(k));
      if (unknown.length > 0)
        throw new AppError('BAD_REQUEST', { log: `Unknown configuration keys: ${unknown.join(', ')}` });
      const current = await this.getConfig(code);
      const parsed = configDataSchema.safeParse({ ...current, ...patch });
      if (!parsed.success) {
        throw new AppError('BAD_REQUEST', {
          log: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
        });
      }
      await store.mergeOverrides(code, patch);
      return parsed.data;
    },

    async clearOverrides() {
      await store.clearOverrides();
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
