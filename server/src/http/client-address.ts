import type { Config } from '../config.js';

type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

/**
 * Fastify's trustProxy from TRUST_PROXY. Addresses are checked against the immediate peer (the safe choice);
 * a hop count trusts that many proxies whatever their address, so it is only for a portal that nothing but the
 * proxy can reach (Fastify itself refuses plain hop counts for that reason, hence the function).
 */
export function trustProxyOption(trustProxy: Config['trustProxy']): TrustProxy {
  if (typeof trustProxy !== 'number') return trustProxy;
  const hops = trustProxy;
  return (_address, hop) => hop < hops;
}
