import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import {
  getNamedType,
  isLeafType,
  isNonNullType,
  isObjectType,
  isRequiredArgument,
  type GraphQLObjectType,
} from 'graphql';
import { startSandbox } from './harness.ts';
import { checkAnswer, officialSchema } from './schema-check.ts';

/**
 * The schema's non-null fields of the types the sandbox serves: a query asking for any of them must
 * get a value, never null or an error. The fields are walked from the official schema, so a field the
 * sandbox forgets fails here.
 */
const moneyV2 = 'amount currencyCode';
const moneyBag = `shopMoney { ${moneyV2} } presentmentMoney { ${moneyV2} }`;

/** Every scalar or enum field (or list of them) without a required argument, and every money field. */
function walk(typeName: string): { selection: string; nonNull: string[] } {
  const type = officialSchema().getType(typeName) as GraphQLObjectType;
  const asked: string[] = [];
  const nonNull: string[] = [];
  for (const field of Object.values(type.getFields())) {
    if (field.args.some(isRequiredArgument)) continue;
    const named = getNamedType(field.type);
    if (isLeafType(named)) asked.push(field.name);
    else if (named.name === 'MoneyBag' && isNonNullType(field.type)) asked.push(`${field.name} { ${moneyBag} }`);
    else if (named.name === 'MoneyV2' && isNonNullType(field.type)) asked.push(`${field.name} { ${moneyV2} }`);
    else continue;
    if (isNonNullType(field.type)) nonNull.push(field.name);
  }
  return { selection: asked.join(' '), nonNull };
}

/** How each type is reached, with `%` where its fields go. */
const reached: Record<string, string> = {
  Shop: '{ shop { % } }',
  Location: '{ locations(first: 1) { nodes { % } } }',
  Product: '{ products(first: 3) { nodes { % } } }',
  ProductVariant: '{ productVariants(first: 3) { nodes { % } } }',
  InventoryItem: '{ inventoryItems(first: 3) { nodes { % } } }',
  InventoryLevel: '{ inventoryItems(first: 3) { nodes { inventoryLevels(first: 1) { nodes { % } } } } }',
  InventoryQuantity:
    '{ inventoryItems(first: 3) { nodes { inventoryLevels(first: 1) { nodes { quantities(names: ["available", "on_hand", "committed"]) { % } } } } } }',
  Image: '{ products(first: 3) { nodes { featuredImage { % } images(first: 2) { nodes { % } } } } }',
  Order: '{ orders(first: 5) { nodes { % } } }',
  LineItem: '{ orders(first: 5) { nodes { lineItems(first: 5) { nodes { % } } } } }',
  PageInfo: '{ orders(first: 1) { pageInfo { % } } }',
  MailingAddress: '{ orders(first: 5) { nodes { shippingAddress { % } billingAddress { % } } } }',
  Customer: '{ orders(first: 5) { nodes { customer { % } } } }',
  FulfillmentOrder: '{ orders(first: 5) { nodes { fulfillmentOrders(first: 2) { nodes { % } } } } }',
  FulfillmentOrderLineItem:
    '{ orders(first: 5) { nodes { fulfillmentOrders(first: 2) { nodes { lineItems(first: 5) { nodes { % } } } } } } }',
  Fulfillment: '{ orders(first: 5, reverse: true) { nodes { fulfillments(first: 5) { % } } } }',
  FulfillmentLineItem:
    '{ orders(first: 5, reverse: true) { nodes { fulfillments(first: 5) { fulfillmentLineItems(first: 5) { nodes { % } } } } } }',
  FulfillmentTrackingInfo:
    '{ orders(first: 5, reverse: true) { nodes { fulfillments(first: 5) { trackingInfo { % } } } } }',
  WebhookSubscription: `mutation($url: URL!) { webhookSubscriptionCreate(topic: ORDERS_UPDATED, webhookSubscription: { callbackUrl: $url }) { webhookSubscription { % } } }`,
  InventoryAdjustmentGroup: `mutation($input: InventoryAdjustQuantitiesInput!, $key: String!) { inventoryAdjustQuantities(input: $input) @idempotent(key: $key) { inventoryAdjustmentGroup { % } } }`,
  InventoryChange: `mutation($input: InventoryAdjustQuantitiesInput!, $key: String!) { inventoryAdjustQuantities(input: $input) @idempotent(key: $key) { inventoryAdjustmentGroup { changes { % } } } }`,
};

