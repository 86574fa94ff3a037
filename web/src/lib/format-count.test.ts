import { describe, expect, it } from 'vitest';
import { compactCount, wholePercent } from './format-count.js';

const intlCompact = new Intl.NumberFormat('en-US', {
  notation: 'compact',
  maximumFractionDigits: 1,
});
const intlPercent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 0 });

describe('counts written without Intl', () => {
  it('writes every count as Intl does, across the units and at their edges', () => {
    const counts = [0, 1, 7, 999, 1000, 1049, 1050, 1051, 1234, 9999, 9950, 12_345, 99_999];
    counts.push(999_949, 999_950, 1_000_000, 2_500_000, 999_950_000, 1_234_567_890, 3e12);
    for (let n = 0; n < 2000; n += 1) counts.push(Math.floor(Math.random() * 10 ** (1 + (n % 12))));
    for (const count of counts)
      expect(compactCount(count), String(count)).toBe(intlCompact.format(count));
  });

  it('writes every share as a whole percentage as Intl does', () => {
    const shares = [0, 0.004, 0.005, 0.5, 0.755, 0.999, 1];
    for (let n = 0; n <= 1000; n += 1) shares.push(n / 1000);
    for (const share of shares)
      expect(wholePercent(share), String(share)).toBe(intlPercent.format(share));
  });
});
