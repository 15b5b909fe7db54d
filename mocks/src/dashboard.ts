import { delay, type HttpHandler } from 'msw';
import type { components } from '@contract';
import { channelFixtures } from './channels';
import { http } from './http';

type Dashboard = components['schemas']['Dashboard'];
type SalesFigures = components['schemas']['SalesFigures'];

const { shopifyMain, amazonTarget, walmartPaused, ebayInError } = channelFixtures;
const usd = (amount: string) => ({ amount, currency: 'USD' });
const figures = (amount: string, orders: number, units: number): SalesFigures => ({
  revenue: [usd(amount)],
  orders,
  units,
});
const nothing: SalesFigures = { revenue: [], orders: 0, units: 0 };

/** A seller with Shopify as the main channel, Amazon and Walmart as targets, selling every day. */
const populated: Dashboard = {
  generatedAt: '2026-11-21T09:00:00.000Z',
  currency: 'USD',
  today: { revenue: [usd('1284.50'), { amount: '96.00', currency: 'EUR' }], orders: 23, units: 41 },
  last30Days: figures('38120.75', 612, 1133),
  byChannel: [
    {
      channelId: shopifyMain.id,
      channelKind: 'shopify',
      displayName: shopifyMain.displayName,
      today: figures('512.00', 9, 15),
      last30Days: figures('14210.40', 231, 402),
    },
    {
      channelId: amazonTarget.id,
      channelKind: 'amazon',
      displayName: amazonTarget.displayName,
      today: { revenue: [usd('702.50'), { amount: '96.00', currency: 'EUR' }], orders: 12, units: 23 },
      last30Days: figures('19880.35', 318, 611),
    },
    {
      channelId: walmartPaused.id,
      channelKind: 'walmart',
      displayName: walmartPaused.displayName,
      today: figures('70.00', 2, 3),
      last30Days: figures('4030.00', 63, 120),
    },
  ],
  health: [
    {
      channelId: shopifyMain.id,
      channelKind: 'shopify',
      displayName: shopifyMain.displayName,
      role: 'main',
      status: 'active',
      statusReason: null,
      lastSyncAt: shopifyMain.lastSyncAt,
      lagSeconds: null,
      waitingWrites: 0,
      failures24h: 0,
      rateLimitUse: 6,
      rateLimitOperation: 'graphql',
      rateLimitName: 'Admin API',
      rateLimited: 0,
    },
    {
      channelId: amazonTarget.id,
      channelKind: 'amazon',
      displayName: amazonTarget.displayName,
      role: 'target',
      status: 'active',
      statusReason: null,
      lastSyncAt: amazonTarget.lastSyncAt,
      lagSeconds: 42,
      waitingWrites: 12,
      failures24h: 3,
      rateLimitUse: 38,
      rateLimitOperation: 'patchListingsItem',
      rateLimitName: 'Listing updates',
      rateLimited: 0,
    },
    {
      channelId: walmartPaused.id,
      channelKind: 'walmart',
      displayName: walmartPaused.displayName,
      role: 'target',
      status: 'paused',
      statusReason: walmartPaused.statusReason,
      lastSyncAt: walmartPaused.lastSyncAt,
      lagSeconds: 57_600,
      waitingWrites: 38,
      failures24h: 0,
      rateLimitUse: 0,
      rateLimitOperation: null,
      rateLimitName: null,
      rateLimited: 0,
    },
  ],
  alerts: [
    { kind: 'failed_pushes', count: 3 },
    { kind: 'low_stock', count: 14 },
    { kind: 'open_drift', count: 2 },
  ],
  recentOrders: [
    {
      id: '0dde0000-0000-4000-8000-000000000001',
      channelId: amazonTarget.id,
      channelKind: 'amazon',
      marketplaceOrderId: '114-3941689-8772232',
      orderNumber: '114-3941689-8772232',
      status: 'open',
      orderedAt: '2026-11-21T08:52:00.000Z',
      units: 2,
      revenue: [usd('45.98')],
    },
    {
      id: '0dde0000-0000-4000-8000-000000000002',
      channelId: shopifyMain.id,
      channelKind: 'shopify',
      // Shopify's API names the order by its GID; the seller knows it by its name.
      marketplaceOrderId: 'gid://shopify/Order/5810031460512',
      orderNumber: '#1042',
      status: 'shipped',
      orderedAt: '2026-11-21T08:31:00.000Z',
      units: 1,
      revenue: [usd('80.00')],
    },
    {
      id: '0dde0000-0000-4000-8000-000000000003',
      channelId: walmartPaused.id,
      channelKind: 'walmart',
      marketplaceOrderId: '108829301',
      orderNumber: '2058830140431',
      status: 'cancelled',
      orderedAt: '2026-11-21T07:10:00.000Z',
      units: 0,
      revenue: [],
    },
  ],
  recentChanges: [
    {
      id: '0dce0000-0000-4000-8000-000000000001',
      at: '2026-11-21T08:52:03.000Z',
      cause: 'order',
      field: 'available',
      sku: 'MUG-BLUE-12',
      channelKind: null,
      before: '14',
      after: '12',
    },
    {
      id: '0dce0000-0000-4000-8000-000000000002',
      at: '2026-11-21T08:40:00.000Z',
      cause: 'bulk_edit',
      field: 'price',
      sku: 'LAMP-OAK',
      channelKind: 'amazon',
      before: '79.99',
      after: '74.99',
    },
  ],
  setup: { channelConnected: true, mainChosen: true, catalogueImported: true },
};

