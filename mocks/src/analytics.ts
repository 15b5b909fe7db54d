import { delay, type HttpHandler } from 'msw';
import type { components } from '@contract';
import { channelFixtures } from './channels';
import { http } from './http';

type SalesReport = components['schemas']['SalesReport'];
type ReportFigures = components['schemas']['ReportFigures'];

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

/** A week of a seller with Shopify main, Amazon and Walmart targets, in New York time. */
const week: SalesReport = {
  from: '2026-11-15',
  to: '2026-11-21',
  timeZone: 'America/New_York',
  currency: 'USD',
  totals: figures('7441.75', 121, 220),
  previous: { from: '2026-11-08', to: '2026-11-14', ...figures('6820.10', 112, 205) },
  byDay: days.map((date, i) => ({ date, ...figures(...daily[i]!) })),
  byChannel: [
    { channelId: shopifyMain.id, kind: 'shopify', displayName: shopifyMain.displayName, ...figures('2790.40', 46, 80) },
    {
      channelId: amazonTarget.id,
      kind: 'amazon',
      displayName: amazonTarget.displayName,
      ...figures('3931.35', 62, 117),
    },
    {
      channelId: walmartPaused.id,
      kind: 'walmart',
      displayName: walmartPaused.displayName,
      ...figures('720.00', 13, 23),
    },
  ],
  topSkus: [
    { sku: 'MUG-BLUE-12', title: 'Blue stoneware mug, 12 oz', units: 64, revenue: '1146.60' },
    { sku: 'LAMP-OAK', title: 'Oak desk lamp', units: 21, revenue: '1574.79' },
    { sku: 'BOWL-SET-4', title: 'Ceramic bowl set of 4', units: 18, revenue: '809.10' },
  ],
  slowestSkus: [
    { sku: 'VASE-TALL', title: 'Tall glass vase', units: 0, available: 42 },
    { sku: 'PLATE-RIM', title: 'Rimmed dinner plate', units: 1, available: 120 },
  ],
  refunds: { refunds: 3, refunded: '86.40', returns: 2 },
};

const emptyDays = days.map((date) => ({ date, ...figures('0.00', 0, 0) }));

/** Sales reports the stories show; each is a full answer of GET /api/analytics/sales. */
export const analyticsFixtures = {
  week,
  /** Channels connected, nothing sold in the range. */
  noSales: {
    ...week,
    totals: figures('0.00', 0, 0),
    previous: { from: '2026-11-08', to: '2026-11-14', ...figures('0.00', 0, 0) },
    byDay: emptyDays,
    byChannel: week.byChannel.map((c) => ({ ...c, ...figures('0.00', 0, 0) })),
    topSkus: [],
    slowestSkus: week.slowestSkus.map((s) => ({ ...s, units: 0 })),
    refunds: { refunds: 0, refunded: '0.00', returns: 0 },
  },
} satisfies Record<string, SalesReport>;

const answer = (body: SalesReport) =>
  http.get('/api/analytics/sales', ({ response, request }) => {
    const asked = new URL(request.url).searchParams.getAll('channelIds');
    // A channel filter narrows the channels listed, as the server does.
    return response(200).json(
      asked.length ? { ...body, byChannel: body.byChannel.filter((c) => asked.includes(c.channelId)) } : body,
    );
  });

export const analyticsHandlers = {
  week: [answer(analyticsFixtures.week)],
  noSales: [answer(analyticsFixtures.noSales)],
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
