import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRODUCTION_NODE_MAJOR, PROJECT_NODE_VERSION } from './node-runtime.js';

const root = join(import.meta.dirname, '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const major = (version: string) => Number(/\d+/.exec(version)?.[0]);

describe("the project's Node.js", () => {
  it('is the one production runs, and the tests run on it', () => {
    expect(PRODUCTION_NODE_MAJOR).toBe(22);
    expect(major(PROJECT_NODE_VERSION)).toBe(PRODUCTION_NODE_MAJOR);
    expect(process.version).toBe(`v${PROJECT_NODE_VERSION}`);
  });

  it('is what the package asks for and what CI installs before anything else', () => {
    const rootPackage = JSON.parse(read('package.json')) as {
      engines: { node: string };
      scripts: { postinstall: string };
    };
    expect(rootPackage.engines.node).toBe(`>=${PRODUCTION_NODE_MAJOR}`);
    // An install run by npm on another Node fails instead of resolving another tree.
    expect(rootPackage.scripts.postinstall).toBe('node scripts/check-node.mjs');
    const ci = read('.ci/run');
    expect(ci.indexOf('source scripts/use-node.sh')).toBeGreaterThan(-1);
    expect(ci.indexOf('source scripts/use-node.sh')).toBeLessThan(ci.indexOf('npm ci'));
  });
});
