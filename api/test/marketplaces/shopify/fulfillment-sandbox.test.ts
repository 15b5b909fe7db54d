import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isOrderWebhook, orderWebhookToMarketplaceOrder } from '../../../src/marketplaces/shopify/transform.ts';
import { ORDER_VIEW_QUERY } from '../../../src/sandbox/shopify/order-view.ts';
import { knownTrackingCompanies, trackingCompaniesOf } from '../../../src/sandbox/shopify/tracking-companies.ts';
import { buyerOfOrder } from '../../../src/sandbox/shopify/buyers.ts';
import { startReceiver, startSandbox } from './harness.ts';
import { checkAnswer, officialSchema } from './schema-check.ts';

/** The sandbox's fulfillmentCreate and fulfillment orders, sent by hand (what the adapter never sends on purpose). */
const create = `mutation Create($fulfillment: FulfillmentInput!) {
  fulfillmentCreate(fulfillment: $fulfillment) { fulfillment { id name status totalQuantity trackingInfo { company number url } } userErrors { field message } }
}`;
const fulfillmentOrdersOf = `query FO($id: ID!) { order(id: $id) {
  fulfillmentOrders(first: 5) { nodes { id status lineItems(first: 10) { nodes { id remainingQuantity totalQuantity lineItem { id } } } } }
} }`;
const onHandOf = `query S($q: String!) { productVariants(first: 1, query: $q) { nodes { inventoryQuantity inventoryItem { inventoryLevels(first: 1) { nodes { quantities(names: ["available", "on_hand"]) { name quantity } } } } } } }`;

let h: Awaited<ReturnType<typeof startSandbox>>;
let shop: string;
let sellerId: string;
let token: string;
let skus: string[];

beforeAll(async () => {
  h = await startSandbox('fast');
  const seller = await h.createSeller(4);
  shop = seller.credentials.shopDomain;
  sellerId = seller.sellerId;
  token = (await h.connect(shop)).accessToken;
  const state = h.sandbox.context.state().sellers[sellerId]!;
  for (const product of state.products) for (const variant of product.variants) variant.available = variant.onHand = 40;
  skus = state.products.flatMap((p) => p.variants.map((v) => v.sku));
});
afterAll(async () => {
  await h.close();
});

async function place(lines: Array<{ sku: string; quantity: number }>) {
  const placed = await h.control('POST', `sellers/${sellerId}/orders`, { lines });
  expect(placed.status).toBe(201);
  const fo = (await h.graphql(shop, token, fulfillmentOrdersOf, { id: placed.body.id })).body.data.order
    .fulfillmentOrders.nodes[0];
  return { id: placed.body.id as string, fo: fo.id as string, items: fo.lineItems.nodes as Array<{ id: string }> };
}
const fulfil = (fulfillment: Record<string, unknown>) => h.graphql(shop, token, create, { fulfillment });

