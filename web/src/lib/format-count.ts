/**
 * Counts and shares as en-US's Intl writes them (`notation: 'compact'`, one decimal; whole
 * percentages), written here because the first Intl formatter a page makes costs 15–30 ms of the
 * main thread while it loads (tested against Intl in format-count.test.ts).
 */
const UNITS = ['', 'K', 'M', 'B', 'T'] as const;

/** Rounds half away from zero as Intl does, on the decimal the number stands for (0.145 → 15%). */
const roundHalfUp = (value: number): number => Math.round(Number(value.toPrecision(15)));

/** 950 → "950", 1234 → "1.2K", 999950 → "1M", 2500000 → "2.5M". */
export function compactCount(count: number): string {
  const sign = count < 0 ? '-' : '';
  let scaled = Math.abs(count);
  let unit = 0;
  while (scaled >= 1000 && unit < UNITS.length - 1) {
    scaled /= 1000;
    unit += 1;
  }
  let rounded = roundHalfUp(scaled * 10) / 10;
  // Rounding up to a thousand moves to the next unit: 999,950 is "1M", not "1000K".
  if (rounded >= 1000 && unit < UNITS.length - 1) {
    rounded = 1;
    unit += 1;
  }
  return `${sign}${rounded}${UNITS[unit]}`;
}

/** 0.755 → "76%". */
export const wholePercent = (share: number): string => `${roundHalfUp(share * 100)}%`;
