/** `npm start` skips a build whose output is newer than everything it is built from. */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isUpToDate, START_BUILDS } from './builds.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sprocket-builds-'));
  mkdirSync(join(dir, 'src', 'deep'), { recursive: true });
  writeFileSync(join(dir, 'src', 'deep', 'module.ts'), 'export {};\n');
  writeFileSync(join(dir, 'config.ts'), 'export {};\n');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Sets a file's modification time, in seconds from now. */
const touch = (path: string, secondsFromNow: number) => {
  const time = new Date(Date.now() + secondsFromNow * 1000);
  utimesSync(path, time, time);
};

describe('isUpToDate', () => {
  const build = () => ({
    output: join(dir, 'out.js'),
    inputs: [join(dir, 'src'), join(dir, 'config.ts'), join(dir, 'no-such-file')],
  });

  it('builds what was never built', () => {
    expect(isUpToDate(build())).toBe(false);
  });

  it('skips a build newer than every input, in folders at any depth', () => {
    for (const path of ['src/deep/module.ts', 'src/deep', 'src', 'config.ts']) {
      touch(join(dir, path), -60);
    }
    writeFileSync(join(dir, 'out.js'), '');
    expect(isUpToDate(build())).toBe(true);
  });

  it('builds again once a file deep in a folder changed after the build', () => {
    writeFileSync(join(dir, 'out.js'), '');
    touch(join(dir, 'out.js'), -60);
    for (const path of ['src/deep', 'src', 'config.ts']) touch(join(dir, path), -120);
    expect(isUpToDate(build())).toBe(false);
  });

  it('builds again once a single input file changed after the build', () => {
    for (const path of ['src/deep/module.ts', 'src/deep', 'src']) touch(join(dir, path), -120);
    writeFileSync(join(dir, 'out.js'), '');
    touch(join(dir, 'out.js'), -60);
    touch(join(dir, 'config.ts'), 0);
    expect(isUpToDate(build())).toBe(false);
  });
});

describe('START_BUILDS', () => {
  it('watch the sources they build from, the shared contract among them', () => {
    for (const build of START_BUILDS) {
      expect(build.inputs.some((input) => input.endsWith(join('contract', 'src')))).toBe(true);
    }
    expect(START_BUILDS.map((build) => build.name)).toEqual(['web app', 'functions']);
  });

  it('rebuild the functions after the web app, whose page renderer they carry', () => {
    const functions = START_BUILDS.find((build) => build.name === 'functions');
    expect(functions?.inputs).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/web[\\/]dist-server$/),
        expect.stringMatching(/web[\\/]dist[\\/]app\.html$/),
      ]),
    );
  });
});
