import { delay, type HttpHandler } from 'msw';
import type { components } from '@contract';
import { http } from './http';

type Channel = components['schemas']['Channel'];

const rules = {
  syncQuantity: true,
  syncPrice: true,
  stockPercent: 100,
  bufferUnits: 0,
  maxQuantity: null,
  outOfStockThreshold: 0,
  createOrdersInShopify: false,
  syncTitle: true,
} satisfies Channel['rules'];

/** A seller's channels: Shopify main, Amazon and Walmart targets, eBay in error. */
export const channelFixtures = {
  shopifyMain: {
    id: '7a1c0000-0000-4000-8000-000000000001',
    kind: 'shopify',
    role: 'main',
    status: 'active',
    statusReason: null,
    environment: 'sandbox',
    externalSellerId: 'cooper-home.myshopify.com',
    displayName: 'Cooper Home',
    rules,
    connectedAt: '2026-11-02T09:00:00.000Z',
    lastSyncAt: '2026-11-21T08:58:00.000Z',
    health: {
      listings: 1240,
      listingsInError: 0,
      waitingWrites: 0,
      failures24h: 0,
      lastFailureAt: null,
      lastFailureReason: null,
    },
  },
  amazonTarget: {
    id: '7a1c0000-0000-4000-8000-000000000002',
    kind: 'amazon',
    role: 'target',
    status: 'active',
    statusReason: null,
    environment: 'sandbox',
    externalSellerId: 'A2COOPERHOME',
    displayName: 'Cooper Home (Amazon US)',
    rules: { ...rules, stockPercent: 80, bufferUnits: 2 },
    connectedAt: '2026-11-03T10:00:00.000Z',
    lastSyncAt: '2026-11-21T08:57:30.000Z',
    health: {
      listings: 1198,
      listingsInError: 3,
      waitingWrites: 12,
      failures24h: 3,
      lastFailureAt: null,
      lastFailureReason: null,
    },
  },
  walmartPaused: {
    id: '7a1c0000-0000-4000-8000-000000000003',
    kind: 'walmart',
    role: 'target',
    status: 'paused',
    statusReason: 'Paused by a user',
    environment: 'sandbox',
    externalSellerId: '10001234',
    displayName: 'Cooper Home Walmart',
    rules,
    connectedAt: '2026-11-04T11:00:00.000Z',
    lastSyncAt: '2026-11-20T17:10:00.000Z',
    health: {
      listings: 1104,
      listingsInError: 0,
      waitingWrites: 38,
      failures24h: 0,
      lastFailureAt: null,
      lastFailureReason: null,
    },
  },
  ebayInError: {
    id: '7a1c0000-0000-4000-8000-000000000004',
    kind: 'ebay',
    role: 'target',
    status: 'error',
    statusReason: 'eBay refused the access token: the seller revoked the authorization. Reconnect eBay.',
    environment: 'sandbox',
    externalSellerId: 'cooperhome_store',
    displayName: 'cooperhome_store',
    rules,
    connectedAt: '2026-11-05T12:00:00.000Z',
    lastSyncAt: '2026-11-19T06:00:00.000Z',
    health: {
      listings: 987,
      listingsInError: 0,
      waitingWrites: 214,
      failures24h: 0,
      lastFailureAt: '2026-11-21T08:55:00.000Z',
      lastFailureReason: 'eBay answered 500: Internal Server Error. Sync retries on its own.',
    },
  },
  /** A second Shopify store the seller lists on: a target, where each SKU is a variant of a product. */
  shopifyOutlet: {
    id: '7a1c0000-0000-4000-8000-000000000005',
    kind: 'shopify',
    role: 'target',
    status: 'active',
    statusReason: null,
    environment: 'sandbox',
    externalSellerId: 'cooper-outlet.myshopify.com',
    displayName: 'Cooper Outlet',
    rules,
    connectedAt: '2026-11-06T12:00:00.000Z',
    lastSyncAt: '2026-11-21T08:50:00.000Z',
    health: {
      listings: 312,
      listingsInError: 0,
      waitingWrites: 0,
      failures24h: 0,
      lastFailureAt: null,
      lastFailureReason: null,
    },
  },
} satisfies Record<string, Channel>;

const list = (items: Channel[]) => http.get('/api/channels', ({ response }) => response(200).json({ items }));

