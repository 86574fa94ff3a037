/**
 * The audit log (issue 27 item 4, docs/decisions/071): `recordAudit` writes one entry in the
 * transaction of the admin's change, so the change and its entry commit together or not at all.
 * Entries are only ever added: no route changes or removes one, and firestore.rules deny every
 * client write.
 */
import { randomUUID } from 'node:crypto';
import { orderNumber, type AuditEntry, type AuditKind, type AuditValue } from '@sprocket/contract';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env.js';
import type { DocData, Transaction } from '../../store/port.js';

export const AUDIT_LOG = 'auditLog';

/** The admin who acts and when: what a route hands the service that records the change. */
export interface AdminAct {
  uid: string;
  email: string;
  at: Date;
}

/** The signed-in admin of an admin-only route, acting now. */
export const adminAct = <E extends AppEnv>(c: Context<E>, clock: () => Date): AdminAct => {
  // Every route's environment extends AppEnv (its body, its params), whose `caller` adminOnly set;
  // Hono's Context is invariant in it, hence the widening.
  const { uid, email } = (c as unknown as Context<AppEnv>).get('caller');
  return { uid, email, at: clock() };
};

export type AuditFields = { [field: string]: AuditValue } | null;

/**
 * An entry as the store keeps it: the entry without its id, and with the target's name when the
 * change knew it (a part's, an order's); audit.routes.ts names the others when the log is read.
 */
export type AuditDoc = Omit<AuditEntry, '_id' | 'targetName'> & { targetName?: string } & DocData;

/** What changed: the kind, on what (and its name), and the fields before and after (null: none). */
export interface AuditChange {
  kind: AuditKind;
  targetId: string;
  /** The part's name, the order's number and customer: kept, so a gone part keeps its name. */
  targetName?: string;
  before: AuditFields;
  after: AuditFields;
}

/** A document's own fields as the entry keeps them (they are JSON already: the store's). */
export const auditJson = <T extends object>(value: T): { [field: string]: AuditValue } =>
  JSON.parse(JSON.stringify(value)) as { [field: string]: AuditValue };

/** The entry of `change` by `act`, as the log keeps it. */
export const auditEntry = (act: AdminAct, { targetName, ...change }: AuditChange): AuditDoc => ({
  at: act.at.toISOString(),
  byUid: act.uid,
  byEmail: act.email,
  ...change,
  ...(targetName && { targetName }),
});

/** An order as the audit log names it: its number and its customer. */
export const orderTargetName = (
  orderId: string,
  order: { userName?: string; email: string },
): string => `Order ${orderNumber(orderId)} · ${order.userName || order.email}`;

/** Writes the entry of `change` by `act` in `tx`, the transaction that makes the change. */
export function recordAudit(tx: Transaction, act: AdminAct, change: AuditChange): void {
  // A new id on each run of the transaction: only the run that commits writes one.
  tx.set(AUDIT_LOG, randomUUID(), auditEntry(act, change));
}

/** Writes an entry made earlier (an order's event's) under `id`. */
export const writeAuditEntry = (tx: Transaction, id: string, entry: AuditDoc): void =>
  tx.set(AUDIT_LOG, id, entry);

/**
 * The fields of `after` whose values differ from `before`'s, each as it was and as it became;
 * null when nothing changed.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: { [field: string]: AuditValue }; after: { [field: string]: AuditValue } } | null {
  const was: { [field: string]: AuditValue } = {};
  const now: { [field: string]: AuditValue } = {};
  for (const [field, value] of Object.entries(after)) {
    if (value === undefined || JSON.stringify(before[field]) === JSON.stringify(value)) continue;
    was[field] = (before[field] ?? null) as AuditValue;
    now[field] = value as AuditValue;
  }
  return Object.keys(now).length > 0 ? { before: was, after: now } : null;
}
