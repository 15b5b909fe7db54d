import type { components } from '@contract';
import type { Db } from '../../db/client.ts';
import type { SalesWindow } from '../../db/queries/analytics.ts';
import { adSpendByChannelAndSku, profitByChannelAndSku, type ProfitRow } from '../../db/queries/profit.ts';

/** SKUs listed in the profit table: those with the most revenue. */
export const PROFIT_SKUS_LISTED = 50;

/** One row's figures, as the contract gives them: revenue − cost − fees − ad spend − refunds, and what is missing. */
export type ProfitFigures = components['schemas']['ProfitFigures'];

type Figures = Omit<ProfitRow, 'group' | 'key' | 'title'> & { adSpend: string };

const cents = (amount: string) => Math.round(Number(amount) * 100);
const money = (amountInCents: number) => (amountInCents / 100).toFixed(2);

function figuresOf(row: Figures): ProfitFigures {
  const profit = cents(row.revenue) - cents(row.cost) - cents(row.fees) - cents(row.adSpend) - cents(row.refunds);
  return {
    units: row.units,
    revenue: row.revenue,
    cost: row.cost,
    fees: row.fees,
    refunds: row.refunds,
    adSpend: row.adSpend,
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
  adSpend: '0.00',
  estimated: false,
  unitsWithoutCost: 0,
  ordersWithoutFees: 0,
};

/** Two rows' figures added, in whole cents. */
function add(sum: Figures, row: Figures): Figures {
  const plus = (a: string, b: string) => money(cents(a) + cents(b));
  return {
    units: sum.units + row.units,
    revenue: plus(sum.revenue, row.revenue),
    cost: plus(sum.cost, row.cost),
    fees: plus(sum.fees, row.fees),
    refunds: plus(sum.refunds, row.refunds),
    adSpend: plus(sum.adSpend, row.adSpend),
    estimated: sum.estimated || row.estimated,
    unitsWithoutCost: sum.unitsWithoutCost + row.unitsWithoutCost,
    ordersWithoutFees: sum.ordersWithoutFees + row.ordersWithoutFees,
  };
}

/**
 * The profit of the window's orders, less the ad spend of its days: in all, per channel shown (each, sales or
 * not; a channel's ad spend is its ad accounts'), and per SKU (the PROFIT_SKUS_LISTED with the most revenue,
 * less its ads' spend on every marketplace). The totals are the channels' sums.
 */
export async function profitReport(
  db: Db,
  window: SalesWindow,
  shown: ReadonlyArray<{ id: string; kind: string; displayName: string }>,
) {
  const [rows, spent] = [
    await profitByChannelAndSku(db, window, PROFIT_SKUS_LISTED),
    await adSpendByChannelAndSku(db, window),
  ];
  const spendOf = (group: 'channel' | 'sku', key: string) =>
    spent.find((s) => s.group === group && s.key === key)?.spend ?? '0.00';
  const byChannelId = new Map(rows.filter((r) => r.group === 'channel').map((r) => [r.key, r]));
  const channels = shown.map((channel) => ({
    channel,
    row: { ...(byChannelId.get(channel.id) ?? none), adSpend: spendOf('channel', channel.id) },
  }));
  return {
    totals: figuresOf(channels.map((c) => c.row).reduce(add, none)),
    byChannel: channels.map(({ channel, row }) => ({
      channelId: channel.id,
      kind: channel.kind,
      displayName: channel.displayName,
      ...figuresOf(row),
    })),
    bySku: rows
      .filter((r) => r.group === 'sku')
      .map((r) => ({ sku: r.key, title: r.title, ...figuresOf({ ...r, adSpend: spendOf('sku', r.key) }) })),
  };
}

export type ProfitReport = Awaited<ReturnType<typeof profitReport>>;
