/**
 * `npm run bench` (or `npm run bench -w bench`): every benchmark, each against its baseline in the
 * same run, interleaved and repeated; prints the medians and ratios and writes them, with every
 * round, to bench/results/<date>.json. Name benchmarks to run only those:
 * `npm run bench -- catalogue orders`. Settings (environment): BENCH_ROUNDS (3),
 * BENCH_SECONDS (3), BENCH_CONNECTIONS (50), BENCH_ORDERS (2000), BENCH_VERIFICATIONS (10000);
 * first-load: BENCH_WEB_DIST (a built web app to use instead of building one).
 * Exits 1 when a check failed (an oversold part, a request that failed).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, platform, release, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { accessToken } from './access-token.bench.js';
import { catalogue } from './api-throughput.bench.js';
import { catalogueScale } from './catalogue-scale.bench.js';
import { coldStartBench } from './cold-start.bench.js';
import { firstLoad } from './first-load.bench.js';
import { firestoreBurst } from './firestore-burst.bench.js';
import { hotPart } from './hot-part.bench.js';
import {
  isFigure,
  isSkipped,
  type Benchmark,
  type Comparison,
  type Outcome,
  type Settings,
} from './compare.js';
import { startLoader } from './load.js';
import { orders } from './orders.bench.js';
import { renderedPage } from './rendered-page.bench.js';
import { salesOverview } from './sales-overview.bench.js';
import { signIn } from './sign-in.bench.js';

const BENCHMARKS: Benchmark[] = [
  catalogue,
  orders,
  signIn,
  accessToken,
  firstLoad,
  hotPart,
  coldStartBench,
  renderedPage,
  catalogueScale,
  salesOverview,
  firestoreBurst,
];
const RESULTS_DIR = fileURLToPath(new URL('./results/', import.meta.url));

function setting(name: string, fallback: number, max: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new Error(`${name} must be a whole number from 1 to ${max} (got "${text}")`);
  }
  return value;
}

const settings: Settings = {
  rounds: setting('BENCH_ROUNDS', 3, 15),
  seconds: setting('BENCH_SECONDS', 3, 60),
  connections: setting('BENCH_CONNECTIONS', 50, 500),
  orders: setting('BENCH_ORDERS', 2000, 100_000),
  verifications: setting('BENCH_VERIFICATIONS', 10_000, 1_000_000),
};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !BENCHMARKS.some((b) => b.name === name));
if (unknown.length > 0) {
  throw new Error(
    `No benchmark ${unknown.join(', ')}; there are ${BENCHMARKS.map((b) => b.name).join(', ')}`,
  );
}
const selected = BENCHMARKS.filter((b) => wanted.length === 0 || wanted.includes(b.name));

const machine = {
  cpus: `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown'}`,
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  os: `${platform()} ${release()}`,
  node: process.version,
  loadAverageAtStart: loadavg()[0]!,
};
const startedAt = new Date();
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();

console.info(
  `Sprocket benchmarks, ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${commit}`,
);
console.info(
  `${machine.cpus}, ${machine.os}, node ${machine.node}, load average ${machine.loadAverageAtStart.toFixed(2)} at start`,
);
console.info(
  `${settings.rounds} rounds, baseline and subject interleaved, medians; ${settings.connections} connections; ` +
    `${settings.seconds} s per timed run, ${settings.orders} orders per order run, ` +
    `${settings.verifications} verifications per run\n`,
);

const loader = startLoader();
const outcomes: Outcome[] = [];
try {
  for (const benchmark of selected) {
    console.info(`running ${benchmark.name}…`);
    outcomes.push(...(await benchmark.run({ settings, loader })));
  }
} finally {
  await loader.close();
}

const count = (n: number) => Math.round(n).toLocaleString('en-US');
const latency = (ms: number) => (ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : `${ms.toFixed(2)} ms`);

const rows: string[][] = [['benchmark', 'case', 'side', 'per s', 'p50', 'p99', 'ratio', 'goal']];
const comparisons = outcomes.filter((o): o is Comparison => !isSkipped(o) && !isFigure(o));
for (const outcome of outcomes) {
  if (isFigure(outcome)) continue;
  if (isSkipped(outcome)) {
    rows.push([outcome.benchmark, outcome.name, `skipped: ${outcome.reason}`, '', '', '', '', '']);
    continue;
  }
  const { baseline, subject, goal } = outcome;
  rows.push([
    outcome.benchmark,
    `${outcome.name}, ${outcome.unit}`,
    baseline.label,
    count(baseline.perSecond),
    latency(baseline.p50Ms),
    latency(baseline.p99Ms),
    '',
    '',
  ]);
  rows.push([
    '',
    '',
    subject.label,
    count(subject.perSecond),
    latency(subject.p50Ms),
    latency(subject.p99Ms),
    `${outcome.ratio.toFixed(2)}×`,
    goal ? `${goal.text}: ${goal.met ? 'met' : 'not met'}` : '',
  ]);
}
const NUMERIC = new Set([3, 4, 5, 6]);
const widths = rows[0]!.map((_, column) =>
  // A skipped row's reason runs on past its column.
  Math.max(...rows.filter((row) => row[3] !== '').map((row) => row[column]!.length)),
);
// Only figures (first-load alone) leave this table empty.
if (rows.length > 1) console.info('');
for (const row of rows.length > 1 ? rows : []) {
  console.info(
    row
      .map((cell, column) =>
        NUMERIC.has(column) ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!),
      )
      .join('  ')
      .trimEnd(),
  );
}

// Figures without a baseline (first-load): each beside its goal.
const figures = outcomes.filter(isFigure);
if (figures.length > 0) {
  const figureRows = [
    ['benchmark', 'figure', 'measured', 'goal'],
    ...figures.map((f) => [
      f.benchmark,
      f.name,
      f.measured,
      f.goal ? `${f.goal.text}: ${f.goal.met ? 'met' : 'not met'}` : '(for information)',
    ]),
  ];
  const figureWidths = figureRows[0]!.map((_, column) =>
    Math.max(...figureRows.map((row) => row[column]!.length)),
  );
  console.info('');
  for (const row of figureRows) {
    console.info(
      row
        .map((cell, column) => cell.padEnd(figureWidths[column]!))
        .join('  ')
        .trimEnd(),
    );
  }
}

const checks = [...comparisons, ...figures].flatMap((c) => c.checks);
const failed = checks.filter((check) => !check.ok);
console.info(
  `\nchecks: ${checks.length - failed.length} held, ${failed.length} failed` +
    (failed.length === 0 ? '; every request was answered as expected' : ''),
);
for (const check of checks) {
  console.info(`  ${check.ok ? 'ok  ' : 'FAIL'} ${check.note}`);
}

mkdirSync(RESULTS_DIR, { recursive: true });
const file = join(RESULTS_DIR, `${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(
  file,
  `${JSON.stringify({ startedAt, commit, machine, settings, outcomes }, null, 2)}\n`,
);
console.info(`\nwritten to ${file}`);
if (failed.length > 0) process.exitCode = 1;
