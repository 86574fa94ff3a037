// Run by npm after every install (the root package's postinstall): npm must run on the project's
// Node (.node-version), or it resolves another tree, e.g. leaves out the optional packages that
// need Node 22 (@google-cloud/firestore under firebase-admin). docs/decisions/042.
import { readFileSync } from 'node:fs';

const wanted = readFileSync(new URL('../.node-version', import.meta.url), 'utf8').trim();
const major = (version) => version.replace(/^v/, '').split('.')[0];
if (major(process.version) !== major(wanted)) {
  console.error(
    `npm ran on Node ${process.version}; this project installs and runs on Node ${wanted}.\n` +
      '`npm start` and `npm test` install it and the dependencies themselves (scripts/ready.mjs); to install by hand, run `source scripts/use-node.sh` first.',
  );
  process.exit(1);
}
