/**
 * The deploy's preflight (`npm run check:deploy -- --project <id>`, docs/decisions/052): reads,
 * offline, what `firebase deploy` would deploy and lists every missing or placeholder value with
 * the command that fixes it. The rules are the product's own: the functions' parameters and
 * loadConfig (functions/src/deploy-params.ts), the web build's check
 * (web/src/config/production-settings.ts), and firebase-tools' own readers of the .env files.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { apiPaths, API_BASE } from '@sprocket/contract';
import {
  deploySecretNames,
  deploySettingsProblems,
  missingDeployParams,
} from '../functions/src/deploy-params.js';
import { extensionManifest, firebaseEnv } from '../functions/src/deploy/firebase-tools.js';
import { HANDLED_PAYMENT_EVENTS } from '../functions/src/payments/port.js';
import { STRIPE_API_VERSION } from '../functions/src/payments/stripe/stripe-gateway.js';
import {
  PLACEHOLDER_MARK,
  productionSettingProblems,
} from '../web/src/config/production-settings.js';

export interface DeployProblem {
  /** What is wrong, naming the file and the setting. */
  what: string;
  /** The command (or edit) that fixes it. */
  fix: string;
}

export interface DeployCheck {
  projectId: string | undefined;
  problems: DeployProblem[];
  /** What cannot be checked offline, with how to do it. */
  reminders: string[];
}

const EXTENSION = 'firestore-send-email';
const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

interface FirebaseRc {
  projects?: Record<string, string>;
}
interface FirebaseJson {
  hosting: { headers: { headers: { key: string; value: string }[] }[] };
  extensions?: Record<string, string>;
}

/** The project the deploy goes to: `--project` (an id or an alias), else .firebaserc's default. */
function resolveProject(
  root: string,
  requested: string | undefined,
): { id?: string; alias?: string } {
  const rc = existsSync(join(root, '.firebaserc'))
    ? readJson<FirebaseRc>(join(root, '.firebaserc'))
    : {};
  const aliases = rc.projects ?? {};
  const name = requested ?? 'default';
  if (aliases[name]) return { id: aliases[name], alias: name };
  return { id: requested };
}

const isDemoProject = (id: string) => id.startsWith('demo-');

/** What to write for a parameter without a default, in the lines the check prints. */
const EXAMPLE_VALUES = (projectId: string): Record<string, string> => ({
  SHOP_ADMIN_EMAILS: 'you@example.com',
  SHOP_PUBLIC_URL: `https://${projectId}.web.app`,
});

function envLines(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([name, value]) => `${name}=${value}`)
    .join('\n');
}

function functionsProblems(root: string, projectId: string, alias?: string) {
  const problems: DeployProblem[] = [];
  const envFile = `functions/.env.${projectId}`;
  const env = firebaseEnv.loadUserEnvs({
    functionsSource: join(root, 'functions'),
    projectDir: root,
    projectId,
    projectAlias: alias,
  });
  const missing = missingDeployParams(env);
  if (missing.length > 0) {
    const lines = Object.fromEntries(
      missing.map((param) => [
        param.name,
        param.default ?? EXAMPLE_VALUES(projectId)[param.name] ?? '',
      ]),
    );
    problems.push({
      what: `${envFile} gives no value for ${missing.map((p) => p.name).join(', ')} (a deploy without a terminal stops; with one it asks)`,
      fix: `cat >> ${envFile} <<'SETTINGS'\n${envLines(lines)}\nSETTINGS\n(edit the values; functions/.env.example says what each does)`,
    });
  }
  for (const [name, value] of Object.entries(env)) {
    if (value.includes(PLACEHOLDER_MARK)) {
      problems.push({
        what: `${envFile}: ${name} still has its placeholder "${value}"`,
        fix: `set ${name} in ${envFile}`,
      });
    }
  }
  for (const problem of deploySettingsProblems(env)) {
    problems.push({ what: `${envFile}: ${problem}`, fix: `correct it in ${envFile}` });
  }
  return { problems, env };
}

