import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Browser } from '../support/browser.ts';
import { query } from '../support/sync-checks.ts';
import { CsvSyntaxError, parseCsv } from '../../src/modules/csv/csv-parse.ts';

describe('the CSV parser', () => {
  it('reads plain records, with LF, CRLF or CR line ends, and no empty record for a final line break', () => {
    for (const end of ['\n', '\r\n', '\r']) {
      expect(parseCsv(`sku,price${end}A-1,10${end}B-2,${end}`)).toEqual([
        { line: 1, fields: ['sku', 'price'] },
        { line: 2, fields: ['A-1', '10'] },
        { line: 3, fields: ['B-2', ''] },
      ]);
    }
    expect(parseCsv('sku\nA-1')).toEqual([
      { line: 1, fields: ['sku'] },
      { line: 2, fields: ['A-1'] },
    ]);
    expect(parseCsv('')).toEqual([]);
  });

  it('drops a byte-order mark', () => {
    expect(parseCsv('\uFEFFsku,title\r\nA,B\r\n')[0]).toEqual({ line: 1, fields: ['sku', 'title'] });
  });

  it('takes quoted values with commas, doubled quotes and line breaks, and counts lines through them', () => {
    expect(parseCsv('sku,title\n"A,1","Mug ""Large"", blue"\n"B","two\r\nlines"\nC,""\n')).toEqual([
      { line: 1, fields: ['sku', 'title'] },
      { line: 2, fields: ['A,1', 'Mug "Large", blue'] },
      { line: 3, fields: ['B', 'two\r\nlines'] },
      { line: 5, fields: ['C', ''] },
    ]);
  });

  it('names the line of a quote never closed, or followed by more text', () => {
    expect(() => parseCsv('sku,title\nA,"open\nB,x\n')).toThrow(CsvSyntaxError);
    try {
      parseCsv('sku,title\nA,ok\nB,"open\nC,x\n');
    } catch (error) {
      expect(error).toMatchObject({ line: 3, message: 'A quoted value is never closed.' });
    }
    expect(() => parseCsv('sku\n"A"x\n')).toThrow(/followed by a comma/);
  });
});

let t: TestProduct;
let seller: Browser;
let accountId: string;
let otherAccountId: string;
interface Product {
  sku: string;
  title: string;
  price: string | null;
  on_hand: number;
}
/** On hand as the seller edits it: what the main channel holds, with their edits still on their way there. */
const products = () =>
  query<Product>(
    t,
    sql`select sku, title, price::text as price,
          (on_hand + coalesce((select sum(a.delta) from stock_adjustments a where a.product_id = products.id and a.status in ('pending', 'sending') and a.idempotency_key like 'bulk:%'), 0))::int as on_hand
        from products where account_id = ${accountId} order by sku`,
  );
const stored = async () => ({
  products: await products(),
  changes: (
    await query<{ n: number }>(t, sql`select count(*)::int as n from changes where account_id = ${accountId}`)
  )[0]!.n,
  batches: (
    await query<{ n: number }>(t, sql`select count(*)::int as n from change_batches where account_id = ${accountId}`)
  )[0]!.n,
});

beforeAll(async () => {
  t = await startTestProduct();
  ({ browser: seller, accountId } = await t.signedInSeller());
  ({ accountId: otherAccountId } = await t.createUser());
  await query(
    t,
    sql`insert into products (account_id, sku, title, price, on_hand) values
      (${accountId}, 'MUG-1', 'Mug', '10.00', 5), (${accountId}, 'MUG-2', 'Mug, large', '12.50', 0), (${accountId}, 'CAP-1', 'Cap', null, 3),
      (${otherAccountId}, 'THEIRS-1', 'Not yours', '50.00', 9)`,
  );
}, 60_000);
afterAll(() => t?.stop());

