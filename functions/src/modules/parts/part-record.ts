/** A part as the store keeps it: read by the catalogue, the stock, the cart, orders and reviews. */
import type { Part, PartCategory } from '@sprocket/contract';
import type { DocData } from '../../store/port.js';

export const PARTS = 'parts';

/** A stored part. Parts stored before categories existed have none. */
export type PartDoc = Omit<Part, '_id'> & { category?: PartCategory; createdAt: string } & DocData;
