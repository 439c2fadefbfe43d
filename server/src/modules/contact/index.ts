import type { ServerModule } from '../module.js';
import { contactRoutes } from './routes.js';
import { createContact } from './service.js';

/** The Contact Us form, checked by the schema of its content page. */
export function createContactModule(deps: Parameters<typeof createContact>[0]) {
  const contact = createContact(deps);
  const module: ServerModule = {
    name: 'contact',
    routes: async (app) => {
      await app.register(contactRoutes, { contact });
    },
  };
  return { module };
}
