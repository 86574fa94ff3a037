import { reviewRemovalSchema, shipOrderSchema } from '@sprocket/contract';
import { describe, expect, it } from 'vitest';
import { initialErrorsOf } from './initial-errors.js';

describe('initialErrorsOf', () => {
  it("gives an empty form's errors per field, as the schema words them", () => {
    const errors = initialErrorsOf(shipOrderSchema, { carrier: '', trackingNumber: '' });
    expect(Object.keys(errors).sort()).toEqual(['carrier', 'trackingNumber']);
    expect(errors.carrier).toBe('Carrier is required');
  });

  it('gives none for values that pass', () => {
    expect(
      initialErrorsOf(shipOrderSchema, { carrier: 'DHL', trackingNumber: 'JD014600003828475093' }),
    ).toEqual({});
    expect(initialErrorsOf(reviewRemovalSchema, { reason: 'Spam with a link to a shop' })).toEqual(
      {},
    );
  });
});
