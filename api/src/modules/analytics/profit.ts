import type { components } from '@contract';
import type { Db } from '../../db/client.ts';
import type { SalesWindow } from '../../db/queries/analytics.ts';
import { profitByChannelAndSku, type ProfitRow } from '../../db/queries/profit.ts';

/** SKUs listed in the profit table: those with the most revenue. */
export const PROFIT_SKUS_LISTED = 50;

/** Ad spend per order: none until the advertising page exists (issue 25's second half). */
const AD_SPEND = '0.00';

/** One row's figures, as the contract gives them: revenue − cost − fees − ad spend − refunds, and what is missing. */
export type ProfitFigures = components['schemas']['ProfitFigures'];

const cents = (amount: string) => Math.round(Number(amount) * 100);
const money = (amountInCents: number) => (amountInCents / 100).toFixed(2);

function figuresOf(row: Omit<ProfitRow, 'group' | 'key' | 'title'>): ProfitFigures {
  const profit = cents(row.revenue) - cents(row.cost) - cents(row.fees) - cents(AD_SPEND) - cents(row.refunds);
  return {
    units: row.units,
    revenue: row.revenue,
    cost: row.cost,
    fees: row.fees,
    refunds: row.refunds,
    adSpend: AD_SPEND,
    profit: money(profit),
    estimated: row.estimated,
    unitsWithoutCost: row.unitsWithoutCost,
    ordersWithoutFees: row.ordersWithoutFees,
  };
}

const none = {
  units: 0,
  revenue: '0.00',
  cost: '0.00',
  fees: '0.00',
  refunds: '0.00',
  estimated: false,
  unitsWithoutCost: 0,
  ordersWithoutFees: 0,
};

/** Two rows' figures added, in whole cents. */
function add(sum: typeof none, row: typeof none): typeof none {
  const plus = (a: string, b: string) => money(cents(a) + cents(b));
  return {
    units: sum.units + row.units,
    revenue: plus(sum.revenue, row.revenue),
    cost: plus(sum.cost, row.cost),
    fees: plus(sum.fees, row.fees),
    refunds: plus(sum.refunds, row.refunds),
    estimated: sum.estimated || row.estimated,
    unitsWithoutCost: sum.unitsWithoutCost + row.unitsWithoutCost,
    ordersWithoutFees: sum.ordersWithoutFees + row.ordersWithoutFees,
  };
}

/**
 * The profit of the window's orders: in all, per channel shown (each, sales or not), and per SKU (the
 * PROFIT_SKUS_LISTED with the most revenue). The totals are the channels' sums.
 */
export async function profitReport(
  db: Db,
  window: SalesWindow,
  shown: ReadonlyArray<{ id: string; kind: string; displayName: string }>,
) {
  const rows = await profitByChannelAndSku(db, window, PROFIT_SKUS_LISTED);
  const byChannelId = new Map(rows.filter((r) => r.group === 'channel').map((r) => [r.key, r]));
  const channels = shown.map((channel) => ({ channel, row: byChannelId.get(channel.id) ?? none }));
  return {
    totals: figuresOf(channels.map((c) => c.row).reduce(add, none)),
    byChannel: channels.map(({ channel, row }) => ({
      channelId: channel.id,
      kind: channel.kind,
      displayName: channel.displayName,
      ...figuresOf(row),
    })),
    bySku: rows.filter((r) => r.group === 'sku').map((r) => ({ sku: r.key, title: r.title, ...figuresOf(r) })),
  };
}

export type ProfitReport = Awaited<ReturnType<typeof profitReport>>;
