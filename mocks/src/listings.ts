import { HttpResponse, delay, type HttpHandler } from 'msw';
import type { components, paths } from '@contract';
import { channelFixtures } from './channels';
import { http } from './http';

type CatalogueRow = components['schemas']['CatalogueRow'];
type ListingChip = components['schemas']['ListingChip'];
type ListingDetail = components['schemas']['ListingDetail'];
type ChangeEntry = components['schemas']['ChangeEntry'];
type CatalogueQuery = NonNullable<paths['/api/listings']['get']['parameters']['query']>;

const { shopifyMain, amazonTarget, walmartPaused } = channelFixtures;

/** What Amazon answers when it refuses a price: the message a chip in error shows. */
export const AMAZON_PRICE_REFUSED =
  'Amazon refused the price: 8.50 is below the minimum price of 9.00 set for this listing.';
export const WALMART_ITEM_SUPPRESSED =
  'Walmart unpublished the item: its price is higher than on other sites (price parity).';

const nouns = ['Mug', 'Candle', 'Throw', 'Cushion', 'Vase', 'Lamp', 'Planter', 'Tray', 'Bowl', 'Blanket'];
const adjectives = ['Blue', 'Oak', 'Linen', 'Stoneware', 'Brass', 'Wool', 'Glass', 'Cedar'];
const brands = ['Cooper Home', 'Northfield', 'Alder & Co', 'Maren'];
const swatches = ['#4f46e5', '#0f766e', '#b45309', '#be123c', '#334155'];

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const uuid = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${pad(n, 12)}`;
const money = (cents: number) => (cents / 100).toFixed(2);
/** A square of colour: the fixtures' product photo, without a request. */
const image = (n: number) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="44" height="44"><rect width="44" height="44" fill="${swatches[n % swatches.length]}"/></svg>`)}`;

function chip(
  channel: { id: string; kind: ListingChip['channelKind']; role: ListingChip['channelRole'] },
  n: number,
  price: string,
  quantity: number,
): ListingChip {
  return {
    channelId: channel.id,
    channelKind: channel.kind,
    channelRole: channel.role,
    listingId: uuid(`1157${pad(['shopify', 'amazon', 'walmart', 'ebay'].indexOf(channel.kind), 4)}`, n),
    status: 'active',
    price,
    quantity,
    desiredPrice: null,
    desiredQuantity: null,
    pushPending: false,
    lastError: null,
    channelPaused: false,
    currency: 'USD',
    takenOffSale: false,
  };
}

/** SKU number `n` of the generated catalogue: on the main channel, Amazon and Walmart; every 17th is out of stock. */
function product(n: number): CatalogueRow {
  const available = n % 17 === 0 ? 0 : (n * 7) % 60;
  const committed = n % 5;
  const cents = 999 + ((n * 137) % 6000);
  const title = `${adjectives[n % adjectives.length]} ${nouns[n % nouns.length]} ${pad(n, 4)}`;
  return {
    key: uuid('a0d00000', n),
    productId: uuid('a0d00000', n),
    sku: `CH-${pad(n, 5)}`,
    title,
    imageUrl: image(n),
    brand: brands[n % brands.length] ?? null,
    gtin: `0${pad(700000000000 + n, 12)}`,
    onHand: available + committed,
    committed,
    available,
    chips: [
      chip(shopifyMain, n, money(cents), available),
      chip(amazonTarget, n, money(cents + 100), Math.max(0, Math.floor(available * 0.8) - 2)),
      { ...chip(walmartPaused, n, money(cents), available), status: n % 9 === 0 ? 'inactive' : 'active' },
    ],
  };
}

/** The generated catalogue of `count` SKUs (1,240 as the main channel's health says). */
export function generateCatalogue(count = shopifyMain.health.listings): CatalogueRow[] {
  return Array.from({ length: count }, (_, i) => product(i + 1));
}

/** A SKU that Amazon has and the main channel does not. */
export const targetOnlyRow: CatalogueRow = {
  key: 'sku:AMZ-ONLY-7',
  productId: null,
  sku: 'AMZ-ONLY-7',
  title: null,
  imageUrl: null,
  brand: null,
  gtin: null,
  onHand: null,
  committed: null,
  available: null,
  chips: [{ ...chip(amazonTarget, 90_007, '24.00', 3), status: 'active' }],
};

/** The Walmart channel paused: its chips hold what Walmart last confirmed, which may be out of date. */
function withWalmartPaused(rows: CatalogueRow[]): CatalogueRow[] {
  return rows.map((row) => ({
    ...row,
    chips: row.chips.map((c) => (c.channelKind === 'walmart' ? { ...c, channelPaused: true, quantity: 60 } : c)),
  }));
}

/** A unit of the first SKU sold on the main channel: its row and main chip hold one less. */
function afterMainSale(rows: CatalogueRow[]): CatalogueRow[] {
  return rows.map((row, i) =>
    i === 0 && row.available !== null
      ? {
          ...row,
          committed: (row.committed ?? 0) + 1,
          available: row.available - 1,
          chips: row.chips.map((c) =>
            c.channelRole === 'main' && c.quantity !== null ? { ...c, quantity: c.quantity - 1 } : c,
          ),
        }
      : row,
  );
}

/** The first SKUs with a new quantity and price on their way to Amazon. */
function withPushes(rows: CatalogueRow[], count = 5): CatalogueRow[] {
  return rows.map((row, index) =>
    index < count
      ? {
          ...row,
          chips: row.chips.map((c) =>
            c.channelKind === 'amazon'
              ? {
                  ...c,
                  desiredPrice: money(Math.round(Number(c.price) * 90)),
                  desiredQuantity: Math.max(0, (c.quantity ?? 0) - 2),
                  pushPending: true,
                }
              : c,
          ),
        }
      : row,
  );
}

/** Some SKUs refused: Amazon's price floor on every 4th of the first SKUs, Walmart's parity rule on one. */
function withFailures(rows: CatalogueRow[]): CatalogueRow[] {
  return rows.map((row, index) => ({
    ...row,
    chips: row.chips.map((c) => {
      if (c.channelKind === 'amazon' && index < 20 && index % 4 === 1)
        return { ...c, status: 'error', lastError: AMAZON_PRICE_REFUSED };
      if (c.channelKind === 'walmart' && index === 2)
        return { ...c, status: 'suppressed', lastError: WALMART_ITEM_SUPPRESSED };
      return c;
    }),
  }));
}

/**
 * The seller took CH-00001 off sale on Amazon (no offer there any more), and CH-00002 on the
 * Shopify outlet store, where it is a variant: it is offered 0 units, its product stays on sale.
 */
function withOffSale(rows: CatalogueRow[]): CatalogueRow[] {
  return rows.map((row, index) => {
    if (index === 0)
      return {
        ...row,
        chips: row.chips.map((c) =>
          c.channelKind === 'amazon' ? { ...c, status: 'inactive', price: null, takenOffSale: true } : c,
        ),
      };
    if (index === 1)
      return {
        ...row,
        chips: [
          ...row.chips,
          {
            ...chip(channelFixtures.shopifyOutlet, index + 1, row.chips[0]!.price ?? '0.00', 0),
            listingId: '11570005-0000-4000-8000-000000000002',
            status: 'inactive',
            takenOffSale: true,
          },
        ],
      };
    return row;
  });
}

/** A product's tags in the fixtures: every third SKU is a gift idea, the rest of the kitchen (a SKU only targets have, none). */
export const tagsOfRow = (row: CatalogueRow): string[] =>
  row.productId === null ? [] : Number(row.sku.replace(/\D/g, '')) % 3 === 0 ? ['Kitchen', 'Gift ideas'] : ['Kitchen'];

const hasError = (row: CatalogueRow) => row.chips.some((c) => c.status === 'error' || c.lastError !== null);

/** GET /api/listings as the server answers it: filter, sort, then one page. */
export function queryCatalogue(rows: CatalogueRow[], query: CatalogueQuery) {
  const q = query.q?.toLowerCase();
  const matching = rows.filter((row) => {
    if (
      q &&
      ![row.sku, row.title, row.brand].some((text) => text?.toLowerCase().includes(q)) &&
      !row.gtin?.startsWith(q)
    )
      return false;
    const onChannel = query.channelId ? row.chips.filter((c) => c.channelId === query.channelId) : row.chips;
    if (query.channelId && onChannel.length === 0) return false;
    if (query.status && !onChannel.some((c) => c.status === query.status)) return false;
    if (query.outOfStock !== undefined && (row.available === 0) !== query.outOfStock) return false;
    if (query.withErrors && !hasError(row)) return false;
    if (query.tag && !tagsOfRow(row).some((t) => t.toLowerCase() === query.tag!.trim().toLowerCase())) return false;
    return true;
  });
  const sort = query.sort ?? 'sku';
  const value = (row: CatalogueRow): string | number =>
    sort === 'available'
      ? (row.available ?? -1)
      : sort === 'title'
        ? (row.title ?? '')
        : sort === 'updated'
          ? rows.indexOf(row)
          : row.sku;
  const sign = query.order === 'desc' ? -1 : 1;
  const sorted = [...matching].sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    return (x < y ? -1 : x > y ? 1 : a.sku < b.sku ? -1 : 1) * sign;
  });
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 50;
  return { items: sorted.slice((page - 1) * pageSize, page * pageSize), total: matching.length, page, pageSize };
}

const HOUR = 3_600_000;
const NOW = Date.parse('2026-11-21T09:00:00.000Z');
const ago = (hours: number) => new Date(NOW - hours * HOUR).toISOString();

/** A SKU's last changes, newest first: an order on Amazon, a bulk price edit Walmart refused, a stock change on the main channel. */
function historyOf(row: CatalogueRow): ChangeEntry[] {
  if (row.productId === null) return [];
  const n = Number(row.sku.slice(3));
  const entry = (i: number, change: Omit<ChangeEntry, 'id' | 'sku'>): ChangeEntry => ({
    id: uuid('c4a90000', n * 10 + i),
    sku: row.sku,
    ...change,
  });
  const available = row.available ?? 0;
  return [
    entry(1, {
      at: ago(1),
      cause: 'order',
      field: 'available',
      channelId: amazonTarget.id,
      channelKind: 'amazon',
      before: String(available + 1),
      after: String(available),
      causeRef: '114-3941689-8772232',
      results: [
        { channelId: shopifyMain.id, channelKind: 'shopify', status: 'confirmed', message: null },
        { channelId: walmartPaused.id, channelKind: 'walmart', status: 'pending', message: null },
      ],
    }),
    entry(2, {
      at: ago(26),
      cause: 'bulk_edit',
      field: 'price',
      channelId: null,
      channelKind: null,
      before: '21.99',
      after: '19.99',
      causeRef: null,
      results: [
        { channelId: amazonTarget.id, channelKind: 'amazon', status: 'confirmed', message: null },
        { channelId: walmartPaused.id, channelKind: 'walmart', status: 'failed', message: WALMART_ITEM_SUPPRESSED },
      ],
    }),
    entry(3, {
      at: ago(50),
      cause: 'main_change',
      field: 'on_hand',
      channelId: shopifyMain.id,
      channelKind: 'shopify',
      before: '40',
      after: String(row.onHand ?? 0),
      causeRef: null,
      results: [
        {
          channelId: amazonTarget.id,
          channelKind: 'amazon',
          status: 'retrying',
          message: 'Amazon is busy (429 Too Many Requests): trying again.',
        },
      ],
    }),
  ];
}

/** GET /api/listings/items/{sku}: the row, the main channel's product data, each listing, the history. */
export function detailOf(row: CatalogueRow): ListingDetail {
  const main = row.chips.find((c) => c.channelRole === 'main');
  return {
    row,
    product:
      row.productId === null
        ? null
        : {
            description: `${row.title}. Made to last, packed in recycled card.`,
            price: main?.price ?? null,
            currency: 'USD',
            cost: main?.price ? (Number(main.price) * 0.45).toFixed(2) : null,
            tags: tagsOfRow(row),
            images: row.imageUrl ? [row.imageUrl] : [],
            attributes: { color: 'Blue' },
            sellerAttributes: {},
            requiredAttributes: [],
          },
    listings: row.chips.map((c, i) => ({
      ...c,
      marketplaceId:
        c.channelKind === 'amazon' ? `B0${pad(i + 1, 2)}${row.sku.replace(/\W/g, '')}` : `${c.channelKind}-${row.sku}`,
      priceOverride: c.channelKind === 'amazon' ? '1.00 more than main' : null,
      quantityCap: null,
      confirmedAt: c.pushPending ? ago(0.1) : ago(2),
    })),
    history: historyOf(row),
  };
}

function toCsv(rows: CatalogueRow[]): string {
  const cell = (value: string | number | null) =>
    value === null ? '' : /[",\n]/.test(String(value)) ? `"${String(value).replace(/"/g, '""')}"` : String(value);
  return [
    'sku,title,brand,gtin,available',
    ...rows.map((row) => [row.sku, row.title, row.brand, row.gtin, row.available].map(cell).join(',')),
  ].join('\n');
}

