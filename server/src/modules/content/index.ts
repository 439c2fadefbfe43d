import type { ConfigData } from '@portal/contract';
import type { Config } from '../../config.js';
import type { ChangeFeed } from '../../db/change-feed.js';
import type { Orm } from '../../db/connection.js';
import type { Logger } from '../../lib/logger.js';
import type { ServerModule } from '../module.js';
import { contentRoutes } from './routes.js';
import { createContentService } from './service.js';
import { createContentStore } from './store.js';
import { StartRefusal } from '../../lib/start-refusal.js';

/**
 * Content pages, translations and the market's configuration: loaded from the content files at start (a broken
 * file stops the start) and reloaded on every instance when another one changes them.
 */
export async function createContentModule(deps: {
  config: Config;
  orm: Orm;
  changes: ChangeFeed;
  log: Logger;
}) {
  const { config } = deps;
  const content = createContentService(
    createContentStore(deps.orm),
    () => ({
      payStackConfig: JSON.stringify({
        publicKey: config.secrets.cardPublicKey,
        inlineScriptUrl: config.cardInlineScriptUrl,
      }),
    }),
    config.duplicatePurchaseWindowMinutes !== undefined
      ? { duplicatePurchaseWindowMinutes: config.duplicatePurchaseWindowMinutes }
      : {},
  );
  await content.watch(deps.changes, (error) => deps.log.error({ err: error }, 'content reload failed'));
  let loaded: Awaited<ReturnType<typeof content.loadFromFiles>>;
  try {
    loaded = await content.loadFromFiles(config.market);
  } catch (error) {
    // A broken file (or no configuration for MARKET) is the operator's to mend: said as such, in one line.
    throw new StartRefusal(error instanceof Error ? error.message : String(error), { cause: error });
  }
  // Said, not refused: the portal works without that text (payments too), and the content the repository
  // ships is held to English's keys by a test (web/src/lib/catalogues.test.ts).
  for (const { file, keys } of loaded.unknownKeys)
    deps.log.warn(
      { file, keys: keys.slice(0, 10), count: keys.length },
      `${file} has keys English does not (a typo?); their texts are never shown`,
    );
  const module: ServerModule = {
    name: 'content',
    routes: async (app) => {
      await app.register(contentRoutes, { content, market: config.market });
    },
  };
  return {
    module,
    content,
    marketConfig: (): Promise<ConfigData> => content.getConfig(config.market),
    /** A content page of this market, for the modules that build forms from one. */
    pages: {
      getPage: (page: string, language: string) => content.getPage(config.market, page, language),
    },
  };
}