function webProblems(
  root: string,
  projectId: string,
  functionsEnv: Record<string, string>,
): DeployProblem[] {
  const file = 'web/.env.production';
  const path = join(root, file);
  if (!existsSync(path)) {
    return [
      {
        what: `${file} is missing`,
        fix: `cp web/.env.example ${file} and fill in the Web app's config (Firebase console → Project settings → Your apps)`,
      },
    ];
  }
  const env = parseEnv(readFileSync(path, 'utf8'));
  const csp = readJson<FirebaseJson>(join(root, 'firebase.json'))
    .hosting.headers.flatMap((rule) => rule.headers)
    .find((header) => header.key === 'Content-Security-Policy')?.value;
  const fix = `edit ${file} (Firebase console → Project settings → Your apps → Web app → SDK setup and configuration)`;
  const problems = productionSettingProblems(env, csp ?? '').map((what) => ({
    what: `${file}: ${what}`,
    fix,
  }));
  const webProject = env.VITE_FIREBASE_PROJECT_ID?.trim();
  if (webProject && !webProject.includes(PLACEHOLDER_MARK) && webProject !== projectId) {
    problems.push({
      what: `${file}: VITE_FIREBASE_PROJECT_ID is "${webProject}", but the deploy goes to "${projectId}"`,
      fix: `set VITE_FIREBASE_PROJECT_ID=${projectId} (and the rest of that project's config) in ${file}`,
    });
  }
  const currency = (functionsEnv.SHOP_CURRENCY ?? 'USD').trim().toUpperCase();
  const webCurrency = (env.VITE_SHOP_CURRENCY ?? '').trim().toUpperCase();
  if (webCurrency !== currency) {
    problems.push({
      what: `${file}: VITE_SHOP_CURRENCY is "${webCurrency}", but the functions' SHOP_CURRENCY is "${currency}"`,
      fix: `set VITE_SHOP_CURRENCY=${currency} in ${file}`,
    });
  }
  const payments = (functionsEnv.PAYMENTS ?? 'stripe').trim();
  const publishableKey = env.VITE_STRIPE_PUBLISHABLE_KEY ?? '';
  if ((env.VITE_PAYMENTS ?? '').trim() !== payments) {
    problems.push({
      what: `${file}: VITE_PAYMENTS is "${env.VITE_PAYMENTS ?? ''}", but the functions' PAYMENTS is "${payments}"`,
      fix: `set VITE_PAYMENTS=${payments} in ${file}`,
    });
  }
  if (
    payments === 'stripe' &&
    !publishableKey.includes(PLACEHOLDER_MARK) &&
    !/^pk_(live|test)_\w+$/.test(publishableKey)
  ) {
    problems.push({
      what: `${file}: VITE_STRIPE_PUBLISHABLE_KEY is not a Stripe publishable key (pk_live_… or pk_test_…)`,
      fix: `paste it from Stripe's dashboard → Developers → API keys into ${file}`,
    });
  }
  return problems;
}

