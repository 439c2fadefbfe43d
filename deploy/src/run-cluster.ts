/**
 * Runs N portal instances behind nginx on the PostgreSQL of DATABASE_URL:
 *   DATABASE_URL=postgres://... [REDIS_URL=redis://127.0.0.1:6379] npm run cluster -w deploy -- 3
 * Build the web app first (`npm run build`) so the instances serve it.
 */
import path from 'node:path';
import { startCluster } from './cluster.js';

const instances = Number(process.argv[2] ?? 2);
const databaseUrl = process.env['DATABASE_URL'];
if (!databaseUrl) {
  console.error('DATABASE_URL is required: several instances share one PostgreSQL.');
  process.exit(1);
}
const cluster = await startCluster({
  instances,
  databaseUrl,
  proxyPort: Number(process.env['PORT'] ?? 8080),
  firstInstancePort: Number(process.env['FIRST_INSTANCE_PORT'] ?? 8101),
  dataDir: path.resolve(process.env['DATA_DIR'] ?? './data/cluster'),
  ...(process.env['REDIS_URL'] ? { redisUrl: process.env['REDIS_URL'] } : {}),
  env: { LOG_LEVEL: process.env['LOG_LEVEL'] ?? 'info' },
});
console.log(`${instances} instances behind nginx on ${cluster.url}`);
const stop = async () => {
  await cluster.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
