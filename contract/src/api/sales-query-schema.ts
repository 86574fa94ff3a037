/** GET /admin/sales's query string, checked (kept apart from sales.ts so pages load no yup). */
import * as yup from 'yup';
import { queryWholeNumber } from './catalogue-query-schema.js';
import { daysBetween, isDay, SALES_MAX_DAYS } from './sales.js';

const dayField = (name: string) =>
  yup
    .string()
    .trim()
    .max(10, `${name} is a day like 2026-03-31`)
    .test('day', `${name} is a day like 2026-03-31`, (value) => !value || isDay(value))
    .optional();

/**
 * GET /admin/sales?from=&to= (days, inclusive, in the shop's time zone) or ?days=N (the N days
 * that end today); neither: the last 7 days.
 */
export const salesQuerySchema = yup
  .object({
    from: dayField('From'),
    to: dayField('To'),
    days: queryWholeNumber('Days', 1, SALES_MAX_DAYS).optional(),
  })
  .test('range', 'The end must not be before the start', function (query) {
    const { from, to } = query;
    if (!from || !to) return true;
    if (from > to) {
      return this.createError({ path: 'to', message: 'The end must not be before the start' });
    }
    if (daysBetween(from, to) > SALES_MAX_DAYS) {
      return this.createError({ path: 'to', message: `A range is at most ${SALES_MAX_DAYS} days` });
    }
    return true;
  });
export type SalesQuery = yup.InferType<typeof salesQuerySchema>;
