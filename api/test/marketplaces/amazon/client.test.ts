import { afterAll, beforeAll, expect, test } from 'vitest';
import { AmazonClient, TOKEN_REFRESH_MARGIN_MS } from '../../../src/marketplaces/amazon/amazon-client.ts';
import { sandboxEndpoints } from '../../../src/marketplaces/amazon/endpoints.ts';
import { startAmazonSandbox, testRetry, waitFor, type AmazonTestEnv, type SandboxSeller } from './amazon-test-env.ts';

let env: AmazonTestEnv;
let seller: SandboxSeller;

beforeAll(async () => {
  env = await startAmazonSandbox('fast');
  seller = await env.createSeller(3);
});

afterAll(async () => {
  await env?.close();
});

const tokenRequests = () =>
  env.sandbox.requests().filter((r) => r.path === '/auth/o2/token' && r.status === 200).length;

test('the access token is cached, shared by concurrent callers, and refreshed a minute before it expires', async () => {
  let now = Date.now();
  const client = new AmazonClient({
    credentials: seller.credentials,
    endpoints: sandboxEndpoints(env.baseUrl),
    retry: testRetry,
    now: () => now,
  });
  const before = tokenRequests();
  const [a, b] = await Promise.all([client.accessToken(), client.accessToken()]);
  expect(a).toBe(b);
  expect(tokenRequests() - before).toBe(1);

  now += 3600_000 - TOKEN_REFRESH_MARGIN_MS - 1000;
  expect(await client.accessToken()).toBe(a);
  expect(tokenRequests() - before).toBe(1);

  now += 2000; // inside the last minute of the hour
  const refreshed = await client.accessToken();
  expect(refreshed).not.toBe(a);
  expect(tokenRequests() - before).toBe(2);
});

test('a token Amazon refuses (expired early, revoked) is replaced once and the call goes through', async () => {
  const client = new AmazonClient({
    credentials: seller.credentials,
    endpoints: sandboxEndpoints(env.baseUrl),
    retry: testRetry,
  });
  await client.accessToken();
  // Expire every token the sandbox issued, as if the hour had passed on Amazon's clock.
  for (const record of Object.values(env.sandbox.context.state().accessTokens)) record.expiresAt = Date.now() - 1;
  const mark = env.sandbox.requests().length;
  const page = await client.searchListingsItems({
    marketplaceIds: ['ATVPDKIKX0DER'],
    includedData: ['summaries'],
    pageSize: 1,
  });
  expect(page.numberOfResults).toBe(3);
  const during = env.sandbox.requests().slice(mark);
  expect(during.map((r) => `${r.status} ${r.path.split('/').slice(0, 3).join('/')}`)).toEqual([
    '403 /listings/2021-08-01',
    '200 /auth/o2',
    '200 /listings/2021-08-01',
  ]);
  expect(during[0]!.response).toMatchObject({
    errors: [{ code: 'Unauthorized', details: 'The access token you provided has expired.' }],
  });
});

test('putListingsItem creates a listing that appears once Amazon has processed it', async () => {
  const client = new AmazonClient({
    credentials: seller.credentials,
    endpoints: sandboxEndpoints(env.baseUrl),
    retry: testRetry,
  });
  const m = 'ATVPDKIKX0DER';
  const answer = await client.putListingsItem('NEW-SKU-1', [m], {
    productType: 'HOME',
    requirements: 'LISTING',
    attributes: {
      item_name: [{ value: 'New mug', language_tag: 'en_US', marketplace_id: m }],
      brand: [{ value: 'Acme', language_tag: 'en_US', marketplace_id: m }],
      externally_assigned_product_identifier: [{ type: 'upc', value: '036000291452', marketplace_id: m }],
      fulfillment_availability: [{ fulfillment_channel_code: 'DEFAULT', quantity: 4 }],
      purchasable_offer: [{ marketplace_id: m, currency: 'USD', our_price: [{ schedule: [{ value_with_tax: 8.5 }] }] }],
    },
  });
  expect(answer).toMatchObject({ sku: 'NEW-SKU-1', status: 'ACCEPTED' });
  const view = await waitFor(
    'the new listing',
    async () =>
      (await env.control('GET', `/sellers/${seller.sellerId}/items/NEW-SKU-1`)).body.quantity === 4 || undefined,
  );
  expect(view).toBe(true);
  expect(await env.item(seller.sellerId, 'NEW-SKU-1')).toMatchObject({
    quantity: 4,
    price: '8.50',
    status: 'BUYABLE,DISCOVERABLE',
  });

  const missingName = await client.putListingsItem('NEW-SKU-2', [m], {
    productType: 'HOME',
    attributes: { fulfillment_availability: [{ fulfillment_channel_code: 'DEFAULT', quantity: 1 }] },
  });
  expect(missingName.status).toBe('INVALID');
  expect(missingName.issues?.[0]?.message).toBe("'item_name' is required but not supplied.");
});

test('a feed Amazon cannot read ends FATAL, and submissionStatus gives the report’s reason', async () => {
  const adapter = env.adapter(seller);
  const contentType = 'application/json; charset=UTF-8';
  const document = await adapter.client.createFeedDocument(contentType);
  await adapter.client.uploadFeedDocument(
    document.url,
    contentType,
    JSON.stringify({ header: { sellerId: seller.sellerId, version: '1.0' }, messages: [] }),
  );
  const { feedId } = await adapter.client.createFeed({
    feedType: 'JSON_LISTINGS_FEED',
    marketplaceIds: ['ATVPDKIKX0DER'],
    inputFeedDocumentId: document.feedDocumentId,
  });
  const status = await waitFor('the feed to end', async () => {
    const current = await adapter.submissionStatus({ submissionId: feedId, skus: [] });
    return current.state === 'processing' ? undefined : current;
  });
  expect(status.state).toBe('failed');
  expect((status as { message: string }).message).toMatch(
    /FATAL.*header\.version must be "2\.0".*messages must have at least 1 item/,
  );
});
