/**
 * Back in stock (issue 37 item 3, docs/decisions/100): an address asks to be told when a sold-out
 * part, or one size of it, is back. A signed-in customer's verified address is on the list at
 * once; any other (a guest's, an unverified account's) is mailed a confirmation link first and
 * counts only once confirmed. The mails themselves follow the restocks (restock-outbox.ts).
 */
import {
  isInStock,
  STOCK_ALERT_PARTS_PER_HOUR,
  stockAlertTexts,
  type StockAlertAnswer,
  type StockAlertCount,
  type StockAlertLinkAnswer,
} from '@sprocket/contract';
import {
  verifyStockAlertToken,
  type StockAlertLinkClaims,
  type StockAlertLinkUse,
} from '../../auth/stock-alert-token.js';
import { isSafeId, normalizeEmail } from '../../store/ids.js';
import type { Store, Transaction } from '../../store/port.js';
import { DomainError, notFound, rateLimited, validationFailed } from '../errors.js';
import { queueMail, type MailShop } from '../mail/mail.service.js';
import { findSellables } from '../stock/variant-stock.js';
import { confirmationMail, type StockAlertMailConfig } from './stock-alert-mails.js';
import {
  sellableKey,
  STOCK_ALERTS,
  stockAlertId,
  type StockAlertDoc,
} from './stock-alert-record.js';

export interface StockAlertDeps {
  store: Store;
  clock: () => Date;
  config: StockAlertMailConfig;
  /** The shop's name and contact details, which name and sign its mails (decision 104). */
  brand: () => Promise<MailShop>;
}

const HOUR_MS = 60 * 60_000;

/** Who asks: a signed-in account's address (and whether it is verified), or a guest's. */
export type AlertAsker = { email: string; verified: boolean };

/**
 * Puts the address on the part's (size's) list, or answers where it already is (asking twice
 * changes nothing). Refused: a part gone (404), a size the part does not sell or a part in stock
 * (422, 409), and an address that asked about STOCK_ALERT_PARTS_PER_HOUR other parts in the hour
 * (429).
 */
export async function askForStockAlert(
  deps: StockAlertDeps,
  partId: string,
  sku: string | undefined,
  asker: AlertAsker,
): Promise<{ created: boolean; answer: StockAlertAnswer }> {
  const { store } = deps;
  const email = normalizeEmail(asker.email);
  const [found] = await findSellables(store, [{ partId, sku }]);
  if (!found || 'refusal' in found) {
    if (found?.refusal === 'variant') throw validationFailed({ sku: found.message });
    throw notFound('Part');
  }
  const { sellable } = found;
  // Counted outside the transaction, as a product page shows it: a moment old is enough.
  const [units = 0] = await store.stock.count(store, [sellable.stocked]);
  if (isInStock({ quantity: units, order: sellable.part.data.order })) {
    throw new DomainError(
      'conflict',
      sku === undefined ? stockAlertTexts.inStock : stockAlertTexts.sizeInStock,
    );
  }
  const now = deps.clock();
  const id = stockAlertId(email, partId, sku);
  const shop = await deps.brand();
  return store.runTransaction(async (tx) => {
    const existing = await tx.get<StockAlertDoc>(STOCK_ALERTS, id);
    if (existing && existing.data.status !== 'notified') {
      // The same ask again: where it is, but a verified account confirms a pending one.
      if (existing.data.status === 'pending' && asker.verified) {
        tx.update(STOCK_ALERTS, id, { status: 'waiting', confirmedAt: now.toISOString() });
        return { created: false, answer: { state: 'waiting', email } };
      }
      const state = existing.data.status === 'waiting' ? 'waiting' : 'confirm';
      return { created: false, answer: { state, email } };
    }
    await refuseTooMany(tx, email, partId, now);
    const doc: StockAlertDoc = {
      email,
      partId,
      ...(sku !== undefined && { sku }),
      sellable: sellableKey(partId, sku),
      status: asker.verified ? 'waiting' : 'pending',
      createdAt: now.toISOString(),
      ...(asker.verified && { confirmedAt: now.toISOString() }),
    };
    tx.set(STOCK_ALERTS, id, doc);
    if (!asker.verified) {
      queueMail(
        tx,
        // One per alert and ask: asking again while it waits for confirmation mails nothing more.
        `stock-alert-confirm-${id}-${now.getTime()}`,
        { to: email, kind: 'stock_alert_confirm', about: partId, now },
        confirmationMail(sellable.name, { alertId: id, partId, email }, deps.config, shop, now),
      );
    }
    return { created: true, answer: { state: asker.verified ? 'waiting' : 'confirm', email } };
  });
}

