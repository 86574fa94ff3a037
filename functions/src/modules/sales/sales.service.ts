/**
 * GET /admin/sales (docs/decisions/070): the figures of a range of days and of the period just
 * before it, from the daily totals (sales-days.ts), the product views per day and the parts low on
 * stock. What it reads grows with the days asked for and the parts sold on them, never with the
 * orders.
 */
import {
  addDays,
  dayIn,
  daysBetween,
  type LowStockItem,
  type SalesDay,
  type SalesQuery,
  type SalesReport,
  type SalesTotals,
  type TopPart,
} from '@sprocket/contract';
import type { Store } from '../../store/port.js';
import { LOW_STOCK, type LowStockDoc } from '../stock/low-stock.js';
import { viewsPerDay } from '../views/product-views.js';
import { orderEventsLag } from '../orders/order-outbox.js';
import {
  emptySalesDay,
  SALES_DAY_PARTS,
  SALES_DAYS,
  type PartSales,
  type SalesDayDoc,
  type SalesDayPartsDoc,
} from './sales-days.js';

/** How many parts each top list shows. */
export const TOP_PARTS = 10;

/** The days a query names: from and to, `days` ending today, or the last 7 days. */
export function salesRange(query: SalesQuery, today: string): { from: string; to: string } {
  if (query.from || query.to) {
    const to = query.to || today;
    return { from: query.from || addDays(to, -6), to };
  }
  const days = query.days ?? 7;
  return { from: addDays(today, -(days - 1)), to: today };
}

const inRange = (from: string, to: string) => [
  { field: 'day', op: '>=' as const, value: from },
  { field: 'day', op: '<=' as const, value: to },
];

function totalsOf(days: SalesDayDoc[], productViews: number): SalesTotals {
  const sum = (pick: (day: SalesDayDoc) => number) =>
    days.reduce((total, day) => total + pick(day), 0);
  const revenue = sum((day) => day.revenue);
  const orders = sum((day) => day.orders);
  const refundedAmount = sum((day) => day.refundedAmount);
  return {
    revenue,
    orders,
    averageOrderValue: orders === 0 ? 0 : Math.round(revenue / orders),
    refunds: sum((day) => day.refunds),
    refundedAmount,
    netRevenue: revenue - refundedAmount,
    productViews,
    conversion: productViews === 0 ? null : orders / productViews,
  };
}

function topParts(docs: SalesDayPartsDoc[]): { byRevenue: TopPart[]; byUnits: TopPart[] } {
  const merged = new Map<string, PartSales>();
  for (const doc of docs) {
    for (const [partId, sold] of Object.entries(doc.parts)) {
      const was = merged.get(partId);
      merged.set(partId, {
        name: sold.name,
        revenue: (was?.revenue ?? 0) + sold.revenue,
        units: (was?.units ?? 0) + sold.units,
      });
    }
  }
  const parts = [...merged].map(([partId, sold]) => ({
    partId,
    partName: sold.name,
    revenue: sold.revenue,
    units: sold.units,
  }));
  const by = (key: 'revenue' | 'units') =>
    [...parts]
      .sort((a, b) => b[key] - a[key] || a.partName.localeCompare(b.partName))
      .slice(0, TOP_PARTS);
  return { byRevenue: by('revenue'), byUnits: by('units') };
}

/** Every part and variant at or below its threshold, the fewest units first. */
export async function lowStockItems(store: Store): Promise<LowStockItem[]> {
  const docs = await store.query<LowStockDoc>(LOW_STOCK);
  return docs
    .map(({ data }) => ({
      partId: data.partId,
      ...(data.sku === undefined ? {} : { sku: data.sku }),
      name: data.name,
      units: data.units,
      threshold: data.threshold,
      since: data.since,
    }))
    .sort((a, b) => a.units - b.units || a.name.localeCompare(b.name));
}

export async function salesReport(
  store: Store,
  config: { timeZone: string; currency: string },
  query: SalesQuery,
  now: Date,
): Promise<SalesReport> {
  const { from, to } = salesRange(query, dayIn(config.timeZone, now));
  const length = daysBetween(from, to);
  const previousTo = addDays(from, -1);
  const previousFrom = addDays(previousTo, -(length - 1));
  const [dayDocs, partDocs, views, lowStock, lag] = await Promise.all([
    store.query<SalesDayDoc>(SALES_DAYS, { where: inRange(previousFrom, to) }),
    store.query<SalesDayPartsDoc>(SALES_DAY_PARTS, { where: inRange(from, to) }),
    viewsPerDay(store, previousFrom, to),
    lowStockItems(store),
    orderEventsLag(store, now),
  ]);
  const byDay = new Map(dayDocs.map(({ data }) => [data.day, data]));
  const daysOf = (start: string, count: number) =>
    Array.from({ length: count }, (_, index) => {
      const day = addDays(start, index);
      return byDay.get(day) ?? emptySalesDay(day);
    });
  const viewsOf = (start: string, end: string) =>
    [...views].reduce((sum, [day, count]) => (day >= start && day <= end ? sum + count : sum), 0);
  const current = daysOf(from, length);
  const top = topParts(partDocs.map(({ data }) => data));
  return {
    from,
    to,
    previousFrom,
    previousTo,
    timeZone: config.timeZone,
    currency: config.currency,
    current: totalsOf(current, viewsOf(from, to)),
    previous: totalsOf(daysOf(previousFrom, length), viewsOf(previousFrom, previousTo)),
    days: current.map(({ day, revenue, orders, refunds, refundedAmount }): SalesDay => ({
      day,
      revenue,
      orders,
      refunds,
      refundedAmount,
    })),
    topByRevenue: top.byRevenue,
    topByUnits: top.byUnits,
    lowStock,
    lag,
  };
}