const actionsSucceed: HttpHandler[] = [
  http.post('/api/channels/connect', async ({ request, response }) => {
    const body = await request.json();
    return response(201).json({
      ...channelFixtures.amazonTarget,
      kind: body.kind,
      role: 'main',
      id: '7a1c0000-0000-4000-8000-0000000000aa',
    });
  }),
  http.post('/api/channels/{channelId}/make-main', ({ params, response }) =>
    response(200).json({ ...channelFixtures.amazonTarget, id: params.channelId, role: 'main' }),
  ),
  http.patch('/api/channels/{channelId}/rules', async ({ request, params, response }) => {
    const changes = await request.json();
    return response(200).json({
      ...channelFixtures.amazonTarget,
      id: params.channelId,
      rules: { ...rules, ...changes },
    });
  }),
  http.post('/api/channels/{channelId}/pause', ({ params, response }) =>
    response(200).json({
      ...channelFixtures.amazonTarget,
      id: params.channelId,
      status: 'paused',
      statusReason: 'Paused by a user',
    }),
  ),
  http.post('/api/channels/{channelId}/resume', ({ params, response }) =>
    response(200).json({
      ...channelFixtures.walmartPaused,
      id: params.channelId,
      status: 'active',
      statusReason: null,
    }),
  ),
  http.delete('/api/channels/{channelId}', ({ response }) =>
    response(200).json({
      message: 'Amazon (Cooper Home (Amazon US)) is disconnected and its credentials are deleted.',
    }),
  ),
  http.post('/api/channels/oauth/start', async ({ request, response }) => {
    const body = await request.json();
    return response(200).json({ authorizeUrl: `/sandbox/${body.kind}/oauth2/authorize?state=story` });
  }),
  http.post('/api/channels/sandbox-sellers', async ({ request, response }) => {
    const { kind } = await request.json();
    const credentials: Record<string, Record<string, string>> = {
      amazon: {
        clientId: 'amzn1.application-oa2-client.sandbox01',
        clientSecret: 'sandbox-secret-01',
        refreshToken: 'Atzr|sandbox-refresh-01',
        sellerId: 'A1SANDBOX01',
      },
      walmart: { clientId: 'sandbox-walmart-client-01', clientSecret: 'sandbox-walmart-secret-01' },
      ebay: { username: 'sandbox_seller_01' },
      shopify: { shopDomain: 'hub-demo-0001.myshopify.com' },
    };
    return response(201).json({ kind, sellerId: 'sandbox-seller-01', credentials: credentials[kind]! });
  }),
  http.get('/api/admin/channels', ({ response }) =>
    response(200).json({
      items: [
        {
          accountId: '5e1d9a40-3f6b-4d1e-8a7c-2b9f00000002',
          accountName: 'Cooper Home',
          channel: channelFixtures.shopifyMain,
        },
        {
          accountId: '5e1d9a40-3f6b-4d1e-8a7c-2b9f00000002',
          accountName: 'Cooper Home',
          channel: channelFixtures.ebayInError,
        },
        {
          accountId: '5e1d9a40-3f6b-4d1e-8a7c-2b9f00000003',
          accountName: 'Northwind Outfitters',
          channel: { ...channelFixtures.amazonTarget, role: 'main' },
        },
      ],
    }),
  ),
  http.post('/api/admin/channels/{channelId}/sync', ({ params, response }) =>
    response(202).json({
      id: '5c0e0000-0000-4000-8000-0000000000f1',
      channelId: params.channelId,
      kind: 'reconcile',
      trigger: 'user',
      status: 'queued',
      total: null,
      done: 0,
      repaired: 0,
      failed: 0,
      message: null,
      createdAt: '2026-11-21T09:00:00.000Z',
      updatedAt: '2026-11-21T09:00:00.000Z',
      finishedAt: null,
    }),
  ),
  http.post('/api/admin/channels/{channelId}/pause', ({ params, response }) =>
    response(200).json({
      accountId: '5e1d9a40-3f6b-4d1e-8a7c-2b9f00000002',
      accountName: 'Cooper Home',
      channel: {
        ...channelFixtures.ebayInError,
        id: params.channelId,
        status: 'paused',
        statusReason: 'Paused by platform staff',
      },
    }),
  ),
  http.post('/api/admin/channels/{channelId}/resume', ({ params, response }) =>
    response(200).json({
      accountId: '5e1d9a40-3f6b-4d1e-8a7c-2b9f00000002',
      accountName: 'Cooper Home',
      channel: { ...channelFixtures.ebayInError, id: params.channelId, status: 'active', statusReason: null },
    }),
  ),
];

export const channelHandlers = {
  /** A new account: nothing connected yet. */
  none: [list([]), ...actionsSucceed],
  /** One main channel and targets, one paused. */
  mainAndTargets: [
    list([channelFixtures.shopifyMain, channelFixtures.amazonTarget, channelFixtures.walmartPaused]),
    ...actionsSucceed,
  ],
  /** The main channel and a target on each other marketplace: Amazon, Walmart (paused) and eBay (in error). */
  allMarketplaces: [
    list([
      channelFixtures.shopifyMain,
      channelFixtures.amazonTarget,
      channelFixtures.walmartPaused,
      channelFixtures.ebayInError,
    ]),
    ...actionsSucceed,
  ],
  /** The main channel, Amazon, and a second Shopify store as a target. */
  withShopifyTarget: [
    list([channelFixtures.shopifyMain, channelFixtures.amazonTarget, channelFixtures.shopifyOutlet]),
    ...actionsSucceed,
  ],
  /** A channel whose credentials stopped working. */
  channelInError: [
    list([channelFixtures.shopifyMain, channelFixtures.amazonTarget, channelFixtures.ebayInError]),
    ...actionsSucceed,
  ],
  /** The marketplace refuses the typed credentials. */
  credentialsRejected: [
    list([]),
    http.post('/api/channels/connect', ({ response }) =>
      response(400).json({
        message:
          'Amazon refused these credentials: The refresh token is invalid or has been revoked. Check the LWA Client ID, Client Secret and Refresh Token.',
      }),
    ),
    ...actionsSucceed,
  ],
  /** The connection is being checked against the marketplace. */
  connecting: [
    list([]),
    http.post('/api/channels/connect', async ({ response }) => {
      await delay('infinite');
      return response(400).json({ message: 'never' });
    }),
    ...actionsSucceed,
  ],
  loading: [
    http.get('/api/channels', async ({ response }) => {
      await delay('infinite');
      return response(200).json({ items: [] });
    }),
    ...actionsSucceed,
  ],
  failsToLoad: [
    http.get('/api/channels', ({ response }) =>
      response(503).json({ message: 'The service is briefly unavailable. Try again.' }),
    ),
    ...actionsSucceed,
  ],
  /** Channel Management for someone who is not staff. */
  adminForbidden: [
    http.get('/api/admin/channels', ({ response }) =>
      response(403).json({ message: 'Admin or Super user access required' }),
    ),
    ...actionsSucceed,
  ],
} satisfies Record<string, HttpHandler[]>;

export type ChannelScenario = keyof typeof channelHandlers;