/** The three reads of the catalogue, over the rows `rowsNow()` gives at the time of each request. */
function catalogueOf(rowsNow: () => CatalogueRow[]): HttpHandler[] {
  return [
    http.get('/api/listings', ({ query, response }) => {
      const params: CatalogueQuery = {
        q: query.get('q') ?? undefined,
        channelId: query.get('channelId') ?? undefined,
        status: (query.get('status') as CatalogueQuery['status']) ?? undefined,
        outOfStock: query.get('outOfStock') === null ? undefined : query.get('outOfStock') === 'true',
        withErrors: query.get('withErrors') === 'true' || undefined,
        tag: query.get('tag') ?? undefined,
        sort: (query.get('sort') as CatalogueQuery['sort']) ?? undefined,
        order: (query.get('order') as CatalogueQuery['order']) ?? undefined,
        page: Number(query.get('page') ?? 1),
        pageSize: Number(query.get('pageSize') ?? 50),
      };
      return response(200).json(queryCatalogue(rowsNow(), params));
    }),
    http.get('/api/listings/items/{sku}', ({ params, response }) => {
      const row = rowsNow().find((r) => r.sku === params.sku);
      return row
        ? response(200).json(detailOf(row))
        : response(404).json({ message: 'No such SKU in your catalogue.' });
    }),
    http.get(
      '/api/listings/export',
      () => new HttpResponse(toCsv(rowsNow()), { headers: { 'Content-Type': 'text/csv' } }),
    ),
  ];
}

