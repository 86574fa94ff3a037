/**
 * What `npm start` builds before it starts the suite, and whether a build can be skipped: it is up
 * to date while its output is newer than every file it is built from (docs/decisions/032).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');

export interface Build {
  name: string;
  /** A file the build writes last (or a stamp written after it), whose time is the build's. */
  output: string;
  /** Files and folders the build reads; a folder counts with everything under it. */
  inputs: string[];
  command: string;
  args: string[];
  cwd: string;
  /** Written after the build when `output` is a stamp rather than a file the build writes. */
  stamp?: boolean;
}

/** The newest modification time of a file, or of anything under a folder (node_modules aside). */
export function newestChange(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules') continue;
    newest = Math.max(newest, newestChange(join(path, entry)));
  }
  return newest;
}

export function isUpToDate(build: Pick<Build, 'output' | 'inputs'>): boolean {
  if (!existsSync(build.output)) return false;
  const builtAt = statSync(build.output).mtimeMs;
  return build.inputs.every((input) => !existsSync(input) || newestChange(input) < builtAt);
}

export function runBuild(build: Build): void {
  const result = spawnSync(build.command, build.args, { cwd: build.cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${build.command} ${build.args.join(' ')} failed`);
  if (build.stamp) writeFileSync(build.output, `${new Date().toISOString()}\n`);
}

const fromRoot = (...paths: string[]) => paths.map((path) => join(ROOT, path));
const webEnvFiles = readdirSync(join(ROOT, 'web'))
  .filter((name) => name.startsWith('.env'))
  .map((name) => join(ROOT, 'web', name));

/** The web app and the functions as the local suite serves them; the functions take the web app's page renderer. */
export const START_BUILDS: Build[] = [
  {
    name: 'web app',
    // A stamp, not app.html: a production build or another mode's writes the same files, and
    // every vite build empties dist/, the stamp with it.
    output: join(ROOT, 'web', 'dist', '.built-for-start'),
    inputs: [
      ...fromRoot(
        'web/src',
        'web/public',
        'web/index.html',
        'web/vite.config.ts',
        'web/build.mjs',
        'web/package.json',
        'contract/src',
        'package-lock.json',
      ),
      ...webEnvFiles,
    ],
    command: 'node',
    args: ['build.mjs', '--mode', 'emulator'],
    cwd: join(ROOT, 'web'),
    stamp: true,
  },
  {
    name: 'functions',
    output: join(ROOT, 'functions', 'lib', 'index.js'),
    inputs: fromRoot(
      'functions/src',
      'functions/build.mjs',
      'functions/package.json',
      // The page renderer, app.html and the assets it copies (docs/decisions/040, 053).
      'web/dist-server',
      'web/dist/app.html',
      'web/dist/release.json',
      'contract/src',
      'package.json',
      'package-lock.json',
    ),
    command: 'node',
    args: ['functions/build.mjs'],
    cwd: ROOT,
  },
];
