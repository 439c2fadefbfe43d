import type { ServerModule } from '../module.js';
import { catalogueRoutes } from './routes.js';
import { createCatalogueService } from './service.js';
import { createCatalogueStore } from './store.js';

/** The bundle catalogue: read and checked once at start (a broken file stops the start), served from memory. */
export async function createCatalogueModule(
  deps: Omit<Parameters<typeof createCatalogueService>[0], 'store'>,
) {
  const catalogue = createCatalogueService({ ...deps, store: createCatalogueStore() });
  await catalogue.load();
  const module: ServerModule = {
    name: 'catalogue',
    routes: async (app) => {
      await app.register(catalogueRoutes, { catalogue });
    },
  };
  return { module, catalogue };
}
