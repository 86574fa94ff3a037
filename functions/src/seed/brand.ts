/**
 * The demo shop's brand (issue 36 item 1): the seeded shop keeps the name Sprocket, its orange
 * and the drawn chainring, with the address its About page gives. A shop's own brand is never
 * overwritten by seeding; a shop that is not seeded shows BRAND_DEFAULTS until its owner sets it.
 */
import { BRAND_DEFAULTS, type BrandSettings } from '@sprocket/contract';

export const seedBrandSettings: BrandSettings = {
  ...BRAND_DEFAULTS,
  name: 'Sprocket',
  email: 'shop@sprocket.test',
  address: 'Sprocket Cycles, 12 Chainring Road, Gearford',
};
