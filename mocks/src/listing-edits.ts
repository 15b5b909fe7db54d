import type { HttpHandler } from 'msw';
import type { components } from '@contract';
import { channelFixtures } from './channels';
import { http } from './http';

type BulkChange = components['schemas']['BulkChange'];
type BulkEditPreviewRow = components['schemas']['BulkEditPreviewRow'];
type CsvImportPreview = components['schemas']['CsvImportPreview'];
type PublishCheck = components['schemas']['PublishCheck'];

const productId = (n: number) => `9e0d0000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const BULK_BATCH_ID = 'b47c0000-0000-4000-8000-000000000001';

/** Three mugs and a cap, as the bulk edit preview shows them: +10% on the price, +5 on hand. */
export const bulkEditRows: BulkEditPreviewRow[] = [
  { productId: productId(1), sku: 'MUG-BLUE-350', title: 'Ceramic mug, blue, 350 ml', price: { before: '12.00', after: '13.20' }, onHand: { before: 40, after: 45 }, statuses: [], error: null },
  { productId: productId(2), sku: 'MUG-RED-350', title: 'Ceramic mug, red, 350 ml', price: { before: '12.00', after: '13.20' }, onHand: { before: 0, after: 5 }, statuses: [], error: null },
  { productId: productId(3), sku: 'MUG-GIFT-SET', title: 'Mug gift set of four', price: { before: '39.50', after: '43.45' }, onHand: { before: 12, after: 17 }, statuses: [], error: null },
];

export const PRICE_BELOW_ZERO = 'The price would be -0.50: it must stay above 0.';
const rowInError: BulkEditPreviewRow = { productId: productId(4), sku: 'CAP-SALE', title: 'Cap, clearance', price: null, onHand: null, statuses: [], error: PRICE_BELOW_ZERO };

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
    { line: 2, productId: productId(1), sku: 'MUG-BLUE-350', price: { before: '12.00', after: '11.50' }, onHand: null, title: null },
    { line: 3, productId: productId(2), sku: 'MUG-RED-350', price: null, onHand: { before: 0, after: 24 }, title: { before: 'Ceramic mug, red, 350 ml', after: 'Ceramic mug, red, 350 ml, dishwasher safe' } },
  ],
  total: 2,
  errors: [],
};

export const importRowErrorsFixture: CsvImportPreview = {
  items: [importPreviewFixture.items[0]!],
  total: 1,
  errors: [
    { line: 3, sku: 'MUG-RED-350', message: '"twelve" is not a quantity: use a whole number, 0 or more.' },
    { line: 7, sku: 'MUG-GREEN', message: 'No product has the SKU MUG-GREEN.' },
    { line: 9, sku: 'MUG-BLUE-350', message: 'SKU MUG-BLUE-350 is also on line 2.' },
  ],
};

const walmart = channelFixtures.walmartPaused;
const amazon = channelFixtures.amazonTarget;
export const publishCheckFixture: PublishCheck = {
  channelId: amazon.id,
  channelKind: 'amazon',
  items: [
    { productId: productId(1), sku: 'MUG-BLUE-350', title: 'Ceramic mug, blue, 350 ml', status: 'ready', missing: [] },
    { productId: productId(2), sku: 'MUG-RED-350', title: 'Ceramic mug, red, 350 ml', status: 'missing', missing: ['A GTIN (UPC or EAN): Amazon matches new listings by it', 'A brand'] },
    { productId: productId(3), sku: 'MUG-GIFT-SET', title: 'Mug gift set of four', status: 'listed', missing: [] },
  ],
};
export const publishProductIds = publishCheckFixture.items.map((i) => i.productId);

const NO_ACCESS = { message: 'You do not have access to this account.' };

const preview = (items: BulkEditPreviewRow[]) =>
  http.post('/api/listings/bulk-edit/preview', ({ response }) => response(200).json({ items, total: items.filter((i) => !i.error).length, errors: items.filter((i) => i.error).length }));
const run = http.post('/api/listings/bulk-edit', ({ response }) => response(201).json(bulkChangeFixtures.sending));
const progress = (state: BulkChange) => http.get('/api/listings/changes/{batchId}', ({ response }) => response(200).json(state));
const undo = http.post('/api/listings/changes/{batchId}/undo', ({ params, response }) =>
  response(200).json({ batchId: params.batchId, restored: 5, skipped: [{ sku: 'MUG-GIFT-SET', field: 'on_hand', now: '15' }] }),
);
const importPreview = (answer: CsvImportPreview) => http.post('/api/listings/import/preview', ({ response }) => response(200).json(answer));
const importRun = http.post('/api/listings/import', ({ response }) => response(201).json({ ...bulkChangeFixtures.sending, kind: 'csv_import', skus: 2, values: 3 }));
const check = (answer: PublishCheck) => http.post('/api/listings/publish/check', ({ response }) => response(200).json(answer));
const publish = http.post('/api/listings/publish', async ({ request, response }) => response(202).json({ channelId: (await request.json()).channelId, published: 1, notReady: 1, alreadyListed: 1 }));

const everything = [run, undo, importRun, publish];

/** Bulk edit, CSV import and publish: a story replaces `listingEdits` to change one behaviour. */
export const listingEditHandlers = {
  /** Everything works; pushes of a run are confirmed by the next read. */
  default: [preview(bulkEditRows), progress(bulkChangeFixtures.confirmed), importPreview(importPreviewFixture), check(publishCheckFixture), ...everything],
  /** One SKU cannot take the edit. */
  previewWithError: [preview([rowInError, ...bulkEditRows]), progress(bulkChangeFixtures.confirmed), importPreview(importPreviewFixture), check(publishCheckFixture), ...everything],
  /** A run whose pushes stay on their way. */
  pushing: [preview(bulkEditRows), progress(bulkChangeFixtures.sending), importPreview(importPreviewFixture), check(publishCheckFixture), ...everything],
  /** The file has rows in error. */
  importWithRowErrors: [preview(bulkEditRows), progress(bulkChangeFixtures.confirmed), importPreview(importRowErrorsFixture), check(publishCheckFixture), ...everything],
  /** Walmart is paused: publishing there is refused. */
  publishToPausedChannel: [
    preview(bulkEditRows),
    progress(bulkChangeFixtures.confirmed),
    importPreview(importPreviewFixture),
    http.post('/api/listings/publish/check', async ({ request, response }) =>
      (await request.json()).channelId === walmart.id ? response(409).json({ message: 'This channel is paused. Resume it to publish to it.' }) : response(200).json(publishCheckFixture),
    ),
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
