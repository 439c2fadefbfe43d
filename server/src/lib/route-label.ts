import type { FastifyRequest } from 'fastify';

const PAGE = Symbol('page');
type Labelled = FastifyRequest & { [PAGE]?: string };

/**
 * The route a request is counted and logged under: its route pattern, or, for a page, the page it was (every
 * page is answered by one catch-all pattern, '/*', so a slow status page could not be told from the home page).
 * Page ids come from the web's route table, a few dozen: the metric's series stay few.
 */
export function routeLabel(request: FastifyRequest): string {
  return (request as Labelled)[PAGE] ?? request.routeOptions.url ?? 'unmatched';
}

/** Names the page a request was answered with (`page:<id>` of web/src/app/routes.tsx). */
export function labelPage(request: FastifyRequest, page: string | undefined): void {
  if (page) (request as Labelled)[PAGE] = `page:${page}`;
}
