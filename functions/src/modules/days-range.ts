/**
 * The `from` and `to` of a list's query string (All Orders on `createdAt`, the audit log on `at`)
 * as filters on a time field.
 */
import type { Filter } from '../store/port.js';
import { validationFailed } from './errors.js';

/** Which documents, by a time field: each bound a filter on it. */
export interface DaysRange {
  from?: Filter;
  to?: Filter;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A day ("2026-03-31", UTC) or a time with its offset, as the instant it starts; else null. */
function instantOf(value: string): Date | null {
  if (DAY.test(value)) {
    const day = new Date(`${value}T00:00:00.000Z`);
    // Date reads "2026-02-30" as 2 March: a day that does not exist is refused.
    return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value) && inYears(day)
      ? day
      : null;
  }
  if (!TIME.test(value)) return null;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) || !inYears(time) ? null : time;
}

/** Years 1 to 9999: the ones an ISO date writes in four digits, as the stored times are. */
const inYears = (instant: Date) =>
  instant.getUTCFullYear() >= 1 && instant.getUTCFullYear() <= 9999;

/**
 * `from` and `to` of the query string: a day includes all of it (`to=2026-03-31` is up to the
 * end of that day, UTC); a time is exact. Either may be left out; a bad one is a 400.
 */
export function daysRange(query: { from?: string; to?: string }, field: string): DaysRange {
  const range: DaysRange = {};
  const bound = (name: 'from' | 'to') => {
    const value = query[name];
    if (value === undefined || value === '') return undefined;
    const instant = instantOf(value.trim());
    if (!instant) {
      throw validationFailed({
        [name]: `${name} must be a date like 2026-03-31 or a time like 2026-03-31T12:00:00Z, in the years 1 to 9999`,
      });
    }
    return { instant, day: DAY.test(value.trim()) };
  };
  const from = bound('from');
  const to = bound('to');
  if (from) range.from = { field, op: '>=', value: from.instant.toISOString() };
  // A day's end is the last instant before the next day: compared as text with `<=`, as the next
  // day after 9999-12-31 would be written "+010000-…", which sorts before every date.
  const last = to && to.instant.getTime() + (to.day ? DAY_MS - 1 : 0);
  if (to && last !== undefined) {
    range.to = { field, op: '<=', value: new Date(last).toISOString() };
  }
  if (from && last !== undefined && from.instant.getTime() > last) {
    throw validationFailed({ to: 'The end must not be before the start' });
  }
  return range;
}
