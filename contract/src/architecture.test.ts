import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The boundaries of design.md §2 are lint rules; this proves each one fires (and allowed imports pass). */
const cwd = new URL('../..', import.meta.url).pathname;
// The boundary probes lint files that do not exist, which the type-aware rules cannot type: those are off here.
const eslint = new ESLint({
  cwd,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
      'import-x/no-cycle': 'off',
    },
  },
});
const typeAware = new ESLint({ cwd });

async function restricted(filePath: string, source: string, rule = 'no-restricted-imports'): Promise<number> {
  const [result] = await eslint.lintText(source, { filePath });
  const fatal = result!.messages.find((m) => m.fatal);
  if (fatal) throw new Error(fatal.message);
  return result!.messages.filter((m) => m.ruleId === rule).length;
}

/** Lints `source` as if it were the file at `filePath` (a real file, so the type-aware rules can type it). */
async function fired(rule: string, filePath: string, source: string): Promise<number> {
  const [result] = await typeAware.lintText(source, { filePath });
  const fatal = result!.messages.find((m) => m.fatal);
  if (fatal) throw new Error(fatal.message);
  return result!.messages.filter((m) => m.ruleId === rule).length;
}

describe('architecture boundaries (eslint.config.js)', () => {
  it('a feature never imports another feature', async () => {
    expect(await restricted('web/src/features/recharge/x.ts', "import '@/features/payment/api/y';")).toBe(1);
    expect(await restricted('web/src/features/recharge/components/x.ts', "import '../../help/api/y';")).toBe(
      1,
    );
    expect(await restricted('web/src/features/recharge/components/x.ts', "import '../api/y';")).toBe(0);
    expect(await restricted('web/src/features/recharge/components/x.ts', "import '@/ui/modal';")).toBe(0);
  });

  it('shared web code never imports features or the app', async () => {
    expect(await restricted('web/src/ui/x.ts', "import '@/features/payment/y';")).toBe(1);
    expect(await restricted('web/src/lib/x.ts', "import '../app/router';")).toBe(1);
    expect(await restricted('web/src/domain/otp/x.ts', "import '@/features/payment/y';")).toBe(1);
    expect(await restricted('web/src/domain/otp/x.ts', "import '../../features/payment/y';")).toBe(1);
  });

  it('ui/ only presents: it never calls the API, imports domain/ or navigates', async () => {
    expect(await restricted('web/src/ui/x.ts', "import { api } from '@/lib/api';")).toBe(1);
    expect(await restricted('web/src/ui/map/x.ts', "import { api } from '../../lib/api';")).toBe(1);
    expect(await restricted('web/src/ui/x.ts', "import '@/domain/otp/otp-api';")).toBe(1);
    expect(await restricted('web/src/ui/map/x.ts', "import '../../domain/maps/map-api';")).toBe(1);
    expect(await restricted('web/src/ui/x.ts', "import { useQuery } from '@tanstack/react-query';")).toBe(1);
    expect(await restricted('web/src/ui/x.ts', "import { useNavigate } from 'react-router';")).toBe(1);
    expect(await restricted('web/src/ui/x.ts', "import { Link } from 'react-router';")).toBe(0);
    expect(await restricted('web/src/ui/x.ts', "import { useHydrated } from '@/lib/hydration';")).toBe(0);
    expect(await restricted('web/src/domain/otp/x.ts', "import { api } from '@/lib/api';")).toBe(0);
    expect(await restricted('web/src/domain/otp/x.ts', "import { Modal } from '@/ui/modal';")).toBe(0);
    expect(await restricted('web/src/features/payment/x.ts', "import '@/domain/otp/otp-api';")).toBe(0);
  });

  it("the plain forms' server handlers are the server render's alone", async () => {
    expect(await restricted('web/src/features/payment/x.ts', "import '@/server/actions';")).toBe(1);
    expect(await restricted('web/src/app/routes.tsx', "import '@/server/form';")).toBe(1);
    expect(await restricted('web/src/entry-server.tsx', "import '@/server/actions';")).toBe(0);
    expect(await restricted('web/src/server/actions.ts', "import '@/features/payment/api/y';")).toBe(0);
  });

  it("a server module never reaches into another module's store", async () => {
    expect(await restricted('server/src/modules/otp/x.ts', "import '../payments/store.js';")).toBe(1);
    expect(await restricted('server/src/modules/otp/x.ts', "import './store.js';")).toBe(0);
  });

  it('routes never import a store or the tables: they call their service', async () => {
    // import-x resolves each import to its file, so these name files that exist (the otp module's).
    const zone = (filePath: string, source: string) =>
      restricted(filePath, source, 'import-x/no-restricted-paths');
    expect(
      await zone('server/src/modules/otp/routes.ts', "import { createOtpStore } from './store.js';"),
    ).toBe(1);
    expect(await zone('server/src/modules/otp/routes.ts', "import type { OtpStore } from './store';")).toBe(
      1,
    );
    expect(await zone('server/src/modules/otp/routes.ts', "import '../leads/store.js';")).toBe(1);
    expect(await zone('server/src/modules/otp/routes.ts', "import '../../db/schema/index.js';")).toBe(1);
    expect(await zone('server/src/modules/otp/routes.ts', "import '../../db/schema/otp.js';")).toBe(1);
    expect(await zone('server/src/modules/otp/routes/send.ts', "import '../store.js';")).toBe(1);
    expect(
      await zone('server/src/modules/otp/routes.ts', "import { createOtpService } from './service.js';"),
    ).toBe(0);
    expect(
      await zone('server/src/modules/otp/service.ts', "import { createOtpStore } from './store.js';"),
    ).toBe(0);
  });

  it('only the mount imports the sandbox; the contract imports nothing of ours', async () => {
    expect(await restricted('server/src/app.ts', "import '@portal/sandbox';")).toBe(1);
    expect(await restricted('server/src/sandbox-mount.ts', "import '@portal/sandbox';")).toBe(0);
    expect(await restricted('web/src/lib/x.ts', "import '@portal/content';")).toBe(1);
    expect(await restricted('contract/src/x.ts', "import '@portal/server/app';")).toBe(1);
  });

  it('a promise is awaited or marked void, and no import circle exists', { timeout: 240_000 }, async () => {
    const floating = 'async function refund(): Promise<void> {}\nrefund();\n';
    expect(await fired('@typescript-eslint/no-floating-promises', 'server/src/queues.ts', floating)).toBe(1);
    expect(await fired('@typescript-eslint/no-floating-promises', 'server/src/queues.ts', `void 0;\n`)).toBe(
      0,
    );
    // checkout-page.ts imports paystack.ts: paystack.ts importing it back closes a circle.
    const circle =
      "import { registerCheckout } from './checkout-page.js';\nexport const r = registerCheckout;\n";
    expect(await fired('import-x/no-cycle', 'sandbox/src/paystack.ts', circle)).toBe(1);
  });
});
