/**
 * Runs npm scripts side by side and fails when any fails: `tsx scripts/parallel.ts lint typecheck`.
 * Each script's output is held and printed whole when it ends, so the log reads as if they had run
 * one after the other (a failed one's at the very end, after the others); `npm test` runs all its suites this way (decisions 043, 074).
 *
 * Scripts after `--nice` run at a lower CPU priority: they only use the time the others leave.
 * The suites that wait on emulators, a browser and lock timeouts (one step after another) go
 * first; the ones that only compute (typecheck, lint, unit tests) fill the cores' idle time.
 */
import { spawn } from 'node:child_process';
import { unstartedTestFiles } from './unstarted-test-files.js';

const args = process.argv.slice(2);
const niceAt = args.indexOf('--nice');
const scripts = args.filter((arg) => arg !== '--nice');
if (scripts.length === 0)
  throw new Error('usage: tsx scripts/parallel.ts <npm script>... [--nice <npm script>...]');
const isNice = (script: string) => niceAt >= 0 && args.indexOf(script) > niceAt;

interface Finished {
  script: string;
  code: number;
  seconds: number;
  output: string;
}

async function run(script: string): Promise<Finished> {
  const started = performance.now();
  const first = await runOnce(script, []);
  const files = first.code === 0 ? null : unstartedTestFiles(first.output);
  if (!files) return { script, ...first, seconds: (performance.now() - started) / 1000 };
  // Once, for those files only: by then the other suites have mostly ended.
  const again = await runOnce(script, ['--', ...files]);
  return {
    script,
    code: again.code,
    seconds: (performance.now() - started) / 1000,
    output: `${first.output}\n— ${script}: ${files.length} test file(s) whose worker did not start, run again:\n${again.output}`,
  };
}

function runOnce(script: string, extra: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const [command, ...commandArgs] = isNice(script)
      ? ['nice', '-n', '10', 'npm', 'run', script, ...extra]
      : ['npm', 'run', script, ...extra];
    const child = spawn(command!, commandArgs, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('close', (code, signal) => {
      resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString() });
    });
  });
}

const verdict = (finished: Finished) =>
  `— ${finished.script}: ${finished.code === 0 ? 'passed' : `failed (exit ${finished.code})`} in ${finished.seconds.toFixed(0)} s`;

// A passing suite prints when it ends; a failing one is held to the end, so the log's tail (often
// all a CI record keeps) shows what failed, then a line per suite.
const pending = scripts.map(async (script) => {
  const finished = await run(script);
  if (finished.code === 0) {
    process.stdout.write(finished.output);
    console.info(verdict(finished));
  }
  return finished;
});
const results = await Promise.all(pending);
const failed = results.filter((result) => result.code !== 0);
for (const finished of failed) {
  process.stdout.write(finished.output);
  console.info(verdict(finished));
}
console.info(`\n${results.map(verdict).join('\n')}`);
process.exitCode = failed.length > 0 ? 1 : 0;
