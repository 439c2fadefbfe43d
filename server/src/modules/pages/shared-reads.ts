import { PATHS } from '@portal/contract';
import { requestTarget } from './service.js';

/** The reads whose answers follow the data version alone: the same for every visitor (docs/decisions/0060). */
const SHARED_READS = new Set<string>([PATHS.activePackage, PATHS.config, PATHS.faqs]);

type KeptAnswer = { status: number; headers: [string, string][]; body: ArrayBuffer };

/** A bound on one version's answers: the pages ask for a few dozen (pages x languages). */
const MAX_KEPT = 1000;

/**
 * The render's in-process API calls, with the shared reads kept for the current data version: every page
 * rendered for a visitor asks for the same few content pages and the configuration, and each call ran the
 * API's whole request path again (light-my-request, Fastify's hooks, the stream plumbing) for an answer
 * the API itself already held serialised: about a tenth of a rendered page's CPU. A new version (a content
 * reload, a configuration change, a vote) drops what was kept, as it ends a kept page (page-cache.ts).
 */
export function keepingSharedReads(api: typeof fetch, version: () => string): typeof fetch {
  let keptFor = '';
  let kept = new Map<string, KeptAnswer>();
  return async (input, init) => {
    const url = new URL(requestTarget(input), 'http://x');
    const method = init?.method ?? 'GET';
    if (method !== 'GET' || !SHARED_READS.has(url.pathname)) return api(input, init);
    const now = version();
    if (now !== keptFor) {
      keptFor = now;
      kept = new Map();
    }
    // The language may come in headers as well as in the query (a read's `lang`, an error's Accept-Language).
    const headers = new Headers(init?.headers);
    const key = [url.pathname + url.search, headers.get('lang'), headers.get('accept-language')].join(
      '\u0000',
    );
    const hit = kept.get(key);
    if (hit) return new Response(hit.body, { status: hit.status, headers: hit.headers });
    const response = await api(input, init);
    // Only a whole answer is kept, and only for the version it was read under.
    if (response.status !== 200 || version() !== now || kept.size >= MAX_KEPT) return response;
    const answer = {
      status: response.status,
      headers: [...response.headers.entries()],
      body: await response.arrayBuffer(),
    };
    kept.set(key, answer);
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  };
}
