/** Every change of an order's status goes through one function, which asks the contract's table. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../store/sqlite/sqlite-store.js';
import { changeContext, changeOrder, type OrderChange } from './order-life.js';
import { ORDERS, type OrderDoc } from './order-record.js';

const dir = mkdtempSync(join(tmpdir(), 'sprocket-order-life-'));
const store = openSqliteStore(join(dir, 'life.sqlite'));
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const now = new Date('2030-01-01T12:00:00Z');
let count = 0;
async function orderIn(status: OrderDoc['status']): Promise<string> {
  const id = `order-${(count += 1)}`;
  await store.set(ORDERS, id, {
    partId: 'p',
    partName: 'Chain',
    img: '/x.svg',
    price: 1000,
    orderQuantity: 1,
    totalPrice: 1000,
    email: 'rider@sprocket.test',
    userName: 'Rider',
    address: '1 Road',
    number: '5550100',
    paid: status !== 'unpaid',
    status,
    createdAt: now.toISOString(),
    mailCustomer: false,
  } satisfies OrderDoc);
  return id;
}

const change = (id: string, what: OrderChange) =>
  store.runTransaction(async (tx) => {
    const doc = await tx.get<OrderDoc>(ORDERS, id);
    return changeOrder(changeContext({ store, config: { currency: 'USD' } }, tx, now), doc!, what);
  });

describe('changeOrder', () => {
  it('moves the order as the table says and writes the timeline entry', async () => {
    const id = await orderIn('processing');
    const shipped = await change(id, { action: 'ship', actor: 'admin', note: 'DHL 1' });
    expect(shipped.data.status).toBe('shipped');
    expect((await store.get<OrderDoc>(ORDERS, id))?.data.timeline?.at(-1)).toEqual({
      status: 'shipped',
      at: now.toISOString(),
      actor: 'admin',
      note: 'DHL 1',
    });
  });

  it('refuses an actor the table does not name for the change (403)', async () => {
    const id = await orderIn('processing');
    await expect(change(id, { action: 'ship', actor: 'customer' })).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(change(id, { action: 'refund', actor: 'customer' })).rejects.toMatchObject({
      code: 'forbidden',
    });
  });

  it('refuses a change the order’s state does not allow (409), and writes nothing', async () => {
    const id = await orderIn('delivered');
    await expect(change(id, { action: 'cancel', actor: 'admin' })).rejects.toMatchObject({
      code: 'conflict',
      message: 'Only an unpaid order can be cancelled',
    });
    expect((await store.get<OrderDoc>(ORDERS, id))?.data.status).toBe('delivered');
  });
});
