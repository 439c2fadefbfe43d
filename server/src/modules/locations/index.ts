import type { ServerModule } from '../module.js';
import { locationRoutes } from './routes.js';
import { createLocations } from './service.js';

/** Shops, coverage, place search and the town list (the gazetteer, or the configured geocoder). */
export async function createLocationsModule(deps: Parameters<typeof createLocations>[0]) {
  const locations = await createLocations(deps);
  const module: ServerModule = {
    name: 'locations',
    routes: async (app) => {
      await app.register(locationRoutes, { locations });
    },
  };
  return { module };
}
