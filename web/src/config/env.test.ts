import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env.js';

const emulator = {
  VITE_FIREBASE_API_KEY: 'demo-key-for-emulator',
  VITE_FIREBASE_AUTH_DOMAIN: 'demo-sprocket.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'demo-sprocket',
  VITE_AUTH_EMULATOR_URL: 'http://127.0.0.1:9099',
  VITE_API_BASE: '/api/',
  VITE_PAYMENTS: 'simulated',
  VITE_SHOP_CURRENCY: 'usd',
};

describe('parseEnv', () => {
  it('reads the emulator settings', () => {
    expect(parseEnv(emulator)).toEqual({
      firebase: {
        apiKey: 'demo-key-for-emulator',
        authDomain: 'demo-sprocket.firebaseapp.com',
        projectId: 'demo-sprocket',
      },
      authEmulatorUrl: 'http://127.0.0.1:9099',
      apiBase: '/api',
      payments: 'simulated',
      stripePublishableKey: null,
      shopCurrency: 'USD',
    });
  });

  it('treats an empty emulator URL as production Auth', () => {
    expect(parseEnv({ ...emulator, VITE_AUTH_EMULATOR_URL: '' }).authEmulatorUrl).toBeNull();
  });

  it('names every missing or malformed setting at once', () => {
    const attempt = () =>
      parseEnv({
        ...emulator,
        VITE_FIREBASE_API_KEY: '',
        VITE_AUTH_EMULATOR_URL: '127.0.0.1:9099',
        VITE_PAYMENTS: 'stripe',
        VITE_SHOP_CURRENCY: 'dollars',
      });
    expect(attempt).toThrow(EnvError);
    expect(attempt).toThrow(/VITE_FIREBASE_API_KEY is required/);
    expect(attempt).toThrow(/VITE_AUTH_EMULATOR_URL must be an absolute URL/);
    expect(attempt).toThrow(/VITE_STRIPE_PUBLISHABLE_KEY \(pk_…\) is required/);
    expect(attempt).toThrow(/VITE_SHOP_CURRENCY must be an ISO 4217 code/);
  });
});