function mailProblems(root: string, projectId: string): DeployProblem[] {
  const firebaseJson = readJson<FirebaseJson>(join(root, 'firebase.json'));
  if (!firebaseJson.extensions?.[EXTENSION]) return [];
  const file = `extensions/${EXTENSION}.env`;
  let params: Record<string, string>;
  try {
    params = extensionManifest.readInstanceParam({
      projectDir: root,
      instanceId: EXTENSION,
      projectId,
    });
  } catch (error) {
    return [
      { what: `${file} cannot be read: ${(error as Error).message}`, fix: `restore ${file}` },
    ];
  }
  const problems: DeployProblem[] = [];
  const uri = params.SMTP_CONNECTION_URI ?? '';
  if (uri.includes(PLACEHOLDER_MARK) || /@smtp\.example\.com\b/.test(uri)) {
    problems.push({
      what: `${file}: SMTP_CONNECTION_URI is still the placeholder "${uri}", so no mail would go out`,
      fix: `set SMTP_CONNECTION_URI=smtps://<user>@<your mail provider's SMTP host>:465 in ${file} (no password: it is a secret)`,
    });
  } else if (!/^smtps?:\/\/[^:@/\s]+@[^:@/\s]+:\d+$/.test(uri)) {
    problems.push({
      what: `${file}: SMTP_CONNECTION_URI "${uri}" is not smtps://user@host:port (the password belongs in Secret Manager)`,
      fix: `set SMTP_CONNECTION_URI=smtps://<user>@<host>:465 in ${file}`,
    });
  }
  const from = params.DEFAULT_FROM ?? '';
  if (from.includes(PLACEHOLDER_MARK) || !/<[^@\s]+@[^@\s]+>$|^[^@\s<>]+@[^@\s<>]+$/.test(from)) {
    problems.push({
      what: `${file}: DEFAULT_FROM "${from}" is not the shop's sender address`,
      fix: `set DEFAULT_FROM="Your shop <orders@your-domain>" in ${file}`,
    });
  }
  if (!params.DATABASE_REGION?.trim()) {
    problems.push({
      what: `${file}: DATABASE_REGION is empty`,
      fix: `set DATABASE_REGION to your Firestore location (e.g. nam5) in ${file}`,
    });
  }
  return problems;
}

/** Everything the deploy of `root` to `requestedProject` lacks. */
export function checkDeploy(root: string, requestedProject?: string): DeployCheck {
  const { id: projectId, alias } = resolveProject(root, requestedProject);
  if (!projectId || isDemoProject(projectId)) {
    return {
      projectId,
      problems: [
        {
          what: projectId
            ? `"${projectId}" is the local demo project, which cannot be deployed`
            : 'no project: .firebaserc has no default and no --project was given',
          fix: 'npx firebase use <project-id> --alias default   (or: npm run check:deploy -- --project <project-id>)',
        },
      ],
      reminders: [],
    };
  }
  const functions = functionsProblems(root, projectId, alias);
  const problems = [
    ...functions.problems,
    ...webProblems(root, projectId, functions.env),
    ...mailProblems(root, projectId),
  ];
  const site = `https://${projectId}.web.app`;
  const reminders = [
    ...deploySecretNames(functions.env).map(
      (name) =>
        `secret ${name} in Secret Manager: ${
          name === 'TOKEN_SECRET'
            ? `openssl rand -hex 32 | npx firebase functions:secrets:set ${name} --data-file - --project ${projectId}`
            : `npx firebase functions:secrets:set ${name} --project ${projectId}`
        }`,
    ),
    `secret SHOP_SMTP_PASSWORD (the mail extension's): npx firebase functions:secrets:set SHOP_SMTP_PASSWORD --project ${projectId}`,
    ...((functions.env.PAYMENTS ?? 'stripe').trim() === 'stripe'
      ? [
          `Stripe webhook endpoint ${site}${API_BASE}${apiPaths.paymentsWebhook()} (or your domain's), API version ${STRIPE_API_VERSION}, events: ${HANDLED_PAYMENT_EVENTS.join(', ')}`,
        ]
      : []),
  ];
  return { projectId, problems, reminders };
}

/** How the check reads in a terminal. */
export function formatDeployCheck(check: DeployCheck): string {
  const lines = [`Deploy check for ${check.projectId ?? '(no project)'}:`];
  if (check.problems.length === 0) {
    lines.push('  Every setting the deploy reads is filled in.');
  } else {
    lines.push(`  ${check.problems.length} problem(s) stop the deploy:`);
    check.problems.forEach((problem, index) => {
      lines.push(`  ${index + 1}. ${problem.what}`);
      lines.push(
        ...problem.fix.split('\n').map((line, i) => `     ${i === 0 ? 'fix: ' : '     '}${line}`),
      );
    });
  }
  if (check.reminders.length > 0) {
    lines.push(
      '  Not checked offline (firebase deploy checks the secrets; Stripe is yours to set):',
    );
    lines.push(...check.reminders.map((reminder) => `  - ${reminder}`));
  }
  return lines.join('\n');
}
