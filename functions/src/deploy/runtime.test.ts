/**
 * The functions deploy to a Node.js runtime Cloud Functions still accepts, and the code is built
 * for the Node that developer machines run (docs/decisions/012-functions-runtime-node22.md).
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const readJson = <T>(path: string): T => JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as T;

/** The runtimes Sprocket is tested for; a new one joins this list after a run on it. */
const SUPPORTED_RUNTIMES = ['nodejs22', 'nodejs24'];

const firebaseJson = readJson<{ functions: { source: string; runtime?: string }[] }>(
  'firebase.json',
);
const functionsPackage = readJson<{ engines?: { node?: string } }>('functions/package.json');
const rootPackage = readJson<{ engines: { node: string } }>('package.json');

/** firebase-tools' own table of runtimes and their decommission dates (the one deploy checks). */
const { RUNTIMES } = createRequire(import.meta.url)(
  'firebase-tools/lib/deploy/functions/runtimes/supported/types.js',
) as { RUNTIMES: Record<string, { decommissionDate: string }> };

const major = (runtime: string) => Number(/^nodejs(\d+)$/.exec(runtime)?.[1]);

describe('the functions runtime', () => {
  it.each(firebaseJson.functions)('$source deploys to a supported runtime', ({ runtime }) => {
    expect(runtime, 'firebase.json must name the runtime').toBeDefined();
    expect(SUPPORTED_RUNTIMES).toContain(runtime);
  });

  it.each(firebaseJson.functions)(
    '$source names a runtime firebase-tools still deploys',
    ({ runtime }) => {
      const known = RUNTIMES[runtime as string];
      expect(known, `firebase-tools does not know ${runtime}`).toBeDefined();
      expect(new Date(known?.decommissionDate as string).getTime()).toBeGreaterThan(Date.now());
    },
  );

  it('says the same Node version in functions/package.json', () => {
    for (const { runtime } of firebaseJson.functions) {
      expect(`nodejs${functionsPackage.engines?.node}`).toBe(runtime);
    }
  });

  it('runs code built for the oldest Node the repo supports', () => {
    const oldest = /^>=\s*(\d+)/.exec(rootPackage.engines.node)?.[1];
    expect(oldest, 'the root package.json needs engines.node like ">=22"').toBeDefined();
    for (const { runtime } of firebaseJson.functions) {
      expect(major(runtime as string)).toBeGreaterThanOrEqual(Number(oldest));
    }
    // functions/build.mjs targets that version; deploy-preview.test.ts loads the bundle on this
    // machine's Node, as the emulator does.
  });

  it('lets npm install the workspaces on Node 22 despite packages that ask for a newer one', () => {
    // engine-strict would refuse firebase 13's packages (engines: Node 24.12 for their Node
    // builds; the web app runs them in browsers only); the Node npm runs on is checked by
    // scripts/check-node.mjs instead.
    for (const npmrc of ['.npmrc', 'functions/.npmrc']) {
      let text = '';
      try {
        text = readFileSync(join(ROOT, npmrc), 'utf8');
      } catch {
        continue;
      }
      expect(text).not.toMatch(/^\s*engine-strict\s*=\s*true/m);
    }
    expect(process.env.npm_config_engine_strict ?? 'false').not.toBe('true');
  });
});
