/**
 * The simulated gateway refuses the amounts Stripe refuses, counted in each currency's own minor
 * unit: 50 is ¥50 in JPY (enough) but $0.50 in USD, and the largest amount reads in the currency.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../store/port.js';
import { openSqliteStore } from '../../store/sqlite/sqlite-store.js';
import { GatewayRequestError } from '../port.js';
import { createSimulatedGateway } from './simulated-gateway.js';

let dir: string;
let store: Store;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sprocket-amounts-'));
  store = openSqliteStore(join(dir, 'amounts.sqlite'));
});
afterAll(async () => {
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

let orders = 0;
function intent(amount: number, currency: string) {
  const gateway = createSimulatedGateway({
    store,
    webhookSecret: 'whsec_simulated_amounts_0123456789',
    deliver: async () => ({ status: 200 }),
  });
  const orderId = `amount-order-${++orders}`;
  return gateway.createIntent({
    orderId,
    amount,
    currency,
    email: 'customer@sprocket.test',
    idempotencyKey: `sprocket-order-${orderId}`,
  });
}

describe('simulated amounts in USD, EUR and JPY', () => {
  it('applies Stripe’s minimum in each currency', async () => {
    await expect(intent(49, 'USD')).rejects.toThrow(
      new GatewayRequestError('Amount must be at least $0.50 usd'),
    );
    await expect(intent(49, 'EUR')).rejects.toThrow(
      new GatewayRequestError('Amount must be at least €0.50 eur'),
    );
    await expect(intent(49, 'JPY')).rejects.toThrow(
      new GatewayRequestError('Amount must be at least ¥50 jpy'),
    );
    await expect(intent(50, 'USD')).resolves.toMatchObject({ intentId: expect.any(String) });
    await expect(intent(50, 'JPY')).resolves.toMatchObject({ intentId: expect.any(String) });
  });

  it('names the largest amount in the currency', async () => {
    await expect(intent(100_000_000, 'USD')).rejects.toThrow(
      new GatewayRequestError('Amount must be no more than $999,999.99'),
    );
    await expect(intent(100_000_000, 'JPY')).rejects.toThrow(
      new GatewayRequestError('Amount must be no more than ¥99,999,999'),
    );
    await expect(intent(1250, 'JPY')).resolves.toMatchObject({ intentId: expect.any(String) });
  });
});
