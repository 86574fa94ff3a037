/**
 * What `firebase deploy` would upload and create for the functions, shown offline: the predeploy
 * build runs into a scratch copy of functions/, firebase-tools' own file walker applies
 * firebase.json's `ignore` to it, npm checks the shipped lockfile as Cloud Build's `npm ci` would,
 * and the firebase-functions SDK writes the manifest that firebase-tools reads to decide which
 * functions to create, with their runtime options
 * (docs/decisions/013-functions-lockfile.md, 014-function-runtime-options.md).
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_PAGES } from '../http/pages.js';
import { DEPLOY_PARAMS } from '../deploy-params.js';
import { deadline } from '../../../scripts/test-deadlines.js';

const FUNCTIONS = join(import.meta.dirname, '..', '..');
const ROOT = join(FUNCTIONS, '..');
const PROJECT_ID = 'demo-sprocket';

interface FirebaseJson {
  functions: { source: string; ignore: string[] }[];
  hosting: {
    rewrites: {
      source?: string;
      destination?: string;
      function?: { functionId: string; region: string };
    }[];
  };
}
const firebaseJson = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as FirebaseJson;
const codebase = firebaseJson.functions.find((c) => c.source === 'functions');
if (!codebase) throw new Error('firebase.json deploys no functions from functions/');

/** firebase-tools' own walker, which packs the upload (deploy/functions/prepareFunctionsUpload). */
const { readdirRecursive } = createRequire(import.meta.url)('firebase-tools/lib/fsAsync.js') as {
  readdirRecursive(options: { path: string; ignoreStrings: string[] }): Promise<{ name: string }[]>;
};
/** What prepareFunctionsUpload adds to firebase.json's list before it walks the folder. */
const ALWAYS_IGNORED = ['firebase-debug.log', 'firebase-debug.*.log', '.runtimeconfig.json'];

interface Endpoint {
  region: string[];
  availableMemoryMb: number | null;
  cpu: number | string | null;
  concurrency: number | null;
  maxInstances: number | null;
  minInstances?: number | string | null;
  secretEnvironmentVariables?: { key: string }[];
  httpsTrigger?: object;
  scheduleTrigger?: object;
}
interface Manifest {
  endpoints: Record<string, Endpoint>;
  params?: { name: string; type: string }[];
}

let preview: string;
let uploaded: string[];
/** functions/build.mjs into the preview, with the web build made for it there. */
const buildArgs = () => ['--out', preview, '--web', `${preview}-web`];

