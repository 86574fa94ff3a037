/**
 * `npm run deploy -- [--project <id>] [firebase deploy options]`: the one way to deploy
 * (docs/decisions/052, 053). It stops on anything the preflight finds, builds the web app and the
 * functions once, from the same web build, carries the live release's web assets into it, and
 * deploys Hosting, the functions, the Firestore rules and indexes and the mail extension together.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { checkDeploy, formatDeployCheck } from './deploy-check.js';
import { carryPreviousRelease, publishedAt } from '../functions/src/deploy/release-assets.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** `--project <id>` (or -P) out of the arguments; the rest go to firebase deploy. */
function splitArguments(argv: string[]): { project?: string; rest: string[] } {
  const rest: string[] = [];
  let project: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '--project' || arg === '-P') project = argv[++i];
    else if (arg.startsWith('--project=')) project = arg.slice('--project='.length);
    else rest.push(arg);
  }
  return { project, rest };
}

const { project, rest } = splitArguments(process.argv.slice(2));
if (rest.some((arg) => arg === '--only' || arg.startsWith('--only='))) {
  console.error(
    'npm run deploy deploys everything together: Hosting and the functions from one build ' +
      '(docs/decisions/053). Deploying one of them alone can leave pages naming scripts Hosting ' +
      'does not serve; to change rules or indexes alone, use npx firebase deploy --only firestore.',
  );
  process.exit(2);
}

const check = checkDeploy(ROOT, project);
console.info(formatDeployCheck(check));
if (check.problems.length > 0 || !check.projectId) process.exit(1);
const projectId = check.projectId;

run('npm', ['run', 'build', '-w', 'web']);
const site = `https://${projectId}.web.app/`;
try {
  const carried = await carryPreviousRelease(join(ROOT, 'web', 'dist'), publishedAt(site));
  console.info(`Kept ${carried.length} web file(s) of the live release beside the new ones.`);
} catch (error) {
  console.warn(
    `Could not read the live release at ${site} (${(error as Error).message}); pages open during ` +
      'the rollout may reload once.',
  );
}
run('npm', ['run', 'build', '-w', 'functions']);
run('npx', ['--no', 'firebase', 'deploy', '--project', projectId, ...rest]);
