/**
 * The shop's return window (issue 37 item 2, docs/decisions/098): how many days after delivery a
 * customer may ask to return parts, 30 unless the owner says otherwise under Shipping and Tax. One
 * settings document beside the shipping methods and the tracking addresses.
 */
import {
  DEFAULT_RETURN_WINDOW_DAYS,
  type ReturnSettings,
  type ReturnSettingsInput,
} from '@sprocket/contract';
import type { DocData, StoreReader } from '../../store/port.js';
import type { Store } from '../../store/port.js';
import { recordAudit, type AdminAct } from '../audit/audit-log.js';
import { SHOP_SETTINGS } from '../shop-pricing/order-pricing.js';

const RETURNS_DOC = 'returns';

interface ReturnSettingsDoc extends DocData {
  windowDays: number;
  updatedAt: string;
}

/** The shop's return rules, read by `reader` (the store, or a transaction). */
export async function getReturnSettings(reader: StoreReader): Promise<ReturnSettings> {
  const doc = await reader.get<ReturnSettingsDoc>(SHOP_SETTINGS, RETURNS_DOC);
  return { windowDays: doc?.data.windowDays ?? DEFAULT_RETURN_WINDOW_DAYS };
}

/** Sets the window; returns asked already keep their course. */
export async function setReturnSettings(
  store: Store,
  input: ReturnSettingsInput,
  act: AdminAct,
): Promise<ReturnSettings> {
  const settings: ReturnSettings = { windowDays: input.windowDays };
  await store.runTransaction(async (tx) => {
    const was = await getReturnSettings(tx);
    tx.set(SHOP_SETTINGS, RETURNS_DOC, { ...settings, updatedAt: act.at.toISOString() });
    recordAudit(tx, act, {
      kind: 'returns.changed',
      targetId: RETURNS_DOC,
      before: { ...was },
      after: { ...settings },
    });
  });
  return settings;
}
