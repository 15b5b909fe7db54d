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

/** The week before `week` (its `previous` range), asked for by the charts: its days add up to `week.previous`. */
const weekBefore: SalesReport = {
  ...week,
  from: '2026-11-08',
  to: '2026-11-14',
  totals: figures('6820.10', 112, 205),
  previous: { from: '2026-11-01', to: '2026-11-07', ...figures('6405.00', 104, 190) },
  byDay: daysBefore.map((date, i) => ({ date, ...figures(...dailyBefore[i]!) })),
  byChannel: [
    { ...week.byChannel[0]!, ...figures('2510.10', 41, 76) },
    { ...week.byChannel[1]!, ...figures('3650.00', 59, 106) },
    { ...week.byChannel[2]!, ...figures('660.00', 12, 23) },
  ],
};

const emptyDays = days.map((date) => ({ date, ...figures('0.00', 0, 0) }));

/** Sales reports the stories show; each is a full answer of GET /api/analytics/sales. */
export const analyticsFixtures = {
  week,
  weekBefore,
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

/** The report's own `previous` range, empty: what a period before the mocked one sold when nothing is said. */
const emptyBefore = (report: SalesReport): SalesReport => {
  const shift = (date: string, days: number) =>
    new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const length = report.byDay.length;
  return {
    ...report,
    from: report.previous.from,
    to: report.previous.to,
    totals: figures('0.00', 0, 0),
    previous: {
      from: shift(report.previous.from, -length),
      to: shift(report.previous.from, -1),
      ...figures('0.00', 0, 0),
    },
    byDay: report.byDay.map((day) => ({ date: shift(day.date, -length), ...figures('0.00', 0, 0) })),
    byChannel: report.byChannel.map((c) => ({ ...c, ...figures('0.00', 0, 0) })),
    topSkus: [],
    refunds: { refunds: 0, refunded: '0.00', returns: 0 },
  };
};

/**
 * Answers with `body`, or with `before` when asked for the range body names as its previous period
 * (as the charts ask, to draw each day against the same day before).
 */
const answer = (body: SalesReport, before: SalesReport = emptyBefore(body)) =>
  http.get('/api/analytics/sales', ({ response, request }) => {
    const query = new URL(request.url).searchParams;
    const report = query.get('from') === body.previous.from ? before : body;
    const asked = query.getAll('channelIds');
    // A channel filter narrows the channels listed, as the server does.
    return response(200).json(
      asked.length ? { ...report, byChannel: report.byChannel.filter((c) => asked.includes(c.channelId)) } : report,
    );
  });

export const analyticsHandlers = {
  week: [answer(analyticsFixtures.week, weekBefore)],
  /** The week, but the previous period's report fails: the charts show this period alone. */
  previousFails: [
    http.get('/api/analytics/sales', ({ response, request }) =>
      new URL(request.url).searchParams.get('from') === week.previous.from
        ? response(503).json({ message: 'The service is briefly unavailable. Try again.' })
        : response(200).json(week),
    ),
  ],
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
