import { delay } from 'msw';
import type { components } from '@contract';
import { channelFixtures } from './channels';
import { http } from './http';

type Advertising = components['schemas']['Advertising'];
type AdCampaign = components['schemas']['AdCampaign'];
type AdRules = components['schemas']['AdRules'];
type AdSku = components['schemas']['AdSku'];

const { amazonTarget } = channelFixtures;
/** The Walmart Connect advertiser our partner was given access to, in the stories. */
export const WALMART_ADVERTISER_GRANTED = '4815162';
const adAccountId = 'ad0a0000-0000-4000-8000-000000000001';

const campaign = (n: number, values: Partial<AdCampaign> & Pick<AdCampaign, 'name'>): AdCampaign => ({
  id: `ad0c${String(n).padStart(4, '0')}-0000-4000-8000-000000000001`,
  adAccountId,
  marketplace: 'amazon',
  state: 'enabled',
  dailyBudget: '25.00',
  currency: 'USD',
  impressions: 0,
  clicks: 0,
  spend: '0.00',
  sales: '0.00',
  orders: 0,
  acos: null,
  roas: null,
  adsPausedByRules: 0,
  ...values,
});

/** An Amazon Sponsored Products account with a running campaign, a paused one and a SKU sold out. */
export const adCampaignFixtures: AdCampaign[] = [
  campaign(1, {
    name: 'Best sellers',
    impressions: 48210,
    clicks: 912,
    spend: '412.36',
    sales: '1874.20',
    orders: 61,
    acos: 0.22,
    roas: 4.5451,
    adsPausedByRules: 1,
  }),
  campaign(2, { name: 'Clearance', state: 'paused', dailyBudget: '10.00' }),
];

export const adSkuFixtures: AdSku[] = [
  {
    sku: 'MUG-BLUE-12',
    title: 'Blue Stoneware Mug, 12 oz',
    available: 42,
    spend: '250.10',
    adSales: '1210.00',
    revenue: '3025.50',
    acos: 0.2067,
    tacos: 0.0827,
    ads: [{ marketplace: 'amazon', state: 'enabled', campaignState: 'enabled', pausedBy: null }],
  },
  {
    sku: 'LAMP-OAK',
    title: 'Oak Table Lamp with Linen Shade',
    available: 0,
    spend: '162.26',
    adSales: '664.20',
    revenue: '664.20',
    acos: 0.2443,
    tacos: 0.2443,
    ads: [{ marketplace: 'amazon', state: 'paused', campaignState: 'enabled', pausedBy: 'out_of_stock' }],
  },
];

const defaultRules: AdRules = { pauseOutOfStock: true, pauseBelowDaysOfCover: null, pauseListingProblems: true };
let savedRules: AdRules = defaultRules;
let campaigns: AdCampaign[] = adCampaignFixtures;
/** Back to the fixtures between stories (rules saved, campaigns changed). */
export const resetAdvertisingMocks = () => {
  savedRules = defaultRules;
  campaigns = adCampaignFixtures;
};

const connectedAccount = {
  id: adAccountId,
  channelId: amazonTarget.id,
  marketplace: 'amazon' as const,
  channelName: amazonTarget.displayName,
  name: 'Cooper Home',
  currency: 'USD',
  lastSyncedAt: '2026-11-28T08:45:00.000Z',
  lastError: null,
};

const totalsOf = (list: AdCampaign[]): Advertising['totals'] => {
  const spend = list.reduce((sum, c) => sum + Number(c.spend), 0);
  const sales = list.reduce((sum, c) => sum + Number(c.sales), 0);
  return {
    spend: spend.toFixed(2),
    sales: sales.toFixed(2),
    orders: list.reduce((sum, c) => sum + c.orders, 0),
    acos: sales > 0 ? Math.round((spend / sales) * 10_000) / 10_000 : null,
    roas: spend > 0 ? Math.round((sales / spend) * 10_000) / 10_000 : null,
  };
};

const pageOf =
  (shape: Omit<Advertising, 'from' | 'to' | 'rules' | 'totals' | 'campaigns'> & { withCampaigns: boolean }) =>
  (from: string, to: string): Advertising => {
    const list = shape.withCampaigns ? campaigns : [];
    return {
      from,
      to,
      accounts: shape.accounts,
      toConnect: shape.toConnect,
      campaigns: list,
      rules: savedRules,
      totals: totalsOf(list),
    };
  };

const pageHandler = (page: (from: string, to: string) => Advertising) =>
  http.get('/api/advertising', ({ query, response }) =>
    response(200).json(page(query.get('from') ?? '2026-10-30', query.get('to') ?? '2026-11-28')),
  );
const skusHandler = (items: AdSku[]) =>
  http.get('/api/advertising/skus', ({ response }) => response(200).json({ items }));

const writeHandlers = [
  http.put('/api/advertising/rules', async ({ request, response }) => {
    savedRules = await request.json();
    return response(200).json(savedRules);
  }),
  http.patch('/api/advertising/campaigns/{campaignId}', async ({ params, request, response }) => {
    const update = await request.json();
    if (update.dailyBudget !== undefined && Number(update.dailyBudget) > 5000)
      return response(400).json({
        message: 'Amazon refused the budget: BUDGET_TOO_HIGH (at most 5000.00 a day here).',
      });
    const found = campaigns.find((c) => c.id === params.campaignId);
    if (!found) return response(404).json({ message: 'No such campaign.' });
    const changed = {
      ...found,
      ...(update.state ? { state: update.state } : {}),
      ...(update.dailyBudget ? { dailyBudget: Number(update.dailyBudget).toFixed(2) } : {}),
    };
    campaigns = campaigns.map((c) => (c.id === changed.id ? changed : c));
    return response(200).json({ id: changed.id, state: changed.state, dailyBudget: changed.dailyBudget });
  }),
  http.post('/api/advertising/accounts/{adAccountId}/sync', ({ response }) =>
    response(202).json({ message: 'The advertising account is being read.' }),
  ),
];

