import type { ServerModule } from '../module.js';
import { helpRoutes } from './routes.js';
import { createHelp } from './service.js';

/** The help centre: FAQs loaded at start and on every change, votes, service feedback. */
export async function createHelpModule(deps: Parameters<typeof createHelp>[0]) {
  const help = await createHelp(deps);
  const module: ServerModule = {
    name: 'help',
    routes: async (app) => {
      await app.register(helpRoutes, { help });
    },
  };
  return { module, version: help.version };
}