/** 429 when the address asked about STOCK_ALERT_PARTS_PER_HOUR other parts in the last hour. */
async function refuseTooMany(tx: Transaction, email: string, partId: string, now: Date) {
  const recent = await tx.query<StockAlertDoc>(STOCK_ALERTS, {
    where: [
      { field: 'email', op: '==', value: email },
      { field: 'createdAt', op: '>', value: new Date(now.getTime() - HOUR_MS).toISOString() },
    ],
    orderBy: [{ field: 'createdAt', direction: 'asc' }],
  });
  const parts = new Set(recent.map(({ data }) => data.partId));
  if (parts.has(partId) || parts.size < STOCK_ALERT_PARTS_PER_HOUR) return;
  // Free again when the oldest of them is an hour old.
  const oldest = Date.parse(recent[0]?.data.createdAt ?? now.toISOString());
  throw rateLimited(
    Math.max(1, Math.ceil((oldest + HOUR_MS - now.getTime()) / 1000)),
    stockAlertTexts.tooMany,
  );
}

/** The link's claims, or a plain refusal of a link that is not one of ours or has expired. */
function claimsOf(deps: StockAlertDeps, use: StockAlertLinkUse, token: string) {
  const claims = verifyStockAlertToken(deps.config.tokenSecret, use, token, deps.clock());
  if (!claims || !isSafeId(claims.alertId)) {
    throw validationFailed({ token: stockAlertTexts.badLink });
  }
  return claims;
}

/** What the link was about, named as the shop names it ("Road tyre (700x28c)"). */
async function answerOf(
  tx: Transaction,
  claims: StockAlertLinkClaims,
  sku: string | undefined,
): Promise<StockAlertLinkAnswer> {
  const [found] = await findSellables(tx, [{ partId: claims.partId, sku }]);
  const partName =
    found && 'sellable' in found
      ? found.sellable.name
      : found?.refusal === 'variant'
        ? found.partName
        : '';
  return {
    partId: claims.partId,
    ...(sku !== undefined && { sku }),
    partName,
    email: claims.email,
  };
}

/** A guest's confirmation link: the address joins the list, in the place it asked (idempotent). */
export async function confirmStockAlert(
  deps: StockAlertDeps,
  token: string,
): Promise<StockAlertLinkAnswer> {
  const claims = claimsOf(deps, 'confirm', token);
  const now = deps.clock();
  return deps.store.runTransaction(async (tx) => {
    const alert = await tx.get<StockAlertDoc>(STOCK_ALERTS, claims.alertId);
    if (!alert || alert.data.email !== claims.email) {
      throw new DomainError('not_found', stockAlertTexts.gone);
    }
    const answer = await answerOf(tx, claims, alert.data.sku);
    if (alert.data.status === 'pending') {
      tx.update(STOCK_ALERTS, alert.id, { status: 'waiting', confirmedAt: now.toISOString() });
    }
    return answer;
  });
}

/** An alert mail's unsubscribe link: the alert is gone, whatever its state (idempotent). */
export async function unsubscribeStockAlert(
  deps: StockAlertDeps,
  token: string,
): Promise<StockAlertLinkAnswer> {
  const claims = claimsOf(deps, 'unsubscribe', token);
  return deps.store.runTransaction(async (tx) => {
    const alert = await tx.get<StockAlertDoc>(STOCK_ALERTS, claims.alertId);
    const answer = await answerOf(tx, claims, alert?.data.sku);
    if (alert && alert.data.email === claims.email) tx.delete(STOCK_ALERTS, alert.id);
    return answer;
  });
}

/** Manage Products' column: how many confirmed addresses wait for each part, all sizes together. */
export async function waitingCounts(store: Store): Promise<StockAlertCount[]> {
  const waiting = await store.query<StockAlertDoc>(STOCK_ALERTS, {
    where: [{ field: 'status', op: '==', value: 'waiting' }],
  });
  const counts = new Map<string, number>();
  for (const { data } of waiting) counts.set(data.partId, (counts.get(data.partId) ?? 0) + 1);
  return [...counts].map(([partId, count]) => ({ partId, waiting: count }));
}
