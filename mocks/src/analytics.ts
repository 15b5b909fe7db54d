import { delay, type HttpHandler } from 'msw';
import type { components } from '@contract';
import { channelFixtures } from './channels';
import { http } from './http';

type SalesReport = components['schemas']['SalesReport'];
type ReportFigures = components['schemas']['ReportFigures'];
type ProfitFigures = components['schemas']['ProfitFigures'];
type ProfitReport = components['schemas']['ProfitReport'];
type FeeTable = components['schemas']['FeeTable'];

const { shopifyMain, amazonTarget, walmartPaused } = channelFixtures;
const figures = (revenue: string, orders: number, units: number): ReportFigures => ({
  revenue,
  orders,
  units,
  averageOrderValue: orders > 0 ? (Number(revenue) / orders).toFixed(2) : null,
});
const days = ['2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21'];
const daily: Array<[string, number, number]> = [
  ['1210.40', 19, 35],
  ['980.00', 16, 28],
  ['0.00', 0, 0],
  ['1544.75', 24, 47],
  ['1302.10', 21, 39],
  ['1120.00', 18, 30],
  ['1284.50', 23, 41],
];

const daysBefore = ['2026-11-08', '2026-11-09', '2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13', '2026-11-14'];
const dailyBefore: Array<[string, number, number]> = [
  ['1010.00', 17, 31],
  ['1120.50', 18, 33],
  ['870.20', 14, 26],
  ['990.00', 16, 29],
  ['1005.40', 17, 31],
  ['880.00', 15, 27],
  ['944.00', 15, 28],
];

const channelsOfWeek = [
  { channelId: shopifyMain.id, kind: 'shopify' as const, displayName: shopifyMain.displayName },
  { channelId: amazonTarget.id, kind: 'amazon' as const, displayName: amazonTarget.displayName },
  { channelId: walmartPaused.id, kind: 'walmart' as const, displayName: walmartPaused.displayName },
];

const cents = (amount: string) => Math.round(Number(amount) * 100);
/** A row's profit figures: profit is revenue − cost − fees − ad spend − refunds. */
const profitFigures = (
  units: number,
  revenue: string,
  cost: string,
  fees: string,
  refunds: string,
  more: Partial<Pick<ProfitFigures, 'estimated' | 'unitsWithoutCost' | 'ordersWithoutFees' | 'adSpend'>> = {},
): ProfitFigures => ({
  units,
  revenue,
  cost,
  fees,
  refunds,
  adSpend: '0.00',
  estimated: false,
  unitsWithoutCost: 0,
  ordersWithoutFees: 0,
  ...more,
  profit: ((cents(revenue) - cents(cost) - cents(fees) - cents(more.adSpend ?? '0.00') - cents(refunds)) / 100).toFixed(
    2,
  ),
});

/** The week's profit: Amazon's fees read from Amazon, Shopify's and Walmart's estimated from the fee table. */
const weekProfit: ProfitReport = {
  // Amazon's Sponsored Products spent 84.60 in the week, 31.20 of it on the oak lamp's ads.
  totals: profitFigures(220, '7441.75', '2980.00', '847.20', '86.40', {
    estimated: true,
    ordersWithoutFees: 2,
    adSpend: '84.60',
  }),
  byChannel: [
    { ...channelsOfWeek[0]!, ...profitFigures(80, '2790.40', '1110.00', '94.72', '40.00', { estimated: true }) },
    {
      ...channelsOfWeek[1]!,
      ...profitFigures(117, '3931.35', '1570.00', '644.48', '46.40', { ordersWithoutFees: 2, adSpend: '84.60' }),
    },
    { ...channelsOfWeek[2]!, ...profitFigures(23, '720.00', '300.00', '108.00', '0.00', { estimated: true }) },
  ],
  bySku: [
    {
      sku: 'LAMP-OAK',
      title: 'Oak desk lamp',
      ...profitFigures(21, '1574.79', '630.00', '220.47', '74.99', { adSpend: '31.20' }),
    },
    {
      sku: 'MUG-BLUE-12',
      title: 'Blue stoneware mug, 12 oz',
      ...profitFigures(64, '1146.60', '384.00', '131.86', '11.41', { estimated: true }),
    },
    { sku: 'BOWL-SET-4', title: 'Ceramic bowl set of 4', ...profitFigures(18, '809.10', '324.00', '97.09', '0.00') },
  ],
};

