/**
 * Back in stock (issue 37 item 3, docs/decisions/100): an address asks for one mail when a
 * sold-out part or size is back; a guest's counts once confirmed from the mailed link; each rise
 * of stock mails as many as came back, in the order they asked, each once; every mail can
 * unsubscribe without signing in. Runs on SQLite, and on Firestore with SPROCKET_TEST_STORE.
 */
import {
  BRAND_DEFAULTS,
  apiPaths,
  STOCK_ALERT_PARTS_PER_HOUR,
  stockAlertTexts,
  type ApiErrorBody,
  type InsertResult,
  type StockAlertAnswer,
  type StockAlertCount,
  type StockAlertLinkAnswer,
} from '@sprocket/contract';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANY_ORDERS, startApi, type Harness, type TestUser } from '../../testing/api-harness.js';
import type { MailDoc } from '../mail/mail.service.js';
import { restockOutbox } from './restock-outbox.js';
import { RESTOCKS, STOCK_ALERTS, type RestockDoc } from './stock-alert-record.js';

let api: Harness;
let admin: TestUser;

beforeAll(async () => {
  api = await startApi({ env: MANY_ORDERS });
  admin = await api.admin();
});
afterAll(async () => {
  await api?.close();
});

const HOUR_MS = 60 * 60_000;

const guestAddress = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.com`;

/** A part nobody can buy now: no units, a minimum order of one. */
const soldOutPart = (productName = 'Sold-out chain') =>
  api.addPart({ productName, quantity: 0, order: 1 });

/** A road tyre in two sizes: 28 mm sold out, 32 mm in stock. */
async function addTyre() {
  const added = await api.request<InsertResult>('POST', apiPaths.parts(), {
    token: admin.token,
    json: {
      productName: 'Alert tyre',
      img: '/parts/tyre.svg',
      order: 1,
      description: 'A folding road tyre.',
      category: 'wheels-and-tyres',
      options: [{ name: 'Size', values: ['700x28c', '700x32c'] }],
      variants: [
        { sku: 'AT-28', options: { Size: '700x28c' }, price: 3999, quantity: 0 },
        { sku: 'AT-32', options: { Size: '700x32c' }, price: 4299, quantity: 3 },
      ],
    },
  });
  expect(added.status).toBe(201);
  return added.body.insertedId;
}

const ask = (partId: string, json: { email?: string; sku?: string }, user?: TestUser) =>
  api.request<StockAlertAnswer & ApiErrorBody>('POST', apiPaths.partAlerts(partId), {
    json,
    ...(user && { token: user.token }),
  });

/**
 * Asked again after a 503's Retry-After, as the dashboard is: on Firestore, two restocks of one
 * part at once contend for it, and one may be turned away with nothing written.
 */
const addStock = (partId: string, addQuantity: number, sku?: string) =>
  api.request('PUT', apiPaths.part(partId), {
    token: admin.token,
    json: { addQuantity, ...(sku && { sku }) },
    retryWhileBusy: true,
  });

const setStock = (partId: string, deliveredQuantity: number) =>
  api.request('PUT', apiPaths.part(partId), { token: admin.token, json: { deliveredQuantity } });

const mails = async (kind: MailDoc['kind'], partId: string) =>
  (await api.store.query<MailDoc>('mail'))
    .filter(({ data }) => data.kind === kind && data.about === partId)
    .map(({ data }) => data);

/** Who was told the part is back, in no particular order. */
const toldOf = async (partId: string) =>
  (await mails('back_in_stock', partId)).map((mail) => mail.to).sort();

/** The token of a mailed link to the `use` page. */
function tokenIn(mail: MailDoc | undefined, use: 'confirm' | 'unsubscribe'): string {
  const found = new RegExp(`/alerts/${use}#token=([\\w.-]+)`).exec(mail?.message.text ?? '');
  expect(found, `a ${use} link in ${mail?.message.text}`).not.toBeNull();
  return found![1]!;
}

const confirm = (token: string) =>
  api.request<StockAlertLinkAnswer & ApiErrorBody>('POST', apiPaths.confirmStockAlert(), {
    json: { token },
  });
