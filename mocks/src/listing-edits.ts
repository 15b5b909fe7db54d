import { delay, type HttpHandler } from 'msw';
import type { components } from '@contract';
import { channelFixtures } from './channels';
import { http } from './http';

type BulkChange = components['schemas']['BulkChange'];
type BulkEditPreviewRow = components['schemas']['BulkEditPreviewRow'];
type CsvImportPreview = components['schemas']['CsvImportPreview'];
type PublishCheck = components['schemas']['PublishCheck'];
type PublishSettings = components['schemas']['PublishSettings'];
type EbayListingOptions = components['schemas']['EbayListingOptions'];
type MarketplaceOption = components['schemas']['MarketplaceOption'];

const productId = (n: number) => `9e0d0000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const BULK_BATCH_ID = 'b47c0000-0000-4000-8000-000000000001';

/** Three mugs and a cap, as the bulk edit preview shows them: +10% on the price, +5 on hand. */
export const bulkEditRows: BulkEditPreviewRow[] = [
  {
    productId: productId(1),
    sku: 'MUG-BLUE-350',
    title: 'Ceramic mug, blue, 350 ml',
    price: { before: '12.00', after: '13.20' },
    onHand: { before: 40, after: 45 },
    statuses: [],
    error: null,
  },
  {
    productId: productId(2),
    sku: 'MUG-RED-350',
    title: 'Ceramic mug, red, 350 ml',
    price: { before: '12.00', after: '13.20' },
    onHand: { before: 0, after: 5 },
    statuses: [],
    error: null,
  },
  {
    productId: productId(3),
    sku: 'MUG-GIFT-SET',
    title: 'Mug gift set of four',
    price: { before: '39.50', after: '43.45' },
    onHand: { before: 12, after: 17 },
    statuses: [],
    error: null,
  },
];

export const PRICE_BELOW_ZERO = 'The price would be -0.50: it must stay above 0.';
const rowInError: BulkEditPreviewRow = {
  productId: productId(4),
  sku: 'CAP-SALE',
  title: 'Cap, clearance',
  price: null,
  onHand: null,
  statuses: [],
  error: PRICE_BELOW_ZERO,
};

const batch = (pushes: BulkChange['pushes'], change: Partial<BulkChange> = {}): BulkChange => ({
  batchId: BULK_BATCH_ID,
  kind: 'bulk_edit',
  createdAt: '2026-11-21T09:00:00.000Z',
  skus: bulkEditRows.length,
  values: bulkEditRows.length * 2,
  undoneAt: null,
  pushes,
  ...change,
});
/** Six values to Amazon (two channels hold all three SKUs): on their way, then all confirmed. */
export const bulkChangeFixtures = {
  sending: batch({ total: 12, confirmed: 5, failed: 0, open: 7 }),
  confirmed: batch({ total: 12, confirmed: 12, failed: 0, open: 0 }),
  partlyRefused: batch({ total: 12, confirmed: 11, failed: 1, open: 0 }),
};

export const importPreviewFixture: CsvImportPreview = {
  items: [
    {
      line: 2,
      productId: productId(1),
      sku: 'MUG-BLUE-350',
      price: { before: '12.00', after: '11.50' },
      onHand: null,
      title: null,
    },
    {
      line: 3,
      productId: productId(2),
      sku: 'MUG-RED-350',
      price: null,
      onHand: { before: 0, after: 24 },
      title: { before: 'Ceramic mug, red, 350 ml', after: 'Ceramic mug, red, 350 ml, dishwasher safe' },
    },
  ],
  total: 2,
  errors: [],
  notices: [],
};

/** An exported file imported back, with a column the seller added: the columns it does not read, said once. */
export const importIgnoredColumnsFixture: CsvImportPreview = {
  ...importPreviewFixture,
  notices: [
    'Read-only columns ignored: brand, gtin, committed, available, amazon_status, amazon_price, amazon_quantity.',
    'Ignored columns: colour, supplier.',
  ],
};

export const importRowErrorsFixture: CsvImportPreview = {
  items: [importPreviewFixture.items[0]!],
  total: 1,
  errors: [
    { line: 3, sku: 'MUG-RED-350', message: '"twelve" is not a quantity: use a whole number, 0 or more.' },
    { line: 7, sku: 'MUG-GREEN', message: 'No product has the SKU MUG-GREEN.' },
    { line: 9, sku: 'MUG-BLUE-350', message: 'SKU MUG-BLUE-350 is also on line 2.' },
  ],
  notices: [],
};

const walmart = channelFixtures.walmartPaused;
const amazon = channelFixtures.amazonTarget;
export const publishCheckFixture: PublishCheck = {
  channelId: amazon.id,
  channelKind: 'amazon',
  items: [
    { productId: productId(1), sku: 'MUG-BLUE-350', title: 'Ceramic mug, blue, 350 ml', status: 'ready', missing: [] },
    {
      productId: productId(2),
      sku: 'MUG-RED-350',
      title: 'Ceramic mug, red, 350 ml',
      status: 'missing',
      missing: ['A GTIN (UPC or EAN): Amazon matches new listings by it', 'A brand'],
    },
    { productId: productId(3), sku: 'MUG-GIFT-SET', title: 'Mug gift set of four', status: 'listed', missing: [] },
  ],
};
export const publishProductIds = publishCheckFixture.items.map((i) => i.productId);

const ebay = channelFixtures.ebayInError;
const IN_SETTINGS = 'choose it in the publish settings';
/** What each setting's absence is called, as the server words it. */
export const MISSING_SETTING = {
  productType: `An Amazon product type: ${IN_SETTINGS}`,
  categoryId: `An eBay category (a leaf category number): ${IN_SETTINGS}`,
  merchantLocation: `An eBay inventory location to ship from: ${IN_SETTINGS}`,
  fulfillmentPolicy: `An eBay shipping policy: ${IN_SETTINGS}`,
  paymentPolicy: `An eBay payment policy: ${IN_SETTINGS}`,
  returnPolicy: `An eBay return policy: ${IN_SETTINGS}`,
} as const;

/** Amazon's product types as the Product Type Definitions API names them, with words they are found by. */
const amazonProductTypes: Array<MarketplaceOption & { words: string[] }> = [
  { id: 'DRINKING_CUP', name: 'Drinking Cup', words: ['mug', 'cup', 'coffee', 'tea'] },
  { id: 'COFFEE_MAKER', name: 'Coffee Maker', words: ['coffee', 'espresso'] },
  { id: 'TEAPOT', name: 'Teapot', words: ['tea', 'pot'] },
  { id: 'KITCHEN', name: 'Kitchen', words: ['kitchen', 'mug'] },
  { id: 'HOME', name: 'Home', words: ['home', 'decor'] },
];

export const ebayListingOptionsFixture: EbayListingOptions = {
  locations: [
    { id: 'wh-columbus-1', name: 'Columbus warehouse', detail: '4400 Lockbourne Rd, Columbus, OH, 43228, US' },
    { id: 'wh-reno-2', name: 'Reno warehouse', detail: '1350 Greg St, Reno, NV, 89502, US' },
  ],
  fulfillmentPolicies: [
    { id: '6196932000', name: 'Free standard shipping', detail: 'Ships within 1 business day' },
    { id: '6196932001', name: 'Expedited shipping', detail: 'Ships within 2 business days' },
  ],
  paymentPolicies: [{ id: '6196933000', name: 'eBay managed payments', detail: 'Immediate payment required' }],
  returnPolicies: [
    { id: '6196934000', name: '30-day returns', detail: 'Returns within 30 days' },
    { id: '6196934001', name: 'No returns', detail: 'No returns' },
  ],
};

const noChoices = {
  productType: null,
  categoryId: null,
  merchantLocation: null,
  fulfillmentPolicy: null,
  paymentPolicy: null,
  returnPolicy: null,
} as const;
const missingOf = (settings: Omit<PublishSettings, 'missing'>): string[] =>
  settings.channelKind === 'amazon'
    ? settings.productType
      ? []
      : [MISSING_SETTING.productType]
    : settings.channelKind === 'ebay'
      ? (['categoryId', 'merchantLocation', 'fulfillmentPolicy', 'paymentPolicy', 'returnPolicy'] as const)
          .filter((key) => !settings[key])
          .map((key) => MISSING_SETTING[key])
      : [];
const settingsOf = (settings: Omit<PublishSettings, 'missing'>): PublishSettings => ({
  ...settings,
  missing: missingOf(settings),
});

export const publishSettingsFixtures = {
  amazonChosen: settingsOf({
    channelId: amazon.id,
    channelKind: 'amazon',
    ...noChoices,
    productType: { id: 'DRINKING_CUP', name: 'Drinking Cup' },
  }),
  amazonMissing: settingsOf({ channelId: amazon.id, channelKind: 'amazon', ...noChoices }),
  ebayMissing: settingsOf({ channelId: ebay.id, channelKind: 'ebay', ...noChoices }),
  ebayChosen: settingsOf({
    channelId: ebay.id,
    channelKind: 'ebay',
    ...noChoices,
    categoryId: '20625',
    merchantLocation: { id: 'wh-columbus-1', name: 'Columbus warehouse' },
    fulfillmentPolicy: { id: '6196932000', name: 'Free standard shipping' },
    paymentPolicy: { id: '6196933000', name: 'eBay managed payments' },
    returnPolicy: { id: '6196934000', name: '30-day returns' },
  }),
  walmart: settingsOf({ channelId: walmart.id, channelKind: 'walmart', ...noChoices }),
};

/**
 * Publish settings kept per channel for one scenario (a story that saves sees its choice), and the
 * check that follows them: a product is ready only once the channel's settings are complete.
 */
function publishFlow(
  initial: PublishSettings[],
  options: { ebayOptions?: 'loaded' | 'loading' | 'unavailable' } = {},
): HttpHandler[] {
  const kept = new Map(initial.map((s) => [s.channelId, s]));
  let ebayAsks = 0;
  return [
    http.get('/api/channels/{channelId}/publish-settings', ({ params, response }) => {
      const settings = kept.get(params.channelId);
      return settings ? response(200).json(settings) : response(404).json({ message: 'No such channel.' });
    }),
    http.put('/api/channels/{channelId}/publish-settings', async ({ params, request, response }) => {
      const settings = kept.get(params.channelId);
      if (!settings) return response(404).json({ message: 'No such channel.' });
      const update = await request.json();
      if (update.categoryId && !/^\d+$/.test(update.categoryId))
        return response(400).json({
          message: `An eBay category is a number (the leaf category's id, e.g. 20625); "${update.categoryId}" is not one.`,
        });
      const find = (list: MarketplaceOption[], id: string | null | undefined) =>
        id ? (list.find((o) => o.id === id) ?? null) : null;
      const pick = (option: MarketplaceOption | null) => (option ? { id: option.id, name: option.name } : null);
      const next = settingsOf({
        ...settings,
        ...(update.productType !== undefined
          ? { productType: pick(find(amazonProductTypes, update.productType)) }
          : {}),
        ...(update.categoryId !== undefined ? { categoryId: update.categoryId } : {}),
        ...(update.merchantLocationKey !== undefined
          ? { merchantLocation: pick(find(ebayListingOptionsFixture.locations, update.merchantLocationKey)) }
          : {}),
        ...(update.fulfillmentPolicyId !== undefined
          ? { fulfillmentPolicy: pick(find(ebayListingOptionsFixture.fulfillmentPolicies, update.fulfillmentPolicyId)) }
          : {}),
        ...(update.paymentPolicyId !== undefined
          ? { paymentPolicy: pick(find(ebayListingOptionsFixture.paymentPolicies, update.paymentPolicyId)) }
          : {}),
        ...(update.returnPolicyId !== undefined
          ? { returnPolicy: pick(find(ebayListingOptionsFixture.returnPolicies, update.returnPolicyId)) }
          : {}),
      });
      kept.set(params.channelId, next);
      return response(200).json(next);
    }),
    http.get('/api/channels/{channelId}/publish-settings/product-types', ({ query, response }) => {
      const words = (query.get('keywords') ?? '')
        .toLowerCase()
        .split(/[\s,]+/)
        .filter(Boolean);
      return response(200).json({
        items: amazonProductTypes
          .filter((t) => words.length === 0 || words.some((w) => t.words.includes(w)))
          .map(({ id, name }) => ({ id, name })),
      });
    }),
    http.get('/api/channels/{channelId}/publish-settings/ebay-options', async ({ response }) => {
      ebayAsks += 1;
      if (options.ebayOptions === 'loading') await delay('infinite');
      // Unavailable on the first ask; a retry finds eBay back.
      if (options.ebayOptions === 'unavailable' && ebayAsks === 1)
        return response(502).json({ message: 'eBay did not answer (eBay answered HTTP 503). Try again in a moment.' });
      return response(200).json(ebayListingOptionsFixture);
    }),
    http.post('/api/listings/publish/check', async ({ request, response }) => {
      const { channelId } = await request.json();
      const settings = kept.get(channelId);
      if (!settings) return response(404).json({ message: 'No such channel.' });
      if (channelId === walmart.id)
        return response(409).json({ message: 'This channel is paused. Resume it to publish to it.' });
      const lacking = settings.missing;
      return response(200).json({
        channelId,
        channelKind: settings.channelKind,
        items: publishCheckFixture.items.map((item) =>
          item.status === 'listed'
            ? item
            : {
                ...item,
                status: item.missing.length + lacking.length > 0 ? 'missing' : 'ready',
                missing: [...item.missing, ...lacking],
              },
        ),
      });
    }),
  ];
}

