/** A failure in the server's error envelope (spec §3), as a test's fake server answers it. */
export function failure(statusCode: string, message: string, status = 400, result: unknown = null): Response {
  return new Response(JSON.stringify({ statusCode, status: 'failure', message, result }), { status });
}

/** The server's answer to a call no test mocked. */
export const notFound = () => failure('404', 'Not found', 404);
