import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Browser } from '../support/browser.ts';
import type { ConnectedChannel } from '../support/channel-flows.ts';
import { connectMainWalmartEbay, query, sandboxItem, settled } from '../support/sync-checks.ts';
import { parseCsv } from '../../src/modules/csv/csv-parse.ts';
import { csvLine } from '../../src/modules/listings/catalogue-csv.ts';

/**
 * A marketplace's price column in the catalogue CSV (`ebay_price`, …): the channel's own price,
 * set like the SKU drawer sets it. Amazon is the main channel; Walmart and eBay are targets
 * (sandbox sellers, four SKUs), and one product of the hub is listed nowhere.
 */
let t: TestProduct;
let seller: Browser;
let accountId: string;
let walmart: ConnectedChannel;
let ebay: ConnectedChannel;

interface Product {
  id: string;
  sku: string;
  price: string;
}
const listedProducts = () =>
  query<Product>(
    t,
    sql`select id, sku, price::text as price from products where account_id = ${accountId} and sku <> 'LOCAL-1' order by sku`,
  );
const changes = async () =>
  (await query<{ n: number }>(t, sql`select count(*)::int as n from changes where account_id = ${accountId}`))[0]!.n;

/** The catalogue as the seller exports it, as a header and rows of cells. */
async function exported(): Promise<{ header: string[]; rows: string[][] }> {
  const answer = await seller.get('/api/listings/export');
  expect(answer.status).toBe(200);
  const [header, ...rows] = parseCsv(answer.body as string).map((r) => r.fields);
  return { header: header!, rows };
}
/** The exported file with one cell of one SKU's row changed, as a spreadsheet saves it. */
function withCell(file: { header: string[]; rows: string[][] }, sku: string, column: string, value: string): string {
  const at = file.header.indexOf(column);
  expect(at, column).toBeGreaterThan(-1);
  const rows = file.rows.map((r) => (r[0] === sku ? r.map((cell, i) => (i === at ? value : cell)) : r));
  expect(rows.some((r) => r[0] === sku)).toBe(true);
  return [file.header, ...rows].map((cells) => csvLine(cells)).join('');
}
const cellOf = (file: { header: string[]; rows: string[][] }, sku: string, column: string) =>
  file.rows.find((r) => r[0] === sku)![file.header.indexOf(column)]!;

beforeAll(async () => {
  t = await startTestProduct();
  ({ browser: seller, accountId } = await t.signedInSeller({ firstName: 'Ann', lastName: 'Lee' }));
  ({ walmart, ebay } = await connectMainWalmartEbay(t, seller, accountId, {
    main: 'amazon',
    products: 4,
    pricesConfirmed: true,
  }));
  await query(
    t,
    sql`insert into products (account_id, sku, title, price, on_hand) values (${accountId}, 'LOCAL-1', 'Local mug', '8.00', 2)`,
  );
}, 180_000);
afterAll(() => t?.stop());