/** A week of a seller with Shopify main, Amazon and Walmart targets, in New York time. */
const week: SalesReport = {
  from: '2026-11-15',
  to: '2026-11-21',
  timeZone: 'America/New_York',
  currency: 'USD',
  totals: figures('7441.75', 121, 220),
  // The week before: its days and channels add up to its figures.
  previous: {
    from: '2026-11-08',
    to: '2026-11-14',
    ...figures('6820.10', 112, 205),
    byDay: daysBefore.map((date, i) => ({ date, ...figures(...dailyBefore[i]!) })),
    byChannel: [
      { ...channelsOfWeek[0]!, ...figures('2510.10', 41, 76) },
      { ...channelsOfWeek[1]!, ...figures('3650.00', 59, 106) },
      { ...channelsOfWeek[2]!, ...figures('660.00', 12, 23) },
    ],
  },
  byDay: days.map((date, i) => ({ date, ...figures(...daily[i]!) })),
  byChannel: [
    { ...channelsOfWeek[0]!, ...figures('2790.40', 46, 80) },
    { ...channelsOfWeek[1]!, ...figures('3931.35', 62, 117) },
    { ...channelsOfWeek[2]!, ...figures('720.00', 13, 23) },
  ],
  topSkus: [
    {
      sku: 'MUG-BLUE-12',
      title: 'Blue stoneware mug, 12 oz',
      units: 64,
      revenue: '1146.60',
      sellThrough: 0.8,
      daysOutOfStock: 1.5,
    },
    { sku: 'LAMP-OAK', title: 'Oak desk lamp', units: 21, revenue: '1574.79', sellThrough: 0.35, daysOutOfStock: 0 },
    {
      sku: 'BOWL-SET-4',
      title: 'Ceramic bowl set of 4',
      units: 18,
      revenue: '809.10',
      sellThrough: null,
      daysOutOfStock: null,
    },
  ],
  slowestSkus: [
    { sku: 'VASE-TALL', title: 'Tall glass vase', units: 0, available: 42, sellThrough: 0, daysOutOfStock: 0 },
    { sku: 'PLATE-RIM', title: 'Rimmed dinner plate', units: 1, available: 120, sellThrough: 0.008, daysOutOfStock: 2 },
  ],
  refunds: { refunds: 3, refunded: '86.40', returns: 2 },
  profit: weekProfit,
};

const emptyDays = days.map((date) => ({ date, ...figures('0.00', 0, 0) }));
/** The week before the mocked one, when nothing sold then. */
const nothingBefore: SalesReport['previous'] = {
  from: '2026-11-08',
  to: '2026-11-14',
  ...figures('0.00', 0, 0),
  byDay: daysBefore.map((date) => ({ date, ...figures('0.00', 0, 0) })),
  byChannel: channelsOfWeek.map((c) => ({ ...c, ...figures('0.00', 0, 0) })),
};

/** Sales reports the stories show; each is a full answer of GET /api/analytics/sales. */
export const analyticsFixtures = {
  week,
  /** A first week of sales: nothing sold the week before. */
  firstWeek: { ...week, previous: nothingBefore },
  /** Channels connected, nothing sold in the range. */
  noSales: {
    ...week,
    totals: figures('0.00', 0, 0),
    previous: nothingBefore,
    byDay: emptyDays,
    byChannel: week.byChannel.map((c) => ({ ...c, ...figures('0.00', 0, 0) })),
    topSkus: [],
    slowestSkus: week.slowestSkus.map((s) => ({ ...s, units: 0, sellThrough: 0 })),
    refunds: { refunds: 0, refunded: '0.00', returns: 0 },
    profit: {
      totals: profitFigures(0, '0.00', '0.00', '0.00', '0.00'),
      byChannel: week.byChannel.map(({ channelId, kind, displayName }) => ({
        channelId,
        kind,
        displayName,
        ...profitFigures(0, '0.00', '0.00', '0.00', '0.00'),
      })),
      bySku: [],
    },
  },
  /** Only Shopify and Walmart sold: every fee is an estimate from the fee table. */
  estimateOnly: {
    ...week,
    profit: {
      totals: profitFigures(103, '3510.40', '1410.00', '202.72', '40.00', { estimated: true }),
      byChannel: [weekProfit.byChannel[0]!, weekProfit.byChannel[2]!],
      bySku: weekProfit.bySku.map((row) => ({ ...row, estimated: true })),
    },
  },
  /** Products without a cost: profit counts them at no cost, and says so. */
  noCostProducts: {
    ...week,
    profit: {
      totals: profitFigures(220, '7441.75', '0.00', '847.20', '86.40', { estimated: true, unitsWithoutCost: 220 }),
      byChannel: weekProfit.byChannel.map((row) => ({
        ...row,
        ...profitFigures(row.units, row.revenue, '0.00', row.fees, row.refunds, {
          estimated: row.estimated,
          unitsWithoutCost: row.units,
        }),
      })),
      bySku: weekProfit.bySku.map((row) => ({
        ...row,
        ...profitFigures(row.units, row.revenue, '0.00', row.fees, row.refunds, {
          estimated: row.estimated,
          unitsWithoutCost: row.units,
        }),
      })),
    },
  },
} satisfies Record<string, SalesReport>;

