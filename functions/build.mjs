// Builds what `firebase deploy` uploads from functions/ (firebase.json's predeploy runs this):
// - lib/: the bundled functions. The shared contract/ workspace is bundled in; every package the
//   folder declares stays external and is installed from its package.json where the functions
//   run. lib/ is emptied first, so no chunk of an earlier build is left behind.
// - lib/pages/: the web build's page renderer and app.html, for the pages the function renders
//   (src/http/pages.ts, docs/decisions/040), and its assets (docs/decisions/053). The web app is built first (`npm run build` does).
// - package-lock.json: derived from the root lockfile, so Cloud Build's `npm ci` installs the
//   versions the tests ran with (docs/decisions/013-functions-lockfile.md). Not committed.
// `node build.mjs --out <dir>` writes them to another folder, `--web <dir>` takes the web build
// from a folder other than web/ that holds dist/ and dist-server/ (the deploy preview test does).
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const here = fileURLToPath(new URL('.', import.meta.url));
const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));
const { values } = parseArgs({ options: { out: { type: 'string' }, web: { type: 'string' } } });
const out = values.out ? resolve(values.out) : here;
const web = values.web ? resolve(values.web) : join(here, '..', 'web');

const pkg = readJson(join(here, 'package.json'));
const declared = [
  ...Object.keys(pkg.dependencies ?? {}),
  ...Object.keys(pkg.devDependencies ?? {}),
];

// The oldest Node the repo supports (the root package.json's engines: 22, production's runtime,
// which development, the emulator and the tests run on too; docs/decisions/042) is the target.
const oldestNode = /^>=\s*(\d+(?:\.\d+){0,2})$/.exec(
  readJson(join(here, '..', 'package.json')).engines.node,
);
if (!oldestNode) throw new Error('The root package.json needs engines.node like ">=22"');

const lib = join(out, 'lib');
rmSync(lib, { recursive: true, force: true });
await build({
  entryPoints: [join(here, 'src', 'index.ts')],
  outdir: lib,
  // Splitting keeps dynamically imported modules (the SQLite adapter) in their own chunks, so
  // production, which selects Firestore, never loads the native better-sqlite3 module.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: `node${oldestNode[1]}`,
  sourcemap: true,
  external: declared.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
});

// Preloaded into the functions' process through NODE_OPTIONS (functions/.env), so that malformed
// JSON reaches the API instead of Express's HTML error page; CommonJS, as --require needs.
await build({
  entryPoints: [join(here, 'src', 'preload', 'json-body-errors.ts')],
  outfile: join(lib, 'preload', 'json-body-errors.cjs'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: `node${oldestNode[1]}`,
  logLevel: 'warning',
});

const pageFiles = [join(web, 'dist-server', 'entry-server.js'), join(web, 'dist', 'app.html')];
const missing = pageFiles.filter((file) => !existsSync(file));
if (missing.length > 0) {
  throw new Error(
    `The pages the function renders need the web build first (npm run build -w web): no ${missing.join(', ')}`,
  );
}
mkdirSync(join(lib, 'pages'));
for (const file of pageFiles) copyFileSync(file, join(lib, 'pages', basename(file)));
// The web build's hashed files (and the list of them), which the function serves when Hosting
// does not have them yet: a deploy never leaves a page naming a script nobody serves
// (docs/decisions/053). With them whatever earlier release's files the deploy carried over.
const releaseList = join(web, 'dist', 'release.json');
if (!existsSync(releaseList)) {
  throw new Error(`The web build wrote no ${releaseList}: build it again (npm run build -w web)`);
}
cpSync(join(web, 'dist', 'assets'), join(lib, 'pages', 'assets'), { recursive: true });
copyFileSync(releaseList, join(lib, 'pages', 'release.json'));

// The lockfile logic is TypeScript (and tested as such); it uses no packages, so it is compiled
// in memory and imported from a data: URL.
const {
  outputFiles: [compiled],
} = await build({
  entryPoints: [join(here, 'src', 'deploy', 'lockfile.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  write: false,
  logLevel: 'warning',
});
const { workspaceLockfile } = await import(
  `data:text/javascript;base64,${Buffer.from(compiled.text).toString('base64')}`
);
const lockfile = workspaceLockfile(
  readJson(join(here, '..', 'package-lock.json')),
  'functions',
  pkg,
);
writeFileSync(join(out, 'package-lock.json'), `${JSON.stringify(lockfile, null, 2)}\n`);