let h: Awaited<ReturnType<typeof startSandbox>>;
let shop: string;
let sellerId: string;
let token: string;
let adjustment: { input: unknown };
let stocked: Array<{ sku: string; price: string; available: number }>;

beforeAll(async () => {
  h = await startSandbox('fast');
  const seller = await h.createSeller(8);
  shop = seller.credentials.shopDomain;
  sellerId = seller.sellerId;
  token = (await h.connect(shop)).accessToken;
  const answer = await h.graphql(
    shop,
    token,
    '{ locations(first: 1) { nodes { id } } productVariants(first: 8) { nodes { sku price inventoryQuantity inventoryItem { id } } } }',
  );
  const variants = answer.body.data.productVariants.nodes as Array<{
    sku: string;
    price: string;
    inventoryQuantity: number;
    inventoryItem: { id: string };
  }>;
  stocked = variants
    .filter((v) => v.inventoryQuantity >= 3)
    .map((v) => ({ sku: v.sku, price: v.price, available: v.inventoryQuantity }));
  const change = {
    inventoryItemId: variants[0]!.inventoryItem.id,
    locationId: answer.body.data.locations.nodes[0].id,
    delta: 1,
  };
  adjustment = { input: { name: 'available', reason: 'correction', changes: [change] } };
});
afterAll(async () => {
  await h.close();
});

const placeOrder = async (lines: Array<{ sku: string; quantity: number }>) => {
  const placed = await h.control('POST', `sellers/${sellerId}/orders`, { lines });
  expect(placed.status).toBe(201);
  return placed.body.id as string;
};
/** One unit of the order's first line shipped, with tracking. */
async function shipOne(orderId: string) {
  const order = await h.graphql(
    shop,
    token,
    'query($id: ID!) { order(id: $id) { fulfillmentOrders(first: 1) { nodes { id lineItems(first: 1) { nodes { id } } } } } }',
    { id: orderId },
  );
  const fo = order.body.data.order.fulfillmentOrders.nodes[0];
  const shipped = await h.graphql(
    shop,
    token,
    'mutation($f: FulfillmentInput!) { fulfillmentCreate(fulfillment: $f) { userErrors { message } } }',
    {
      f: {
        lineItemsByFulfillmentOrder: [
          { fulfillmentOrderId: fo.id, fulfillmentOrderLineItems: [{ id: fo.lineItems.nodes[0].id, quantity: 1 }] },
        ],
        trackingInfo: { company: 'USPS', number: '9400111899223197428490' },
      },
    },
  );
  expect(shipped.body.data.fulfillmentCreate.userErrors).toEqual([]);
}

const orderQuery = `query O($id: ID!) { order(id: $id) {
  displayFinancialStatus
  totalPriceSet { ${moneyBag} } currentTotalPriceSet { ${moneyBag} } totalRefundedSet { ${moneyBag} }
} }`;
const bag = (amount: string) => ({
  shopMoney: { amount, currencyCode: 'USD' },
  presentmentMoney: { amount, currencyCode: 'USD' },
});

describe('Order money and financial status', () => {
  it('totals an open order’s lines (quantity × price) in the shop’s currency, PAID', async () => {
    const [a, b] = stocked;
    const id = await placeOrder([
      { sku: a!.sku, quantity: 2 },
      { sku: b!.sku, quantity: 1 },
    ]);
    const total = ((Math.round(Number(a!.price) * 100) * 2 + Math.round(Number(b!.price) * 100)) / 100).toFixed(2);
    const answer = await h.graphql(shop, token, orderQuery, { id });
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.order).toEqual({
      displayFinancialStatus: 'PAID',
      totalPriceSet: bag(total),
      currentTotalPriceSet: bag(total),
      totalRefundedSet: bag('0.00'),
    });
    expect(checkAnswer(orderQuery, { id }, answer.body.data)).toEqual([]);
  });

  it('keeps an order cancelled with restock at its total before returns, refunded in full: REFUNDED', async () => {
    const [a] = stocked;
    const id = await placeOrder([{ sku: a!.sku, quantity: 1 }]);
    expect((await h.control('POST', `sellers/${sellerId}/orders/${encodeURIComponent(id)}/cancel`)).status).toBe(200);
    const answer = await h.graphql(shop, token, orderQuery, { id });
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.order).toEqual({
      displayFinancialStatus: 'REFUNDED',
      totalPriceSet: bag(a!.price),
      currentTotalPriceSet: bag('0.00'),
      totalRefundedSet: bag(a!.price),
    });
  });
});

