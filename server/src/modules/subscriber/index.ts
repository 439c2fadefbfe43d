import type { ServerModule } from '../module.js';
import { subscriberRoutes } from './routes.js';
import { createAccountService } from './service.js';

/**
 * Numbers and accounts as the core knows them: line types, bills, open invoices, balances. The subscriber
 * service itself is made first (app.ts): the one-time codes need it, and the accounts need those codes.
 */
export function createSubscriberModule(deps: Parameters<typeof createAccountService>[0]) {
  const accounts = createAccountService(deps);
  const module: ServerModule = {
    name: 'subscriber',
    routes: async (app) => {
      await app.register(subscriberRoutes, { subscribers: deps.subscribers, accounts });
    },
  };
  return { module, accounts };
}
