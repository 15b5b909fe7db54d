import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAmazonSandbox, type AmazonTestEnv, type SandboxSeller } from './amazon-test-env.ts';
import { sandboxEndpoints } from '../../../src/marketplaces/amazon/endpoints.ts';
import { AmazonClient, ORDERS_PERSONAL_DATA } from '../../../src/marketplaces/amazon/amazon-client.ts';

/**
 * Buyers' names and addresses (restricted data) reach the orders read only through a Restricted
 * Data Token (Tokens API 2021-03-01), as on live Amazon; an application Amazon refuses them still
 * reads its orders, without them, and does not ask again on every read.
 */
let env: AmazonTestEnv;
let seller: SandboxSeller;
const since = new Date(Date.now() - 60_000);

beforeAll(async () => {
  env = await startAmazonSandbox('fast');
  seller = await env.createSeller(6);
  const first = await env.adapter(seller).listCatalogue(undefined);
  const sku = first.items.find((i) => (i.quantity ?? 0) > 1)!.sku;
  expect(
    (await env.control('POST', `/sellers/${seller.sellerId}/orders`, { lines: [{ sku, quantity: 1 }] })).status,
  ).toBe(201);
});
afterAll(() => env?.close());

const requestsTo = (path: string) => env.sandbox.requests().filter((e) => e.path === path);

describe('restricted data on Amazon orders', () => {
  it('reads the buyer and the full address with a Restricted Data Token it asks for once', async () => {
    const adapter = env.adapter(seller);
    const tokensBefore = requestsTo('/tokens/2021-03-01/restrictedDataToken').length;
    const [order] = (await adapter.ordersSince(since, undefined)).items;
    expect(order!.details!.shipTo).toMatchObject({
      name: expect.any(String),
      line1: expect.any(String),
      postalCode: expect.any(String),
    });
    expect(order!.details!.buyerName).toEqual(expect.any(String));
    await adapter.ordersSince(since, undefined);
    const asked = requestsTo('/tokens/2021-03-01/restrictedDataToken').slice(tokensBefore);
    // One token for both reads: the generic getOrders path, with the two elements a shipment needs.
    expect(asked).toHaveLength(1);
    expect(asked[0]!.status).toBe(200);
    expect(asked[0]!.body).toEqual({ restrictedResources: [ORDERS_PERSONAL_DATA] });
    expect(asked[0]!.response).toBeUndefined();
  });

  it('answers getOrders without a token with the city and postal code only, as Amazon does', async () => {
    const client = new AmazonClient({ credentials: seller.credentials, endpoints: sandboxEndpoints(env.baseUrl) });
    const token = await client.accessToken();
    const url = new URL(`${env.baseUrl}/orders/v0/orders`);
    url.searchParams.set('MarketplaceIds', 'ATVPDKIKX0DER');
    url.searchParams.set('LastUpdatedAfter', since.toISOString());
    const answer = await fetch(url, { headers: { 'x-amz-access-token': token } });
    expect(answer.status).toBe(200);
    const [order] = ((await answer.json()) as any).payload.Orders;
    expect(Object.keys(order.ShippingAddress).sort()).toEqual(
      ['AddressType', 'City', 'CountryCode', 'PostalCode', 'StateOrRegion'].sort(),
    );
    expect(order.BuyerInfo).toBeUndefined();
  });

  it('refuses a Restricted Data Token anywhere but the resources it was made for', async () => {
    const client = new AmazonClient({ credentials: seller.credentials, endpoints: sandboxEndpoints(env.baseUrl) });
    const rdt = await client.restrictedDataToken(ORDERS_PERSONAL_DATA);
    expect(rdt).toMatch(/^Atz\.sprdt\|/);
    const answer = await fetch(
      `${env.baseUrl}/listings/2021-08-01/items/${seller.sellerId}?marketplaceIds=ATVPDKIKX0DER`,
      {
        headers: { 'x-amz-access-token': rdt! },
      },
    );
    expect(answer.status).toBe(403);
    expect(((await answer.json()) as any).errors[0].details).toBe(
      'The Restricted Data Token does not authorize this resource.',
    );
  });

  it('without the restricted roles, still reads the orders (no address) and asks again only after an hour', async () => {
    expect((await env.control('PUT', `/sellers/${seller.sellerId}/restricted-data`, { granted: false })).status).toBe(
      200,
    );
    const tokensBefore = requestsTo('/tokens/2021-03-01/restrictedDataToken').length;
    const [order] = (await env.adapter(seller).ordersSince(since, undefined)).items;
    expect(order!.details!.shipTo).toBeNull();
    expect(order!.details!.buyerName).toBeNull();
    expect(order!.lines.length).toBeGreaterThan(0);
    const refused = requestsTo('/tokens/2021-03-01/restrictedDataToken').slice(tokensBefore);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((e) => e.status === 403)).toBe(true);
    expect((refused[0]!.response as any).errors[0].details).toMatch(/does not have access .*shippingAddress/);

    // The refusal is remembered: the next reads go without asking, until an hour has passed.
    let now = Date.now();
    const client = new AmazonClient({
      credentials: seller.credentials,
      endpoints: sandboxEndpoints(env.baseUrl),
      now: () => now,
    });
    const read = () => client.getOrders({ marketplaceIds: ['ATVPDKIKX0DER'], lastUpdatedAfter: since.toISOString() });
    const asked = () => requestsTo('/tokens/2021-03-01/restrictedDataToken').length;
    await read();
    const afterFirst = asked();
    await read();
    await read();
    expect(asked()).toBe(afterFirst);
    await env.control('PUT', `/sellers/${seller.sellerId}/restricted-data`, { granted: true });
    now += 3600_000 + 1;
    const answer = await read();
    expect(asked()).toBe(afterFirst + 1);
    expect(Object.keys(answer.payload!.Orders[0]!.ShippingAddress!)).toContain('AddressLine1');
  });
});
