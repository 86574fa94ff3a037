/**
 * The dependency direction (docs/architecture.md §10) is enforced by ESLint zones; these cases
 * prove that the zones refuse an import that breaks them, in code and in tests alike.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: ROOT });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}/${filePath}` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('lint zones', () => {
  it.each([
    ['functions/src/store/probe.ts', "import { conflict } from '../modules/errors.js';"],
    ['functions/src/payments/probe.test.ts', "import { createApp } from '../app.js';"],
    ['functions/src/auth/probe.ts', "import { validate } from '../http/validate.js';"],
    [
      'functions/src/modules/orders/probe.service.ts',
      "import { errorBody } from '../../http/errors.js';",
    ],
    [
      'web/src/features/orders/api/probe.ts',
      "import { getParts } from '../../parts/api/get-parts';",
    ],
    ['web/src/features/cart/components/probe.test.tsx', "import { x } from '../../orders/api/x';"],
    ['web/src/features/parts/probe.ts', "import { router } from '../../app/router';"],
    ['web/src/lib/probe.ts', "import { PartCard } from '../features/parts/components/part-card';"],
    ['contract/src/probe.ts', "import { readFileSync } from 'node:fs';"],
    ['contract/src/parts/probe.ts', "import * as yup from 'yup';"],
    ['contract/src/cart/probe.ts', "import * as yup from 'yup';"],
    ['contract/src/api/catalogue.ts', "import { readFileSync } from 'node:fs';"],
    ['functions/src/http/probe.ts', "import { isAdmin } from '../modules/users/users.service.js';"],
    ['functions/src/http/probe2.ts', "import type { ShopApp } from '../app.js';"],
    [
      'functions/src/http/probe3.ts',
      "import type { SimulatedGateway } from '../payments/simulated/simulated-gateway.js';",
    ],
    ['functions/src/files/probe.ts', "import { notFound } from '../modules/errors.js';"],
    [
      'functions/src/modules/orders/probe.routes.ts',
      "import { openSqliteStore } from '../../store/sqlite/sqlite-store.js';",
    ],
    [
      'functions/src/modules/payments/probe.ts',
      "import { createStripeGateway } from '../../payments/stripe/stripe-gateway.js';",
    ],
  ])('refuses %s importing across its zone', async (file, code) => {
    expect(await restrictedImports(file, `${code}\nexport {};\n`)).not.toEqual([]);
  });

  it.each([
    [
      'functions/src/modules/orders/probe.routes.ts',
      "import { validate } from '../../http/validate.js';",
    ],
    [
      'functions/src/modules/orders/probe.service.ts',
      "import { isSafeId } from '../../store/ids.js';",
    ],
    [
      'web/src/features/orders/components/probe.tsx',
      "import { api } from '../../../lib/api-client';",
    ],
    ['web/src/features/orders/components/probe2.tsx', "import { x } from '../api/get-my-orders';"],
    ['contract/src/schemas/probe.ts', "import * as yup from 'yup';"],
    ['functions/src/http/probe.ts', "import { DomainError } from '../modules/errors.js';"],
    [
      'functions/src/modules/payments/probe.ts',
      "import type { PaymentGateway } from '../../payments/port.js';",
    ],
  ])('allows %s importing down or within its zone', async (file, code) => {
    expect(await restrictedImports(file, `${code}\nexport {};\n`)).toEqual([]);
  });

  const ruleMessages = async (filePath: string, code: string, ruleId: string) => {
    const [result] = await eslint.lintText(code, { filePath: `${ROOT}/${filePath}` });
    return (result?.messages ?? []).filter((message) => message.ruleId === ruleId);
  };

  it.each([
    ['functions/src/modules/orders/probe.service.ts', 'line.price * line.quantity'],
    ['web/src/features/cart/hooks/probe.ts', 'quantity * part.price'],
    ['contract/src/orders/probe.ts', 'price * 2'],
  ])('refuses %s computing an amount outside the pricing module', async (file, expression) => {
    const code = `declare const line: { price: number; quantity: number };
declare const part: { price: number };
declare const quantity: number;
declare const price: number;
export const amount = ${expression};
`;
    expect(await ruleMessages(file, code, 'no-restricted-syntax')).not.toEqual([]);
  });

  it('lets the pricing module compute amounts', async () => {
    const code =
      'declare const line: { price: number; quantity: number };\nexport const t = line.price * line.quantity;\n';
    expect(
      await ruleMessages('contract/src/pricing/probe.ts', code, 'no-restricted-syntax'),
    ).toEqual([]);
  });

  describe('import cycles', () => {
    const probeDir = join(ROOT, 'functions/src/.cycle-probe');
    const cycleErrors = async (file: string, code: string) => {
      const [result] = await eslint.lintText(code, { filePath: join(probeDir, file) });
      return (result?.messages ?? []).filter((m) => m.ruleId === 'local/no-import-cycle');
    };
    const files: Record<string, string> = {
      'a.ts': "import { b } from './b.js';\nexport const a = b + 1;\n",
      'b.ts': "import { c } from './c.js';\nexport const b = c;\n",
      'c.ts': "import type { A } from './a.js';\nexport const c = 1;\nexport type C = A;\n",
      'd.ts': "import { c } from './c.js';\nexport const d = c;\n",
    };

    it('refuses a module that reaches itself again, through a type import too', async () => {
      mkdirSync(probeDir, { recursive: true });
      try {
        for (const [name, code] of Object.entries(files)) writeFileSync(join(probeDir, name), code);
        const [error] = await cycleErrors('a.ts', files['a.ts']!);
        expect(error?.message).toMatch(/a\.ts → .*b\.ts → .*c\.ts → .*a\.ts/);
        // d.ts imports into the cycle but is not part of it.
        expect(await cycleErrors('d.ts', files['d.ts']!)).toEqual([]);
      } finally {
        rmSync(probeDir, { recursive: true, force: true });
      }
    });
  });
});
