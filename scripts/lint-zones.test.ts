/**
 * The dependency direction (docs/architecture.md §10) is enforced by ESLint zones; these cases
 * prove that the zones refuse an import that breaks them, in code and in tests alike.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

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

  it.each([
    ['<Typography color="text.secondary">x</Typography>'],
    ["<Typography color={done ? 'success.dark' : 'error'}>x</Typography>"],
  ])("refuses a palette path as Typography's color, which MUI drops: %s", async (element) => {
    const code = `import Typography from '@mui/material/Typography';
declare const done: boolean;
export const Text = () => ${element};
`;
    expect(
      await ruleMessages(
        'web/src/features/parts/components/probe.tsx',
        code,
        'no-restricted-syntax',
      ),
    ).not.toEqual([]);
    const named = code.replace(/'success.dark'|"text.secondary"/, '"textSecondary"');
    expect(
      await ruleMessages(
        'web/src/features/parts/components/probe.tsx',
        named,
        'no-restricted-syntax',
      ),
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

  describe('module folders importing one way', () => {
    const MODULES = 'functions/src/modules';
    // Probe folders outside the tree, so that a lint of the tree running meanwhile never sees them.
    let probe: string;
    const files: Record<string, string> = {
      // a/ and b/ import each other (b/ only a type), through no file cycle.
      'a/a.ts': "import { b } from '../b/b.js';\nexport const a = b;\n",
      'a/a-types.ts': 'export type A = number;\n',
      'b/b.ts': "import type { A } from '../a/a-types.js';\nexport const b: A = 1;\n",
      // c/ imports a/ one way; a test in a/ reaching c/ is not an import of a/.
      'c/c.ts':
        "import { a } from '../a/a.js';\nimport { s } from '../shared.js';\nexport const c = a + s;\n",
      'a/a.test.ts': "import { c } from '../c/c.js';\nexport const t = c;\n",
      'shared.ts': 'export const s = 1;\n',
      // d/ → e/ → f/ → d/: a cycle of folders.
      'd/d.ts': "import { e } from '../e/e.js';\nexport const d = e;\n",
      'd/d-one.ts': 'export const one = 1;\n',
      'e/e.ts': "import { f } from '../f/f.js';\nexport const e = f;\n",
      'f/f.ts': "import { one } from '../d/d-one.js';\nexport const f = one;\n",
    };

    beforeAll(() => {
      probe = mkdtempSync(join(tmpdir(), 'module-folders-'));
      for (const [name, code] of Object.entries(files)) {
        mkdirSync(dirname(join(probe, 'modules', name)), { recursive: true });
        writeFileSync(join(probe, 'modules', name), code);
      }
    });
    afterAll(() => rmSync(probe, { recursive: true, force: true }));

    /** The rule as eslint.config.js turns it on for functions/src/modules, with its options. */
    const projectRule = async () => {
      const config: Linter.Config = await eslint.calculateConfigForFile(
        join(ROOT, MODULES, 'cart/cart.service.ts'),
      );
      return { config, setting: config.rules?.['folders/one-way'] };
    };

    const folderErrors = async (file: string, knownPairs: [string, string][] = []) => {
      const { config } = await projectRule();
      const probeLint = new ESLint({
        cwd: probe,
        overrideConfigFile: true,
        overrideConfig: [
          {
            files: ['**/*.ts'],
            languageOptions: { parser: config.languageOptions?.parser },
            plugins: { folders: config.plugins!.folders! },
            rules: { 'folders/one-way': ['error', { root: 'modules', knownPairs }] },
          },
        ],
      });
      const [result] = await probeLint.lintText(files[file]!, {
        filePath: join(probe, 'modules', file),
      });
      return (result?.messages ?? []).map((message) => message.message);
    };

    it('is on for every module file, tests left out', async () => {
      const { setting } = await projectRule();
      expect(setting).toEqual([2, expect.objectContaining({ root: MODULES })]);
      const test = await eslint.calculateConfigForFile(join(ROOT, MODULES, 'cart/cart.test.ts'));
      expect(test.rules['folders/one-way']).toBeUndefined();
    });

    it('refuses two folders that import each other, through a type import too', async () => {
      const [fromA] = await folderErrors('a/a.ts');
      expect(fromA).toMatch(/^a\/ imports b\/, and b\/ leads back to a\/: b → a \(b\/b\.ts\)/);
      const [fromB] = await folderErrors('b/b.ts');
      expect(fromB).toMatch(/^b\/ imports a\/, and a\/ leads back to b\/: a → b \(a\/a\.ts\)/);
    });

    it('refuses a cycle of folders, with no cycle of files', async () => {
      const [error] = await folderErrors('d/d.ts');
      expect(error).toMatch(/e → f \(e\/e\.ts\), f → d \(f\/f\.ts\)/);
    });

    it('allows imports that run one way, to the shared files and from tests', async () => {
      expect(await folderErrors('c/c.ts')).toEqual([]);
      expect(await folderErrors('shared.ts')).toEqual([]);
    });

    it('leaves out a known pair, and refuses one that no longer imports both ways', async () => {
      expect(await folderErrors('a/a.ts', [['a', 'b']])).toEqual([]);
      expect(await folderErrors('c/c.ts', [['c', 'a']])).toEqual([
        expect.stringMatching(/^c\/ and a\/ no longer import each other/),
      ]);
    });
  });
});
