/** Builders of API data for component tests. */
import {
  BRAND_DEFAULTS,
  picturesOf,
  type BrandSettings,
  type CataloguePart,
  type CatalogueReview,
  type Order,
  type Part,
  type Review,
} from '@sprocket/contract';

/** The shop's brand as GET /brand answers it: the demo's name and the defaults' look. */
export const buildBrand = (fields: Partial<BrandSettings> = {}): BrandSettings => ({
  ...BRAND_DEFAULTS,
  name: 'Sprocket',
  ...fields,
});

export function buildPart(index: number, fields: Partial<Part> = {}): Part {
  return {
    _id: `part-${index}`,
    productName: `Part number ${index}`,
    img: `/parts/part-${index}.svg`,
    order: 1 + (index % 3),
    quantity: 40 + index,
    price: 1250 + index * 100,
    description: `Description of part ${index}: hard-wearing, light and quiet, built for many thousands of kilometres.`,
    ...fields,
  };
}

/** A part as the catalogue answers it: in the drivetrain, with no reviews yet. */
export function buildCataloguePart(
  index: number,
  fields: Partial<CataloguePart> = {},
): CataloguePart {
  const part = {
    ...buildPart(index),
    category: 'drivetrain' as const,
    averageRating: null,
    reviewCount: 0,
    options: [],
    variants: [],
    specs: {},
    ...fields,
  };
  // Its img as its one picture, as the API answers a part without a list of its own.
  return { ...part, images: fields.images ?? picturesOf(part) };
}

/** A review as Sprocket answers it, not from a verified purchase. */
export function buildCatalogueReview(
  index: number,
  fields: Partial<CatalogueReview> = {},
): CatalogueReview {
  return { ...buildReview(index), verifiedPurchase: false, ...fields };
}

export function buildReview(index: number, fields: Partial<Review> = {}): Review {
  return {
    _id: `review-${index}`,
    partId: `part-${index}`,
    productName: `Part number ${index}`,
    img: `/parts/part-${index}.svg`,
    name: `Rider ${index}`,
    review: `Review text number ${index}.`,
    rating: 1 + (index % 5),
    createdAt: `2025-04-${String(index + 1).padStart(2, '0')}T10:00:00.000Z`,
    ...fields,
  };
}

/** An unpaid order of two Velotrack chains by the seeded customer; `fields` override. */
export function buildOrder(fields: Partial<Order> = {}): Order {
  return {
    _id: 'order-1',
    partId: 'velotrack-cx12-chain',
    partName: 'Velotrack CX12 Chain',
    img: '/parts/velotrack-cx12-chain.svg',
    price: 1590,
    orderQuantity: 2,
    totalPrice: 3180,
    lines: [
      {
        partId: 'velotrack-cx12-chain',
        partName: 'Velotrack CX12 Chain',
        img: '/parts/velotrack-cx12-chain.svg',
        price: 1590,
        quantity: 2,
        lineTotal: 3180,
      },
    ],
    timeline: [{ status: 'unpaid', at: '2026-01-01T00:00:00.000Z', actor: 'customer' }],
    email: 'customer@sprocket.test',
    userName: 'Casey Customer',
    address: '12 Harbour Road',
    number: '01174960000',
    paid: false,
    status: 'unpaid',
    createdAt: '2026-01-01T00:00:00.000Z',
    // No shipping, code or tax unless a test gives them: the total is what the lines cost.
    subtotal: fields.totalPrice ?? 3180,
    discount: 0,
    shipping: 0,
    tax: 0,
    total: fields.totalPrice ?? 3180,
    ...fields,
  };
}
