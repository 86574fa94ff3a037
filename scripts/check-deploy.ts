/**
 * `npm run check:deploy -- --project <id>`: the deploy's offline preflight (scripts/deploy-check.ts).
 * Exits 1 when anything would stop or break the deploy.
 */
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { checkDeploy, formatDeployCheck } from './deploy-check.js';

const { values } = parseArgs({ options: { project: { type: 'string', short: 'P' } } });
const check = checkDeploy(fileURLToPath(new URL('..', import.meta.url)), values.project);
console.info(formatDeployCheck(check));
process.exitCode = check.problems.length > 0 ? 1 : 0;
