/**
 * The mails that follow a restock (docs/decisions/100): each restock (restock-events.ts) is applied
 * once, in a transaction of its own after the change that raised the stock has committed. It takes
 * the first confirmed addresses waiting for that part (size), in the order they asked, one for
 * each unit that came back, marks each notified and queues its mail (whose id is the alert's, so
 * nothing is mailed twice), and removes the restock. The rest wait for the next restock. A
 * withdrawal (a part or size no longer sold) removes its alerts instead.
 *
 * Two restocks of one part applied at once (two instances) read the same waiting alerts, and the
 * store lets only one of the two transactions write them: the other runs again and takes the next
 * ones. As with the orders' events (084), the app applies them after each change that wrote one,
 * before it answers, and the sweep applies any left behind.
 */
import type { Store, StoredDoc, Transaction } from '../../store/port.js';
import { queueMail, type MailShop } from '../mail/mail.service.js';
import { PARTS } from '../stock/part-record.js';
import { findSellables, VARIANTS, type VariantStockDoc } from '../stock/variant-stock.js';
import { serialRuns, type SerialRuns } from '../serial-runs.js';
import { backInStockMail, type StockAlertMailConfig } from './stock-alert-mails.js';
import {
  RESTOCKS,
  sellableKey,
  STOCK_ALERTS,
  type RestockDoc,
  type StockAlertDoc,
} from './stock-alert-record.js';

/** How many restocks one run lists at a time. */
const RESTOCK_BATCH = 100;

export interface RestockDeps {
  store: Store;
  clock: () => Date;
  config: StockAlertMailConfig;
  /** The shop's name and contact details, which name and sign its mails (decision 104). */
  brand: () => Promise<MailShop>;
}

/** The part and size a restock raised, or null when it is gone since. */
async function raisedOf(
  tx: Transaction,
  restock: RestockDoc,
): Promise<{ partId: string; sku?: string } | null> {
  if (restock.collection === PARTS) return { partId: restock.stockedId };
  if (restock.collection !== VARIANTS) return null;
  const variant = await tx.get<VariantStockDoc>(VARIANTS, restock.stockedId);
  return variant ? { partId: variant.data.partId, sku: variant.data.sku } : null;
}

/** Every alert of a part (all its sizes), or of one size, whatever its state. */
const alertsOf = (tx: Transaction, { partId, sku }: { partId: string; sku?: string }) =>
  tx.query<StockAlertDoc>(STOCK_ALERTS, {
    where: [
      sku === undefined
        ? { field: 'partId', op: '==', value: partId }
        : { field: 'sellable', op: '==', value: sellableKey(partId, sku) },
    ],
  });

async function applyRestock(deps: RestockDeps, id: string): Promise<void> {
  const now = deps.clock();
  const shop = await deps.brand();
  await deps.store.runTransaction(async (tx) => {
    const restock = await tx.get<RestockDoc>(RESTOCKS, id);
    // Applied since it was listed: applied once, however many ask.
    if (!restock) return;
    if (restock.data.withdrawn) {
      for (const alert of await alertsOf(tx, restock.data.withdrawn))
        tx.delete(STOCK_ALERTS, alert.id);
      tx.delete(RESTOCKS, id);
      return;
    }
    const raised = await raisedOf(tx, restock.data);
    const [found] = raised ? await findSellables(tx, [raised]) : [];
    const sellable = found && 'sellable' in found ? found.sellable : undefined;
    const next = sellable
      ? await tx.query<StockAlertDoc>(STOCK_ALERTS, {
          where: [
            { field: 'sellable', op: '==', value: sellableKey(sellable.part.id, sellable.sku) },
            { field: 'status', op: '==', value: 'waiting' },
          ],
          orderBy: [{ field: 'createdAt', direction: 'asc' }],
          limit: restock.data.units,
        })
      : [];
    if (sellable) notify(tx, deps, next, sellable, shop, now);
    tx.delete(RESTOCKS, id);
  });
}

function notify(
  tx: Transaction,
  deps: RestockDeps,
  alerts: readonly StoredDoc<StockAlertDoc>[],
  sellable: { part: { id: string }; sku?: string; name: string },
  shop: MailShop,
  now: Date,
) {
  // The product page, on the size that is back (its `?sku=` picks it).
  const page = new URL(`/parts/${encodeURIComponent(sellable.part.id)}`, deps.config.publicUrl);
  if (sellable.sku !== undefined) page.searchParams.set('sku', sellable.sku);
  for (const { id, data } of alerts) {
    tx.update(STOCK_ALERTS, id, { status: 'notified', notifiedAt: now.toISOString() });
    queueMail(
      tx,
      // The alert and the ask it came from: once per subscriber, however often a restock runs.
      `back-in-stock-${id}-${Date.parse(data.createdAt)}`,
      { to: data.email, kind: 'back_in_stock', about: data.partId, now },
      backInStockMail(
        sellable.name,
        page.href,
        { alertId: id, partId: data.partId, email: data.email },
        deps.config,
        shop,
        now,
      ),
    );
  }
}

/** Applies the pending restocks, one run at a time in this process. */
export function restockOutbox(deps: RestockDeps): SerialRuns {
  async function applyAll(): Promise<void> {
    for (;;) {
      const pending = await deps.store.query<RestockDoc>(RESTOCKS, {
        orderBy: [{ field: 'at', direction: 'asc' }],
        limit: RESTOCK_BATCH,
      });
      for (const restock of pending) await applyRestock(deps, restock.id);
      if (pending.length < RESTOCK_BATCH) return;
    }
  }
  // A restock left by a failure stays pending: the next change or the sweep applies it.
  return serialRuns(applyAll, (error) => console.warn('Restocks wait for the next run:', error));
}