describe('every non-null field of the types the sandbox serves', () => {
  for (const [typeName, shape] of Object.entries(reached)) {
    it(`${typeName}: each scalar, enum and money field answers, the non-null ones never null`, async () => {
      // An open, a cancelled and a partly shipped order, so each kind is walked.
      if (typeName === 'Order' || typeName === 'LineItem') {
        const id = await placeOrder([{ sku: stocked[2]!.sku, quantity: 1 }]);
        await h.control('POST', `sellers/${sellerId}/orders/${encodeURIComponent(id)}/cancel`);
        await placeOrder([{ sku: stocked[2]!.sku, quantity: 1 }]);
      }
      if (typeName === 'Fulfillment') await shipOne(await placeOrder([{ sku: stocked[2]!.sku, quantity: 2 }]));
      const { selection, nonNull } = walk(typeName);
      // FulfillmentTrackingInfo has no non-null field: all of it answers, as much as is known.
      if (typeName !== 'FulfillmentTrackingInfo') expect(nonNull.length).toBeGreaterThan(0);
      const query = shape.replaceAll('%', `__typename ${selection}`);
      const variables = query.startsWith('mutation')
        ? { url: `https://hub.example.test/hooks/${crypto.randomUUID()}`, key: crypto.randomUUID(), ...adjustment }
        : {};
      const answer = await h.graphql(shop, token, query, variables);
      expect(answer.body.errors).toBeUndefined();
      const nodes = collect(answer.body.data, typeName);
      expect(nodes.length).toBeGreaterThan(0);
      const missing = nodes.flatMap((node) =>
        nonNull.filter((field) => node[field] === null || node[field] === undefined),
      );
      expect(missing).toEqual([]);
      expect(checkAnswer(query, variables, answer.body.data)).toEqual([]);
    });
  }

  it('covers the fields the orders read and the money the issue named', () => {
    const order = walk('Order');
    for (const field of [
      'totalPriceSet',
      'currentTotalPriceSet',
      'displayFulfillmentStatus',
      'processedAt',
      'legacyResourceId',
    ])
      expect(order.nonNull).toContain(field);
    expect(order.selection).toContain('displayFinancialStatus');
    expect(order.nonNull.length).toBeGreaterThanOrEqual(60);
    expect(walk('LineItem').nonNull.length).toBeGreaterThanOrEqual(25);
    for (const [type, field] of [
      ['FulfillmentOrderLineItem', 'remainingQuantity'],
      ['FulfillmentOrder', 'status'],
      ['Fulfillment', 'status'],
      ['Customer', 'displayName'],
      ['MailingAddress', 'formatted'],
    ] as const)
      expect(walk(type).nonNull).toContain(field);
    expect(walk('Shop').nonNull.length).toBeGreaterThanOrEqual(25);
  });
});

/** The objects of this type in an answer (found by __typename). */
function collect(data: unknown, typeName: string): Array<Record<string, unknown>> {
  if (Array.isArray(data)) return data.flatMap((d) => collect(d, typeName));
  if (!data || typeof data !== 'object') return [];
  const record = data as Record<string, unknown>;
  return [
    ...(record.__typename === typeName ? [record] : []),
    ...Object.values(record).flatMap((v) => collect(v, typeName)),
  ];
}

// A type the walk reaches must be one the schema has as an object type.
for (const typeName of Object.keys(reached))
  if (!isObjectType(officialSchema().getType(typeName))) throw new Error(`${typeName} is not an object type`);
