// Bundles the functions into lib/index.js. `firebase deploy` uploads only this folder, so the
// shared contract/ workspace is bundled in; every package the folder declares stays external and
// is installed from its package.json where the functions run.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const declared = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})];

await build({
  entryPoints: [new URL('./src/index.ts', import.meta.url).pathname],
  outfile: new URL('./lib/index.js', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: declared.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
});
