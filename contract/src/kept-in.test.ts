import { describe, expect, it } from 'vitest';
import { keptIn } from './kept-in.js';

describe('keptIn', () => {
  it('makes a value once per key, an undefined one too, and starts again past its limit', () => {
    const kept = new Map<string, number | undefined>();
    let made = 0;
    const lengthOf = (key: string) =>
      keptIn(kept, key, 2, () => {
        made += 1;
        return key === 'none' ? undefined : key.length;
      });

    expect([lengthOf('ab'), lengthOf('ab'), lengthOf('none'), lengthOf('none')]).toEqual([
      2,
      2,
      undefined,
      undefined,
    ]);
    expect(made).toBe(2);

    expect(lengthOf('abc')).toBe(3);
    expect([...kept.keys()]).toEqual(['abc']);
    expect(lengthOf('ab')).toBe(2);
    expect(made).toBe(4);
  });

  it('keeps only the values its rule keeps', () => {
    const kept = new Map<string, string | null>();
    let made = 0;
    const signed = (token: string) =>
      keptIn(
        kept,
        token,
        10,
        () => {
          made += 1;
          return token.startsWith('ok') ? token : null;
        },
        (value) => value !== null,
      );

    expect([signed('forged'), signed('forged'), signed('ok-1'), signed('ok-1')]).toEqual([
      null,
      null,
      'ok-1',
      'ok-1',
    ]);
    expect(made).toBe(3);
    expect([...kept.keys()]).toEqual(['ok-1']);
  });
});
