import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';
import { reviveApiError } from '@/lib/api';

/**
 * What the server's render hands to the browser, inlined in the page as JSON (not a script that runs: the
 * Content-Security-Policy allows no inline script): the queries the render used, and the router's state.
 * `router` is absent when the render ended in an error page; the browser then renders afresh.
 */
export type ServerState = {
  queries: DehydratedState;
  router?: HydrationState;
};

export const SERVER_STATE_ID = 'portal-state';

/** JSON safe inside a `<script>` element: no `</script>` or `<!--` can end or bend it. */
export function serialiseState(state: ServerState): string {
  return JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function readServerState(doc: Document = document): ServerState | undefined {
  const text = doc.getElementById(SERVER_STATE_ID)?.textContent;
  if (!text) return undefined;
  try {
    const state = JSON.parse(text) as ServerState;
    // A failed query's error is shown as the server showed it: an ApiError, with its status and message.
    for (const query of state.queries.queries) {
      query.state.error = reviveApiError(query.state.error) as typeof query.state.error;
      query.state.fetchFailureReason = reviveApiError(
        query.state.fetchFailureReason,
      ) as typeof query.state.error;
    }
    return state;
  } catch {
    return undefined;
  }
}
