import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The boundaries of design.md §2 are lint rules; this proves each one fires (and allowed imports pass). */
const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });

async function restricted(filePath: string, source: string): Promise<number> {
  const [result] = await eslint.lintText(source, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').length;
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

  it('only the mount imports the sandbox; the contract imports nothing of ours', async () => {
    expect(await restricted('server/src/app.ts', "import '@portal/sandbox';")).toBe(1);
    expect(await restricted('server/src/sandbox-mount.ts', "import '@portal/sandbox';")).toBe(0);
    expect(await restricted('web/src/lib/x.ts', "import '@portal/content';")).toBe(1);
    expect(await restricted('contract/src/x.ts', "import '@portal/server/app';")).toBe(1);
  });
});
