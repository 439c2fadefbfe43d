// The ceiling of the load benchmark: the same framework, nothing behind the route.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({
  statusCode: '200',
  status: 'success',
  message: 'Success',
  result: { ok: true },
}));
await app.listen({ host: '127.0.0.1', port: Number(process.env['PORT'] ?? 18990) });