const allChosen = [
  publishSettingsFixtures.amazonChosen,
  publishSettingsFixtures.ebayChosen,
  publishSettingsFixtures.walmart,
];

const NO_ACCESS = { message: 'You do not have access to this account.' };

const preview = (items: BulkEditPreviewRow[]) =>
  http.post('/api/listings/bulk-edit/preview', ({ response }) =>
    response(200).json({
      items,
      total: items.filter((i) => !i.error).length,
      errors: items.filter((i) => i.error).length,
    }),
  );
const run = http.post('/api/listings/bulk-edit', ({ response }) => response(201).json(bulkChangeFixtures.sending));
const progress = (state: BulkChange) =>
  http.get('/api/listings/changes/{batchId}', ({ response }) => response(200).json(state));
const undo = http.post('/api/listings/changes/{batchId}/undo', ({ params, response }) =>
  response(200).json({
    batchId: params.batchId,
    restored: 5,
    skipped: [{ sku: 'MUG-GIFT-SET', field: 'on_hand', now: '15' }],
  }),
);
const importPreview = (answer: CsvImportPreview) =>
  http.post('/api/listings/import/preview', ({ response }) => response(200).json(answer));
const importRun = http.post('/api/listings/import', ({ response }) =>
  response(201).json({ ...bulkChangeFixtures.sending, kind: 'csv_import', skus: 2, values: 3 }),
);
const check = (answer: PublishCheck) =>
  http.post('/api/listings/publish/check', ({ response }) => response(200).json(answer));
