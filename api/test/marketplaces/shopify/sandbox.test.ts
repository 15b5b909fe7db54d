import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createSandbox } from '../../../src/sandbox/shared/sandbox-kit.ts';
import { shopifySandbox } from '../../../src/sandbox/shopify/shopify-sandbox.ts';
import {
  ADMIN_SCHEMA_FILE,
  adminSchema,
  adminSchemaLoads,
  officialAdminSchema,
} from '../../../src/sandbox/shopify/admin-schema.ts';
import { repoRoot } from '../../../src/config.ts';
import { startSandbox } from './harness.ts';
import { openAccess } from '../../../src/sandbox/shared/sandbox-access.ts';

describe('the sandbox schema', () => {
  // The first test of this file: vitest gives each file a process of its own, so nothing has read the schema yet.
  it('is read from the repository once per process, on the first Admin API request, not when a sandbox starts', async () => {
    expect(adminSchemaLoads().loads).toBe(0);
    const [a, b] = [await startSandbox('fast'), await startSandbox('fast')];
    try {
      expect(adminSchemaLoads().loads).toBe(0);
      for (const h of [a, b]) {
        const seller = await h.createSeller(2);
        const token = (await h.connect(seller.credentials.shopDomain)).accessToken;
        for (const version of ['2025-01', '2026-01'])
          expect(
            (await h.graphql(seller.credentials.shopDomain, token, '{ shop { name } }', {}, version)).body.data.shop
              .name,
          ).toEqual(expect.any(String));
      }
      expect(adminSchemaLoads()).toEqual({ loads: 1, loadMs: expect.any(Number) });
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('is Shopify’s own 2025-01 file, kept in the repository with its source', () => {
    expect(path.relative(repoRoot, ADMIN_SCHEMA_FILE)).toBe(
      path.join('api', 'src', 'sandbox', 'shopify', 'schema', 'admin_schema_2025-01.json.gz'),
    );
    // The git blob id of Shopify/dev-mcp's data/admin_schema_2025-01.json.gz (schema/SOURCE.md): byte for byte the same file.
    const bytes = fs.readFileSync(ADMIN_SCHEMA_FILE);
    const blob = crypto.createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
    expect(blob).toBe('462bfd03cc06d5e304e78553140142dac38f7009');
    expect(fs.readFileSync(path.join(path.dirname(ADMIN_SCHEMA_FILE), 'SOURCE.md'), 'utf8')).toContain(blob);
    const schema = officialAdminSchema();
    expect(Object.keys(schema.getTypeMap())).toHaveLength(2709);
    expect(String(schema.getQueryType()!.getFields().orders!.type)).toBe('OrderConnection!');
    expect(schema.getMutationType()!.getFields().inventoryAdjustQuantities).toBeDefined();
    // What 2025-01 lacks: the sandbox serves it on 2025-01 as it is, and only adds @idempotent on 2026-01.
    expect(schema.getDirective('idempotent')).toBeUndefined();
    expect(adminSchema('2025-01')).toBe(schema);
    expect(adminSchema('2026-01')!.getType('Order')).toBe(schema.getType('Order'));
    expect(
      adminSchema('2026-01')!
        .getDirectives()
        .map((d) => d.name)
        .filter((name) => !schema.getDirective(name)),
    ).toEqual(['idempotent']);
    expect(adminSchema('2024-10')).toBeUndefined();
  });

  it('keeps its state as plain JSON across a restart', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopify-sandbox-'));
    try {
      const first = createSandbox(shopifySandbox, {
        baseUrl: 'http://localhost/sandbox/shopify',
        dataDir,
        profile: 'fast',
        access: openAccess,
      });
      const state = first.context.state();
      const { sellerId } = shopifySandbox.createSeller(
        state,
        [
          {
            sku: 'A-1',
            title: 'Mug – Black, Small',
            description: 'd',
            brand: 'B',
            tags: [],
            gtin: '0',
            price: '2.00',
            currency: 'USD',
            quantity: 4,
            imageUrls: [],
            attributes: {},
          },
        ],
        first.context,
      );
      first.context.changed(sellerId);
      first.close();
      const second = createSandbox(shopifySandbox, {
        baseUrl: 'http://localhost/sandbox/shopify',
        dataDir,
        profile: 'fast',
        access: openAccess,
      });
      expect(shopifySandbox.itemView(second.context.state(), sellerId, 'A-1')).toEqual({
        sku: 'A-1',
        quantity: 4,
        price: '2.00',
        status: 'active',
      });
      second.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

const setQuantities = `mutation Set($input: InventorySetQuantitiesInput!) {
  inventorySetQuantities(input: $input) { inventoryAdjustmentGroup { id changes { name delta quantityAfterChange } } userErrors { code field message } }
}`;
const adjust = `mutation Adjust($input: InventoryAdjustQuantitiesInput!, $key: String!) {
  inventoryAdjustQuantities(input: $input) @idempotent(key: $key) { inventoryAdjustmentGroup { id changes(quantityNames: ["available"]) { delta quantityAfterChange } } userErrors { code message } }
}`;
const variantOf = `query V($q: String!, $loc: ID!) { productVariants(first: 1, query: $q) { nodes { id sku inventoryItem { id inventoryLevel(locationId: $loc) { quantities(names: ["available", "on_hand"]) { name quantity } } } } } }`;

describe('the Shopify sandbox Admin API', () => {
  let h: Awaited<ReturnType<typeof startSandbox>>;
  let shop: string;
  let sellerId: string;
  let token: string;
  let location: string;
  let item: { inventoryItemId: string; sku: string; available: number };

  beforeAll(async () => {
    h = await startSandbox('fast');
    const seller = await h.createSeller(12);
    shop = seller.credentials.shopDomain;
    sellerId = seller.sellerId;
    token = (await h.connect(shop)).accessToken;
    location = (await h.graphql(shop, token, '{ locations(first: 5) { nodes { id } } }')).body.data.locations.nodes[0]
      .id;
    const sku = h.sandbox.context.state().sellers[shop]!.products[0]!.variants[0]!.sku;
    const node = (await h.graphql(shop, token, variantOf, { q: `sku:${sku}`, loc: location })).body.data.productVariants
      .nodes[0];
    item = {
      sku,
      inventoryItemId: node.inventoryItem.id,
      available: node.inventoryItem.inventoryLevel.quantities[0].quantity,
    };
  });
  afterAll(async () => {
    await h.close();
  });

  it('answers 401 with Shopify’s words without a valid token, and 400 without a query', async () => {
    const noToken = await h.graphql(shop, 'shpat_nope', '{ shop { id } }');
    expect(noToken.status).toBe(401);
    expect(noToken.body.errors).toMatch(/Invalid API key or access token/);
    const response = await fetch(`${h.baseUrl}/shops/${shop}/admin/api/2025-01/graphql.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Shopify-Access-Token': token },
      body: '{}',
    });
    expect(response.status).toBe(400);
    expect((await response.json()).errors.query).toMatch(/Required parameter missing/);
  });

  it('answers validation errors against the schema, with the cost extension on every answer', async () => {
    const invalid = await h.graphql(shop, token, '{ shop { noSuchField } }');
    expect(invalid.body.errors[0].message).toMatch(/Cannot query field "noSuchField" on type "Shop"/);
    const ok = await h.graphql(shop, token, '{ shop { name } }');
    expect(ok.body.extensions.cost).toMatchObject({ requestedQueryCost: 1, actualQueryCost: 1 });
  });

  it('requires compareQuantity and refuses a stale one, setting nothing', async () => {
    // Always a change: the generated stock may be any number, so a fixed target could equal it.
    const target = item.available + 7;
    const input = (compareQuantity: number | null, ignore = false) => ({
      input: {
        name: 'available',
        reason: 'correction',
        ignoreCompareQuantity: ignore,
        quantities: [
          {
            inventoryItemId: item.inventoryItemId,
            locationId: location,
            quantity: target,
            ...(compareQuantity === null ? {} : { compareQuantity }),
          },
        ],
      },
    });
    const missing = await h.graphql(shop, token, setQuantities, input(null));
    expect(missing.body.data.inventorySetQuantities.userErrors[0]).toMatchObject({
      code: 'COMPARE_QUANTITY_REQUIRED',
      field: ['input', 'quantities', '0', 'compareQuantity'],
    });
    const stale = await h.graphql(shop, token, setQuantities, input(item.available + 1));
    expect(stale.body.data.inventorySetQuantities).toMatchObject({
      inventoryAdjustmentGroup: null,
      userErrors: [{ code: 'COMPARE_QUANTITY_STALE' }],
    });
    expect((await h.item(sellerId, item.sku)).quantity).toBe(item.available);
    const fresh = await h.graphql(shop, token, setQuantities, input(item.available));
    expect(fresh.body.data.inventorySetQuantities.userErrors).toEqual([]);
    expect(fresh.body.data.inventorySetQuantities.inventoryAdjustmentGroup.changes).toContainEqual({
      name: 'available',
      delta: 7,
      quantityAfterChange: target,
    });
    const ignored = await h.graphql(shop, token, setQuantities, {
      input: {
        ...input(null, true).input,
        quantities: [{ inventoryItemId: item.inventoryItemId, locationId: location, quantity: 44 }],
      },
    });
    expect(ignored.body.data.inventorySetQuantities.userErrors).toEqual([]);
    expect((await h.item(sellerId, item.sku)).quantity).toBe(44);
  });

  it('finds products and variants by exact SKU, and costs a connection by its page size', async () => {
    const products = await h.graphql(
      shop,
      token,
      `query P($q: String!) { products(first: 5, query: $q) { nodes { variants(first: 5) { nodes { sku } } } } }`,
      { q: `sku:"${item.sku}" OR sku:"NOPE"` },
    );
    expect(products.body.data.products.nodes).toHaveLength(1);
    expect(products.body.data.products.nodes[0].variants.nodes.map((v: any) => v.sku)).toContain(item.sku);
    // 2 + 5 × (1 + 2 + 5 × 1) requested; one product with two variants actually returned.
    expect(products.body.extensions.cost).toMatchObject({
      requestedQueryCost: 42,
      actualQueryCost: 2 + 1 * (1 + 2 + 2),
    });
  });

  it('refuses more than 250 quantities in one call', async () => {
    const quantities = Array.from({ length: 251 }, () => ({
      inventoryItemId: item.inventoryItemId,
      locationId: location,
      quantity: 1,
      compareQuantity: 1,
    }));
    const answer = await h.graphql(shop, token, setQuantities, {
      input: { name: 'available', reason: 'correction', quantities },
    });
    expect(answer.body.errors[0]).toMatchObject({
      message: 'The input array size of 251 is greater than the maximum allowed of 250.',
      extensions: { code: 'MAX_INPUT_SIZE_EXCEEDED' },
    });
  });

  it('answers a replayed @idempotent adjustment with the original result', async () => {
    const variables = {
      key: crypto.randomUUID(),
      input: {
        name: 'available',
        reason: 'correction',
        changes: [{ inventoryItemId: item.inventoryItemId, locationId: location, delta: -2 }],
      },
    };
    const before = (await h.item(sellerId, item.sku)).quantity;
    const first = await h.graphql(shop, token, adjust, variables);
    const replay = await h.graphql(shop, token, adjust, variables);
    expect(replay.body.data).toEqual(first.body.data);
    expect(first.body.data.inventoryAdjustQuantities.inventoryAdjustmentGroup.changes).toEqual([
      { delta: -2, quantityAfterChange: before - 2 },
    ]);
    expect((await h.item(sellerId, item.sku)).quantity).toBe(before - 2);
    const mismatch = await h.graphql(shop, token, adjust, {
      ...variables,
      input: { ...variables.input, changes: [{ ...variables.input.changes[0], delta: -3 }] },
    });
    expect(mismatch.body.errors[0].extensions.code).toBe('IDEMPOTENCY_KEY_PARAMETER_MISMATCH');
  });

  it('filters orders by updated_at and pages them oldest first', async () => {
    // Three variants in stock (one generated item in ten starts at zero); at index 1.. to keep the test's shape.
    const inStock = h.sandbox.context
      .state()
      .sellers[shop]!.products.flatMap((p) => p.variants)
      .filter((v) => v.available > 0 && v.sku !== item.sku)
      .map((v) => v.sku);
    const skus = ['', ...inStock];
    const marks: string[] = [];
    for (const sku of skus.slice(1, 4)) {
      marks.push(new Date(Date.now() - 1).toISOString());
      expect((await h.control('POST', `sellers/${sellerId}/orders`, { lines: [{ sku, quantity: 1 }] })).status).toBe(
        201,
      );
    }
    const query = `query O($q: String!, $after: String) { orders(first: 2, after: $after, sortKey: UPDATED_AT, query: $q) { nodes { name lineItems(first: 5) { nodes { sku } } } pageInfo { hasNextPage endCursor } } }`;
    const first = await h.graphql(shop, token, query, { q: `updated_at:>'${marks[0]}'` });
    expect(first.body.data.orders.nodes.map((o: any) => o.lineItems.nodes[0].sku)).toEqual(skus.slice(1, 3));
    expect(first.body.data.orders.pageInfo.hasNextPage).toBe(true);
    const second = await h.graphql(shop, token, query, {
      q: `updated_at:>'${marks[0]}'`,
      after: first.body.data.orders.pageInfo.endCursor,
    });
    expect(second.body.data.orders.nodes.map((o: any) => o.lineItems.nodes[0].sku)).toEqual([skus[3]]);
    expect(second.body.data.orders.pageInfo.hasNextPage).toBe(false);
  });

  it('keeps the control API’s 4xx for bad orders', async () => {
    expect(
      (await h.control('POST', `sellers/${sellerId}/orders`, { lines: [{ sku: 'NOPE', quantity: 1 }] })).status,
    ).toBe(404);
    expect(
      (await h.control('POST', `sellers/${sellerId}/orders`, { lines: [{ sku: item.sku, quantity: 100_000 }] })).status,
    ).toBe(409);
  });
});
