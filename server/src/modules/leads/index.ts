import type { ServerModule } from '../module.js';
import { leadRoutes } from './routes.js';
import { createLeads } from './service.js';

/** Home-broadband leads: the offer, the customer form, the lead and its payment, its tracking. */
export function createLeadsModule(deps: Parameters<typeof createLeads>[0]) {
  const leads = createLeads(deps);
  const module: ServerModule = {
    name: 'leads',
    routes: async (app) => {
      await app.register(leadRoutes, { leads });
    },
  };
  return { module, leads };
}
