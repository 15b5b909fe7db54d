import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, print, validate } from 'graphql';
import { allDocuments } from '../../../src/marketplaces/shopify/queries.ts';
import type { ShipmentConfirmation } from '../../../src/marketplaces/types.ts';
import { SHOPIFY_API_VERSION } from '../../../src/marketplaces/shopify/endpoints.ts';
import { SHOPIFY_TRACKING_COMPANIES } from '../../../src/marketplaces/shopify/carriers.ts';
import { adminSchema } from '../../../src/sandbox/shopify/admin-schema.ts';
import { trackingCompaniesOf } from '../../../src/sandbox/shopify/tracking-companies.ts';
import { isObjectType } from 'graphql';
import { startReceiver, startSandbox } from './harness.ts';
import { checkAnswer, newerThan202501, officialSchema, stripIdempotent, validateDocument } from './schema-check.ts';

/**
 * Our target is 2026-01: the official 2025-01 schema plus the one newer feature the adapter uses,
 * `@idempotent` (2026-01, optional; mandatory for inventoryAdjustQuantities from 2026-04). No 2026-01
 * schema file is public, so each document is checked against 2025-01 with that one listed difference,
 * and against the sandbox's 2026-01 schema (derived the same way) with none.
 */
const allowances: Record<string, string[]> = {
  adjustQuantityMutation: ['Unknown directive "@idempotent".'],
};

describe('query documents against the official 2025-01 Admin schema and 2026-01', () => {
  it('are sent to 2026-01', () => {
    expect(SHOPIFY_API_VERSION).toBe('2026-01');
  });

  for (const [name, query] of Object.entries(allDocuments)) {
    it(`${name} validates${allowances[name] ? ' (with its listed allowance on 2025-01)' : ''}`, () => {
      expect(validateDocument(query)).toEqual(allowances[name] ?? []);
      expect(validate(officialSchema(), stripIdempotent(parse(query))).map((e) => e.message)).toEqual([]);
      expect(validate(adminSchema(SHOPIFY_API_VERSION)!, parse(query)).map((e) => e.message)).toEqual([]);
    });
  }

  it('offers as carriers exactly the tracking companies the official schema lists', () => {
    const type = officialSchema().getType('FulfillmentTrackingInfo');
    const description = isObjectType(type) ? type.getFields().company!.description! : '';
    expect(SHOPIFY_TRACKING_COMPANIES.map((c) => c.code)).toEqual(trackingCompaniesOf(description));
    expect(SHOPIFY_TRACKING_COMPANIES.every((c) => c.code === c.name)).toBe(true);
  });

  it('lists each newer feature it allows', () => {
    expect(newerThan202501).toEqual(['@idempotent']);
    expect(officialSchema().getDirective('idempotent')).toBeUndefined();
    expect(
      adminSchema(SHOPIFY_API_VERSION)!
        .getDirective('idempotent')
        ?.args.map((a) => `${a.name}: ${String(a.type)}`),
    ).toEqual(['key: String!']);
  });
});

