/**
 * How every benchmark compares: a subject against its baseline in the same run, interleaved (the
 * side that goes first alternates from round to round, so neither always meets a warmer or a
 * busier machine) and repeated, reported as medians (docs/conventions.md §8).
 */

/** One measured run of one side. Latencies in milliseconds. */
/** Sends load from a process of its own (load.ts) and answers what it measured. */
export interface Loader {
  run(spec: LoadSpec): Promise<Sample>;
  close(): Promise<void>;
}

export interface LoadRequest {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadSpec {
  /** The server's origin, http://127.0.0.1:port. */
  url: string;
  /** Sent in turn, one per request (many customers, each with their own token). */
  requests: readonly LoadRequest[];
  /** Any other answer counts as a failure. */
  expectStatus: number;
  connections: number;
  /** Either a fixed length of time… */
  seconds?: number;
  /** …or a fixed number of requests. */
  amount?: number;
}

export interface Sample {
  /** Requests (or operations) completed. */
  count: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers with another status than the one expected, and connection errors. */
  failures: number;
  /** How many of the failures each status (or `error`) was. */
  failedAs?: Record<string, number>;
}

/** A fact checked after a run (the stock math of an order run, say). */
export interface Check {
  ok: boolean;
  note: string;
}

export interface Round {
  measure(): Promise<Sample>;
  /** Checked after the run; its state is not used again. */
  check?(sample: Sample): Promise<Check>;
}

export interface Contender {
  label: string;
  /** Sets up one run: a short one to warm up, or one that counts. */
  round(kind: 'warm-up' | 'measured'): Promise<Round>;
}

export interface Summary {
  label: string;
  /** Medians of the rounds. */
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  rounds: Sample[];
}

/** A target of issue 14, shown beside what was measured. */
export interface Goal {
  text: string;
  met(subject: Summary, ratio: number): boolean;
}

export interface Comparison {
  benchmark: string;
  name: string;
  /** What is counted per second: requests, orders, verifications. */
  unit: string;
  baseline: Summary;
  subject: Summary;
  /** The subject's median throughput over the baseline's. */
  ratio: number;
  goal?: { text: string; met: boolean };
  checks: Check[];
}

export interface Skipped {
  benchmark: string;
  name: string;
  reason: string;
}

/**
 * A figure measured on its own, beside its goal, where no baseline fits (the first-load
 * benchmark: kilobytes of JavaScript, a layout shift, a Lighthouse score).
 */
export interface Figure {
  benchmark: string;
  name: string;
  /** The figure as printed (the median of the rounds where there are several). */
  measured: string;
  /** Null for a figure shown for information, with no goal of its own. */
  goal: { text: string; met: boolean } | null;
  /** Each round's value, where it was measured more than once. */
  rounds: number[];
  checks: Check[];
}

export type Outcome = Comparison | Skipped | Figure;

export const isSkipped = (outcome: Outcome): outcome is Skipped => 'reason' in outcome;
export const isFigure = (outcome: Outcome): outcome is Figure => 'measured' in outcome;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? sorted[middle]!
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The value below which `q` of the sorted values lie. */
export function percentile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

function summarize(label: string, rounds: Sample[]): Summary {
  return {
    label,
    perSecond: median(rounds.map((r) => r.perSecond)),
    p50Ms: median(rounds.map((r) => r.p50Ms)),
    p99Ms: median(rounds.map((r) => r.p99Ms)),
    rounds,
  };
}

export interface CaseOptions {
  benchmark: string;
  name: string;
  unit: string;
  baseline: Contender;
  subject: Contender;
  rounds: number;
  goal?: Goal;
}

async function runOnce(contender: Contender, kind: 'warm-up' | 'measured', checks: Check[]) {
  const round = await contender.round(kind);
  const sample = await round.measure();
  if (sample.failures > 0) {
    checks.push({
      ok: false,
      note:
        `${contender.label}: ${sample.failures} of ${sample.count + sample.failures} requests failed` +
        (sample.failedAs ? ` (${JSON.stringify(sample.failedAs)})` : ''),
    });
  }
  if (round.check) checks.push(await round.check(sample));
  return sample;
}

export async function compare(options: CaseOptions): Promise<Comparison> {
  const { baseline, subject } = options;
  const checks: Check[] = [];
  await runOnce(baseline, 'warm-up', checks);
  await runOnce(subject, 'warm-up', checks);
  const samples = { baseline: [] as Sample[], subject: [] as Sample[] };
  for (let round = 0; round < options.rounds; round += 1) {
    const order =
      round % 2 === 0 ? (['baseline', 'subject'] as const) : (['subject', 'baseline'] as const);
    for (const side of order) {
      samples[side].push(await runOnce(options[side], 'measured', checks));
    }
  }
  const baselineSummary = summarize(baseline.label, samples.baseline);
  const subjectSummary = summarize(subject.label, samples.subject);
  const ratio = subjectSummary.perSecond / baselineSummary.perSecond;
  return {
    benchmark: options.benchmark,
    name: options.name,
    unit: options.unit,
    baseline: baselineSummary,
    subject: subjectSummary,
    ratio,
    goal: options.goal && {
      text: options.goal.text,
      met: options.goal.met(subjectSummary, ratio),
    },
    checks,
  };
}

/** What every benchmark file exports; run.ts runs them in order. */
export interface Benchmark {
  name: string;
  run(context: BenchContext): Promise<Outcome[]>;
}

export interface Settings {
  rounds: number;
  /** Length of each measured HTTP run with a fixed duration; warm-ups take a third of it. */
  seconds: number;
  connections: number;
  /** Orders placed per run, on each side. */
  orders: number;
  /** Token verifications per run, on each side. */
  verifications: number;
}

export interface BenchContext {
  settings: Settings;
  loader: Loader;
}
