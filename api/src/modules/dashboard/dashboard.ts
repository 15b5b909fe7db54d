import type { components } from '@contract';
import { rateLimitName } from '../../marketplaces/rate-limit-names.ts';
import type { AppContext } from '../../context.ts';
import { accountCurrency } from '../../db/queries/account-currency.ts';
import { skuLimitOf } from './sku-limit.ts';
import { recheckChanged } from '../compliance/recheck.ts';
import { complianceErrorCount } from '../../db/queries/compliance.ts';
import {
  alertCounts,
  oversoldSkus,
  channelSyncHealth,
  recentChanges,
  recentOrders,
  salesByChannel,
  setupProgress,
  type ChannelSalesRow,
} from '../../db/queries/dashboard.ts';
import type { OrderLineRecord } from '../../db/schema/index.ts';

type Dashboard = components['schemas']['Dashboard'];
type SalesFigures = components['schemas']['SalesFigures'];
type SalesAmount = components['schemas']['SalesAmount'];

const DAY_MS = 24 * 3600 * 1000;
/** A product with this many units available or fewer is low on stock. */
export const LOW_STOCK_UNITS = 5;
const RECENT = 10;
/** Rate-limit use is measured over the last minute: a note older than that means no calls since. */
const RATE_LIMIT_WINDOW_MS = 60_000;

/** Midnight UTC of the day `at` falls on: the account's days are calendar days in UTC. */
export const startOfUtcDay = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));

/** Amounts summed per currency, the main currency first, then the others by name. */
function sumByCurrency(amounts: SalesAmount[], main: string | null): SalesAmount[] {
  const cents = new Map<string, bigint>();
  for (const a of amounts) cents.set(a.currency, (cents.get(a.currency) ?? 0n) + toCents(a.amount));
  return [...cents]
    .sort(([a], [b]) => (a === main ? -1 : b === main ? 1 : a.localeCompare(b)))
    .map(([currency, value]) => ({ currency, amount: fromCents(value) }));
}

function toCents(amount: string): bigint {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = amount.replace('-', '').split('.');
  const cents = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
  return negative ? -cents : cents;
}

function fromCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

function figures(rows: ChannelSalesRow[], main: string | null): SalesFigures {
  return {
    revenue: sumByCurrency(
      rows.flatMap((r) => r.revenue),
      main,
    ),
    orders: rows.reduce((n, r) => n + r.orders, 0),
    units: rows.reduce((n, r) => n + r.units, 0),
  };
}

const none: ChannelSalesRow = { channelId: '', orders: 0, units: 0, revenue: [] };

function orderFigures(status: string, lines: OrderLineRecord[], main: string | null) {
  const held = lines.map((l) => ({
    line: l,
    units: status === 'cancelled' ? 0 : Math.max(0, l.quantity - l.cancelledQuantity),
  }));
  return {
    units: held.reduce((n, h) => n + h.units, 0),
    revenue: sumByCurrency(
      held
        .filter((h) => h.line.price !== null && h.units > 0)
        .map((h) => ({
          currency: h.line.price!.currency,
          amount: fromCents(toCents(h.line.price!.amount) * BigInt(h.units)),
        })),
      main,
    ),
  };
}

/** The account at a glance (pages.md section 3, Dashboard). */
/** The open orders named per oversold SKU (the newest: one of them is to be cancelled). */
const OVERSOLD_ORDERS_SHOWN = 10;

export async function dashboard(ctx: AppContext, accountId: string): Promise<Dashboard> {
  const now = ctx.clock();
  const today = startOfUtcDay(now);
  const monthStart = new Date(today.getTime() - 29 * DAY_MS);
  const main = await accountCurrency(ctx.db, accountId);
  const [todayRows, monthRows, health, alerts, orders, changes, setup] = [
    await salesByChannel(ctx.db, accountId, today),
    await salesByChannel(ctx.db, accountId, monthStart),
    await channelSyncHealth(
      ctx.db,
      accountId,
      new Date(now.getTime() - DAY_MS),
      new Date(now.getTime() - RATE_LIMIT_WINDOW_MS),
    ),
    await alertCounts(ctx.db, accountId, LOW_STOCK_UNITS),
    await recentOrders(ctx.db, accountId, RECENT),
    await recentChanges(ctx.db, accountId, RECENT),
    await setupProgress(ctx.db, accountId),
  ];
  const inError = health.filter((c) => c.status === 'error').length;
  const oversold = await oversoldSkus(ctx.db, accountId, OVERSOLD_ORDERS_SHOWN);
  // The compliance issues as of now: what changed since their last check is checked first.
  await recheckChanged(ctx, accountId);
  const complianceErrors = await complianceErrorCount(ctx.db, accountId);
  const alertList: Dashboard['alerts'] = [
    { kind: 'failed_pushes' as const, count: alerts.failedPushes },
    { kind: 'channels_in_error' as const, count: inError },
    { kind: 'suppressed_listings' as const, count: alerts.suppressedListings },
    { kind: 'low_stock' as const, count: alerts.lowStock },
    { kind: 'open_drift' as const, count: alerts.openDrift },
    { kind: 'sku_limit' as const, count: (await skuLimitOf(ctx, accountId)).skusBeyondLimit },
    { kind: 'oversold' as const, count: oversold.length, oversold },
    { kind: 'compliance_errors' as const, count: complianceErrors },
  ].filter((a) => a.count > 0);
  return {
    generatedAt: now.toISOString(),
    currency: main,
    today: figures(todayRows, main),
    last30Days: figures(monthRows, main),
    byChannel: health.map((c) => ({
      channelId: c.id,
      channelKind: c.kind,
      displayName: c.displayName,
      today: figures([todayRows.find((r) => r.channelId === c.id) ?? none], main),
      last30Days: figures([monthRows.find((r) => r.channelId === c.id) ?? none], main),
    })),
    health: health.map((c) => ({
      channelId: c.id,
      channelKind: c.kind,
      displayName: c.displayName,
      role: c.role,
      status: c.status,
      statusReason: c.statusReason,
      lastSyncAt: c.lastSyncAt?.toISOString() ?? null,
      lagSeconds: c.oldestOpenWriteAt
        ? Math.max(0, Math.floor((now.getTime() - c.oldestOpenWriteAt.getTime()) / 1000))
        : null,
      waitingWrites: c.waitingWrites,
      failures24h: c.failures24h,
      rateLimitUse: c.rateLimit.percent,
      rateLimitOperation: c.rateLimit.operation,
      rateLimitName: c.rateLimit.operation === null ? null : rateLimitName(c.kind, c.rateLimit.operation),
      rateLimited: c.rateLimit.limited,
    })),
    alerts: alertList,
    recentOrders: orders.map((o) => ({
      id: o.id,
      channelId: o.channelId,
      channelKind: o.channelKind,
      marketplaceOrderId: o.marketplaceOrderId,
      orderNumber: o.orderNumber,
      status: o.status,
      orderedAt: o.orderedAt.toISOString(),
      ...orderFigures(o.status, o.lines, main),
    })),
    recentChanges: changes.map((c) => ({
      id: c.id,
      at: c.at.toISOString(),
      cause: c.cause,
      field: c.field,
      sku: c.sku,
      skuCount: c.skuCount,
      channelKind: c.channelKind,
      before: c.before,
      after: c.after,
    })),
    setup,
  };
}
