/**
 * The control API's returns are one set of routes for every sandbox that reports returns (Amazon,
 * Walmart, Shopify): the same refusals of a bad body before the marketplace sees it, and the
 * marketplace's own refusals (an order it does not know, a reason not on its list) in the same shape.
 */
import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountSandboxes, type MountedSandboxes } from '../../src/sandbox/index.ts';
import { openAccess } from '../../src/sandbox/shared/sandbox-access.ts';
import { generateCatalogue } from '../../src/sandbox/shared/catalogue-generator.ts';

const SEED = 4242;

let server: http.Server;
let sandboxes: MountedSandboxes;
let baseUrl: string;

beforeAll(async () => {
  const app = express();
  server = http.createServer(app);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sandbox`;
  sandboxes = mountSandboxes({ baseUrl, dataDir: undefined, profile: 'fast', access: openAccess });
  app.use('/sandbox', sandboxes.router);
});
afterAll(async () => {
  sandboxes?.close();
  server?.close();
});

const control = async (kind: string, route: string, body: unknown) => {
  const response = await fetch(`${baseUrl}/${kind}/_control${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

/** A seller with a few products and one order of its first SKU: the seller's id and the order's. */
async function sellerWithOrder(kind: string) {
  const created = await control(kind, '/sellers', { products: 3, seed: SEED });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const sellerId = String(created.body.sellerId);
  // The same seed makes the same catalogue, so its first SKU is known.
  const sku = generateCatalogue(3, SEED, '')[0]!.sku;
  const placed = await control(kind, `/sellers/${sellerId}/orders`, { lines: [{ sku, quantity: 1 }] });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  // A Shopify order is named by its GID, slashes and all.
  const orderId = encodeURIComponent(String(placed.body.purchaseOrderId ?? placed.body.orderId ?? placed.body.id));
  return { sellerId, orderId, sku };
}

describe.each(['amazon', 'walmart', 'shopify'])('the %s sandbox’s returns control', (kind) => {
  it('refuses a bad body with the same words as every other sandbox, before the marketplace sees it', async () => {
    const { sellerId, orderId, sku } = await sellerWithOrder(kind);
    const returns = (body: unknown) => control(kind, `/sellers/${sellerId}/orders/${orderId}/returns`, body);
    const linesMessage = 'lines must be a list of 1 to 100 { sku, quantity } with whole positive quantities';
    for (const lines of [undefined, [], [{ sku, quantity: 0 }], [{ sku, quantity: 1.5 }], [{ quantity: 1 }]])
      expect(await returns({ lines }), JSON.stringify(lines)).toEqual({ status: 400, body: { message: linesMessage } });
    for (const reason of [7, 'two\nlines', 'x'.repeat(201)])
      expect(await returns({ lines: [{ sku, quantity: 1 }], reason })).toEqual({
        status: 400,
        body: { message: 'reason must be one line of text of at most 200 characters' },
      });
    const receive = await control(kind, `/sellers/${sellerId}/returns/no-such-return/receive`, { restock: 'yes' });
    expect(receive).toEqual({ status: 400, body: { message: 'restock must be true or false' } });
  });

  it('answers the marketplace’s own refusals as { message } with their status', async () => {
    const { sellerId, sku } = await sellerWithOrder(kind);
    const unknownOrder = await control(kind, `/sellers/${sellerId}/orders/999999999/returns`, {
      lines: [{ sku, quantity: 1 }],
    });
    expect(unknownOrder.status).toBe(404);
    expect(unknownOrder.body.message).toEqual(expect.stringContaining('999999999'));
    const unknownReturn = await control(kind, `/sellers/${sellerId}/returns/123456789/receive`, { restock: true });
    expect(unknownReturn.status).toBe(404);
    expect(unknownReturn.body.message).toEqual(expect.stringContaining('123456789'));
  });
});

describe('a reason each marketplace has its own list for', () => {
  it.each([
    ['walmart', "reason must be one of Walmart's return reasons: "],
    ['shopify', 'reason must be a Shopify ReturnReason: '],
  ])('%s refuses a reason not on its list, naming the list', async (kind, words) => {
    const { sellerId, orderId, sku } = await sellerWithOrder(kind);
    const answer = await control(kind, `/sellers/${sellerId}/orders/${orderId}/returns`, {
      lines: [{ sku, quantity: 1 }],
      reason: 'CHANGED_MY_MIND_TWICE',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toEqual(
      expect.stringMatching(new RegExp(`^${words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[A-Z_]+, `)),
    );
  });
});