describe('fulfillmentCreate in the sandbox', () => {
  it('ships named units and the rest of a fulfillment order, moving stock out of on hand', async () => {
    const order = await place([
      { sku: skus[0]!, quantity: 2 },
      { sku: skus[1]!, quantity: 1 },
    ]);
    const one = await fulfil({
      lineItemsByFulfillmentOrder: [
        { fulfillmentOrderId: order.fo, fulfillmentOrderLineItems: [{ id: order.items[0]!.id, quantity: 1 }] },
      ],
      trackingInfo: { company: 'FedEx', number: '449044304137821' },
    });
    expect(one.body.errors).toBeUndefined();
    expect(one.body.data.fulfillmentCreate).toMatchObject({
      fulfillment: {
        status: 'SUCCESS',
        totalQuantity: 1,
        trackingInfo: [{ company: 'FedEx', number: '449044304137821' }],
      },
      userErrors: [],
    });
    expect(one.body.data.fulfillmentCreate.fulfillment.name).toMatch(/^#\d+\.1$/);
    const stock = (await h.graphql(shop, token, onHandOf, { q: `sku:${skus[0]}` })).body.data.productVariants.nodes[0];
    // Ordered 2 (available 38, on hand 40), shipped 1: on hand 39, available unchanged.
    expect(stock.inventoryItem.inventoryLevels.nodes[0].quantities).toEqual([
      { name: 'available', quantity: 38 },
      { name: 'on_hand', quantity: 39 },
    ]);
    // No line items named: what remains of the fulfillment order.
    const rest = await fulfil({ lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: order.fo }] });
    expect(rest.body.data.fulfillmentCreate.fulfillment).toMatchObject({ totalQuantity: 2, trackingInfo: [] });
    const view = (await h.control('GET', `sellers/${sellerId}/orders/${encodeURIComponent(order.id)}`)).body;
    expect(view.displayFulfillmentStatus).toBe('FULFILLED');
    expect(view.fulfillmentOrders.nodes[0]).toMatchObject({ status: 'CLOSED', fulfillBy: null });
  });

  it('refuses in user errors: an unknown fulfillment order or line item, too many units, an unknown company alone', async () => {
    const order = await place([{ sku: skus[2]!, quantity: 2 }]);
    const item = order.items[0]!.id;
    const cases: Array<[Record<string, unknown>, { field: string[]; message: string }]> = [
      [
        { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: 'gid://shopify/FulfillmentOrder/1' }] },
        {
          field: ['fulfillment', 'lineItemsByFulfillmentOrder', '0', 'fulfillmentOrderId'],
          message: 'Fulfillment order does not exist.',
        },
      ],
      [
        {
          lineItemsByFulfillmentOrder: [
            {
              fulfillmentOrderId: order.fo,
              fulfillmentOrderLineItems: [{ id: 'gid://shopify/FulfillmentOrderLineItem/1', quantity: 1 }],
            },
          ],
        },
        {
          field: ['fulfillment', 'lineItemsByFulfillmentOrder', '0', 'fulfillmentOrderLineItems', '0', 'id'],
          message: 'Fulfillment order line item does not exist.',
        },
      ],
      [
        {
          lineItemsByFulfillmentOrder: [
            { fulfillmentOrderId: order.fo, fulfillmentOrderLineItems: [{ id: item, quantity: 3 }] },
          ],
        },
        {
          field: ['fulfillment', 'lineItemsByFulfillmentOrder', '0', 'fulfillmentOrderLineItems', '0', 'quantity'],
          message: 'Invalid fulfillment order line item quantity requested.',
        },
      ],
      [
        {
          lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: order.fo }],
          trackingInfo: { company: 'Speedy Pete Couriers', number: 'SP1' },
        },
        {
          field: ['fulfillment', 'trackingInfo', 'company'],
          message: expect.stringMatching(/not a supported tracking company/),
        },
      ],
    ];
    // A body the schema refuses (no lineItemsByFulfillmentOrder, a quantity that is no Int) never runs.
    for (const input of [
      { trackingInfo: { company: 'UPS', number: '1Z' } },
      {
        lineItemsByFulfillmentOrder: [
          { fulfillmentOrderId: order.fo, fulfillmentOrderLineItems: [{ id: item, quantity: 'two' }] },
        ],
      },
    ]) {
      const refused = await fulfil(input);
      expect(refused.status).toBe(200);
      expect(refused.body.data).toBeUndefined();
      expect(refused.body.errors[0].message).toMatch(/^Variable "\$fulfillment" got invalid value/);
    }
    for (const [input, userError] of cases) {
      const answer = await fulfil(input);
      expect(answer.body.data.fulfillmentCreate).toEqual({ fulfillment: null, userErrors: [userError] });
      expect(checkAnswer(create, { fulfillment: input }, answer.body.data)).toEqual([]);
    }
    // Nothing shipped by any of them; a company Shopify does not know ships with its own tracking url.
    const withUrl = await fulfil({
      lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: order.fo }],
      trackingInfo: { company: 'Speedy Pete Couriers', number: 'SP1', url: 'https://speedy.example/track/SP1' },
    });
    expect(withUrl.body.data.fulfillmentCreate.fulfillment).toMatchObject({
      totalQuantity: 2,
      trackingInfo: [{ company: 'Speedy Pete Couriers', number: 'SP1', url: 'https://speedy.example/track/SP1' }],
    });
  });

  it('cancels only the unshipped units of a partly shipped order; its fulfillment order closes', async () => {
    const order = await place([{ sku: skus[3]!, quantity: 3 }]);
    await fulfil({
      lineItemsByFulfillmentOrder: [
        { fulfillmentOrderId: order.fo, fulfillmentOrderLineItems: [{ id: order.items[0]!.id, quantity: 1 }] },
      ],
    });
    const cancelled = await h.control('POST', `sellers/${sellerId}/orders/${encodeURIComponent(order.id)}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.lines[0]).toMatchObject({ quantity: 3, currentQuantity: 1 });
    const view = (await h.control('GET', `sellers/${sellerId}/orders/${encodeURIComponent(order.id)}`)).body;
    expect(view).toMatchObject({
      displayFinancialStatus: 'PARTIALLY_REFUNDED',
      lineItems: {
        nodes: [{ quantity: 3, currentQuantity: 1, unfulfilledQuantity: 0, fulfillmentStatus: 'fulfilled' }],
      },
      fulfillmentOrders: { nodes: [{ status: 'CLOSED', lineItems: { nodes: [{ remainingQuantity: 0 }] } }] },
    });
    const again = await fulfil({ lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: order.fo }] });
    expect(again.body.data.fulfillmentCreate.userErrors[0].message).toBe(
      `Fulfillment order ${order.fo} has an unfulfillable status= closed.`,
    );
    // Units with the buyer can't be cancelled: a wholly shipped order refuses.
    const shipped = await place([{ sku: skus[3]!, quantity: 1 }]);
    await fulfil({ lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: shipped.fo }] });
    expect(
      (await h.control('POST', `sellers/${sellerId}/orders/${encodeURIComponent(shipped.id)}/cancel`)).status,
    ).toBe(409);
  });

  it('sends orders/updated and orders/fulfilled with the REST fulfillment status, which the adapter reads as shipped', async () => {
    const receiver = await startReceiver();
    try {
      for (const topic of ['ORDERS_UPDATED', 'ORDERS_FULFILLED'])
        await h.graphql(
          shop,
          token,
          `mutation($url: URL!) { webhookSubscriptionCreate(topic: ${topic}, webhookSubscription: { callbackUrl: $url }) { userErrors { message } } }`,
          { url: receiver.url },
        );
      const order = await place([{ sku: skus[0]!, quantity: 1 }]);
      await fulfil({ lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: order.fo }] });
      const isOurs = (topic: string) => (d: { headers: Record<string, unknown>; rawBody: Buffer }) =>
        d.headers['x-shopify-topic'] === topic && JSON.parse(d.rawBody.toString()).admin_graphql_api_id === order.id;
      const updated = JSON.parse((await receiver.next(isOurs('orders/updated'))).rawBody.toString());
      await receiver.next(isOurs('orders/fulfilled'));
      expect(updated).toMatchObject({
        fulfillment_status: 'fulfilled',
        line_items: [{ fulfillment_status: 'fulfilled', fulfillable_quantity: 0 }],
      });
      expect(isOrderWebhook('orders/updated', updated)).toBe(true);
      expect(orderWebhookToMarketplaceOrder(updated).status).toBe('shipped');
    } finally {
      await receiver.close();
    }
  });
});

describe('the order view and the buyer', () => {
  it('answers the order in the Admin API’s own shape, checked against the official schema', async () => {
    const order = await place([{ sku: skus[1]!, quantity: 2 }]);
    const view = (await h.control('GET', `sellers/${sellerId}/orders/${encodeURIComponent(order.id)}`)).body;
    expect(checkAnswer(ORDER_VIEW_QUERY, { id: order.id }, { order: view })).toEqual([]);
    expect(view).toMatchObject({
      id: order.id,
      displayFulfillmentStatus: 'UNFULFILLED',
      customer: { displayName: view.shippingAddress.name },
      shippingAddress: { countryCodeV2: 'US', country: 'United States' },
      fulfillments: [],
    });
    expect((await h.control('GET', `sellers/${sellerId}/orders/gid%3A%2F%2Fshopify%2FOrder%2F1`)).status).toBe(404);
    // By its name too, as the seller knows it.
    expect((await h.control('GET', `sellers/${sellerId}/orders/${encodeURIComponent(view.name)}`)).body.id).toBe(
      order.id,
    );
  });

  it('gives each order number the same realistic US buyer every time', () => {
    expect(buyerOfOrder(1001)).toEqual(buyerOfOrder(1001));
    expect(buyerOfOrder(1001)).not.toEqual(buyerOfOrder(1002));
    const buyer = buyerOfOrder(1234);
    expect(buyer).toMatchObject({
      countryCode: 'US',
      zip: expect.stringMatching(/^\d{5}$/),
      provinceCode: expect.stringMatching(/^[A-Z]{2}$/),
    });
    expect(buyer.phone).toMatch(/^\+1 \d{3}-555-01\d{2}$/);
  });

  it('knows the tracking companies the official schema lists', () => {
    const companies = knownTrackingCompanies(officialSchema());
    for (const name of ['UPS', 'USPS', 'FedEx', 'DHL Express', 'Canada Post', 'OnTrac', 'Royal Mail', 'Skynet'])
      expect(companies.has(name)).toBe(true);
    expect(companies.has('ups')).toBe(false);
    expect(companies.size).toBeGreaterThan(150);
    expect(
      trackingCompaniesOf(
        'for shops located in any country:\n\n  * UPS\n  * USPS\n\nThe following tracking companies are displayed for shops located in specific countries:\n\n  * **Norway**: Bring\n  * **South Africa**: Fastway, Skynet.',
      ),
    ).toEqual(['UPS', 'USPS', 'Bring', 'Fastway', 'Skynet']);
  });
});
