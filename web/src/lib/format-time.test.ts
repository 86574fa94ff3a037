import { describe, expect, it } from 'vitest';
import { formatDay, formatDeadline } from './format-time.js';

describe('formatDeadline', () => {
  const now = new Date(2026, 2, 14, 14, 5);

  it('gives the time alone for a deadline later today', () => {
    const text = formatDeadline(new Date(2026, 2, 14, 14, 35).toISOString(), now);
    expect(text).toMatch(/^(14|2):35/);
    expect(text).not.toMatch(/2026/);
  });

  it('adds the date for a deadline on another day', () => {
    const text = formatDeadline(new Date(2026, 2, 15, 0, 10).toISOString(), now);
    expect(text).toMatch(/2026/);
    expect(text).toMatch(/(12|0?0):10/);
  });
});

describe('formatDay', () => {
  it('writes the day in UTC, the same on the server and in any browser', () => {
    expect(formatDay('2026-11-23T23:59:00.000Z')).toBe('23 Nov 2026');
    expect(formatDay('2026-01-01T00:00:00.000Z')).toBe('1 Jan 2026');
  });
});