describe('channel prices in the catalogue CSV', () => {
  it('imports an exported file unchanged as no change; only the status and quantity columns are read-only', async () => {
    const file = await exported();
    expect(file.header).toEqual(expect.arrayContaining(['amazon_price', 'walmart_price', 'ebay_price']));
    // LOCAL-1 is listed nowhere: its marketplace cells are empty.
    expect(cellOf(file, 'LOCAL-1', 'ebay_price')).toBe('');
    const csv = [file.header, ...file.rows].map((cells) => csvLine(cells)).join('');
    const preview = await seller.post('/api/listings/import/preview', { csv });
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      items: [],
      total: 0,
      errors: [],
      notices: [
        'Read-only columns ignored: brand, gtin, committed, available, amazon_status, amazon_quantity, walmart_status, walmart_quantity, ebay_status, ebay_quantity.',
      ],
    });
    const before = await changes();
    const applied = await seller.post('/api/listings/import', { csv });
    expect(applied.status).toBe(400);
    expect(await changes()).toBe(before);
  });

  it('an eBay price set in the file is a change that reaches eBay only, the file exported after it imports as no change, and undo puts it back', async () => {
    const [a] = await listedProducts();
    const ebayBefore = await sandboxItem(t, ebay, a!.sku);
    const walmartBefore = await sandboxItem(t, walmart, a!.sku);
    const file = await exported();
    expect(cellOf(file, a!.sku, 'ebay_price')).toBe(ebayBefore.price);
    const price = (Number(ebayBefore.price) + 4.5).toFixed(2);
    const csv = withCell(file, a!.sku, 'ebay_price', price);

    const preview = await seller.post('/api/listings/import/preview', { csv });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ total: 1, errors: [] });
    expect(preview.body.items).toEqual([
      expect.objectContaining({
        sku: a!.sku,
        price: null,
        onHand: null,
        title: null,
        channelPrices: [
          {
            channelId: ebay.id,
            channelKind: 'ebay',
            channelName: expect.any(String),
            currency: 'USD',
            before: ebayBefore.price,
            after: price,
          },
        ],
      }),
    ]);

    const run = await seller.post('/api/listings/import', { csv });
    expect(run.status).toBe(201);
    const batchId = run.body.batchId as string;
    expect(run.body).toMatchObject({ kind: 'csv_import', skus: 1, values: 1 });
    expect(
      await query(
        t,
        sql`select channel_id, field, before, after from changes where account_id = ${accountId} and cause_ref = ${`csv:${batchId}`}`,
      ),
    ).toEqual([{ channel_id: ebay.id, field: 'price', before: null, after: price }]);
    await vi.waitFor(async () => expect((await sandboxItem(t, ebay, a!.sku)).price).toBe(price), {
      timeout: 45_000,
      interval: 200,
    });
    await settled(t, accountId);
    // Walmart and the main price keep theirs: only eBay was written to.
    expect((await sandboxItem(t, walmart, a!.sku)).price).toBe(walmartBefore.price);
    expect((await listedProducts()).find((p) => p.sku === a!.sku)!.price).toBe(a!.price);
    expect(
      await query(
        t,
        sql`select distinct w.channel_id from listing_writes w join changes c on c.id = w.change_id where c.cause_ref = ${`csv:${batchId}`}`,
      ),
    ).toEqual([{ channel_id: ebay.id }]);

    // Exported again, the file holds eBay's new price and imports back as no change.
    const again = await exported();
    expect(cellOf(again, a!.sku, 'ebay_price')).toBe(price);
    const noChange = await seller.post('/api/listings/import/preview', {
      csv: [again.header, ...again.rows].map((cells) => csvLine(cells)).join(''),
    });
    expect(noChange.body).toMatchObject({ items: [], total: 0, errors: [] });

    const undo = await seller.post(`/api/listings/changes/${batchId}/undo`);
    expect(undo.status).toBe(200);
    expect(undo.body).toMatchObject({ restored: 1, skipped: [] });
    expect(
      await query(t, sql`select price_override from listings where channel_id = ${ebay.id} and sku = ${a!.sku}`),
    ).toEqual([{ price_override: null }]);
    await vi.waitFor(async () => expect((await sandboxItem(t, ebay, a!.sku)).price).toBe(ebayBefore.price), {
      timeout: 45_000,
      interval: 200,
    });
    await settled(t, accountId);
    expect((await sandboxItem(t, walmart, a!.sku)).price).toBe(walmartBefore.price);
  }, 150_000);

  it('refuses, each on its line: a price that is not one, a SKU not listed on that marketplace, a new price in the main channel’s column', async () => {
    const [a, b, c, d] = await listedProducts();
    const newMain = (Number(d!.price) + 1).toFixed(2);
    const csv = [
      'sku,price,amazon_price,ebay_price,walmart_price',
      `${a!.sku},,,about 12,`,
      `LOCAL-1,,,9.50,`,
      `${b!.sku},,${(Number(b!.price) + 2).toFixed(2)},,`,
      // The main channel's column saying what the price column says is no error: the price changes.
      `${d!.sku},${newMain},${newMain},,`,
      // Empty cells change nothing.
      `${c!.sku},,,,`,
    ].join('\n');
    const preview = await seller.post('/api/listings/import/preview', { csv });
    expect(preview.status).toBe(200);
    expect(preview.body.errors).toEqual([
      {
        line: 2,
        sku: a!.sku,
        message: '"about 12" is not a price: use a number above 0 with at most two decimals, such as 19.99.',
      },
      { line: 3, sku: 'LOCAL-1', message: 'SKU LOCAL-1 is not listed on eBay.' },
      {
        line: 4,
        sku: b!.sku,
        message:
          'Amazon is your main channel: its price is the SKU\'s price. Change it in the "price" column, not in "amazon_price".',
      },
    ]);
    expect(preview.body.items).toEqual([
      expect.objectContaining({ sku: d!.sku, price: { before: d!.price, after: newMain }, channelPrices: [] }),
    ]);
    const before = await changes();
    const run = await seller.post('/api/listings/import', { csv });
    expect(run.status).toBe(422);
    expect(run.body.errors).toHaveLength(3);
    expect(await changes()).toBe(before);
  });
});