/** Dashboards the stories show; each is a full answer of GET /api/dashboard. */
export const dashboardFixtures = {
  populated,
  /** A new account: nothing connected, so no figures and the setup steps. */
  newAccount: {
    ...populated,
    currency: null,
    today: nothing,
    last30Days: nothing,
    byChannel: [],
    health: [],
    alerts: [],
    recentOrders: [],
    recentChanges: [],
    setup: { channelConnected: false, mainChosen: false, catalogueImported: false },
  },
  /** eBay's credentials stopped working: its sync stopped, values wait, and the alert says so. */
  channelInError: {
    ...populated,
    health: [
      ...populated.health.slice(0, 2),
      {
        channelId: ebayInError.id,
        channelKind: 'ebay',
        displayName: ebayInError.displayName,
        role: 'target',
        status: 'error',
        statusReason: ebayInError.statusReason,
        lastSyncAt: ebayInError.lastSyncAt,
        lagSeconds: 7_380,
        waitingWrites: 214,
        failures24h: 0,
        rateLimitUse: 0,
        rateLimitOperation: null,
        rateLimitName: null,
        rateLimited: 0,
      },
    ],
    alerts: [{ kind: 'channels_in_error', count: 1 }, ...populated.alerts],
  },
  /** A big repricing on Amazon: its busiest limit nearly spent, a few calls slowed by 429s, values waiting. */
  nearRateLimit: {
    ...populated,
    health: populated.health.map((c) =>
      c.channelKind === 'amazon'
        ? {
            ...c,
            lagSeconds: 95,
            waitingWrites: 1_840,
            rateLimitUse: 97,
            rateLimitOperation: 'patchListingsItem',
            rateLimitName: 'Listing updates',
            rateLimited: 4,
          }
        : c,
    ),
  },
  /** A trial whose main channel has 500 SKUs beyond its 1,000: the alert says so with the way to upgrade. */
  skuLimitReached: { ...populated, alerts: [...populated.alerts, { kind: 'sku_limit', count: 500 }] },
  /** The last 3 units of CH-00007 sold at once on Walmart, eBay and Amazon: 2 units short, the orders named. */
  oversold: {
    ...populated,
    alerts: [
      {
        kind: 'oversold',
        count: 1,
        oversold: [
          {
            sku: 'CH-00007',
            short: 2,
            orders: [
              { id: '0e0d0000-0000-4000-8000-000000000003', orderNumber: '113-4471902-6650212', channelKind: 'amazon' },
              { id: '0e0d0000-0000-4000-8000-000000000002', orderNumber: '27-11843-90215', channelKind: 'ebay' },
              { id: '0e0d0000-0000-4000-8000-000000000001', orderNumber: '108812345570212', channelKind: 'walmart' },
            ],
          },
        ],
      },
      ...populated.alerts,
    ],
  },
  /** Listings breaking marketplace rules: 4 error-level compliance issues (a too-long title, a bad barcode...). */
  complianceErrors: { ...populated, alerts: [{ kind: 'compliance_errors', count: 4 }, ...populated.alerts] },
  /** Channels connected, nothing sold yet: zero revenue in the account's currency. */
  noSalesYet: {
    ...populated,
    today: nothing,
    last30Days: nothing,
    byChannel: populated.byChannel.map((c) => ({ ...c, today: nothing, last30Days: nothing })),
    recentOrders: [],
  },
  /** A rule change on Amazon over 240 SKUs and a bulk price edit of 12: one row each. */
  groupedChanges: {
    ...populated,
    recentChanges: [
      {
        id: '0dce0000-0000-4000-8000-000000000011',
        at: '2026-11-21T08:58:00.000Z',
        cause: 'rule_change',
        field: 'quantity',
        sku: 'CH-00001',
        skuCount: 240,
        channelKind: 'amazon',
        before: null,
        after: null,
      },
      {
        id: '0dce0000-0000-4000-8000-000000000012',
        at: '2026-11-21T08:55:00.000Z',
        cause: 'bulk_edit',
        field: 'price',
        sku: 'LAMP-OAK',
        skuCount: 12,
        channelKind: null,
        before: null,
        after: null,
      },
      ...populated.recentChanges,
    ],
  },
} satisfies Record<string, Dashboard>;

const answer = (body: Dashboard) => http.get('/api/dashboard', ({ response }) => response(200).json(body));

export const dashboardHandlers = {
  populated: [answer(dashboardFixtures.populated)],
  newAccount: [answer(dashboardFixtures.newAccount)],
  channelInError: [answer(dashboardFixtures.channelInError)],
  nearRateLimit: [answer(dashboardFixtures.nearRateLimit)],
  skuLimitReached: [answer(dashboardFixtures.skuLimitReached)],
  oversold: [answer(dashboardFixtures.oversold)],
  complianceErrors: [answer(dashboardFixtures.complianceErrors)],
  noSalesYet: [answer(dashboardFixtures.noSalesYet)],
  groupedChanges: [answer(dashboardFixtures.groupedChanges)],
  loading: [
    http.get('/api/dashboard', async ({ response }) => {
      await delay('infinite');
      return response(200).json(populated);
    }),
  ],
  failsToLoad: [
    http.get('/api/dashboard', ({ response }) =>
      response(503).json({ message: 'The service is briefly unavailable. Try again.' }),
    ),
  ],
  /** Platform staff not viewing as a seller: the account's data is refused. */
  forbidden: [
    http.get('/api/dashboard', ({ response }) =>
      response(403).json({ message: "You don't have access to this account's data." }),
    ),
  ],
} satisfies Record<string, HttpHandler[]>;

export type DashboardScenario = keyof typeof dashboardHandlers;
