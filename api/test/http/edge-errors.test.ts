import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Answer, Browser } from '../support/browser.ts';
import { installOnShopify, type ConnectedChannel } from '../support/channel-flows.ts';
import { query, settled } from '../support/sync-checks.ts';
import { AppError } from '../../src/context.ts';
import { previewBulkEdit } from '../../src/modules/listings/bulk-edit.ts';
import type * as BulkEdit from '../../src/modules/listings/bulk-edit.ts';

/**
 * Bad input is refused at the edge as a JSON 4xx, before any database work, and a failure of ours
 * (a status the contract does not declare, an answer the response validator refuses) is a JSON 500:
 * never Express's HTML page with a stack and the server's paths.
 */

// The real bulk edit, which a test can make answer what the contract does not declare.
vi.mock('../../src/modules/listings/bulk-edit.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof BulkEdit>();
  return { ...actual, previewBulkEdit: vi.fn(actual.previewBulkEdit) };
});

let t: TestProduct;
let seller: Browser;
let accountId: string;
let productId: string;
let othersChannel: ConnectedChannel;

beforeAll(async () => {
  t = await startTestProduct();
  ({ browser: seller, accountId } = await t.signedInSeller({ firstName: 'Sam' }));
  productId = (
    await query<{ id: string }>(
      t,
      sql`insert into products (account_id, sku, title, price, on_hand) values (${accountId}, 'EDGE-1', 'Mug', '10.00', 5) returning id`,
    )
  )[0]!.id;

  // Another account, with a channel of its own, its catalogue imported.
  const { browser: other, accountId: otherAccount } = await t.signedInSeller();
  othersChannel = (await installOnShopify(other, 'install', { products: 2 })).channel!;
  await vi.waitFor(
    async () => expect(await query(t, sql`select id from products where account_id = ${otherAccount}`)).toHaveLength(2),
    { timeout: 45_000 },
  );
  await settled(t, otherAccount);
}, 120_000);
afterAll(() => t?.stop());

/** What a refused request must leave as it was: every row count (but the rate limits', which count requests), and the rows these tests aim at. */
async function storedData() {
  const { rate_limits: _counted, ...counts } = await t.rowCounts();
  return {
    counts,
    products: await query(
      t,
      sql`select id, account_id, sku, title, price::text as price, on_hand from products order by id`,
    ),
    users: await query(
      t,
      sql`select u.id, u.first_name, u.last_name, a.name from users u join accounts a on a.id = u.account_id order by u.id`,
    ),
    batches: await query(
      t,
      sql`select (select count(*)::int from change_batches) as batches, (select count(*)::int from changes) as changes`,
    ),
  };
}

