import type { Orm } from '../../db/connection.js';
import type { ServerModule } from '../module.js';
import { otpRoutes } from './routes.js';
import { createOtpService } from './service.js';
import { createOtpStore } from './store.js';

type OtpModuleDeps = Omit<Parameters<typeof createOtpService>[0], 'store'> & { orm: Orm };

/** One-time codes: sent by SMS within limits, verified once, proven by a signed token. */
export function createOtpModule(deps: OtpModuleDeps) {
  const { orm, ...rest } = deps;
  const otp = createOtpService({ ...rest, store: createOtpStore(orm) });
  const module: ServerModule = {
    name: 'otp',
    routes: async (app) => {
      await app.register(otpRoutes, { otp });
    },
  };
  return { module, otp };
}
