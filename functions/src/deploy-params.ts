/**
 * The functions' production settings as Firebase parameters (docs/decisions/052). `firebase
 * deploy` asks for each one `functions/.env.<project-id>` lacks, offering its default, and writes
 * the answer there; a deploy without a terminal (CI) stops instead. The values it is given are
 * checked when firebase-tools loads the bundle to discover its functions (deploySettingsProblems,
 * with loadConfig's own rules), so a malformed or unsafe setting stops the deploy, not the first
 * request. `npm run check:deploy` reads the same list offline.
 */
import {
  defineBoolean,
  defineInt,
  defineList,
  defineSecret,
  defineString,
  select,
  type IntParam,
  type SecretParam,
} from 'firebase-functions/params';
import { ConfigError, loadConfig, SETTING_DEFAULTS } from './config.js';

export interface DeployParam {
  name: string;
  type: 'string' | 'int' | 'boolean' | 'list';
  description: string;
  /** What the deploy offers, as written in the .env file; none: the owner must answer. */
  default?: string;
  /** The only values it takes, when they are few. */
  choices?: readonly string[];
}

type Env = Record<string, string | undefined>;

/** The instance cap of every function (index.ts), and so the most that may be kept warm. */
export const MAX_INSTANCES = 10;

export const DEPLOY_PARAMS: readonly DeployParam[] = [
  {
    name: 'STORE',
    type: 'string',
    choices: ['firestore'],
    default: 'firestore',
    description:
      'Where the data lives: Cloud Firestore (sqlite is the local mode and cannot run here).',
  },
  {
    name: 'PAYMENTS',
    type: 'string',
    choices: ['stripe', 'simulated'],
    default: 'stripe',
    description:
      'The card gateway: stripe. simulated only for a demo shop, with SHOP_ALLOW_SIMULATED_PAYMENTS=true.',
  },
  {
    name: 'SHOP_ALLOW_SIMULATED_PAYMENTS',
    type: 'boolean',
    default: 'false',
    description: 'true lets a demo shop take simulated card payments (no money moves).',
  },
  {
    name: 'SHOP_ADMIN_EMAILS',
    type: 'list',
    description: 'Comma-separated addresses that become admins at sign-in, once verified.',
  },
  {
    name: 'SHOP_PUBLIC_URL',
    type: 'string',
    description:
      "The shop's address, like https://<project-id>.web.app or your domain: canonical URLs, the sitemap and image URLs use it.",
  },
  {
    name: 'SHOP_CURRENCY',
    type: 'string',
    default: SETTING_DEFAULTS.SHOP_CURRENCY,
    description: "The shop's ISO 4217 currency; must equal the web app's VITE_SHOP_CURRENCY.",
  },
  {
    name: 'SHOP_EMAIL',
    type: 'string',
    default: '',
    description:
      'Where new orders and contact messages are mailed (empty: the first admin address).',
  },
  {
    name: 'SHOP_UNPAID_HOLD_MINUTES',
    type: 'int',
    default: SETTING_DEFAULTS.SHOP_UNPAID_HOLD_MINUTES,
    description: 'Minutes an unpaid order holds its stock before it is cancelled.',
  },
  {
    name: 'SHOP_MAX_UNPAID_ORDERS',
    type: 'int',
    default: SETTING_DEFAULTS.SHOP_MAX_UNPAID_ORDERS,
    description: 'Unpaid orders one customer may hold at once.',
  },
  {
    name: 'SHOP_MAX_UNPAID_UNITS',
    type: 'int',
    default: SETTING_DEFAULTS.SHOP_MAX_UNPAID_UNITS,
    description: "Units one customer's unpaid orders may hold together.",
  },
  {
    name: 'SHOP_ORDERS_PER_MINUTE',
    type: 'int',
    default: SETTING_DEFAULTS.SHOP_ORDERS_PER_MINUTE,
    description: 'Orders one account may place per minute.',
  },
  {
    name: 'SHOP_REVIEWS_REQUIRE_PURCHASE',
    type: 'boolean',
    default: SETTING_DEFAULTS.SHOP_REVIEWS_REQUIRE_PURCHASE,
    description: 'Whether only customers who paid for a part may review it.',
  },
  {
    name: 'SHOP_REVIEWS_PER_HOUR',
    type: 'int',
    default: SETTING_DEFAULTS.SHOP_REVIEWS_PER_HOUR,
    description: 'Reviews one account may write in an hour.',
  },
  {
    name: 'SHOP_PROXY_HOPS',
    type: 'int',
    default: SETTING_DEFAULTS.SHOP_PROXY_HOPS,
    description:
      'Proxies that append to X-Forwarded-For in front of the functions (2 behind Firebase Hosting).',
  },
  {
    name: 'SHOP_ALLOWED_ORIGINS',
    type: 'list',
    default: '',
    description: 'Comma-separated origins of other web clients allowed by CORS (empty: none).',
  },
  {
    name: 'SHOP_CACHE_MAX_AGE_SECONDS',
    type: 'int',
    default: SETTING_DEFAULTS.SHOP_CACHE_MAX_AGE_SECONDS,
    description:
      'Seconds the catalogue and the Business Summary may be kept by an instance and the CDN.',
  },
  {
    name: 'SHOP_TIME_ZONE',
    type: 'string',
    default: SETTING_DEFAULTS.SHOP_TIME_ZONE,
    description: "The shop's IANA time zone, like Europe/Berlin: the days of the sales overview.",
  },
  {
    name: 'SHOP_LOW_STOCK',
    type: 'int',
    default: SETTING_DEFAULTS.SHOP_LOW_STOCK,
    description: 'Units at or below which a part is low on stock and the admins are mailed.',
  },
  {
    name: 'SHOP_MIN_INSTANCES',
    type: 'int',
    default: '0',
    description: `Instances of the api function kept warm (0 to ${MAX_INSTANCES}); each costs about $10 a month idle.`,
  },
];