/** A JSON error with a message a person can read, and nothing of the server's insides. */
function expectJsonError(answer: Answer, status: number, message?: RegExp) {
  const text = JSON.stringify(answer.body);
  expect(answer.status, text).toBe(status);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  expect(typeof (answer.body as { message?: unknown }).message, text).toBe('string');
  if (message) expect((answer.body as { message: string }).message).toMatch(message);
  expect(text).not.toMatch(/node_modules|\/api\/src\/|\.ts:\d+|\bat \S+ \(|<html|<pre|stack/i);
}

describe('a channel of another account in a bulk edit', () => {
  const edit = () => ({
    selection: { productIds: [productId] },
    status: { status: 'inactive', channelIds: [othersChannel.id] },
  });

  it('is refused with a declared 4xx that names the problem, on preview and on run, and changes nothing', async () => {
    const before = await storedData();
    expectJsonError(await seller.post('/api/listings/bulk-edit/preview', edit()), 400, /channel/i);
    expectJsonError(await seller.post('/api/listings/bulk-edit', edit()), 400, /channel/i);
    expect(await storedData()).toEqual(before);
  });
});

describe('a status the contract does not declare, or an answer it refuses', () => {
  it('becomes a JSON 500 without the stack, and the log says what happened', async () => {
    vi.mocked(previewBulkEdit).mockRejectedValueOnce(new AppError(404, 'No such thing as this.'));
    const answer = await seller.post('/api/listings/bulk-edit/preview', {
      selection: { productIds: [productId] },
      price: { mode: 'set', value: 12 },
    });
    expectJsonError(answer, 500, /on our side/);
    const logged = t.logs.find((line) => line.includes('No such thing as this.'));
    expect(logged).toMatch(/POST \/api\/listings\/bulk-edit\/preview/);
    expect(logged).toMatch(/404/);
  });

  it('whatever the error that carries it, and an answer of the route the validator refuses is one too', async () => {
    const edit = { selection: { productIds: [productId] }, price: { mode: 'set', value: 12 } };
    vi.mocked(previewBulkEdit).mockRejectedValueOnce(Object.assign(new Error('Gone for good.'), { status: 410 }));
    expectJsonError(await seller.post('/api/listings/bulk-edit/preview', edit), 500, /on our side/);
    expect(t.logs.find((line) => line.includes('Gone for good.'))).toMatch(/410/);
    vi.mocked(previewBulkEdit).mockResolvedValueOnce({ items: [], total: -1, errors: 0 });
    expectJsonError(await seller.post('/api/listings/bulk-edit/preview', edit), 500, /on our side/);
    expect(t.logs.some((line) => line.includes('/api/listings/bulk-edit/preview') && line.includes('total'))).toBe(
      true,
    );
  });
});

describe('the NUL character and text PostgreSQL cannot store', () => {
  it('in a path parameter is a 400', async () => {
    expectJsonError(await seller.get('/api/listings/items/%00'), 400, /address must not contain the NUL character/);
    expectJsonError(await seller.get('/api/listings/items/EDGE%00-1'), 400, /NUL/);
    expectJsonError(await seller.get(`/api/listings/changes/${productId.slice(0, -1)}%00`), 400, /NUL/);
    // An address that is not even UTF-8 is a JSON 400 as well.
    expectJsonError(await seller.get('/api/listings/items/%E0%A4%A'), 400);
    // A webhook's ids too, before anything is looked up.
    expectJsonError(await t.browser({ origin: null }).post('/api/webhooks/shopify/%00', '{}'), 400, /NUL/);
  });

  it('in a query value is a 400, and the export answers it before it starts streaming', async () => {
    expectJsonError(await seller.get('/api/listings?q=%00'), 400, /"q" must not contain the NUL character/);
    expectJsonError(await seller.get('/api/listings?q=mug%00&page=1'), 400, /NUL/);
    expectJsonError(await seller.get('/api/listings/export?q=%00'), 400, /"q" must not contain the NUL character/);
    expectJsonError(await seller.get('/api/webhooks/ebay-notifications/sandbox?challenge_code=%00'), 400, /NUL/);
  });

  it('in a JSON body, however deep, is a 400 that names the field, and nothing is stored', async () => {
    const before = await storedData();
    expectJsonError(
      await seller.patch('/api/auth/profile', { firstName: 'a\u0000b' }),
      400,
      /"firstName" must not contain the NUL character/,
    );
    expectJsonError(
      await seller.post('/api/listings/bulk-edit/preview', {
        selection: { filter: { q: 'mug\u0000' } },
        price: { mode: 'set', value: 12 },
      }),
      400,
      /"selection\.filter\.q"/,
    );
    expectJsonError(
      await seller.post('/api/listings/bulk-edit', {
        selection: { productIds: [`${productId.slice(0, -1)}\u0000`] },
        price: { mode: 'set', value: 12 },
      }),
      400,
      /"selection\.productIds\[0\]"/,
    );
    // A name of a field as much as its value.
    expectJsonError(await seller.patch('/api/auth/profile', { 'first\u0000Name': 'Al' }), 400, /NUL/);
    expect(await storedData()).toEqual(before);
    expect((await seller.get('/api/auth/user')).body.firstName).toBe('Sam');
  });

  it('half of a surrogate pair (text with no UTF-8 form) is a 400 too, where a whole pair is fine', async () => {
    const before = await storedData();
    expectJsonError(
      await seller.patch('/api/auth/profile', '{"firstName":"a\\ud800b"}'),
      400,
      /"firstName" must be valid Unicode text/,
    );
    expectJsonError(await seller.patch('/api/auth/profile', '{"lastName":"\\udc00"}'), 400, /Unicode/);
    expect(await storedData()).toEqual(before);
    const emoji = await seller.patch('/api/auth/profile', { lastName: 'Smith \u{1F600}' });
    expect(emoji.status, JSON.stringify(emoji.body)).toBe(200);
    expect(emoji.body.lastName).toBe('Smith \u{1F600}');
  });

  it('in a CSV file, sent as text/csv or as JSON, is a 400 on preview and import, and nothing is imported', async () => {
    const before = await storedData();
    const file = 'sku,price\nEDGE-1,12\nEDGE\u0000-2,13\n';
    for (const path of ['/api/listings/import/preview', '/api/listings/import']) {
      expectJsonError(await seller.post(path, file, { 'content-type': 'text/csv' }), 400, /Line 3 .*NUL character/);
      expectJsonError(await seller.post(path, { csv: file }), 400, /NUL character/);
    }
    expect(await storedData()).toEqual(before);
  });
});

describe('a verified marketplace delivery holding a NUL', () => {
  /** Posts a delivery to the other account's Shopify channel, signed with our sandbox application's secret (or not). */
  async function deliver(
    topic: string,
    body: string,
    secret = t.product.ctx.marketplaces.sandboxApplications.shopify.clientSecret,
  ) {
    const deliveryId = crypto.randomUUID();
    const headers = {
      'content-type': 'application/json',
      'x-shopify-hmac-sha256': crypto.createHmac('sha256', secret).update(body).digest('base64'),
      'x-shopify-topic': topic,
      'x-shopify-shop-domain': othersChannel.externalSellerId,
      'x-shopify-webhook-id': deliveryId,
    };
    const answer = await t.browser({ origin: null }).post(`/api/webhooks/shopify/${othersChannel.id}`, body, headers);
    return { answer, deliveryId };
  }

  it('is taken and kept with U+FFFD in its place (refused, it would only be sent again); unsigned, it is refused', async () => {
    // An order webhook (recorded, then the channel's orders read); products/update is never recorded, only acted on.
    const { answer, deliveryId } = await deliver('orders/updated', '{"id":1,"title":"a\\u0000b","\\u0000":"c\\ud800"}');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [kept] = await query<{ payload: unknown }>(
      t,
      sql`select payload from marketplace_events where delivery_id = ${deliveryId}`,
    );
    expect(kept!.payload).toEqual({ id: 1, title: 'a\uFFFDb', '\uFFFD': 'c\uFFFD' });
    // A stock notice whose inventory item holds a NUL is looked up without one.
    expect(
      (await deliver('inventory_levels/update', '{"inventory_item_id":"1\\u0000","available":3}')).answer.status,
    ).toBe(200);
    expectJsonError((await deliver('orders/updated', '{"title":"a\\u0000b"}', 'not the secret')).answer, 401);
  });
});
