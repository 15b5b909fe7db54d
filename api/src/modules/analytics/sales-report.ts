import { AppError, type AppContext } from '../../context.ts';
import { accountCurrency } from '../../db/queries/account-currency.ts';
import {
  bestAndSlowestSkus,
  channelsOfAccount,
  refundsAndReturns,
  salesByDayAndChannel,
  startOfDayIn,
  type SalesFiguresRow,
  type SalesWindow,
} from '../../db/queries/analytics.ts';
import { coversWholeHours, salesByDayAndChannelFromRollup } from '../../db/queries/sales-rollups.ts';
import { stockOverSpan } from '../../db/queries/stock-levels.ts';
import { profitReport } from './profit.ts';

/** The longest range a report covers: a year, leap day included. */
export const MAX_REPORT_DAYS = 366;
/** SKUs listed as the best and the slowest sellers. */
export const SKUS_LISTED = 10;

export interface SalesReportRequest {
  /** Calendar dates (YYYY-MM-DD), both included, in `timeZone`. */
  from: string;
  to: string;
  timeZone: string;
  channelIds: string[] | null;
}

export interface SalesFigures {
  revenue: string;
  orders: number;
  units: number;
  /** Revenue per order; null without orders. */
  averageOrderValue: string | null;
}

const DAY_MS = 86_400_000;

/**
 * The window's figures per day and channel: from the hourly rollup where the time zone's days are whole UTC
 * hours (its work grows with the hours of the range, not its orders), else from the orders' lines.
 */
async function figuresByDayAndChannel(ctx: AppContext, window: SalesWindow) {
  return coversWholeHours(window.timeZone, window.start, window.end)
    ? salesByDayAndChannelFromRollup(ctx.db, window)
    : salesByDayAndChannel(ctx.db, window);
}

const cents = (amount: string) => Math.round(Number(amount) * 100);

/** Two rows' figures added (amounts in whole cents, so no float error creeps into a sum of many). */
function add(sum: SalesFiguresRow, row: SalesFiguresRow): SalesFiguresRow {
  return {
    revenue: ((cents(sum.revenue) + cents(row.revenue)) / 100).toFixed(2),
    orders: sum.orders + row.orders,
    units: sum.units + row.units,
  };
}

/** Rows summed by a key (an order is in one day and one channel: its counts add up). */
function sumBy<T extends SalesFiguresRow, K>(rows: readonly T[], keyOf: (row: T) => K): Map<K, SalesFiguresRow> {
  const sums = new Map<K, SalesFiguresRow>();
  for (const row of rows) sums.set(keyOf(row), add(sums.get(keyOf(row)) ?? none, row));
  return sums;
}

const none: SalesFiguresRow = { revenue: '0.00', orders: 0, units: 0 };

function withAverage(row: SalesFiguresRow): SalesFigures {
  const average = row.orders > 0 ? (Number(row.revenue) / row.orders).toFixed(2) : null;
  return { revenue: row.revenue, orders: row.orders, units: row.units, averageOrderValue: average };
}

const dayBefore = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** The calendar dates from `from` to `to`, both included. */
function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += DAY_MS)
    dates.push(new Date(at).toISOString().slice(0, 10));
  return dates;
}

function validTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The account's sales for a range of days and a set of channels: totals against the same number of
 * days just before, each day, each channel, the best and slowest selling SKUs, refunds and returns, and
 * the profit of the range's orders per channel and SKU (profit.ts).
 * Revenue is in the account's currency (the main channel's).
 */
