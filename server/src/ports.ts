import type { ConfigData } from '@portal/contract';
import type { Config } from './config.js';
import { configuredGeocoder } from './modules/locations/service.js';
import { createHttpCore, type CorePort } from './upstream/core.js';
import { createAirtimeProvider } from './upstream/gateways/airtime.js';
import { createDpo } from './upstream/gateways/dpo.js';
import { createPaystack } from './upstream/gateways/paystack.js';
import type { PaymentProvider } from './upstream/gateways/provider.js';
import { createWalletProvider } from './upstream/gateways/wallet.js';
import type { GeocoderPort } from './upstream/geocoder.js';
import { createHttpSms, type SmsPort } from './upstream/sms.js';

/** The outside systems the portal talks to; each can be given (tests, another provider) instead of built. */
export type Ports = {
  core: CorePort;
  sms: SmsPort;
  providers: PaymentProvider[];
  /** Place search; none means the gazetteer answers alone. */
  geocoder: GeocoderPort | undefined;
};

/** The ports from configuration: the HTTP adapters of `upstream/`, except those `given`. */
export function buildPorts(
  config: Config,
  marketConfig: () => Promise<ConfigData>,
  given: Partial<Ports> | undefined,
): Ports {
  const core =
    given?.core ??
    createHttpCore({ baseUrl: () => config.upstream.core, timeoutMs: config.upstreamTimeoutMs });
  const sms =
    given?.sms ?? createHttpSms({ baseUrl: () => config.upstream.sms, timeoutMs: config.upstreamTimeoutMs });
  return {
    core,
    sms,
    providers: given?.providers ?? paymentProviders(config, core, marketConfig),
    geocoder: given && 'geocoder' in given ? given.geocoder : configuredGeocoder(config),
  };
}

/** Card (Paystack, DPO), airtime through the core, and the three wallets, as configured. */
function paymentProviders(
  config: Config,
  core: CorePort,
  marketConfig: () => Promise<ConfigData>,
): PaymentProvider[] {
  const lockedParams = (wallet: string) => async () => {
    const c = await marketConfig();
    return { wallet, care: c.customerCareNumber, dial: c.pinResetDial };
  };
  const timeoutMs = config.upstreamTimeoutMs;
  const callbackSecret = config.secrets.walletCallbackSecret;
  /** A wallet's adapter: its upstream (by id), how it charges (push, PIN debit) and the name its texts use. */
  const wallet = (
    id: 'momo' | 'smartcash' | 'mpesa',
    name: string,
    charging: Pick<Parameters<typeof createWalletProvider>[0], 'push' | 'pinDebit'>,
  ) =>
    createWalletProvider({
      id,
      baseUrl: () => config.upstream[id],
      timeoutMs,
      callbackSecret,
      ...charging,
      lockedParams: lockedParams(name),
    });
  return [
    createPaystack({
      baseUrl: () => config.upstream.card,
      secretKey: config.secrets.cardSecretKey,
      timeoutMs,
    }),
    createDpo({
      baseUrl: () => config.upstream.dpo,
      companyToken: config.secrets.dpoCompanyToken,
      serviceType: config.dpoServiceType,
      timeoutMs,
    }),
    createAirtimeProvider(core),
    wallet('momo', 'Mobile Money', {
      push: { path: '/collections' },
      pinDebit: { path: '/debits', statusPath: '/debits' },
    }),
    wallet('smartcash', 'Smart Cash', { pinDebit: { path: '/debits', statusPath: '/debits' } }),
    wallet('mpesa', 'MPESA', { push: { path: '/stkpush' } }),
  ];
}
