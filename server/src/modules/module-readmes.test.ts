import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { configData, PATHS } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import * as schema from '../db/schema/index.js';
import { QUEUES } from '../queues.js';
import { tempDirs } from '../test/temp-dirs.js';
import { catalogueRoutes } from './catalogue/routes.js';
import { contactRoutes } from './contact/routes.js';
import { contentRoutes } from './content/routes.js';
import { helpRoutes } from './help/routes.js';
import { leadRoutes } from './leads/routes.js';
import { locationRoutes } from './locations/routes.js';
import { otpRoutes } from './otp/routes.js';
import { pageRoutes } from './pages/routes.js';
import { paymentRoutes } from './payments/routes.js';
import { subscriberRoutes } from './subscriber/routes.js';

/**
 * Each folder of server/src/modules has a README.md (issue 18) that says what the module owns, its routes,
 * tables, jobs, what app.ts gives it, its settings and its decision records; this keeps those lists true.
 */
const MODULES_DIR = path.dirname(fileURLToPath(import.meta.url));
const CONFIG_SOURCE = readFileSync(path.join(MODULES_DIR, '..', 'config.ts'), 'utf8');
const SECTIONS = ['Routes', 'Tables', 'Jobs', 'Given by app.ts', 'Configuration', 'Decisions'] as const;