const catalogue = generateCatalogue();
const pushing = withPushes(catalogue);

/** Mutable state of the scenarios that change over time; a story resets it before it renders. */
const state = { catalogueCalls: 0, pushConfirmed: false, mainSold: false };
export function resetListingMocks(): void {
  state.catalogueCalls = 0;
  state.pushConfirmed = false;
  state.mainSold = false;
}

/** An event stream that tells, after `afterMs`, that the SKUs of `skus` changed (event `listings`). */
function listingsEventStream(skus: string[], afterMs: number, before: () => void) {
  return http.get('/api/sync/events', ({ response }) => {
    const encoder = new TextEncoder();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(': progress of sync runs\n\n'));
        timer = setTimeout(() => {
          before();
          controller.enqueue(encoder.encode(`event: listings\ndata: ${JSON.stringify({ skus })}\n\n`));
        }, afterMs);
      },
      cancel() {
        clearTimeout(timer);
      },
    });
    return response.untyped(
      new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' } }),
    );
  });
}

/** A 503 with the server's message (not a status the contract lists: the service itself is down). */
const serviceDown = (message: string) => HttpResponse.json({ message }, { status: 503 });
const unavailable = (message: string) => [
  http.get('/api/listings', ({ response }) => response.untyped(serviceDown(message))),
  http.get('/api/listings/items/{sku}', ({ response }) => response.untyped(serviceDown(message))),
];