beforeAll(async () => {
  // Inside functions/node_modules, so the bundle resolves its packages the way it does in
  // functions/ (and the scratch folder is ignored like every other cache).
  const cache = join(FUNCTIONS, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  preview = mkdtempSync(join(cache, 'sprocket-deploy-preview-'));
  for (const entry of readdirSync(FUNCTIONS)) {
    if (['node_modules', 'lib', 'package-lock.json'].includes(entry)) continue;
    cpSync(join(FUNCTIONS, entry), join(preview, entry), { recursive: true });
  }
  // What `npm start` leaves behind, which must never reach production.
  writeFileSync(join(preview, '.env.local'), 'STORE=sqlite\nTOKEN_SECRET_FILE=/tmp/secret\n');

  // The predeploy builds the web app first: its page renderer ships with the functions. (The
  // emulator's settings: a production build needs a real project's.)
  const web = spawnSync(
    process.execPath,
    [
      'build.mjs',
      '--mode',
      'emulator',
      '--out-dir',
      join(`${preview}-web`, 'dist'),
      '--server-out-dir',
      join(`${preview}-web`, 'dist-server'),
    ],
    { cwd: join(ROOT, 'web'), encoding: 'utf8' },
  );
  if (web.status !== 0) throw new Error(`web/build.mjs failed:\n${web.stderr}`);
  const built = spawnSync(process.execPath, [join(FUNCTIONS, 'build.mjs'), ...buildArgs()], {
    cwd: FUNCTIONS,
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`functions/build.mjs failed:\n${built.stderr}`);

  const files = await readdirRecursive({
    path: preview,
    ignoreStrings: [...codebase.ignore, ...ALWAYS_IGNORED],
  });
  uploaded = files.map((file) => relative(preview, file.name).split(sep).join('/')).sort();
});

afterAll(() => {
  if (!preview) return;
  rmSync(preview, { recursive: true, force: true });
  rmSync(`${preview}-web`, { recursive: true, force: true });
});

/** Runs the SDK's discovery as firebase-tools does, with only the settings it passes along. */
function discover(settings: Record<string, string>): Manifest {
  const dir = mkdtempSync(join(tmpdir(), 'sprocket-discovery-'));
  try {
    const manifestPath = join(dir, 'functions.yaml');
    const result = spawnSync(join(ROOT, 'node_modules', '.bin', 'firebase-functions'), [preview], {
      cwd: preview,
      encoding: 'utf8',
      timeout: deadline(30_000),
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        ...settings,
        // What firebase-tools sets for discovery (deploy/functions/runtimes/node).
        FUNCTIONS_CONTROL_API: 'true',
        FIREBASE_CONFIG: JSON.stringify({ projectId: PROJECT_ID }),
        GCLOUD_PROJECT: PROJECT_ID,
        GOOGLE_CLOUD_QUOTA_PROJECT: PROJECT_ID,
        FUNCTIONS_MANIFEST_OUTPUT_PATH: manifestPath,
      },
    });
    if (result.status !== 0) throw new Error(`discovery failed:\n${result.stderr}`);
    return JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the functions upload', () => {
  it('holds the built bundle, package.json and the lockfile', () => {
    expect(uploaded).toContain('lib/index.js');
    expect(uploaded).toContain('package.json');
    expect(uploaded).toContain('package-lock.json');
  });

  it('carries the page renderer and the page it fills (docs/decisions/040)', () => {
    expect(uploaded).toContain('lib/pages/entry-server.js');
    expect(uploaded).toContain('lib/pages/app.html');
    expect(readFileSync(join(preview, 'lib', 'pages', 'app.html'), 'utf8')).toContain(
      '<!--app-shell-->',
    );
  });

  it('carries the preload that lets malformed JSON reach the API, and the setting that loads it', () => {
    expect(uploaded).toContain('lib/preload/json-body-errors.cjs');
    expect(uploaded).toContain('.env');
    expect(readFileSync(join(preview, '.env'), 'utf8')).toMatch(
      /^NODE_OPTIONS=--require \.\/lib\/preload\/json-body-errors\.cjs$/m,
    );
  });

  it('leaves out sources, tests, build tools and local settings', () => {
    const unexpected = uploaded.filter(
      (file) =>
        !file.startsWith('lib/') &&
        file !== 'package.json' &&
        file !== 'package-lock.json' &&
        // functions/.env and .env.<project>: a shop's non-secret production settings.
        !/^\.env(\.[\w-]+)?$/.test(file),
    );
    expect(unexpected).toEqual([]);
    expect(uploaded).not.toContain('.env.local');
    expect(uploaded).not.toContain('.env.example');
  });

  it('has no chunk left from an earlier build', () => {
    const chunk = join(preview, 'lib', 'chunks', 'stale-0000.js');
    writeFileSync(chunk, 'export {};\n');
    const rebuilt = spawnSync(process.execPath, [join(FUNCTIONS, 'build.mjs'), ...buildArgs()], {
      cwd: FUNCTIONS,
      encoding: 'utf8',
    });
    expect(rebuilt.status, rebuilt.stderr).toBe(0);
    expect(() => readFileSync(chunk)).toThrow(/ENOENT/);
  });
});

describe('the shipped lockfile', () => {
  const lockVersions = (path: string, prefix: string) => {
    const lock = JSON.parse(readFileSync(path, 'utf8')) as {
      packages: Record<string, { version?: string }>;
    };
    return (name: string) => lock.packages[`${prefix}node_modules/${name}`]?.version;
  };

  it('installs, as npm ci does in Cloud Build, the tested versions without the dev tools', () => {
    // Only what is uploaded, in a folder of its own, as Cloud Build sees it.
    const dir = mkdtempSync(join(tmpdir(), 'sprocket-cloud-build-'));
    try {
      for (const file of ['package.json', 'package-lock.json']) {
        cpSync(join(preview, file), join(dir, file));
      }
      const result = spawnSync(
        'npm',
        [
          'ci',
          '--dry-run',
          '--omit=dev',
          '--offline',
          '--ignore-scripts',
          '--no-audit',
          '--no-fund',
        ],
        {
          cwd: dir,
          encoding: 'utf8',
          timeout: deadline(60_000),
          env: { ...process.env, NODE_ENV: 'production' },
        },
      );
      expect(result.status, result.stderr).toBe(0);
      const installed = new Map(
        [...result.stdout.matchAll(/^add (\S+) (\S+)$/gm)].map((m) => [m[1], m[2]]),
      );

      const tested = (name: string) =>
        lockVersions(join(ROOT, 'package-lock.json'), 'functions/')(name) ??
        lockVersions(join(ROOT, 'package-lock.json'), '')(name);
      const { dependencies = {} } = JSON.parse(
        readFileSync(join(FUNCTIONS, 'package.json'), 'utf8'),
      ) as { dependencies?: Record<string, string> };
      for (const name of Object.keys(dependencies)) {
        expect(installed.get(name), name).toBe(tested(name));
      }
      expect(installed.has('better-sqlite3')).toBe(false);
      expect(installed.has('@firestore-emulator/server')).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the functions firebase-tools would create', () => {
  const apiRewrite = firebaseJson.hosting.rewrites.find((r) => r.source === '/api/**')?.function;

  it('has Hosting send every page but the browser’s to the api function, with the API and the web files it lacks', () => {
    const { rewrites } = firebaseJson.hosting;
    const toFunction = rewrites
      .filter((rule) => rule.function)
      .map((rule) => {
        expect(rule.function).toEqual(apiRewrite);
        return rule.source;
      });
    expect(toFunction).toEqual(['/api/**', '/assets/**', '**']);
    expect(
      rewrites.filter((rule) => rule.destination === '/app.html').map((r) => r.source),
    ).toEqual(BROWSER_PAGES);
    // Rewrites apply in order: the catch-all comes last.
    expect(rewrites.at(-1)?.source).toBe('**');
  });

  it('carries the web build’s files and their list, which the function serves (docs/decisions/053)', () => {
    const { assets } = JSON.parse(
      readFileSync(join(preview, 'lib', 'pages', 'release.json'), 'utf8'),
    ) as { assets: string[] };
    expect(assets.length).toBeGreaterThan(0);
    for (const name of assets) expect(uploaded).toContain(`lib/pages/assets/${name}`);
  });

  it('creates the api function where the hosting rewrite sends /api, with its limits', () => {
    const { endpoints } = discover({ STORE: 'firestore', PAYMENTS: 'stripe' });
    expect(apiRewrite).toBeDefined();
    const api = endpoints[apiRewrite?.functionId as string];
    expect(api?.httpsTrigger).toBeDefined();
    expect(api).toMatchObject({
      region: [apiRewrite?.region],
      availableMemoryMb: 512,
      cpu: 1,
      concurrency: 40,
      maxInstances: 10,
    });
    for (const [name, endpoint] of Object.entries(endpoints)) {
      expect(endpoint.region, name).toEqual([apiRewrite?.region]);
    }
    expect(api?.secretEnvironmentVariables?.map((s) => s.key).sort()).toEqual([
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'TOKEN_SECRET',
    ]);
  });

  it('loads the bundle on this machine’s Node without any shop settings', () => {
    const { endpoints } = discover({});
    expect(Object.keys(endpoints)).toContain('api');
  });

  it('declares every production setting as a typed parameter, and the secrets (docs/decisions/052)', () => {
    const { params = [], endpoints } = discover({});
    expect(params.map(({ name, type }) => [name, type])).toEqual([
      ...DEPLOY_PARAMS.map(({ name, type }) => [name, type]),
      ['TOKEN_SECRET', 'secret'],
      ['STRIPE_SECRET_KEY', 'secret'],
      ['STRIPE_WEBHOOK_SECRET', 'secret'],
    ]);
    expect(endpoints.api?.minInstances).toBe('{{ params.SHOP_MIN_INSTANCES }}');
  });

  it('stops the deploy while it discovers the functions when a setting would stop the shop', () => {
    expect(() => discover({ STORE: 'sqlite' })).toThrow(/STORE must be "firestore"/);
    expect(() => discover({ SHOP_MAX_UNPAID_UNITS: 'fifty' })).toThrow(
      /SHOP_MAX_UNPAID_UNITS must be a whole number/,
    );
    expect(() => discover({ PAYMENTS: 'simulated' })).toThrow(/SHOP_ALLOW_SIMULATED_PAYMENTS/);
  });

  it('asks the emulator for no parameter: it reads functions/.env.local', () => {
    const { params = [] } = discover({ FUNCTIONS_EMULATOR: 'true', STORE: 'sqlite' });
    expect(params).toEqual([]);
  });
});