/** Answers with `body`; a channel filter narrows the channels listed, as the server does. */
const answer = (body: SalesReport) =>
  http.get('/api/analytics/sales', ({ response, request }) => {
    const asked = new URL(request.url).searchParams.getAll('channelIds');
    const shown = <T extends { channelId: string }>(rows: T[]) =>
      asked.length ? rows.filter((c) => asked.includes(c.channelId)) : rows;
    return response(200).json({
      ...body,
      previous: { ...body.previous, byChannel: shown(body.previous.byChannel) },
      byChannel: shown(body.byChannel),
      profit: { ...body.profit, byChannel: shown(body.profit.byChannel) },
    });
  });

/** The fee table as an account that never set it sees it: the defaults, Amazon's and eBay's reported by them. */
export const defaultFeeTable: FeeTable = {
  kinds: [
    { kind: 'amazon', percent: '15.000', fixed: '0.00', reportedByMarketplace: true, isDefault: true },
    { kind: 'walmart', percent: '15.000', fixed: '0.00', reportedByMarketplace: true, isDefault: true },
    { kind: 'ebay', percent: '13.600', fixed: '0.40', reportedByMarketplace: true, isDefault: true },
    { kind: 'shopify', percent: '2.900', fixed: '0.30', reportedByMarketplace: true, isDefault: true },
  ],
};

/** GET answers the table; PUT saves the kinds sent over it, as the server does (percent to three places). */
function feeTableHandlers(start: FeeTable) {
  let table = structuredClone(start);
  return [
    http.get('/api/analytics/fee-table', ({ response }) => response(200).json(table)),
    http.put('/api/analytics/fee-table', async ({ request, response }) => {
      const body = await request.json();
      table = {
        kinds: table.kinds.map((entry) => {
          const sent = body.kinds.find((k) => k.kind === entry.kind);
          if (!sent) return entry;
          const [percent, fixed] = [sent.percent.toFixed(3), Number(sent.fixed).toFixed(2)];
          const standard = defaultFeeTable.kinds.find((k) => k.kind === entry.kind)!;
          return { ...entry, percent, fixed, isDefault: percent === standard.percent && fixed === standard.fixed };
        }),
      };
      return response(200).json(table);
    }),
  ];
}

export const feeTableScenarios = {
  defaults: () => feeTableHandlers(defaultFeeTable),
  refused: () => [
    http.get('/api/analytics/fee-table', ({ response }) => response(200).json(defaultFeeTable)),
    http.put('/api/analytics/fee-table', ({ response }) =>
      response(400).json({ message: 'request/body/kinds/0/percent must be <= 100' }),
    ),
  ],
} satisfies Record<string, () => HttpHandler[]>;

export const analyticsHandlers = {
  week: [answer(analyticsFixtures.week)],
  firstWeek: [answer(analyticsFixtures.firstWeek)],
  noSales: [answer(analyticsFixtures.noSales)],
  estimateOnly: [answer(analyticsFixtures.estimateOnly)],
  noCostProducts: [answer(analyticsFixtures.noCostProducts)],
  loading: [
    http.get('/api/analytics/sales', async ({ response }) => {
      await delay('infinite');
      return response(200).json(week);
    }),
  ],
  failsToLoad: [
    http.get('/api/analytics/sales', ({ response }) =>
      response(503).json({ message: 'The service is briefly unavailable. Try again.' }),
    ),
  ],
} satisfies Record<string, HttpHandler[]>;

export type AnalyticsScenario = keyof typeof analyticsHandlers;
