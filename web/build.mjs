// `npm run build -w web [-- --mode <mode>]`: the web app for Hosting into dist/, and the server's
// page renderer (src/entry-server.tsx, docs/decisions/040) into dist-server/, both in one mode, so
// that the pages the function renders name the scripts Hosting serves. dist-server/ is never
// published: functions/build.mjs copies it beside the functions. dist/release.json lists the
// build's hashed files (docs/decisions/053). `--out-dir` and
// `--server-out-dir` build elsewhere, `--sourcemap hidden` adds maps (the first-load benchmark).
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'vite';

const { values } = parseArgs({
  options: {
    mode: { type: 'string', default: 'production' },
    'out-dir': { type: 'string', default: 'dist' },
    'server-out-dir': { type: 'string', default: 'dist-server' },
    sourcemap: { type: 'string' },
  },
});
const sourcemap = values.sourcemap === 'hidden' ? 'hidden' : undefined;
await build({
  mode: values.mode,
  build: { outDir: values['out-dir'], emptyOutDir: true, sourcemap },
});
// This release's own hashed files, published as /release.json: the next deploy fetches it and
// keeps these files beside its own for one release, so pages open in browsers, and pages old
// function instances still render, find their scripts (docs/decisions/053).
const outDir = values['out-dir'];
const assets = readdirSync(join(outDir, 'assets')).sort();
writeFileSync(
  join(outDir, 'release.json'),
  `${JSON.stringify({ mode: values.mode, assets }, null, 2)}\n`,
);
await build({
  mode: values.mode,
  logLevel: 'warn',
  // Every package inside: the functions need none of the web app's dependencies. React's
  // production build, whatever NODE_ENV the function runs with.
  ssr: { noExternal: true },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: values['server-out-dir'],
    emptyOutDir: true,
    copyPublicDir: false,
    // One file: the screens it would load lazily are needed on the server at once anyway (and
    // the browser's chunks, vite.config.ts, mean nothing here).
    rolldownOptions: { output: { codeSplitting: false } },
  },
});