const modules = readdirSync(MODULES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const readmePath = (module: string) => path.join(MODULES_DIR, module, 'README.md');
const readme = (module: string) => readFileSync(readmePath(module), 'utf8');

/** The lines of a `## name` section, up to the next heading of that level. */
function section(text: string, name: string): string[] {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.trim() === `## ${name}`);
  if (start < 0) return [];
  const end = lines.findIndex((line, i) => i > start && line.startsWith('## '));
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

/** Rows of the Routes table: `| GET | `/path` | `PATHS.name` |`. */
function documentedRoutes(text: string) {
  return section(text, 'Routes').flatMap((line) => {
    const row = /^\|\s*([A-Z]+)\s*\|\s*`([^`]+)`\s*\|\s*(.*?)\s*\|$/.exec(line.trim());
    if (!row) return [];
    const pathsName = /PATHS\.(\w+)/.exec(row[3]!)?.[1];
    return [{ method: row[1]!, url: row[2]!, pathsName }];
  });
}

/**
 * Stands in for a module's service: routes only call it while they answer, never while they register. Typed
 * `never` so that it fits whichever service a routes plugin takes.
 */
function unused(name: string, fields: Record<string, unknown> = {}): never {
  return new Proxy(fields, {
    get(target, key) {
      if (key in target) return target[key as string];
      if (key === 'then') return undefined;
      return () => {
        throw new Error(`${name}.${String(key)} was called while the routes registered`);
      };
    },
  }) as never;
}

const tempDir = tempDirs('module-readmes-');

type App = ReturnType<typeof newApp>;
function newApp() {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}

/** How each module's routes.ts is registered; every module with a routes.ts must be here. */
const REGISTER: Record<string, (app: App) => Promise<unknown>> = {
  catalogue: async (app) => app.register(catalogueRoutes, { catalogue: unused('catalogue') }),
  contact: async (app) => app.register(contactRoutes, { contact: unused('contact') }),
  content: async (app) =>
    app.register(contentRoutes, { content: unused('content', { version: () => 0 }), market: 'NG' }),
  help: async (app) => app.register(helpRoutes, { help: unused('help', { version: () => 0 }) }),
  leads: async (app) => app.register(leadRoutes, { leads: unused('leads') }),
  locations: async (app) => app.register(locationRoutes, { locations: unused('locations') }),
  otp: async (app) => app.register(otpRoutes, { otp: unused('otp') }),
  pages: async (app) =>
    app.register(pageRoutes, {
      pages: unused('pages'),
      webDistDir: tempDir(),
      publicBaseUrl: () => 'http://127.0.0.1',
      notFound: () => undefined,
      cache: unused('cache'),
    }),
  payments: async (app) => app.register(paymentRoutes, { payments: unused('payments') }),
  subscriber: async (app) =>
    app.register(subscriberRoutes, { subscribers: unused('subscribers'), accounts: unused('accounts') }),
};

/** `METHOD url` of every route the module's routes.ts registers (HEAD twins of GET routes left out). */
async function registeredRoutes(module: string): Promise<Set<string>> {
  const app = newApp();
  const routes = new Set<string>();
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.add(`${method} ${route.url}`);
  });
  await REGISTER[module]!(app);
  await app.ready();
  await app.close();
  return routes;
}

const tableNames = new Set(
  Object.values(schema)
    .filter((value) => is(value, PgTable))
    .map((table) => getTableName(table as PgTable)),
);

describe('module READMEs (server/src/modules/*/README.md)', () => {
  it('every module folder has a README.md with the standard sections', () => {
    expect(modules.length).toBeGreaterThan(0);
    const missing = modules.filter((module) => !existsSync(readmePath(module)));
    expect(missing, 'module folders without a README.md').toEqual([]);
    for (const module of modules) {
      const headings = readme(module)
        .split('\n')
        .filter((line) => line.startsWith('## '))
        .map((line) => line.slice(3).trim());
      expect(
        SECTIONS.filter((name) => !headings.includes(name)),
        `${module}/README.md lacks`,
      ).toEqual([]);
    }
  });

  it('every module with a routes.ts is checked below; one without names no route', () => {
    for (const module of modules) {
      const hasRoutes = existsSync(path.join(MODULES_DIR, module, 'routes.ts'));
      expect(module in REGISTER, `${module}: routes.ts and REGISTER disagree`).toBe(hasRoutes);
      if (!hasRoutes) expect(documentedRoutes(readme(module)), `${module}/README.md`).toEqual([]);
    }
  });

  it.each(Object.keys(REGISTER))('%s/README.md names only routes its routes.ts registers', async (module) => {
    const documented = documentedRoutes(readme(module));
    expect(documented.length, 'routes listed').toBeGreaterThan(0);
    const registered = await registeredRoutes(module);
    const source = readFileSync(path.join(MODULES_DIR, module, 'routes.ts'), 'utf8');
    for (const route of documented) {
      expect(registered, `${module}/README.md names ${route.method} ${route.url}`).toContain(
        `${route.method} ${route.url}`,
      );
      if (route.pathsName === undefined) continue;
      const value: unknown = PATHS[route.pathsName as keyof typeof PATHS];
      expect(value, `PATHS.${route.pathsName}`).toBeDefined();
      expect(source, `${module}/routes.ts uses PATHS.${route.pathsName}`).toContain(
        `PATHS.${route.pathsName}`,
      );
      if (typeof value === 'string') expect(route.url).toBe(value);
    }
  });

  it.each(modules)('%s/README.md names real tables, queues, settings and files', (module) => {
    const text = readme(module);
    const unknown: string[] = [];
    for (const line of section(text, 'Tables')) {
      const table = /^- `(\w+)`/.exec(line)?.[1];
      if (table && !tableNames.has(table)) unknown.push(`table ${table}`);
    }
    for (const line of section(text, 'Jobs')) {
      const job = /^- `([\w-]+\.[\w-]+)`/.exec(line)?.[1];
      if (job && !QUEUES.some((queue) => queue.name === job)) unknown.push(`queue ${job}`);
    }
    for (const line of section(text, 'Configuration')) {
      for (const [, key] of line.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) {
        if (!new RegExp(`^\\s+${key}: `, 'm').test(CONFIG_SOURCE)) unknown.push(`setting ${key}`);
      }
      for (const [, key] of line.matchAll(/`configData\.(\w+)`/g)) {
        if (!(key! in configData.shape)) unknown.push(`configData.${key}`);
      }
    }
    for (const [, target] of text.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)) {
      if (!/^https?:/.test(target!) && !existsSync(path.resolve(MODULES_DIR, module, target!))) {
        unknown.push(`link ${target}`);
      }
    }
    expect(unknown, `${module}/README.md names what does not exist`).toEqual([]);
  });
});
