/**
 * The shop's brand (issue 36 item 1, docs/decisions/104): one document, `shopSettings/brand`,
 * read by every rendered page, the manifest, the icons and the customers' mails, so each instance
 * keeps it for as long as the CDN keeps a page (`brandSettings`); a save on this instance is seen
 * at once. A shop with no document shows BRAND_DEFAULTS; the demo's seed writes Sprocket's.
 */
import { BRAND_DEFAULTS, type BrandSettings } from '@sprocket/contract';
import type { DocData, Store, Transaction } from '../../store/port.js';
import { auditJson, changedFields, recordAudit, type AdminAct } from '../audit/audit-log.js';
import { keptRead } from '../kept-read.js';

/** The shop's settings documents (the pages' list and the tracking carriers are there too). */
const SHOP_SETTINGS = 'shopSettings';
const BRAND = 'brand';

type BrandDoc = BrandSettings & DocData;

/** The stored settings over the defaults, so a field added later reads as its default. */
const brandOf = (data: Partial<BrandSettings>): BrandSettings => ({
  ...BRAND_DEFAULTS,
  ...data,
  social: { ...BRAND_DEFAULTS.social, ...data.social },
});

async function readBrand(reader: Pick<Transaction, 'get'>): Promise<BrandSettings> {
  const doc = await reader.get<BrandDoc>(SHOP_SETTINGS, BRAND);
  return doc ? brandOf(doc.data) : BRAND_DEFAULTS;
}

/** The brand as an instance keeps it: read again once `maxAgeMs` old, dropped when saved here. */
export interface BrandReader {
  get(): Promise<BrandSettings>;
  save(input: BrandSettings, act: AdminAct): Promise<BrandSettings>;
}

export function brandSettings(store: Store, maxAgeMs: number, clock: () => Date): BrandReader {
  const kept = keptRead(() => readBrand(store), maxAgeMs, clock);
  return {
    get: kept.get,
    async save(input, act) {
      const saved = await saveBrand(store, input, act);
      kept.keep(saved);
      return saved;
    },
  };
}

/** The audit log's view of the settings: the logo by its address. */
const auditFields = (brand: BrandSettings) =>
  auditJson({ ...brand, logo: brand.logo?.url ?? null });

/** Replaces the settings; the audit entry keeps each field that changed (none: no entry). */
async function saveBrand(
  store: Store,
  input: BrandSettings,
  act: AdminAct,
): Promise<BrandSettings> {
  const next = brandOf(input);
  await store.runTransaction(async (tx) => {
    const was = await readBrand(tx);
    tx.set(SHOP_SETTINGS, BRAND, next);
    const changed = changedFields(auditFields(was), auditFields(next));
    if (changed) {
      recordAudit(tx, act, {
        kind: 'brand.changed',
        targetId: BRAND,
        ...changed,
      });
    }
  });
  return next;
}

/**
 * Writes the demo shop's brand where a store has none yet (functions/src/seed/brand.ts): a brand
 * the owner saved is never replaced. Answers whether it wrote it.
 */
export async function seedBrand(store: Store, brand: BrandSettings): Promise<boolean> {
  return store.runTransaction(async (tx) => {
    if (await tx.get(SHOP_SETTINGS, BRAND)) return false;
    tx.set(SHOP_SETTINGS, BRAND, brandOf(brand));
    return true;
  });
}
