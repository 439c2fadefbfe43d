import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, SETTING_NAMES } from './config.js';
import { tempDirs } from './test/temp-dirs.js';

const dataDir = tempDirs('portal-config-');

describe('configuration', () => {
  it('names every setting in the README, where an operator looks for it', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('## Operations'));
    // NODE_ENV is Node's own convention; `npm start` sets it.
    const unnamed = SETTING_NAMES.filter((name) => name !== 'NODE_ENV' && !table.includes(`\`${name}\``));
    expect(unnamed).toEqual([]);
  });

  it('has working sandbox defaults and generates secrets once per data directory', () => {
    const dir = dataDir();
    const a = loadConfig({ DATA_DIR: dir });
    const b = loadConfig({ DATA_DIR: dir });
    expect(a.port).toBe(8080);
    expect(a.sandbox).toBe(true);
    expect(a.upstream.card).toBe('http://127.0.0.1:8080/sandbox/paystack');
    expect(a.secrets.cardSecretKey).toMatch(/^sk_test_/);
    expect(b.secrets).toEqual(a.secrets);
    expect(a.secrets.pinPublicKeyPem).toContain('BEGIN PUBLIC KEY');
  });

  it('sandbox mode listens on loopback only unless told to listen elsewhere', () => {
    const dir = dataDir();
    expect(() => loadConfig({ DATA_DIR: dir, HOST: '0.0.0.0' })).toThrow(/SANDBOX_LISTEN_PUBLIC/);
    expect(loadConfig({ DATA_DIR: dir, HOST: '0.0.0.0', SANDBOX_LISTEN_PUBLIC: 'true' }).host).toBe(
      '0.0.0.0',
    );
    expect(loadConfig({ DATA_DIR: dir, HOST: 'localhost' }).host).toBe('localhost');
    expect(loadConfig({ DATA_DIR: dir }).host).toBe('127.0.0.1');
  });

  it('reports every bad key at once', () => {
    try {
      loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud', DATABASE_URL: 'not a url' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toContain('PORT');
      expect(problems).toContain('LOG_LEVEL');
      expect(problems).toContain('DATABASE_URL');
    }
  });

  it('production mode refuses to start without its upstreams and secrets', () => {
    try {
      loadConfig({ PORTAL_MODE: 'production', DATA_DIR: dataDir() });
      expect.unreachable();
    } catch (error) {
      const problems = (error as ConfigError).problems;
      for (const key of [
        'PUBLIC_BASE_URL',
        'CORE_URL',
        'CARD_GATEWAY_URL',
        'CARD_SECRET_KEY',
        'TOKEN_SIGNING_KEY',
        'PIN_RSA_PRIVATE_KEY',
      ]) {
        expect(problems.some((p) => p.startsWith(key))).toBe(true);
      }
    }
  });

  it("a plain payment form may be sent on to the gateways' hosted pages (form-action), and no further", () => {
    // Sandbox mode: the mounted sandbox's checkout is the portal's own origin.
    expect(loadConfig({ DATA_DIR: dataDir() }).cspOrigins.hostedPages).toEqual([]);
    // A gateway at an address of its own answers with its checkout there; DPO's page is on its API's host.
    const apart = loadConfig({
      DATA_DIR: dataDir(),
      CARD_GATEWAY_URL: 'http://127.0.0.1:19210/sandbox/paystack',
      DPO_URL: 'https://secure.3gdirectpay.com/',
    });
    expect(apart.cspOrigins.hostedPages).toEqual([
      'http://127.0.0.1:19210',
      'https://secure.3gdirectpay.com',
    ]);
    const paystack = loadConfig({
      DATA_DIR: dataDir(),
      CARD_CHECKOUT_ORIGIN: 'https://checkout.paystack.com',
      CARD_GATEWAY_URL: 'https://api.paystack.co',
    });
    expect(paystack.cspOrigins.hostedPages).toEqual([
      'https://checkout.paystack.com',
      'https://api.paystack.co',
    ]);
  });

  it('CORS_ORIGINS takes origins only, and says what one looks like', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), CORS_ORIGINS: 'not-an-origin' })).toThrow(
      /CORS_ORIGINS: comma-separated origins, e\.g\. https:\/\/shop\.example\.com/,
    );
    const c = loadConfig({
      DATA_DIR: dataDir(),
      CORS_ORIGINS: 'https://a.example.com, http://127.0.0.1:5173',
    });
    expect(c.corsOrigins).toEqual(['https://a.example.com', 'http://127.0.0.1:5173']);
  });

  it('DATABASE_URL must be a PostgreSQL address', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'mysql://root@127.0.0.1/x' })).toThrow(
      /DATABASE_URL: expected a PostgreSQL address/,
    );
    const c = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgresql://portal@db:5432/portal' });
    expect(c.databaseUrl).toBe('postgresql://portal@db:5432/portal');
  });

  it('addresses need their scheme: a forgotten http:// is refused, not called as "unreachable" later', () => {
    const refused = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: dataDir(), ...env });
    expect(refused({ CARD_GATEWAY_URL: 'localhost:8080/sandbox/paystack' })).toThrow(
      /CARD_GATEWAY_URL: expected an http:\/\/ or https:\/\/ address/,
    );
    expect(refused({ PUBLIC_BASE_URL: 'portal.example.com:443' })).toThrow(
      /PUBLIC_BASE_URL: expected an http/,
    );
    expect(refused({ CORE_URL: 'mailto:core@example.com' })).toThrow(/CORE_URL: expected an http/);
    expect(refused({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL: expected a Redis address/);
    const c = loadConfig({
      DATA_DIR: dataDir(),
      REDIS_URL: 'rediss://cache:6380/2',
      CORE_URL: 'https://core/',
    });
    expect([c.redisUrl, c.upstream.core]).toEqual(['rediss://cache:6380/2', 'https://core']);
  });

  it('repeats a refused value that is no secret, never one that may be', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORTAL_MODE: 'Production' })).toThrow(
      /\(got "Production"\)/,
    );
    let message = '';
    try {
      loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: 'short-secret', REDIS_URL: 'redis-pass@host' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/METRICS_TOKEN/);
    expect(message).not.toContain('short-secret');
    expect(message).not.toContain('redis-pass');
  });

  it('PORT overrides the port and the default public address follows it', () => {
    const c = loadConfig({ PORT: '9123', DATA_DIR: dataDir() });
    expect(c.publicBaseUrl()).toBe('http://127.0.0.1:9123');
  });

  it('a number’s line is kept 60 s by default; the sandbox notifies this portal unless told another', () => {
    const c = loadConfig({ DATA_DIR: dataDir() });
    expect(c.subscriberLineCacheSeconds).toBe(60);
    expect(c.sandboxPortalUrl).toBeUndefined();
    const apart = loadConfig({
      DATA_DIR: dataDir(),
      SUBSCRIBER_LINE_CACHE_SECONDS: '0',
      SANDBOX_PORTAL_URL: 'http://127.0.0.1:18991/',
    });
    expect(apart.subscriberLineCacheSeconds).toBe(0);
    expect(apart.sandboxPortalUrl).toBe('http://127.0.0.1:18991');
    expect(() => loadConfig({ DATA_DIR: dataDir(), SUBSCRIBER_LINE_CACHE_SECONDS: '-1' })).toThrow(
      ConfigError,
    );
  });

  it('retention has the documented defaults and refuses periods that contradict each other', () => {
    const dir = dataDir();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c.retention).toEqual({
      schedule: '17 * * * *',
      batchSize: 500,
      periods: {
        transactionEventsDays: 365,
        paymentPersonalDataDays: 180,
        paymentRecordsDays: 2190,
        leadsDays: 365,
        contactMessagesDays: 365,
        feedbackDays: 365,
        faqVotesDays: 365,
        otpHours: 2,
      },
    });
    expect(c.jobScheduleCheckSeconds).toBe(30);
    expect(loadConfig({ DATA_DIR: dir, RETENTION_SCHEDULE: 'off' }).retention.schedule).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir, RETENTION_SCHEDULE: '0 2 * * 1-5' }).retention.schedule).toBe(
      '0 2 * * 1-5',
    );
    expect(() => loadConfig({ DATA_DIR: dir, RETENTION_SCHEDULE: 'hourly' })).toThrow(/RETENTION_SCHEDULE/);
    // A payment's personal data cannot outlive the payment record it is kept in.
    expect(() =>
      loadConfig({
        DATA_DIR: dir,
        RETENTION_PAYMENT_RECORDS_DAYS: '400',
        RETENTION_PAYMENT_PERSONAL_DATA_DAYS: '500',
      }),
    ).toThrow(/RETENTION_PAYMENT_RECORDS_DAYS/);
    // Nothing of a payment goes while its provider may still confirm it late.
    expect(() => loadConfig({ DATA_DIR: dir, RETENTION_PAYMENT_PERSONAL_DATA_DAYS: '7' })).toThrow(
      /RETENTION_PAYMENT_PERSONAL_DATA_DAYS/,
    );
  });
});
