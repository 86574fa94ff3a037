import { describe, expect, it } from 'vitest';
import { listSearch } from './list-search.js';

describe('listSearch', () => {
  it('writes the given parameters, encoded, and leaves out empty ones', () => {
    expect(listSearch({ q: 'chain & co', status: '', sort: '-createdAt', page: 2 })).toBe(
      '?q=chain%20%26%20co&sort=-createdAt&page=2',
    );
  });

  it('is empty when nothing is asked for', () => {
    expect(listSearch({ q: undefined, role: '' })).toBe('');
  });
});
