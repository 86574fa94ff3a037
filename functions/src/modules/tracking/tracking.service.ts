/**
 * The shop's own carriers (issue 37 item 1, docs/decisions/090): a name and the address their
 * parcels are tracked at, kept in one settings document beside the shipping methods. The common
 * carriers' addresses are built into the contract (contract/src/orders/tracking.ts); these are the
 * others the owner uses. The ship action reads them in its transaction to store the parcel's link.
 */
import type { TrackingCarrier, TrackingCarriersInput } from '@sprocket/contract';
import type { DocData, Store, Transaction } from '../../store/port.js';
import { auditJson, recordAudit, type AdminAct } from '../audit/audit-log.js';

/** The collection of the shop's settings documents (shop-pricing keeps its own there too). */
const SHOP_SETTINGS = 'shopSettings';
const TRACKING_DOC = 'tracking';

interface TrackingDoc extends DocData {
  carriers: TrackingCarrier[];
  updatedAt: string;
}

/** The shop's own carriers, in the owner's order; none until some are added. */
export async function getTrackingCarriers(store: Store): Promise<TrackingCarrier[]> {
  return (await store.get<TrackingDoc>(SHOP_SETTINGS, TRACKING_DOC))?.data.carriers ?? [];
}

/** The same, read in the caller's transaction (the ship action's). */
export async function readTrackingCarriers(tx: Transaction): Promise<TrackingCarrier[]> {
  return (await tx.get<TrackingDoc>(SHOP_SETTINGS, TRACKING_DOC))?.data.carriers ?? [];
}

/** Replaces the list (orders shipped keep the link they were shipped with). */
export async function setTrackingCarriers(
  store: Store,
  input: TrackingCarriersInput,
  act: AdminAct,
): Promise<TrackingCarrier[]> {
  const carriers = input.carriers.map(({ name, urlTemplate }) => ({
    name: name.trim(),
    urlTemplate: urlTemplate.trim(),
  }));
  await store.runTransaction(async (tx) => {
    const was = await tx.get<TrackingDoc>(SHOP_SETTINGS, TRACKING_DOC);
    tx.set(SHOP_SETTINGS, TRACKING_DOC, { carriers, updatedAt: act.at.toISOString() });
    recordAudit(tx, act, {
      kind: 'tracking.changed',
      targetId: TRACKING_DOC,
      before: { carriers: auditJson(was?.data.carriers ?? []) },
      after: { carriers: auditJson(carriers) },
    });
  });
  return carriers;
}
