/** The eBay sandbox's answers to bad input: eBay's status, errorId and words, in eBay's error container. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkExchange, ebayContracts } from './ebay-contracts.ts';
import { startEbaySandbox, type EbayTestSandbox } from './ebay-test-sandbox.ts';

let env: EbayTestSandbox;
let token: string;
let sku: string;
const contracts = ebayContracts();

beforeAll(async () => {
  env = await startEbaySandbox('fast');
  const { tokens, adapter } = await env.connectSeller(2);
  token = tokens.accessToken;
  sku = (await adapter.listCatalogue(undefined)).items[0]!.sku;
});
afterAll(async () => {
  await env.close();
});

async function call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

describe('bad input gets eBay’s errors', () => {
  it('no or unknown token → 401 errorId 1001', async () => {
    const response = await fetch(`${env.endpoints.inventory}/inventory_item`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ errors: [{ errorId: 1001, message: 'Invalid access token' }] });
  });

  it('pagination out of range → 400 errorId 25706', async () => {
    const answer = await call('GET', `${env.endpoints.inventory}/inventory_item?limit=500`);
    expect(answer).toMatchObject({ status: 400, body: { errors: [{ errorId: 25706 }] } });
    expect(
      checkExchange(contracts.inventory, {
        method: 'GET',
        path: '/sell/inventory/v1/inventory_item',
        status: 400,
        responseBody: answer.body,
      }),
    ).toEqual([]);
  });

  it('more than 25 requests in bulk_update_price_quantity → 400, nothing applied', async () => {
    const requests = Array.from({ length: 26 }, (_, i) => ({
      sku: `S-${i}`,
      shipToLocationAvailability: { quantity: 1 },
    }));
    const answer = await call('POST', `${env.endpoints.inventory}/bulk_update_price_quantity`, { requests });
    expect(answer).toMatchObject({
      status: 400,
      body: { errors: [{ errorId: 25709, message: expect.stringContaining('At most 25 SKUs per call') }] },
    });
    expect(
      (await call('POST', `${env.endpoints.inventory}/bulk_update_price_quantity`, { nothing: true })).status,
    ).toBe(400);
  });

  it('PUT inventory_item needs Content-Language; with it, it replaces the item', async () => {
    const body = {
      product: { title: 'Replaced title' },
      condition: 'NEW',
      availability: { shipToLocationAvailability: { quantity: 3 } },
    };
    const refused = await call('PUT', `${env.endpoints.inventory}/inventory_item/${encodeURIComponent(sku)}`, body);
    expect(refused).toMatchObject({
      status: 400,
      body: { errors: [{ errorId: 25709, message: 'Invalid value for header Content-Language.' }] },
    });
    expect(
      contracts.inventory.check({ method: 'PUT', path: `/sell/inventory/v1/inventory_item/${sku}`, requestBody: body }),
    ).toEqual([]);
    const replaced = await call('PUT', `${env.endpoints.inventory}/inventory_item/${encodeURIComponent(sku)}`, body, {
      'content-language': 'en-US',
    });
    expect(replaced.status).toBe(204);
    const read = await call('GET', `${env.endpoints.inventory}/inventory_item/${encodeURIComponent(sku)}`);
    expect(read.body).toMatchObject({
      sku,
      product: { title: 'Replaced title', description: '' },
      availability: { shipToLocationAvailability: { quantity: 3 } },
    });
  });

  it('getOffers without a sku → 400; an unknown inventory item → 404 errorId 25710', async () => {
    expect(await call('GET', `${env.endpoints.inventory}/offer`)).toMatchObject({
      status: 400,
      body: { errors: [{ errorId: 25709 }] },
    });
    expect(await call('GET', `${env.endpoints.inventory}/inventory_item/NOPE`)).toMatchObject({
      status: 404,
      body: { errors: [{ errorId: 25710 }] },
    });
  });

  it('getOrders with a bad filter, date or limit → 400 with the Fulfillment errorIds', async () => {
    const order = (query: string) => call('GET', `${env.endpoints.fulfillment}/order?${query}`);
    expect(await order('filter=lastmodifieddate:%5Bnot-a-date..%5D')).toMatchObject({
      status: 400,
      body: { errors: [{ errorId: 30810, message: 'Invalid date format' }] },
    });
    expect(await order('filter=colour:%7Bred%7D')).toMatchObject({
      status: 400,
      body: { errors: [{ errorId: 30700 }] },
    });
    expect(await order('limit=201')).toMatchObject({
      status: 400,
      body: { errors: [{ errorId: 31100, message: 'Invalid limit: 201' }] },
    });
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const answer = await order(`filter=${encodeURIComponent(`lastmodifieddate:[${future}..]`)}`);
    expect(answer).toMatchObject({ status: 400, body: { errors: [{ errorId: 30850 }] } });
    expect(
      checkExchange(contracts.fulfillment, {
        method: 'GET',
        path: '/sell/fulfillment/v1/order',
        status: 400,
        responseBody: answer.body,
      }),
    ).toEqual([]);
  });

  it('a destination with a short verification token → 400 errorId 195019', async () => {
    const answer = await call('POST', `${env.endpoints.notification}/destination`, {
      name: 'x',
      status: 'ENABLED',
      deliveryConfig: { endpoint: 'https://example.com/hook', verificationToken: 'short' },
    });
    expect(answer).toMatchObject({ status: 400, body: { errors: [{ errorId: 195019 }] } });
    expect(await call('GET', `${env.endpoints.notification}/public_key/unknown`)).toMatchObject({
      status: 404,
      body: { errors: [{ errorId: 195001 }] },
    });
  });

  it('the token endpoint refuses unknown grant types and wrong client secrets in OAuth’s words', async () => {
    const basic = (secret: string) =>
      `Basic ${Buffer.from(`${env.application.clientId}:${secret}`).toString('base64')}`;
    const post = (secret: string, form: string) =>
      fetch(env.endpoints.token, {
        method: 'POST',
        headers: { authorization: basic(secret), 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
      });
    const wrong = await post('nope', 'grant_type=client_credentials');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_client' });
    const unknown = await post(env.application.clientSecret, 'grant_type=password');
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: 'unsupported_grant_type' });
  });

  it('the control API answers 404 for an unknown SKU or seller', async () => {
    const created = await env.control('POST', '/sellers', { products: 1 });
    expect(await env.item(created.body.sellerId, 'NO-SUCH-SKU')).toEqual({ message: 'No such seller or SKU' });
    expect(await env.control('POST', '/sellers/nobody/orders', { lines: [{ sku: 'x', quantity: 1 }] })).toEqual({
      status: 404,
      body: { message: 'No sandbox seller nobody' },
    });
  });
});
