// firebase.json's predeploy for Hosting and the functions: both must come from one production
// web build, which `npm run deploy` makes (docs/decisions/053). A bare `firebase deploy` after a
// test run would otherwise publish the emulator build, or a function whose pages name scripts
// Hosting does not have.
import { existsSync, readFileSync } from 'node:fs';

const root = new URL('..', import.meta.url);
const read = (path) => {
  const file = new URL(path, root);
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
};
const hosting = read('web/dist/release.json');
const functions = read('functions/lib/pages/release.json');
const mode = hosting ? JSON.parse(hosting).mode : undefined;
if (!hosting || hosting !== functions || mode !== 'production') {
  console.error(
    'Deploy with `npm run deploy -- --project <id>`: it checks the settings and builds the web app ' +
      'and the functions once, together, for production ' +
      `(found: web build ${mode ?? 'missing'}, functions ${functions === hosting ? 'from it' : 'from another build'}).`,
  );
  process.exit(1);
}