export const listingHandlers = {
  /** 1,240 SKUs on Shopify (main), Amazon and Walmart, all in step. */
  populated: catalogueOf(() => catalogue),
  /** Nothing imported yet. */
  empty: catalogueOf(() => []),
  /** New prices and quantities on their way to Amazon for the first five SKUs. */
  pushInProgress: catalogueOf(() => pushing),
  /**
   * The pushes of `pushInProgress` are confirmed a moment after the page opens, and the event
   * stream says so: the page shows it without a reload. (Replaces the `sync` key's stream.)
   */
  pushConfirmedLive: [
    listingsEventStream(
      pushing.slice(0, 5).map((row) => row.sku),
      1_500,
      () => (state.pushConfirmed = true),
    ),
    ...catalogueOf(() =>
      state.pushConfirmed
        ? pushing.map((row) => ({
            ...row,
            chips: row.chips.map((c) =>
              c.pushPending
                ? {
                    ...c,
                    price: c.desiredPrice,
                    quantity: c.desiredQuantity,
                    desiredPrice: null,
                    desiredQuantity: null,
                    pushPending: false,
                  }
                : c,
            ),
          }))
        : pushing,
    ),
  ],
  /**
   * A unit of the first SKU is sold on the main channel a moment after the page opens, and the event
   * stream says so: its main chip and Available show one less without a reload. (Replaces the `sync` key's stream.)
   */
  mainSaleLive: [
    listingsEventStream([catalogue[0]!.sku], 1_500, () => (state.mainSold = true)),
    ...catalogueOf(() => (state.mainSold ? afterMainSale(catalogue) : catalogue)),
  ],
  /** A trial's 1,000 SKUs imported of the main channel's 1,500: the other 500 are beyond the plan's limit. */
  skuLimitReached: [
    http.get('/api/listings', ({ query, response }) =>
      response(200).json({
        ...queryCatalogue(generateCatalogue(1_000), {
          page: Number(query.get('page') ?? 1),
          pageSize: Number(query.get('pageSize') ?? 50),
        }),
        skuLimit: 1_000,
        skusBeyondLimit: 500,
      }),
    ),
  ],
  /** The Walmart channel paused: its chips say so and do not claim their quantity is current. */
  walmartPaused: catalogueOf(() => withWalmartPaused(catalogue)),
  /** 1,240 SKUs with a price in euros (a catalogue priced in another currency). */
  inEuros: catalogueOf(() =>
    catalogue.map((row) => ({ ...row, chips: row.chips.map((c) => ({ ...c, currency: 'EUR' })) })),
  ),
  /** Some listings refused by the marketplace, with its message. */
  partialFailure: catalogueOf(() => withFailures(catalogue)),
  /** Two listings the seller took off sale: on Amazon, and a variant on a Shopify store (offered 0 units). */
  takenOffSale: catalogueOf(() => withOffSale(catalogue)),
  /** A SKU found on Amazon only, before the main channel's. */
  skuOnlyOnTarget: catalogueOf(() => [targetOnlyRow, ...catalogue]),
  loading: [
    http.get('/api/listings', async ({ response }) => {
      await delay('infinite');
      return response(200).json({ items: [], total: 0, page: 1, pageSize: 50 });
    }),
  ],
  /** The first read fails; the next succeeds (call `resetListingMocks` first). */
  failsOnce: [
    http.get('/api/listings', ({ query, response }) => {
      state.catalogueCalls += 1;
      if (state.catalogueCalls === 1)
        return response.untyped(serviceDown('The service is briefly unavailable. Try again.'));
      return response(200).json(queryCatalogue(catalogue, { page: Number(query.get('page') ?? 1), pageSize: 50 }));
    }),
  ],
  /** Always unavailable. */
  unavailable: unavailable('The service is briefly unavailable. Try again.'),
  /** Staff who are not viewing as a seller: the account's data is refused. (Replaces the `channels` key too.) */
  forbidden: [
    http.get('/api/listings', ({ response }) =>
      response(403).json({ message: 'Sign in to a seller account, or view as one, to see its listings' }),
    ),
    http.get('/api/channels', ({ response }) =>
      response.untyped(
        HttpResponse.json(
          { message: 'Sign in to a seller account, or view as one, to see its listings' },
          { status: 403 },
        ),
      ),
    ),
  ],
} satisfies Record<string, HttpHandler[]>;

export type ListingScenario = keyof typeof listingHandlers;
