import { describe, expect, it } from 'vitest';
import { serializedArray, serializeJson } from './serialized-json.js';

describe('an array joined from items serialized once', () => {
  const items = [{ name: 'Chain', price: 2499 }, { name: 'Pédale "Côté"', tags: ['a', 'b'] }, null];

  it.each([0, 1, 3])('has the bytes and the tag of the array serialized whole (%i items)', (n) => {
    const joined = serializedArray(
      items.slice(0, n).map((item) => serializeJson(item)),
      { 'x-total-count': String(n) },
    );
    const whole = serializeJson(items.slice(0, n));
    expect(new TextDecoder().decode(joined.body)).toBe(JSON.stringify(items.slice(0, n)));
    expect(joined.etag).toBe(whole.etag);
    expect(joined.headers).toEqual({ 'x-total-count': String(n) });
  });
});
