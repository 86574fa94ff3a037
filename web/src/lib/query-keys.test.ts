import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys.js';

const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) =>
  prefix.every((part, index) => key[index] === part);

describe('query keys', () => {
  it("keep the original shop's cache names", () => {
    expect(queryKeys.parts.all()).toEqual(['products']);
    expect(queryKeys.parts.one('p1')).toEqual(['singleParts', 'p1']);
    expect(queryKeys.reviews()).toEqual(['reviews']);
  });

  it('put every orders query under the key that invalidates them all', () => {
    for (const key of [
      queryKeys.orders.all(),
      queryKeys.orders.allMatching({ status: 'paid', page: 2 }),
      queryKeys.orders.mine('ada@example.com'),
      queryKeys.orders.one('o1'),
    ])
      expect(startsWith(key, queryKeys.orders.any())).toBe(true);
  });

  it("put every part's page under the key that invalidates them all", () => {
    expect(startsWith(queryKeys.parts.one('p1'), queryKeys.parts.anyOne())).toBe(true);
    expect(startsWith(queryKeys.parts.all(), queryKeys.parts.anyOne())).toBe(false);
  });

  it('put the pages of a list under the key that a change of the list invalidates', () => {
    expect(startsWith(queryKeys.orders.allMatching({ q: 'chain' }), queryKeys.orders.all())).toBe(
      true,
    );
    expect(startsWith(queryKeys.parts.matching({ sort: 'newest' }), queryKeys.parts.all())).toBe(
      true,
    );
    expect(startsWith(queryKeys.usersMatching({ role: 'admin' }), queryKeys.users())).toBe(true);
  });
});