const publish = http.post('/api/listings/publish', async ({ request, response }) =>
  response(202).json({ channelId: (await request.json()).channelId, published: 1, notReady: 1, alreadyListed: 1 }),
);

const everything = [run, undo, importRun, publish];

/** Bulk edit, CSV import and publish: a story replaces `listingEdits` to change one behaviour. */
export const listingEditHandlers = {
  /** Everything works; pushes of a run are confirmed by the next read. */
  default: [
    preview(bulkEditRows),
    progress(bulkChangeFixtures.confirmed),
    importPreview(importPreviewFixture),
    ...publishFlow(allChosen),
    ...everything,
  ],
  /** One SKU cannot take the edit. */
  previewWithError: [
    preview([rowInError, ...bulkEditRows]),
    progress(bulkChangeFixtures.confirmed),
    importPreview(importPreviewFixture),
    check(publishCheckFixture),
    ...publishFlow(allChosen),
    ...everything,
  ],
  /** A run whose pushes stay on their way. */
  pushing: [
    preview(bulkEditRows),
    progress(bulkChangeFixtures.sending),
    importPreview(importPreviewFixture),
    check(publishCheckFixture),
    ...publishFlow(allChosen),
    ...everything,
  ],
  /** The file has rows in error. */
  importWithRowErrors: [
    preview(bulkEditRows),
    progress(bulkChangeFixtures.confirmed),
    importPreview(importRowErrorsFixture),
    check(publishCheckFixture),
    ...publishFlow(allChosen),
    ...everything,
  ],
  /** The preview passes over columns the import does not read, and says so once. */
  importIgnoredColumns: [
    preview(bulkEditRows),
    progress(bulkChangeFixtures.confirmed),
    importPreview(importIgnoredColumnsFixture),
    check(publishCheckFixture),
    ...publishFlow(allChosen),
    ...everything,
  ],
  /** Amazon has no product type chosen yet: the seller searches Amazon's product types and chooses one. */
  publishNeedsAmazonProductType: [
    preview(bulkEditRows),
    progress(bulkChangeFixtures.confirmed),
    importPreview(importPreviewFixture),
    ...publishFlow([publishSettingsFixtures.amazonMissing, publishSettingsFixtures.ebayMissing]),
    ...everything,
  ],
  /** eBay has no category, location or policies chosen yet. */
  publishNeedsEbaySettings: [
    preview(bulkEditRows),
    progress(bulkChangeFixtures.confirmed),
    importPreview(importPreviewFixture),
    ...publishFlow([publishSettingsFixtures.amazonChosen, publishSettingsFixtures.ebayMissing]),
    ...everything,
  ],
  /** eBay's locations and policies take their time to arrive. */
  ebayOptionsLoading: [
    preview(bulkEditRows),
    progress(bulkChangeFixtures.confirmed),
    importPreview(importPreviewFixture),
    ...publishFlow([publishSettingsFixtures.ebayMissing], { ebayOptions: 'loading' }),
    ...everything,
  ],
  /** eBay does not answer the first time; a retry finds it back. */
  ebayOptionsUnavailable: [
    preview(bulkEditRows),
    progress(bulkChangeFixtures.confirmed),
    importPreview(importPreviewFixture),
    ...publishFlow([publishSettingsFixtures.ebayMissing], { ebayOptions: 'unavailable' }),
    ...everything,
  ],
  /** Walmart is paused: publishing there is refused. */
  publishToPausedChannel: [
    preview(bulkEditRows),
    progress(bulkChangeFixtures.confirmed),
    importPreview(importPreviewFixture),
    http.post('/api/listings/publish/check', async ({ request, response }) =>
      (await request.json()).channelId === walmart.id
        ? response(409).json({ message: 'This channel is paused. Resume it to publish to it.' })
        : response(200).json(publishCheckFixture),
    ),
    ...publishFlow(allChosen),
    ...everything,
  ],
  /** A product kept off Amazon by a compliance error (a word on the restricted list), with its reason and fix. */
  publishKeptOffByCompliance: [
    preview(bulkEditRows),
    progress(bulkChangeFixtures.confirmed),
    importPreview(importPreviewFixture),
    check({
      ...publishCheckFixture,
      items: publishCheckFixture.items.map((item) =>
        item.sku === 'MUG-RED-350'
          ? {
              ...item,
              missing: [
                'The title uses a word on your restricted list: "replica". Amazon may remove the listing. Remove "replica" from the title.',
              ],
            }
          : item,
      ),
    }),
    ...publishFlow(allChosen),
    ...everything,
  ],
  /** The server refuses the account's data. */
  noAccess: [
    http.post('/api/listings/bulk-edit/preview', ({ response }) => response(403).json(NO_ACCESS)),
    http.post('/api/listings/import/preview', ({ response }) => response(403).json(NO_ACCESS)),
    http.post('/api/listings/publish/check', ({ response }) => response(403).json(NO_ACCESS)),
  ],
} satisfies Record<string, HttpHandler[]>;

export type ListingEditScenario = keyof typeof listingEditHandlers;
