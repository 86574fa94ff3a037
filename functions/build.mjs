// Bundles the functions into lib/index.js. `firebase deploy` uploads only this folder, so the
// shared contract/ workspace is bundled in; every package the folder declares stays external and
// is installed from its package.json where the functions run.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const declared = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})];

await build({
  entryPoints: [new URL('./src/index.ts', import.meta.url).pathname],
  outdir: new URL('./lib', import.meta.url).pathname,
  // Splitting keeps dynamically imported modules (the SQLite adapter) in their own chunks, so
  // production, which selects Firestore, never loads the native better-sqlite3 module.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: declared.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
});
