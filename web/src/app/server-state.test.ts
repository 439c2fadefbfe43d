import { describe, expect, it } from 'vitest';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api';
import { readServerState, serialiseState, SERVER_STATE_ID } from './server-state';

describe('server state', () => {
  it("gives the browser a failed query's ApiError as the server's render had it", async () => {
    const queryClient = new QueryClient();
    const error = new ApiError('We could not find this payment.', '404', 404);
    await queryClient.prefetchQuery({
      queryKey: ['outcome'],
      queryFn: () => Promise.reject(error),
      retry: false,
    });
    const doc = document.implementation.createHTMLDocument();
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = SERVER_STATE_ID;
    script.textContent = serialiseState({
      queries: dehydrate(queryClient, { shouldDehydrateQuery: () => true }),
    });
    doc.body.append(script);

    const revived = readServerState(doc)?.queries.queries[0]?.state.error;
    expect(revived).toBeInstanceOf(ApiError);
    expect(revived).toMatchObject({
      message: 'We could not find this payment.',
      httpStatus: 404,
      statusCode: '404',
    });
  });
});