describe('CSV import', () => {
  it('previews each row’s old and new values and stores nothing', async () => {
    const before = await stored();
    const answer = await seller.post('/api/listings/import/preview', {
      csv: 'sku,price,quantity,title\nMUG-1,11.5,5,Mug\nMUG-2,,4,\nCAP-1,8,3,Cap\n',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      items: [
        {
          line: 2,
          productId: expect.any(String),
          sku: 'MUG-1',
          price: { before: '10.00', after: '11.50' },
          onHand: null,
          title: null,
          channelPrices: [],
        },
        {
          line: 3,
          productId: expect.any(String),
          sku: 'MUG-2',
          price: null,
          onHand: { before: 0, after: 4 },
          title: null,
          channelPrices: [],
        },
        {
          line: 4,
          productId: expect.any(String),
          sku: 'CAP-1',
          price: { before: null, after: '8.00' },
          onHand: null,
          title: null,
          channelPrices: [],
        },
      ],
      total: 3,
      errors: [],
      notices: [],
    });
    expect(await stored()).toEqual(before);
  });

  it('lists every row in error by its line', async () => {
    const csv = [
      'sku,price,quantity',
      'MUG-1,abc,1',
      'NOPE-9,5,1',
      'MUG-2,1.999,-2',
      'MUG-1,5,5',
      ',5,5',
      'CAP-1,5',
      'THEIRS-1,5,5',
    ].join('\r\n');
    const answer = await seller.post('/api/listings/import/preview', { csv });
    expect(answer.status).toBe(200);
    expect(answer.body.errors).toEqual([
      { line: 2, sku: 'MUG-1', message: expect.stringMatching(/"abc" is not a price/) },
      { line: 3, sku: 'NOPE-9', message: 'No product has the SKU NOPE-9.' },
      { line: 4, sku: 'MUG-2', message: expect.stringMatching(/"1.999" is not a price/) },
      { line: 4, sku: 'MUG-2', message: expect.stringMatching(/"-2" is not a quantity/) },
      { line: 5, sku: 'MUG-1', message: 'SKU MUG-1 is also on line 2.' },
      { line: 6, sku: null, message: 'The SKU is missing.' },
      { line: 7, sku: 'CAP-1', message: 'Expected 3 values, found 2.' },
      // Another account's SKU is not this account's product.
      { line: 8, sku: 'THEIRS-1', message: 'No product has the SKU THEIRS-1.' },
    ]);
  });

  it('refuses a bad header: a missing sku column, an unknown column, nothing to change', async () => {
    const errors = async (csv: string) => (await seller.post('/api/listings/import/preview', { csv })).body.errors;
    expect(await errors('price,quantity\n5,5\n')).toEqual([
      { line: 1, sku: null, message: 'The column "sku" is missing.' },
    ]);
    // An unknown column is passed over (with a notice), so the file has nothing left to change.
    expect(await errors('sku,colour\nMUG-1,red\n')).toEqual([
      {
        line: 1,
        sku: null,
        message:
          'Add at least one column to change: price, on_hand (or quantity), title, cost, tags or a marketplace’s price (such as ebay_price).',
      },
    ]);
    expect(await errors('')).toEqual([{ line: 1, sku: null, message: expect.stringMatching(/The file is empty/) }]);
    expect(await errors('sku,title\nMUG-1,"never closed\n')).toEqual([
      { line: 2, sku: null, message: 'A quoted value is never closed.' },
    ]);
  });

  it('a file with one bad row imports nothing and names the line', async () => {
    const before = await stored();
    const answer = await seller.post('/api/listings/import', { csv: 'sku,quantity\nMUG-1,7\nMUG-2,seven\nCAP-1,9\n' });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      message: 'Nothing was imported.',
      errors: [{ line: 3, sku: 'MUG-2', message: expect.stringMatching(/"seven" is not a quantity/) }],
    });
    expect(await stored()).toEqual(before);
  });

  it('imports a text/csv file (BOM, CRLF, quoted titles) as one bulk change, which undo puts back', async () => {
    const before = await products();
    const csv = '\uFEFFsku,price,quantity,title\r\nMUG-1,9.99,6,"Mug ""Classic"", white"\r\nMUG-2,12.5,2,\r\n';
    const answer = await seller.post('/api/listings/import', csv, { 'content-type': 'text/csv' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ kind: 'csv_import', skus: 2, values: 4, undoneAt: null });
    expect(await products()).toEqual([
      { sku: 'CAP-1', title: 'Cap', price: null, on_hand: 3 },
      { sku: 'MUG-1', title: 'Mug "Classic", white', price: '9.99', on_hand: 6 },
      { sku: 'MUG-2', title: 'Mug, large', price: '12.50', on_hand: 2 },
    ]);
    const batchId = answer.body.batchId as string;
    expect(
      await query(
        t,
        sql`select sku, field, before, after, cause from changes where cause_ref = ${`csv:${batchId}`} order by sku, field`,
      ),
    ).toEqual([
      { sku: 'MUG-1', field: 'on_hand', before: '5', after: '6', cause: 'bulk_edit' },
      { sku: 'MUG-1', field: 'price', before: '10.00', after: '9.99', cause: 'bulk_edit' },
      // A title is a change with before and after like any value (it reaches the channels that sync titles).
      { sku: 'MUG-1', field: 'title', before: 'Mug', after: 'Mug "Classic", white', cause: 'bulk_edit' },
      { sku: 'MUG-2', field: 'on_hand', before: '0', after: '2', cause: 'bulk_edit' },
    ]);
    expect(
      await query(t, sql`select action from audit_log where account_id = ${accountId} and target_id = ${batchId}`),
    ).toEqual([{ action: 'listings.imported' }]);
    // On hand goes to the main channel as adjustments (this account has none connected: they wait), and available moves at once.
    expect(
      await query(
        t,
        sql`select sku, delta, status from stock_adjustments where account_id = ${accountId} order by sku`,
      ),
    ).toEqual([
      { sku: 'MUG-1', delta: 1, status: 'pending' },
      { sku: 'MUG-2', delta: 2, status: 'pending' },
    ]);
    expect(
      await query(
        t,
        sql`select sku, greatest(on_hand - committed, 0)::int as available from products where account_id = ${accountId} order by sku`,
      ),
    ).toEqual([
      { sku: 'CAP-1', available: 3 },
      { sku: 'MUG-1', available: 6 },
      { sku: 'MUG-2', available: 2 },
    ]);

    const undo = await seller.post(`/api/listings/changes/${batchId}/undo`);
    expect(undo.status).toBe(200);
    expect(undo.body).toEqual({ batchId, restored: 4, skipped: [] });
    expect(await products()).toEqual(before);
    expect((await seller.post(`/api/listings/changes/${batchId}/undo`)).status).toBe(409);
  });

  it('refuses a file that changes nothing, a body without a file, and a file over 5 MB', async () => {
    const nothing = await seller.post('/api/listings/import', { csv: 'sku,quantity\nMUG-1,5\n' });
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toMatch(/Nothing to import/);
    const noFile = await seller.post('/api/listings/import', { file: 'x' });
    expect(noFile.status).toBe(400);
    expect(noFile.body.message).toEqual(expect.any(String));
    const big = `sku,title\n${'MUG-1,'.padEnd(1024, 'x')}\n`.repeat(5 * 1024 + 10);
    const tooLarge = await seller.post('/api/listings/import/preview', big, { 'content-type': 'text/csv' });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toEqual(expect.any(String));
  });
});