/** The secrets the functions read, given the settings: Stripe's only when it takes payments. */
export function deploySecretNames(env: Env): string[] {
  return [
    'TOKEN_SECRET',
    ...(env.PAYMENTS?.trim() === 'simulated' ? [] : ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']),
  ];
}

/**
 * Declares the parameters and the secrets for firebase-tools (discovery lists whatever the
 * module declared). Returns what the functions' options use.
 */
export function declareDeployParams(env: Env): {
  minInstances: IntParam;
  secrets: SecretParam[];
} {
  let minInstances: IntParam | undefined;
  for (const param of DEPLOY_PARAMS) {
    const { description } = param;
    if (param.type === 'int') {
      const declared = defineInt(param.name, { description, default: Number(param.default) });
      if (param.name === 'SHOP_MIN_INSTANCES') minInstances = declared;
    } else if (param.type === 'boolean') {
      defineBoolean(param.name, { description, default: param.default === 'true' });
    } else if (param.type === 'list') {
      const items = param.default?.split(',').filter(Boolean);
      defineList(param.name, { description, ...(items && { default: items }) });
    } else {
      defineString(param.name, {
        description,
        ...(param.default !== undefined && { default: param.default }),
        ...(param.choices && { input: select([...param.choices]) }),
      });
    }
  }
  if (!minInstances) throw new Error('DEPLOY_PARAMS lacks SHOP_MIN_INSTANCES');
  return { minInstances, secrets: deploySecretNames(env).map((name) => defineSecret(name)) };
}

/** The parameters the environment gives no value (a deploy would ask for them). */
export function missingDeployParams(env: Env): DeployParam[] {
  return DEPLOY_PARAMS.filter((param) => env[param.name] === undefined);
}

function typeProblem(param: DeployParam, value: string): string | undefined {
  const text = value.trim();
  if (param.choices && !param.choices.includes(text)) {
    return `${param.name} must be ${param.choices.map((c) => `"${c}"`).join(' or ')} (got "${text}")`;
  }
  if (param.type === 'int' && !/^[0-9]+$/.test(text)) {
    return `${param.name} must be a whole number (got "${text}")`;
  }
  if (param.type === 'boolean' && text !== 'true' && text !== 'false') {
    return `${param.name} must be true or false (got "${text}")`;
  }
  if (param.name === 'SHOP_MIN_INSTANCES' && Number(text) > MAX_INSTANCES) {
    return `SHOP_MIN_INSTANCES must be at most ${MAX_INSTANCES}, the instance cap (got "${text}")`;
  }
  return undefined;
}

/**
 * What is wrong with the deploy's settings as given (missing ones are not wrong: the deploy asks
 * for them). The values are checked one by one for their type, then together by loadConfig as
 * an instance in Cloud Functions would read them, with the secrets, which live in Secret Manager,
 * standing in.
 */
export function deploySettingsProblems(env: Env): string[] {
  const given = DEPLOY_PARAMS.filter((param) => env[param.name] !== undefined);
  const problems = given.flatMap((param) => typeProblem(param, env[param.name] ?? '') ?? []);
  if (problems.length > 0) return problems;
  const settings: Env = { FILE_STORAGE: env.FILE_STORAGE };
  for (const param of DEPLOY_PARAMS) settings[param.name] = env[param.name] ?? param.default;
  try {
    loadConfig({
      ...settings,
      K_SERVICE: 'deploy-check',
      TOKEN_SECRET: 'stands-for-the-secret-in-secret-manager',
      SHOP_PUBLIC_URL: settings.SHOP_PUBLIC_URL ?? 'https://stands-for-the-missing-value.example',
      STRIPE_SECRET_KEY: 'stands-for-the-secret-in-secret-manager',
      STRIPE_WEBHOOK_SECRET: 'stands-for-the-secret-in-secret-manager',
    });
  } catch (error) {
    if (error instanceof ConfigError) return [error.message];
    throw error;
  }
  return [];
}

/** Whether firebase-tools is loading the bundle to discover a deploy (not the emulator's). */
export function atDeployDiscovery(env: Env = process.env): boolean {
  return env.FUNCTIONS_CONTROL_API === 'true' && env.FUNCTIONS_EMULATOR !== 'true';
}