describe('what the adapter sent and the sandbox answered', () => {
  let h: Awaited<ReturnType<typeof startSandbox>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let shipment: ShipmentConfirmation;

  beforeAll(async () => {
    h = await startSandbox('fast');
    receiver = await startReceiver();
    const seller = await h.createSeller(60);
    const tokens = await h.connect(seller.credentials.shopDomain);
    const adapter = h.adapter(seller.credentials.shopDomain, tokens, { onTokens: () => undefined });
    // Every operation once (the rejected paths too).
    await adapter.verifyCredentials();
    const page = await adapter.listCatalogue(undefined);
    await adapter.listCatalogue(page.next);
    const [a, b, c] = page.items.map((i) => i.sku);
    await adapter.readListings([a!, b!, 'NOPE-1']);
    await adapter.updateListings([
      { sku: a!, quantity: 9, price: { amount: '10.00', currency: 'USD' } },
      { sku: b!, quantity: -1 },
      { sku: c!, price: { amount: '-2', currency: 'USD' } },
    ]);
    await adapter.adjustQuantity!(a!, 1, crypto.randomUUID());
    await adapter.subscribeWebhook('ORDERS_CREATE', receiver.url);
    await adapter.updateListings([{ sku: b!, quantity: 5 }]);
    await h.control('POST', `sellers/${seller.sellerId}/orders`, {
      lines: [
        { sku: a!, quantity: 1 },
        { sku: b!, quantity: 2 },
      ],
    });
    const [order] = (await adapter.ordersSince(new Date(Date.now() - 60_000), undefined)).items;
    // A shipment of part of it, the same shipment again, and one refused (more than remains).
    const [first, second] = order!.lines.map((l) => ({ lineId: l.lineId!, sku: l.sku, quantity: 1 }));
    shipment = {
      marketplaceOrderId: order!.marketplaceOrderId,
      shipmentId: 'contract-1',
      carrier: 'DHL Express',
      trackingNumber: 'JD014600006281230704',
      shippedAt: new Date().toISOString(),
      lines: [first!, second!],
    };
    await adapter.confirmShipment(shipment);
    await adapter.confirmShipment(shipment);
    await adapter.confirmShipment({ ...shipment, trackingNumber: 'JD0146', lines: [{ ...second!, quantity: 5 }] });
  });
  afterAll(async () => {
    await receiver.close();
    await h.close();
  });

  const graphqlExchanges = () =>
    h.sandbox.requests().filter((r) => r.path.endsWith(`/admin/api/${SHOPIFY_API_VERSION}/graphql.json`));

  it('sent only the documents in queries.ts, each valid against the official schema', () => {
    const exchanges = graphqlExchanges();
    const sentOperations = new Set(
      exchanges.map(
        (r) =>
          parse((r.body as { query: string }).query).definitions.find((d) => d.kind === 'OperationDefinition')?.name
            ?.value,
      ),
    );
    expect(sentOperations).toEqual(
      new Set([
        'HubShop',
        'HubLocations',
        'HubCatalogue',
        'HubVariantsBySku',
        'HubSetQuantities',
        'HubUpdatePrices',
        'HubAdjustQuantity',
        'HubSubscribeWebhook',
        'HubOrders',
        'HubShipmentOrder',
        'HubShipmentFulfillment',
        'HubFulfillmentCreate',
      ]),
    );
    const known = new Set(Object.values(allDocuments).map((d) => print(parse(d))));
    for (const exchange of exchanges) {
      const query = (exchange.body as { query: string }).query;
      expect(known.has(print(parse(query)))).toBe(true);
      expect(validate(officialSchema(), stripIdempotent(parse(query))).map((e) => e.message)).toEqual([]);
    }
  });

  it('answered data, variables and cost in the documented shapes', () => {
    const exchanges = graphqlExchanges();
    expect(exchanges.length).toBeGreaterThan(8);
    for (const exchange of exchanges) {
      const body = exchange.body as { query: string; variables?: Record<string, unknown> };
      const answer = exchange.response as {
        data?: unknown;
        errors?: unknown;
        extensions: { cost: Record<string, any> };
      };
      expect(exchange.status).toBe(200);
      expect(answer.errors).toBeUndefined();
      expect(checkAnswer(body.query, body.variables, answer.data)).toEqual([]);
      const cost = answer.extensions.cost;
      expect(cost).toEqual({
        requestedQueryCost: expect.any(Number),
        actualQueryCost: expect.any(Number),
        throttleStatus: {
          maximumAvailable: expect.any(Number),
          currentlyAvailable: expect.any(Number),
          restoreRate: expect.any(Number),
        },
      });
      expect(cost.actualQueryCost).toBeLessThanOrEqual(cost.requestedQueryCost);
      // Every query fits Shopify's single-query maximum at the Standard plan.
      expect(cost.requestedQueryCost).toBeLessThanOrEqual(1000);
    }
  });

  it('answered the rejected items with user errors of the documented codes', () => {
    const userErrors = graphqlExchanges().flatMap((r) =>
      Object.values(((r.response as { data?: Record<string, any> }).data ?? {}) as Record<string, any>).flatMap(
        (v) => v?.userErrors ?? [],
      ),
    );
    // fulfillmentCreate's errors are the schema's UserError, which has no code.
    expect(
      userErrors
        .filter((e) => 'code' in e)
        .map((e: { code: string }) => e.code)
        .sort(),
    ).toEqual(['GREATER_THAN_OR_EQUAL_TO', 'INVALID_QUANTITY_NEGATIVE']);
    expect(userErrors.filter((e) => !('code' in e))).toEqual([
      {
        field: ['fulfillment', 'lineItemsByFulfillmentOrder', '0', 'fulfillmentOrderLineItems', '0', 'quantity'],
        message: 'Invalid fulfillment order line item quantity requested.',
      },
    ]);
  });

  it('sent the shipment as FulfillmentInput on the order’s own fulfillment order line items, once', () => {
    const creates = graphqlExchanges().filter((r) =>
      (r.body as { query: string }).query.includes('HubFulfillmentCreate'),
    );
    expect(creates).toHaveLength(2);
    const [sent] = creates.map((r) => (r.body as { variables: { fulfillment: any } }).variables.fulfillment);
    expect(sent).toEqual({
      lineItemsByFulfillmentOrder: [
        {
          fulfillmentOrderId: expect.stringMatching(/^gid:\/\/shopify\/FulfillmentOrder\/\d+$/),
          fulfillmentOrderLineItems: [
            { id: expect.stringMatching(/^gid:\/\/shopify\/FulfillmentOrderLineItem\/\d+$/), quantity: 1 },
            { id: expect.stringMatching(/^gid:\/\/shopify\/FulfillmentOrderLineItem\/\d+$/), quantity: 1 },
          ],
        },
      ],
      trackingInfo: { company: 'DHL Express', number: shipment.trackingNumber },
      notifyCustomer: true,
    });
    // The fulfillment order line items it named are those the order's read mapped to our lines.
    const read = graphqlExchanges().find((r) => (r.body as { query: string }).query.includes('HubShipmentOrder'))!;
    const items = (read.response as any).data.order.fulfillmentOrders.nodes[0].lineItems.nodes;
    expect(sent.lineItemsByFulfillmentOrder[0].fulfillmentOrderLineItems.map((i: { id: string }) => i.id)).toEqual(
      shipment.lines.map((l) => items.find((item: any) => item.lineItem.id === l.lineId).id),
    );
  });

  it('read each order with what shipping needs, in the documented shapes', () => {
    const orders = graphqlExchanges().find((r) => (r.body as { query: string }).query.includes('HubOrders'))!;
    const [order] = (orders.response as any).data.orders.nodes;
    expect(order).toMatchObject({
      name: expect.stringMatching(/^#\d+$/),
      shippingAddress: { name: expect.any(String), countryCodeV2: 'US' },
      totalPriceSet: { shopMoney: { currencyCode: 'USD' } },
      fulfillmentOrders: { nodes: [{ fulfillBy: null }] },
    });
    expect(order.lineItems.nodes[0]).toMatchObject({ id: expect.stringMatching(/^gid:\/\/shopify\/LineItem\//) });
  });

  it('kept no token in its request log', () => {
    const log = JSON.stringify(h.sandbox.requests());
    expect(log).not.toMatch(/shpat_[0-9a-f]{8}/);
    expect(log).not.toMatch(/shprt_[0-9a-f]{8}/);
    expect(log).not.toContain('shpss_');
  });
});
