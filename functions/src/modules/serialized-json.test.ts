import { describe, expect, it } from 'vitest';
import { serializedArray, serializeJson } from './serialized-json.js';

describe('an array joined from items serialized once', () => {
  const items = [{ name: 'Chain', price: 2499 }, { name: 'Pédale "Côté"', tags: ['a', 'b'] }, null];

  it.each([0, 1, 3])('has the bytes of the array serialized whole (%i items)', (n) => {
    const joined = serializedArray(
      items.slice(0, n).map((item) => serializeJson(item)),
      { 'x-total-count': String(n) },
    );
    expect(new TextDecoder().decode(joined.body)).toBe(JSON.stringify(items.slice(0, n)));
    expect(joined.headers).toEqual({ 'x-total-count': String(n) });
  });

  it('tags equal items alike and different items, or the same in another order, apart', () => {
    const [a, b, c] = items.map((item) => serializeJson(item));
    const tag = (...parts: ReturnType<typeof serializeJson>[]) => serializedArray(parts).etag;
    expect(tag(a!, b!)).toBe(tag(serializeJson(items[0]), serializeJson(items[1])));
    expect(new Set([tag(), tag(a!), tag(a!, b!), tag(b!, a!), tag(a!, b!, c!)]).size).toBe(5);
    expect(tag(a!)).toMatch(/^"[\w-]+"$/);
    expect(serializedArray([a!], { 'x-total-count': '1' }).etag).not.toBe(
      serializedArray([a!], { 'x-total-count': '7' }).etag,
    );
  });
});
