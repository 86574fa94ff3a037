/**
 * The web app's one configuration module: every VITE_* setting is read here, once, and checked
 * when the app starts so that a missing or malformed value fails with a message that names it.
 */

import { CURRENCY_CODE_PATTERN } from '@sprocket/contract';

export interface WebEnv {
  firebase: { apiKey: string; authDomain: string; projectId: string };
  /** Auth emulator origin (local runs only); null talks to the real Firebase Auth. */
  authEmulatorUrl: string | null;
  /** Base of the HTTP API, without a trailing slash ("/api" or an absolute URL). */
  apiBase: string;
  payments: 'simulated' | 'stripe';
  stripePublishableKey: string | null;
  /** ISO 4217 code every price is shown in. */
  shopCurrency: string;
}

export class EnvError extends Error {
  constructor(public readonly problems: string[]) {
    super(`The web app is misconfigured:\n- ${problems.join('\n- ')}\nSee web/.env.example.`);
    this.name = 'EnvError';
  }
}

type RawEnv = Record<string, string | boolean | undefined>;

const isUrl = (value: string) => {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
};

/** Parses raw settings; exported for tests, the app uses `env` below. */
export function parseEnv(raw: RawEnv): WebEnv {
  const problems: string[] = [];
  const text = (name: string): string => {
    const value = raw[name];
    return typeof value === 'string' ? value.trim() : '';
  };
  const required = (name: string): string => {
    const value = text(name);
    if (!value) problems.push(`${name} is required`);
    return value;
  };
  const optionalUrl = (name: string): string | null => {
    const value = text(name);
    if (!value) return null;
    if (!isUrl(value)) problems.push(`${name} must be an absolute URL, got "${value}"`);
    return value.replace(/\/+$/, '');
  };

  const firebase = {
    apiKey: required('VITE_FIREBASE_API_KEY'),
    authDomain: required('VITE_FIREBASE_AUTH_DOMAIN'),
    projectId: required('VITE_FIREBASE_PROJECT_ID'),
  };
  const authEmulatorUrl = optionalUrl('VITE_AUTH_EMULATOR_URL');

  const apiBase = (text('VITE_API_BASE') || '/api').replace(/\/+$/, '');
  if (!apiBase.startsWith('/') && !isUrl(apiBase))
    problems.push(`VITE_API_BASE must be a path like /api or an absolute URL, got "${apiBase}"`);

  const payments = text('VITE_PAYMENTS') || 'simulated';
  if (payments !== 'simulated' && payments !== 'stripe')
    problems.push(`VITE_PAYMENTS must be "simulated" or "stripe", got "${payments}"`);
  const stripePublishableKey = text('VITE_STRIPE_PUBLISHABLE_KEY') || null;
  if (payments === 'stripe' && !stripePublishableKey?.startsWith('pk_'))
    problems.push('VITE_STRIPE_PUBLISHABLE_KEY (pk_…) is required when VITE_PAYMENTS=stripe');

  const shopCurrency = (text('VITE_SHOP_CURRENCY') || 'USD').toUpperCase();
  if (!CURRENCY_CODE_PATTERN.test(shopCurrency))
    problems.push(`VITE_SHOP_CURRENCY must be an ISO 4217 code like USD, got "${shopCurrency}"`);

  if (problems.length) throw new EnvError(problems);
  return {
    firebase,
    authEmulatorUrl,
    apiBase,
    payments: payments as WebEnv['payments'],
    stripePublishableKey,
    shopCurrency,
  };
}

export const env: WebEnv = parseEnv(import.meta.env);
