import { delay } from 'msw';
import type { components } from '@contract';
import { channelFixtures } from './channels';
import { http } from './http';
import { detailOf, generateCatalogue } from './listings';

type ChangeEntry = components['schemas']['ChangeEntry'];
type ListingDetail = components['schemas']['ListingDetail'];
type BulkEditRequest = components['schemas']['BulkEditRequest'];
type BulkEditPreviewRow = components['schemas']['BulkEditPreviewRow'];

const { shopifyMain, amazonTarget, walmartPaused } = channelFixtures;
export const DRAWER_BATCH_ID = 'b47c0000-0000-4000-8000-0000000000d1';
const UNDONE_BATCH_ID = 'b47c0000-0000-4000-8000-0000000000d2';
const row = generateCatalogue(3)[0]!;
export const drawerSku = row.sku;
const id = (n: number) => `c4a90000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const base = { sku: row.sku, cause: 'bulk_edit' as const, channelId: null, channelKind: null, causeRef: null };
const confirmed = (channel: { id: string; kind: components['schemas']['MarketplaceKind'] }) => ({
  channelId: channel.id,
  channelKind: channel.kind,
  status: 'confirmed' as const,
  message: null,
});

/** A price and quantity bulk edit by Ann Lee (each channel's result once per field), and an earlier edit she undid. */
function historyOf(undone: boolean): ChangeEntry[] {
  const batch = {
    batchId: DRAWER_BATCH_ID,
    kind: 'bulk_edit' as const,
    at: '2026-11-21T12:04:00.000Z',
    by: 'Ann Lee',
    isUndo: false,
    undoable: !undone,
    undoneAt: undone ? '2026-11-21T12:30:00.000Z' : null,
    undoneBy: undone ? 'Ann Lee' : null,
  };
  const earlier = {
    ...batch,
    batchId: UNDONE_BATCH_ID,
    at: '2026-11-20T08:15:00.000Z',
    undoable: false,
    undoneAt: '2026-11-20T08:20:00.000Z',
    undoneBy: 'Ben Ortiz',
  };
  return [
    ...(undone
      ? [
          {
            ...base,
            id: id(9),
            at: '2026-11-21T12:30:00.000Z',
            field: 'price' as const,
            before: '24.00',
            after: '21.00',
            batch: { ...batch, isUndo: true, undoable: false },
            results: [confirmed(amazonTarget), confirmed(walmartPaused)],
          },
        ]
      : []),
    {
      ...base,
      id: id(1),
      at: batch.at,
      field: 'price',
      before: '21.00',
      after: '24.00',
      batch,
      results: [confirmed(shopifyMain), confirmed(amazonTarget), confirmed(walmartPaused)],
    },
    {
      ...base,
      id: id(2),
      at: batch.at,
      field: 'on_hand',
      before: '12',
      after: '20',
      batch,
      results: [confirmed(amazonTarget), confirmed(walmartPaused)],
    },
    {
      ...base,
      id: id(3),
      at: earlier.at,
      field: 'price',
      channelId: amazonTarget.id,
      channelKind: 'amazon',
      before: null,
      after: '19.50',
      batch: earlier,
      results: [confirmed(amazonTarget)],
    },
  ];
}

/** The cap Ann Lee set on Amazon ("offer at most 5"), for the drawer that shows one. */
const CAP_BATCH_ID = 'b47c0000-0000-4000-8000-0000000000d3';
const AMAZON_CAP = 5;
const capEntry = (): ChangeEntry => ({
  ...base,
  id: id(20),
  at: '2026-11-22T09:10:00.000Z',
  field: 'quantity_cap',
  channelId: amazonTarget.id,
  channelKind: 'amazon',
  before: null,
  after: String(AMAZON_CAP),
  batch: {
    batchId: CAP_BATCH_ID,
    kind: 'bulk_edit',
    at: '2026-11-22T09:10:00.000Z',
    by: 'Ann Lee',
    isUndo: false,
    undoable: true,
    undoneAt: null,
    undoneBy: null,
  },
  results: [confirmed(amazonTarget)],
});

const state = { undone: false };
export function resetDrawerEditMocks(): void {
  state.undone = false;
}

/** What Amazon's product type Shirt asks that the SKU lacks (the drawer's Attributes). */
function askedByShirt(): NonNullable<ListingDetail['product']>['requiredAttributes'] {
  const asked = (name: string, label: string, values: string[] = []) => ({
    channelId: amazonTarget.id,
    channelKind: 'amazon' as const,
    category: 'SHIRT',
    categoryName: 'Shirt',
    name,
    label,
    values,
    valuesOnly: values.length > 0,
    given: name === 'color',
  });
  return [
    asked('color', 'Colour'),
    asked('size', 'Size'),
    asked('department', 'Department', ['mens', 'womens', 'unisex-adult']),
  ];
}

export function drawerDetail(undone = state.undone, capped = false, asked = false): ListingDetail {
  const detail = detailOf(row);
  return {
    ...detail,
    product:
      detail.product && asked
        ? {
            ...detail.product,
            attributes: { ...detail.product.attributes, 'Gift wrap': 'Yes' },
            requiredAttributes: askedByShirt(),
            sellerAttributes: { 'Gift wrap': 'Yes' },
          }
        : detail.product,
    listings: detail.listings.map((l) => ({
      ...l,
      priceOverride: null,
      quantityCap: capped && l.channelId === amazonTarget.id ? AMAZON_CAP : null,
    })),
    history: capped ? [capEntry(), ...historyOf(undone)] : historyOf(undone),
  };
}

/** What the drawer's preview answers: each value asked for, before and after. */
function previewRow(body: BulkEditRequest, capped = false, asked = false): BulkEditPreviewRow {
  const detail = drawerDetail(state.undone, capped, asked);
  return {
    productId: row.productId!,
    sku: row.sku,
    title: row.title,
    price: null,
    onHand: body.quantity?.mode === 'set' ? { before: row.onHand ?? 0, after: body.quantity.value } : null,
    statuses: [],
    error: null,
    ...(body.title ? { titleChange: { before: row.title, after: body.title.value } } : {}),
    ...(body.cost
      ? {
          costChange: {
            before: detail.product?.cost ?? null,
            after: body.cost.value === null ? null : body.cost.value.toFixed(2),
          },
        }
      : {}),
    ...(body.tags?.set ? { tagsChange: { before: detail.product?.tags ?? [], after: body.tags.set } } : {}),
    ...(body.attributes
      ? {
          attributesChange: {
            before: Object.fromEntries(
              Object.keys(body.attributes.set).map((name) => {
                const held = Object.entries(detail.product?.attributes ?? {}).find(
                  ([n]) => n.toLowerCase() === name.toLowerCase(),
                )?.[1];
                return [name, typeof held === 'string' ? held : null];
              }),
            ),
            after: body.attributes.set,
          },
        }
      : {}),
    ...(body.channelPrices
      ? {
          channelPrices: body.channelPrices.map((c) => ({
            channelId: c.channelId,
            channelKind: detail.listings.find((l) => l.channelId === c.channelId)!.channelKind,
            before: null,
            after: c.price === null ? null : c.price.toFixed(2),
          })),
        }
      : {}),
    ...(body.channelQuantityCaps
      ? {
          channelQuantityCaps: body.channelQuantityCaps.map((c) => {
            const listing = detail.listings.find((l) => l.channelId === c.channelId)!;
            return {
              channelId: c.channelId,
              channelKind: listing.channelKind,
              before: listing.quantityCap,
              after: c.cap,
            };
          }),
        }
      : {}),
  };
}

export const requestsSeen: BulkEditRequest[] = [];

/** The SKU drawer's detail, edit (preview, run) and undo from its history; `capped`: Amazon offers at most 5. */
const handlersFor = (capped: boolean, asked = false) => [
  http.get('/api/listings/items/{sku}', ({ response }) =>
    response(200).json(drawerDetail(state.undone, capped, asked)),
  ),
  http.post('/api/listings/bulk-edit/preview', async ({ request, response }) => {
    const body = await request.json();
    requestsSeen.push(body);
    return response(200).json({ items: [previewRow(body, capped, asked)], total: 1, errors: 0 });
  }),
  http.post('/api/listings/bulk-edit', ({ response }) =>
    response(201).json({
      batchId: DRAWER_BATCH_ID,
      kind: 'bulk_edit',
      createdAt: '2026-11-21T12:40:00.000Z',
      skus: 1,
      values: 1,
      undoneAt: null,
      pushes: { total: 1, confirmed: 0, failed: 0, open: 1 },
    }),
  ),
  http.post('/api/listings/changes/{batchId}/undo', async ({ params, response }) => {
    await delay(50);
    state.undone = true;
    return response(200).json({ batchId: params.batchId, restored: 2, skipped: [] });
  }),
];

export const drawerEditHandlers = handlersFor(false);
/** The same SKU with Amazon capped ("offer at most 5") by an earlier drawer edit. */
export const drawerCapHandlers = handlersFor(true);
/** The same SKU where Amazon's product type (Shirt) asks for attributes it lacks, and one the seller gave. */
export const drawerAttributeHandlers = handlersFor(false, true);
