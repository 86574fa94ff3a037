/**
 * Low stock (issue 27 item 3, docs/decisions/070): a part, or a variant of one, is low while its
 * units are at or below its threshold (the part's `lowStock`, else the shop's SHOP_LOW_STOCK). The
 * moment it goes low a document in `lowStock` records it and each admin is mailed once, in one
 * transaction with the record; while it stays low nothing more is sent. Add Stock and a returned
 * order weigh it in the transaction that sets or returns the stock (they count it there anyway);
 * an order weighs it just after its own transaction, from a count outside it (weighLowStock:
 * decision 063 keeps every count of a part out of an order's transaction). Stock that
 * comes back above the threshold (a cancelled order, Add Stock) removes the document, so a later
 * fall mails again. The Overview and Manage Products' "Low stock" filter list these documents.
 */
import type { MailValues } from '@sprocket/contract';
import { keyId } from '../../store/ids.js';
import type { DocData, StockLedger, Stocked, Store, Transaction } from '../../store/port.js';
import { mailMessage, queueMail } from '../mail/mail.service.js';
import { savedMailTemplates } from '../mail/saved-templates.js';
import type { PartDoc } from './part-record.js';
import { holdsAdminRights, USERS, type UserDoc } from '../users/users.service.js';

export const LOW_STOCK = 'lowStock';

export type LowStockDoc = {
  partId: string;
  sku?: string;
  name: string;
  units: number;
  threshold: number;
  since: string;
} & DocData;

/** What is watched: one stocked document (a part's own stock, or a variant's). */
export interface Watched {
  stocked: Stocked;
  part: { id: string; data: Pick<PartDoc, 'productName' | 'lowStock'> };
  sku?: string;
  /** The line's name: "Road tyre (700x28c)" for a variant. */
  name: string;
}

/** A watched document and its units after the transaction: known, or its units now plus `by`. */
export type StockMove = Watched & ({ units: number } | { by: number });

/** What a line sells (a Sellable, variant-stock.ts), as the low-stock records know it. */
export const watchedOf = ({ stocked, part, sku, name }: Watched): Watched => ({
  stocked,
  part,
  ...(sku === undefined ? {} : { sku }),
  name,
});

/**
 * How moves are weighed: against the part's threshold or the shop's at `now`, or (stock put
 * back) only to update or clear the records there are, each against the threshold it recorded.
 */
export type LowStockWatch = { now: Date; shopDefault: number } | 'clear-only';

export const lowStockId = (stocked: Stocked): string =>
  keyId('low-stock', stocked.collection, stocked.id);

/** The part's threshold, or the shop's. */
export const thresholdOf = (part: Pick<PartDoc, 'lowStock'>, shopDefault: number): number =>
  part.lowStock ?? shopDefault;

/** Each placeholder's value in the admins' note of a part gone low. */
export const lowStockNoteValues = (
  low: Pick<LowStockDoc, 'name' | 'units' | 'threshold'>,
): MailValues => ({
  partName: low.name,
  unitsLeft: String(low.units),
  stockLeft: `${low.units} ${low.units === 1 ? 'unit' : 'units'}`,
  lowStockThreshold: String(low.threshold),
});

/**
 * Reads, before the caller's first write, what the moves do to the low-stock records; the
 * returned function writes them (and the admins' mail when something goes low).
 */
export async function prepareLowStock(
  tx: Transaction,
  ledger: StockLedger,
  moves: readonly StockMove[],
  watch: LowStockWatch,
): Promise<() => void> {
  if (moves.length === 0) return () => {};
  const relative = moves.filter((move) => 'by' in move);
  const counted = await ledger.count(
    tx,
    relative.map((move) => move.stocked),
  );
  const unitsAfter = moves.map((move) =>
    'units' in move ? move.units : (counted[relative.indexOf(move)] ?? 0) + move.by,
  );
  const records = await Promise.all(
    moves.map((move) => tx.get<LowStockDoc>(LOW_STOCK, lowStockId(move.stocked))),
  );
  const writes: (() => void)[] = [];
  const wentLow: { id: string; doc: LowStockDoc }[] = [];
  moves.forEach((move, index) => {
    const units = unitsAfter[index] ?? 0;
    const id = lowStockId(move.stocked);
    const record = records[index];
    if (watch === 'clear-only' && !record) return;
    const threshold =
      watch === 'clear-only'
        ? (move.part.data.lowStock ?? record?.data.threshold ?? 0)
        : thresholdOf(move.part.data, watch.shopDefault);
    if (units > threshold) {
      if (record) writes.push(() => tx.delete(LOW_STOCK, id));
      return;
    }
    const doc: LowStockDoc = {
      partId: move.part.id,
      ...(move.sku === undefined ? {} : { sku: move.sku }),
      name: move.name,
      units,
      threshold,
      since: record?.data.since ?? (watch === 'clear-only' ? '' : watch.now.toISOString()),
    };
    writes.push(() => tx.set(LOW_STOCK, id, doc));
    if (!record) wentLow.push({ id, doc });
  });
  if (wentLow.length > 0 && watch !== 'clear-only') {
    const { now } = watch;
    const admins = await tx.query<UserDoc>(USERS, {
      where: [{ field: 'role', op: '==', value: 'admin' }],
    });
    const templates = await savedMailTemplates(tx);
    const stamp = now.getTime();
    for (const admin of admins.filter(({ data }) => holdsAdminRights(data, data.uid))) {
      for (const { id, doc } of wentLow) {
        writes.push(() =>
          queueMail(
            tx,
            `${id}-${stamp}-shop_low_stock-${admin.id}`,
            { to: admin.data.email, kind: 'shop_low_stock', about: doc.partId, now },
            mailMessage('shop_low_stock', templates, lowStockNoteValues(doc)),
          ),
        );
      }
    }
  }
  return () => writes.forEach((write) => write());
}

/**
 * After an order's transaction: counts what the lines took from (a moment old is enough, as for
 * the half-share rule of decision 063) and, for any at or below its threshold, records it and
 * mails the admins in a transaction of its own, which reads the record first, so one crossing
 * mails once however many orders weigh it at the same time. A failure is only logged: the next
 * order on the part weighs it again.
 */
export async function weighLowStock(
  store: Store,
  /** Read after the order's transaction, so their `quantity` is the stock now. */
  watched: readonly Watched[],
  watch: Exclude<LowStockWatch, 'clear-only'>,
): Promise<void> {
  if (watched.length === 0) return;
  try {
    const units = await store.stock.count(
      store,
      watched.map((item) => item.stocked),
    );
    const low = watched.flatMap((item, index) => {
      const count = units[index] ?? 0;
      return count <= thresholdOf(item.part.data, watch.shopDefault)
        ? [{ ...item, units: count }]
        : [];
    });
    if (low.length === 0) return;
    await store.runTransaction(async (tx) =>
      (await prepareLowStock(tx, store.stock, low, watch))(),
    );
  } catch (error) {
    console.warn('Low stock not weighed after an order:', error);
  }
}
