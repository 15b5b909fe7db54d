import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Browser } from '../support/browser.ts';
import { query } from '../support/sync-checks.ts';

let t: TestProduct;
let seller: Browser;
let accountId: string;

const changes = async () =>
  (await query<{ n: number }>(t, sql`select count(*)::int as n from changes where account_id = ${accountId}`))[0]!.n;

/** The catalogue as the seller exports it. */
async function exported(): Promise<string> {
  const answer = await seller.get('/api/listings/export');
  expect(answer.status).toBe(200);
  return answer.body as string;
}

beforeAll(async () => {
  t = await startTestProduct();
  ({ browser: seller, accountId } = await t.signedInSeller());
  const [channel] = await query<{ id: string }>(
    t,
    sql`insert into channels (account_id, kind, role, status, environment, external_seller_id, display_name, rules)
      values (${accountId}, 'amazon', 'main', 'active', 'sandbox', ${`amazon-${Math.random().toString(36).slice(2)}`}, 'Amazon',
        '{"syncQuantity":true,"syncPrice":true,"stockPercent":100,"bufferUnits":0,"maxQuantity":null,"outOfStockThreshold":0}')
      returning id`,
  );
  const made = await query<{ id: string; sku: string }>(
    t,
    sql`insert into products (account_id, sku, title, brand, price, on_hand) values
      (${accountId}, 'MUG-1', 'Mug', 'Acme', '10.00', 5),
      (${accountId}, 'MUG-2', 'Mug, "large"', null, '12.50', 0),
      (${accountId}, 'CAP-1', '=HYPERLINK("x")', null, null, 3)
      returning id, sku`,
  );
  for (const p of made)
    await query(
      t,
      sql`insert into listings (account_id, channel_id, product_id, sku, marketplace_id, status, confirmed_quantity, confirmed_price, confirmed_at)
        values (${accountId}, ${channel!.id}, ${p.id}, ${p.sku}, ${`M-${p.sku}`}, 'active', 1, '9.99', now())`,
    );
  // A SKU listed on the channel with no product in the hub: exported with nothing to import.
  await query(
    t,
    sql`insert into listings (account_id, channel_id, product_id, sku, marketplace_id, status, confirmed_quantity, confirmed_price, confirmed_at)
      values (${accountId}, ${channel!.id}, null, 'LOOSE-1', 'M-LOOSE-1', 'active', 2, '4.00', now())`,
  );
}, 60_000);
afterAll(() => t?.stop());

describe('a CSV round trip', () => {
  it('exports the main price, on hand and title under the columns the import reads', async () => {
    const [header] = (await exported()).split('\r\n');
    expect(header).toBe(
      'sku,title,price,brand,gtin,on_hand,committed,available,cost,tags,components,amazon_status,amazon_price,amazon_quantity',
    );
  });

  it('imports an exported file unchanged as no change and no error, naming the read-only columns once', async () => {
    const csv = await exported();
    const preview = await seller.post('/api/listings/import/preview', { csv });
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      items: [],
      total: 0,
      errors: [],
      notices: ['Read-only columns ignored: brand, gtin, committed, available, amazon_status, amazon_quantity.'],
    });
    const before = await changes();
    const applied = await seller.post('/api/listings/import', { csv });
    expect(applied.status).toBe(400);
    expect(applied.body.message).toMatch(/Nothing to import/);
    expect(await changes()).toBe(before);
  });

  it('finds exactly one change when one price is edited in the exported file', async () => {
    const csv = (await exported()).replace(/\r\nMUG-2,("Mug, ""large""",)12\.50,/, '\r\nMUG-2,$114.00,');
    expect(csv).toContain('MUG-2,"Mug, ""large""",14.00,');
    const preview = await seller.post('/api/listings/import/preview', { csv });
    expect(preview.body).toMatchObject({ total: 1, errors: [] });
    expect(preview.body.items).toEqual([
      expect.objectContaining({ sku: 'MUG-2', price: { before: '12.50', after: '14.00' }, onHand: null, title: null }),
    ]);
    const applied = await seller.post('/api/listings/import', { csv });
    expect(applied.status).toBe(201);
    const [mug] = await query<{ price: string }>(
      t,
      sql`select price::text as price from products where account_id = ${accountId} and sku = 'MUG-2'`,
    );
    expect(mug!.price).toBe('14.00');
  });

  it('passes over unknown columns with one notice and still imports the rows', async () => {
    const preview = await seller.post('/api/listings/import/preview', {
      csv: 'sku,colour,on_hand,size\nMUG-1,red,7,L\nCAP-1,blue,3,M\n',
    });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      total: 1,
      errors: [],
      notices: ['Ignored columns: colour, size.'],
    });
    expect(preview.body.items).toEqual([
      expect.objectContaining({ sku: 'MUG-1', onHand: { before: 5, after: 7 }, price: null, title: null }),
    ]);
  });

  it('refuses a file giving the quantity twice', async () => {
    const preview = await seller.post('/api/listings/import/preview', { csv: 'sku,on_hand,quantity\nMUG-1,7,7\n' });
    expect(preview.body.errors).toEqual([
      { line: 1, sku: null, message: expect.stringMatching(/quantity appears twice/) },
    ]);
  });
});