export async function salesReport(ctx: AppContext, accountId: string, request: SalesReportRequest) {
  const days = datesBetween(request.from, request.to);
  if (days.length === 0) throw new AppError(400, 'The range must start on or before the day it ends.');
  if (days.length > MAX_REPORT_DAYS)
    throw new AppError(400, `A report covers at most ${MAX_REPORT_DAYS} days: choose a shorter range.`);
  if (!validTimeZone(request.timeZone)) throw new AppError(400, `${request.timeZone} is not a time zone we know.`);
  const accountChannels = await channelsOfAccount(ctx.db, accountId);
  const known = new Set(accountChannels.map((c) => c.id));
  // Another account's channel is no channel of this one: the same answer as a channel that never was.
  if (request.channelIds?.some((id) => !known.has(id))) throw new AppError(400, 'No such channel.');

  const currency = (await accountCurrency(ctx.db, accountId)) ?? 'USD';
  const start = await startOfDayIn(ctx.db, request.from, request.timeZone);
  const end = await startOfDayIn(ctx.db, dayAfter(request.to), request.timeZone);
  const previousFrom = new Date(Date.parse(`${request.from}T00:00:00Z`) - days.length * DAY_MS)
    .toISOString()
    .slice(0, 10);
  const window: SalesWindow = {
    accountId,
    start,
    end,
    timeZone: request.timeZone,
    currency,
    channelIds: request.channelIds,
  };
  const previous: SalesWindow = {
    ...window,
    start: await startOfDayIn(ctx.db, previousFrom, request.timeZone),
    end: start,
  };

  const shown = accountChannels.filter((c) => !request.channelIds || request.channelIds.includes(c.id));
  /** A period's figures: in all, each of its days (none left out), each channel shown. */
  const period = async (periodWindow: SalesWindow, periodDays: string[]) => {
    const figures = await figuresByDayAndChannel(ctx, periodWindow);
    const byDay = sumBy(figures, (row) => row.day);
    const byChannel = sumBy(figures, (row) => row.channelId);
    return {
      totals: withAverage(figures.reduce(add, none)),
      byDay: periodDays.map((date) => ({ date, ...withAverage(byDay.get(date) ?? none) })),
      byChannel: shown.map((channel) => ({
        channelId: channel.id,
        kind: channel.kind,
        displayName: channel.displayName,
        ...withAverage(byChannel.get(channel.id) ?? none),
      })),
    };
  };
  const current = await period(window, days);
  const before = await period(previous, datesBetween(previousFrom, dayBefore(request.from)));
  const skus = await withStock(ctx, window, await bestAndSlowestSkus(ctx.db, window, SKUS_LISTED));
  return {
    from: request.from,
    to: request.to,
    timeZone: request.timeZone,
    currency,
    totals: current.totals,
    previous: {
      from: previousFrom,
      to: dayBefore(request.from),
      ...before.totals,
      byDay: before.byDay,
      byChannel: before.byChannel,
    },
    byDay: current.byDay,
    byChannel: current.byChannel,
    topSkus: skus.top,
    slowestSkus: skus.slowest,
    refunds: await refundsAndReturns(ctx.db, window),
    profit: await profitReport(ctx.db, window, shown),
  };
}

/**
 * Each listed SKU's days out of stock in the range (up to now) and its sell-through: the units it sold in
 * the range over those units and what was left available at the range's end. Both null without a stock
 * history of the SKU for the range (the catalogue lacks it: sold on a target only; or it was added after the
 * range), sell-through also when it sold none and none was left.
 */
async function withStock<Top extends { sku: string; units: number }, Slow extends { sku: string; units: number }>(
  ctx: AppContext,
  window: SalesWindow,
  skus: { top: Top[]; slowest: Slow[] },
) {
  const stop = new Date(Math.min(window.end.getTime(), ctx.clock().getTime()));
  const listed = [...new Set([...skus.top, ...skus.slowest].map((row) => row.sku))];
  const stock = new Map(
    (await stockOverSpan(ctx.db, window.accountId, listed, window.start, stop)).map((row) => [row.sku, row]),
  );
  const figures = (row: { sku: string; units: number }) => {
    const held = stock.get(row.sku);
    if (!held) return { sellThrough: null, daysOutOfStock: null };
    const sold = row.units + held.availableAtEnd;
    return {
      sellThrough: sold > 0 ? Math.round((row.units / sold) * 1000) / 1000 : null,
      daysOutOfStock: Math.round(held.daysOutOfStock * 10) / 10,
    };
  };
  return {
    top: skus.top.map((row) => ({ ...row, ...figures(row) })),
    slowest: skus.slowest.map((row) => ({ ...row, ...figures(row) })),
  };
}

export type SalesReport = Awaited<ReturnType<typeof salesReport>>;