const ebayAccountId = 'ad0a0000-0000-4000-8000-000000000003';
/** eBay's two funding models: a cost-per-sale campaign (an ad rate, no daily budget) and a cost-per-click one. */
const ebayCampaigns: AdCampaign[] = [
  campaign(5, {
    adAccountId: ebayAccountId,
    marketplace: 'ebay',
    name: 'eBay general',
    dailyBudget: null,
    impressions: 20110,
    clicks: 301,
    spend: '41.20',
    sales: '824.00',
    orders: 19,
    acos: 0.05,
    roas: 20,
  }),
  campaign(6, { adAccountId: ebayAccountId, marketplace: 'ebay', name: 'eBay priority', dailyBudget: '20.00' }),
];
const ebayAccount = {
  ...connectedAccount,
  id: ebayAccountId,
  channelId: channelFixtures.ebayInError.id,
  marketplace: 'ebay' as const,
  channelName: channelFixtures.ebayInError.displayName,
  name: 'eBay Promoted Listings (EBAY_US)',
};

export const advertisingHandlers = {
  /** Amazon and eBay connected: eBay's cost-per-sale campaign has no daily budget to set. */
  withEbay: [
    http.get('/api/advertising', ({ query, response }) => {
      const page = pageOf({ accounts: [connectedAccount, ebayAccount], toConnect: [], withCampaigns: true })(
        query.get('from') ?? '2026-10-30',
        query.get('to') ?? '2026-11-28',
      );
      const all = [...page.campaigns, ...ebayCampaigns];
      return response(200).json({ ...page, campaigns: all, totals: totalsOf(all) });
    }),
    skusHandler(adSkuFixtures),
    ...writeHandlers,
  ],
  /** Connected, read: campaigns with figures, a SKU whose ads the rules paused. */
  running: [
    pageHandler(pageOf({ accounts: [connectedAccount], toConnect: [], withCampaigns: true })),
    skusHandler(adSkuFixtures),
    ...writeHandlers,
  ],
  /** An Amazon channel whose Ads account is not connected yet. */
  toConnect: [
    pageHandler(
      pageOf({
        accounts: [],
        toConnect: [
          {
            channelId: amazonTarget.id,
            marketplace: 'amazon',
            channelName: amazonTarget.displayName,
            asksAdvertiserId: false,
          },
        ],
        withCampaigns: false,
      }),
    ),
    skusHandler([]),
    http.post('/api/advertising/accounts', async ({ request, response }) => {
      const { channelId } = await request.json();
      return response(201).json({ ...connectedAccount, channelId, lastSyncedAt: null });
    }),
    ...writeHandlers,
  ],
  /**
   * A Walmart channel in production: Walmart Connect lists no advertisers, so the seller names the one it gave
   * our partner access to (only advertiser 4815162 is).
   */
  walmartToConnect: [
    pageHandler(
      pageOf({
        accounts: [],
        toConnect: [
          {
            channelId: channelFixtures.walmartPaused.id,
            marketplace: 'walmart',
            channelName: channelFixtures.walmartPaused.displayName,
            asksAdvertiserId: true,
          },
        ],
        withCampaigns: false,
      }),
    ),
    skusHandler([]),
    http.post('/api/advertising/accounts', async ({ request, response }) => {
      const { channelId, advertiserId } = await request.json();
      if (advertiserId !== WALMART_ADVERTISER_GRANTED)
        return response(409).json({
          message: `Walmart Connect does not let us act on advertiser ${advertiserId}: give our partner access to it in Walmart Connect's Ad Center, then connect again.`,
        });
      return response(201).json({
        ...connectedAccount,
        channelId,
        marketplace: 'walmart',
        channelName: channelFixtures.walmartPaused.displayName,
        name: `Walmart Connect advertiser ${advertiserId}`,
        lastSyncedAt: null,
      });
    }),
    ...writeHandlers,
  ],
  /** No channel on a marketplace with ads (a Shopify-only seller). */
  nothingToConnect: [
    pageHandler(pageOf({ accounts: [], toConnect: [], withCampaigns: false })),
    skusHandler([]),
    ...writeHandlers,
  ],
  /** The last read was refused by Amazon (the seller's grant withdrawn). */
  readFailed: [
    pageHandler(
      pageOf({
        accounts: [
          {
            ...connectedAccount,
            lastError: 'Amazon Ads refused the login: the seller withdrew the grant (UNAUTHORIZED).',
          },
        ],
        toConnect: [],
        withCampaigns: true,
      }),
    ),
    skusHandler(adSkuFixtures),
    ...writeHandlers,
  ],
  loading: [
    http.get('/api/advertising', async ({ response }) => {
      await delay('infinite');
      return response(200).json(pageOf({ accounts: [], toConnect: [], withCampaigns: false })('', ''));
    }),
    skusHandler([]),
  ],
  failing: [
    http.get('/api/advertising', ({ response }) =>
      response(503).json({ message: 'The service is starting up; try again in a moment.' }),
    ),
    skusHandler([]),
  ],
};