const unsubscribe = (token: string) =>
  api.request<StockAlertLinkAnswer & ApiErrorBody>('POST', apiPaths.unsubscribeStockAlert(), {
    json: { token },
  });

/** Asks as customers who signed in with a verified address, one after the other. */
async function queue(partId: string, labels: string[], sku?: string): Promise<TestUser[]> {
  const users: TestUser[] = [];
  for (const label of labels) {
    const user = await api.customer(label);
    const asked = await ask(partId, sku ? { sku } : {}, user);
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    users.push(user);
    // Each a second later than the one before: the line's order is the time of asking.
    api.advanceClock(1000);
  }
  return users;
}

describe('back-in-stock alerts', () => {
  it('take a guest once confirmed from the mail, mail them once when stock returns, with an unsubscribe link', async () => {
    const partId = await soldOutPart('Confirmed chain');
    const email = guestAddress('guest');
    const asked = await ask(partId, { email });
    expect(asked).toMatchObject({ status: 201, body: { state: 'confirm', email } });

    // The confirmation mail, in Trigger Email's shape, links to the page that confirms.
    const [confirmation, ...more] = await mails('stock_alert_confirm', partId);
    expect(more).toEqual([]);
    expect(confirmation).toMatchObject({
      to: email,
      // Named by the shop's brand (a shop with none saved: the default name, decision 104).
      message: { subject: `${BRAND_DEFAULTS.name}: confirm your alert for Confirmed chain` },
    });
    expect(confirmation!.message.html).toContain(`${api.publicUrl}/alerts/confirm#token=`);

    // Unconfirmed, the guest is not on the list: a restock mails nobody.
    expect((await addStock(partId, 1)).status).toBe(200);
    expect(await toldOf(partId)).toEqual([]);

    // Sold out again; the guest confirms without signing in, and the next restock tells them.
    expect((await setStock(partId, 0)).status).toBe(200);
    const confirmed = await confirm(tokenIn(confirmation, 'confirm'));
    expect(confirmed).toMatchObject({
      status: 200,
      body: { partId, partName: 'Confirmed chain', email },
    });
    // Confirming twice is the same.
    expect((await confirm(tokenIn(confirmation, 'confirm'))).status).toBe(200);
    expect((await addStock(partId, 3)).status).toBe(200);
    const [back, ...again] = await mails('back_in_stock', partId);
    expect(again).toEqual([]);
    expect(back).toMatchObject({
      to: email,
      message: { subject: `${BRAND_DEFAULTS.name}: Confirmed chain is back in stock` },
    });
    expect(back!.message.text).toContain(`${api.publicUrl}/parts/${partId}`);
    expect(back!.message.html).toContain(`${api.publicUrl}/alerts/unsubscribe#token=`);

    // Mailed once: more stock later mails them no more.
    expect((await addStock(partId, 2)).status).toBe(200);
    expect(await toldOf(partId)).toEqual([email]);
    // Its unsubscribe link works without signing in, as often as it is opened.
    for (let times = 0; times < 2; times += 1) {
      expect(await unsubscribe(tokenIn(back, 'unsubscribe'))).toMatchObject({
        status: 200,
        body: { partId, partName: 'Confirmed chain', email },
      });
    }
  });

  it('take a signed-in customer’s verified address at once, an unverified one after confirming', async () => {
    const partId = await soldOutPart('Account chain');
    const verified = await api.customer('verified-alert');
    // A body's address is not read for a signed-in customer: the account's is used.
    expect(await ask(partId, { email: guestAddress('other') }, verified)).toMatchObject({
      status: 201,
      body: { state: 'waiting', email: verified.email },
    });
    const unverified = await api.customer('unverified-alert', { verified: false });
    expect(await ask(partId, {}, unverified)).toMatchObject({
      status: 201,
      body: { state: 'confirm', email: unverified.email },
    });
    expect((await mails('stock_alert_confirm', partId)).map((mail) => mail.to)).toEqual([
      unverified.email,
    ]);
    expect((await addStock(partId, 5)).status).toBe(200);
    expect(await toldOf(partId)).toEqual([verified.email]);
  });

  it('mail as many as the units that came back, in the order they asked; the rest get the next restock', async () => {
    const partId = await soldOutPart('Queued chain');
    const [first, second, third, fourth] = await queue(partId, ['q1', 'q2', 'q3', 'q4']);
    expect((await addStock(partId, 2)).status).toBe(200);
    expect(await toldOf(partId)).toEqual([first!.email, second!.email].sort());

    // Two more came back: the third and the fourth, and nobody twice.
    expect((await addStock(partId, 2)).status).toBe(200);
    expect(await toldOf(partId)).toEqual(
      [first!.email, second!.email, third!.email, fourth!.email].sort(),
    );
    expect((await addStock(partId, 10)).status).toBe(200);
    expect(await mails('back_in_stock', partId)).toHaveLength(4);
  });

  it('follow every way stock rises: a new total, an edit of a size, a CSV import, an order put back', async () => {
    // Add Stock's new total.
    const plain = await soldOutPart('Set chain');
    const [setter] = await queue(plain, ['set-total']);
    expect((await setStock(plain, 4)).status).toBe(200);
    expect(await toldOf(plain)).toEqual([setter!.email]);

    // An edit that gives a sold-out size units.
    const tyre = await addTyre();
    const [sized] = await queue(tyre, ['edit-size'], 'AT-28');
    const edited = await api.request('PATCH', apiPaths.part(tyre), {
      token: admin.token,
      json: {
        options: [{ name: 'Size', values: ['700x28c', '700x32c'] }],
        variants: [
          { sku: 'AT-28', options: { Size: '700x28c' }, price: 3999, quantity: 1 },
          { sku: 'AT-32', options: { Size: '700x32c' }, price: 4299, quantity: 3 },
        ],
      },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const [sizeMail] = await mails('back_in_stock', tyre);
    expect(sizeMail).toMatchObject({
      to: sized!.email,
      message: { subject: `${BRAND_DEFAULTS.name}: Alert tyre (700x28c) is back in stock` },
    });
    expect(sizeMail!.message.text).toContain(`${api.publicUrl}/parts/${tyre}?sku=AT-28`);
    // Its unsubscribe link names the size too.
    expect(await unsubscribe(tokenIn(sizeMail, 'unsubscribe'))).toMatchObject({
      status: 200,
      body: { partId: tyre, sku: 'AT-28', partName: 'Alert tyre (700x28c)' },
    });

    // A CSV import that sets the stock.
    const imported = await soldOutPart('Imported chain');
    const [importer] = await queue(imported, ['csv']);
    const file = await api.request('POST', apiPaths.importParts(), {
      token: admin.token,
      raw: `id,quantity\n${imported},2\n`,
      headers: { 'content-type': 'text/csv' },
    });
    expect(file.status, JSON.stringify(file.body)).toBe(200);
    expect(await toldOf(imported)).toEqual([importer!.email]);

    // The last unit ordered, then the order cancelled: the unit is back.
    const last = await api.addPart({ productName: 'Last chain', quantity: 1, order: 1 });
    const buyer = await api.customer('buyer');
    const placed = await api.checkout(buyer, [{ partId: last, quantity: 1 }]);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const [waiter] = await queue(last, ['cancelled']);
    const cancelled = await api.request('POST', apiPaths.cancelOrder(placed.body.insertedId), {
      token: buyer.token,
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await toldOf(last)).toEqual([waiter!.email]);
  });

  it('are idempotent: asking twice keeps one place and sends one confirmation', async () => {
    const partId = await soldOutPart('Twice chain');
    const email = guestAddress('twice');
    expect((await ask(partId, { email })).status).toBe(201);
    const again = await ask(partId, { email: email.toUpperCase() });
    expect(again).toMatchObject({ status: 200, body: { state: 'confirm', email } });
    expect(await mails('stock_alert_confirm', partId)).toHaveLength(1);
    const alerts = (await api.store.query(STOCK_ALERTS)).filter(
      ({ data }) => data.partId === partId,
    );
    expect(alerts).toHaveLength(1);

    const customer = await api.customer('twice-signed-in');
    expect((await ask(partId, {}, customer)).status).toBe(201);
    expect(await ask(partId, {}, customer)).toMatchObject({
      status: 200,
      body: { state: 'waiting' },
    });
  });

  it('refuse in plain words: a bad address, no address, an unknown size, a part or size in stock, a part gone', async () => {
    const partId = await soldOutPart('Refusing chain');
    const tyre = await addTyre();
    const before = await api.snapshot();
    const refusals: [Promise<{ status: number; body: ApiErrorBody }>, number, string][] = [
      [ask(partId, { email: 'not-an-address' }), 422, 'Email is not valid'],
      [ask(partId, {}), 422, stockAlertTexts.emailNeeded],
      [ask(tyre, { email: guestAddress('size'), sku: 'AT-99' }), 422, 'AT-99'],
      [ask(tyre, { email: guestAddress('size') }), 422, 'Choose'],
      [ask(partId, { email: guestAddress('size'), sku: 'AT-28' }), 422, 'Refusing chain'],
      [ask(tyre, { email: guestAddress('size'), sku: 'AT-32' }), 409, stockAlertTexts.sizeInStock],
      [
        ask(await api.addPart({ productName: 'Plenty chain', quantity: 9, order: 1 }), {
          email: guestAddress('in-stock'),
        }),
        409,
        stockAlertTexts.inStock,
      ],
      [ask('no-such-part', { email: guestAddress('gone') }), 404, 'Part not found'],
      [confirm('not-a-token'), 422, stockAlertTexts.badLink],
      [unsubscribe('not-a-token'), 422, stockAlertTexts.badLink],
    ];
    for (const [answer, status, message] of refusals) {
      const { status: got, body } = await answer;
      expect(got, JSON.stringify(body)).toBe(status);
      expect(body.error.message).toContain(message);
    }
    const after = await api.snapshot();
    expect(after[STOCK_ALERTS]).toEqual(before[STOCK_ALERTS]);
    // A confirmation link is no unsubscribe link, nor the other way round.
    const email = guestAddress('uses');
    await ask(partId, { email });
    const [mail] = (await mails('stock_alert_confirm', partId)).filter((m) => m.to === email);
    expect((await unsubscribe(tokenIn(mail, 'confirm'))).status).toBe(422);
    expect((await confirm(tokenIn(mail, 'unsubscribe'))).status).toBe(422);
  });

  it('unsubscribe without signing in: the address leaves the line, and the next one gets the unit', async () => {
    const partId = await soldOutPart('Leaving chain');
    const leaving = guestAddress('leaving');
    expect((await ask(partId, { email: leaving })).status).toBe(201);
    const [mail] = await mails('stock_alert_confirm', partId);
    expect((await confirm(tokenIn(mail, 'confirm'))).status).toBe(200);
    api.advanceClock(1000);
    const [staying] = await queue(partId, ['staying']);
    expect(await unsubscribe(tokenIn(mail, 'unsubscribe'))).toMatchObject({
      status: 200,
      body: { partId, partName: 'Leaving chain', email: leaving },
    });
    // Its confirmation link no longer finds it.
    expect(await confirm(tokenIn(mail, 'confirm'))).toMatchObject({
      status: 404,
      body: { error: { message: stockAlertTexts.gone } },
    });
    expect((await addStock(partId, 1)).status).toBe(200);
    expect(await toldOf(partId)).toEqual([staying!.email]);
  });

  it('mail each address once when restocks of one part are applied at the same time', async () => {
    const partId = await soldOutPart('Raced chain');
    const users = await queue(partId, ['race1', 'race2', 'race3']);
    // Two restocks at once through the API, one unit each.
    const answers = await Promise.all([addStock(partId, 1), addStock(partId, 1)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await toldOf(partId)).toEqual([users[0]!.email, users[1]!.email].sort());

    // Two instances applying the same pending restocks at once: still once per address.
    const other = await soldOutPart('Raced again');
    const waiting = await queue(other, ['again1', 'again2', 'again3']);
    const restock: RestockDoc = {
      collection: 'parts',
      stockedId: other,
      units: 1,
      at: new Date().toISOString(),
    };
    await api.store.set(RESTOCKS, `race-a-${other}`, restock);
    await api.store.set(RESTOCKS, `race-b-${other}`, restock);
    const instance = () =>
      restockOutbox({
        store: api.store,
        clock: () => new Date(),
        config: { publicUrl: api.publicUrl, tokenSecret: randomBytes(32) },
        brand: async () => ({ ...BRAND_DEFAULTS, templates: {} }),
      });
    const [one, two] = [instance(), instance()];
    one.kick();
    two.kick();
    await Promise.all([one.settled(), two.settled()]);
    expect(await toldOf(other)).toEqual([waiting[0]!.email, waiting[1]!.email].sort());
    expect((await api.store.query(RESTOCKS)).filter(({ id }) => id.endsWith(other))).toEqual([]);
  });

  it('are counted for the owner per part, confirmed addresses only, all sizes together', async () => {
    const tyre = await addTyre();
    await queue(tyre, ['count1', 'count2'], 'AT-28');
    await ask(tyre, { email: guestAddress('unconfirmed'), sku: 'AT-28' });
    const counts = await api.request<StockAlertCount[]>('GET', apiPaths.adminStockAlerts(), {
      token: admin.token,
    });
    expect(counts.status).toBe(200);
    expect(counts.body.find((count) => count.partId === tyre)).toEqual({
      partId: tyre,
      waiting: 2,
    });
    const customer = await api.customer('not-admin');
    expect(
      (await api.request('GET', apiPaths.adminStockAlerts(), { token: customer.token })).status,
    ).toBe(403);
  });

  it('are removed with the part or size they wait for, so no address is kept for what will not come back', async () => {
    const tyre = await addTyre();
    await queue(tyre, ['gone28a', 'gone28b'], 'AT-28');
    const chain = await soldOutPart('Discontinued chain');
    await queue(chain, ['gonechain']);
    await ask(chain, { email: guestAddress('gone-unconfirmed') });
    const alertsOf = async (partId: string) =>
      (await api.store.query<{ partId: string; sku?: string }>('stockAlerts'))
        .filter(({ data }) => data.partId === partId)
        .map(({ data }) => data.sku ?? 'part');
    expect(await alertsOf(tyre)).toEqual(['AT-28', 'AT-28']);
    expect(await alertsOf(chain)).toHaveLength(2);

    // The 28 mm size is left out of an edit: its line goes, the part stays.
    const edited = await api.request('PATCH', apiPaths.part(tyre), {
      token: admin.token,
      json: {
        options: [{ name: 'Size', values: ['700x32c'] }],
        variants: [{ sku: 'AT-32', options: { Size: '700x32c' }, price: 4299 }],
      },
    });
    expect(edited.status).toBe(200);
    expect(await alertsOf(tyre)).toEqual([]);

    expect((await api.request('DELETE', apiPaths.part(chain), { token: admin.token })).status).toBe(
      200,
    );
    expect(await alertsOf(chain)).toEqual([]);
    expect(await api.store.query('restocks')).toEqual([]);
  });

  // Last: it moves the clock an hour on, past the sessions' tokens.
  it(`let one address ask about at most ${STOCK_ALERT_PARTS_PER_HOUR} parts an hour (429)`, async () => {
    const email = guestAddress('many');
    const parts: string[] = [];
    for (let index = 0; index <= STOCK_ALERT_PARTS_PER_HOUR; index += 1) {
      parts.push(await soldOutPart(`Many chain ${index}`));
    }
    for (const partId of parts.slice(0, STOCK_ALERT_PARTS_PER_HOUR)) {
      expect((await ask(partId, { email })).status).toBe(201);
    }
    const tooMany = await ask(parts.at(-1)!, { email });
    expect(tooMany.status).toBe(429);
    expect(tooMany.body.error.message).toContain(stockAlertTexts.tooMany);
    expect(tooMany.headers.get('retry-after')).toMatch(/^\d+$/);
    // Asking again about one of the twenty is no new part.
    expect((await ask(parts[0]!, { email })).status).toBe(200);
    // Another address is not held back.
    expect((await ask(parts.at(-1)!, { email: guestAddress('other') })).status).toBe(201);
    api.advanceClock(HOUR_MS);
    expect((await ask(parts.at(-1)!, { email })).status).toBe(201);
  });
});
