/**
 * Amazon returns through real HTTP against the Amazon sandbox: returns made and received through the
 * control API, read by returnsSince through the Reports API (createReport, getReport, getReportDocument,
 * the tab-separated document); no returns (a CANCELLED report); a 429 thrown retryable; the control
 * API's refusals; and every Reports exchange checked against reports_2021-06-30.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MarketplaceError } from '../../../src/marketplaces/errors.ts';
import type { AmazonAdapter } from '../../../src/marketplaces/amazon/amazon-adapter.ts';
import type { MarketplaceOrder } from '../../../src/marketplaces/types.ts';
import { OfficialContract, readOfficial } from '../../support/marketplace-contract.ts';
import { startAmazonSandbox, type AmazonTestEnv, type SandboxSeller } from './amazon-test-env.ts';

let env: AmazonTestEnv;
let seller: SandboxSeller;
let adapter: AmazonAdapter;
let skus: string[] = [];
let nextSku = 0;
const startedAt = new Date(Date.now() - 1000);

beforeAll(async () => {
  env = await startAmazonSandbox('fast');
  seller = await env.createSeller(20);
  adapter = env.adapter(seller, { reportWaitMs: 10_000 });
  const page = await adapter.listCatalogue(undefined);
  skus = page.items.filter((item) => (item.quantity ?? 0) > 3 && item.price).map((item) => item.sku);
});

afterAll(async () => {
  await env?.close();
});

const returnsOf = (orderId: string) =>
  adapter.returnsSince(startedAt, undefined).then((page) => {
    expect(page.next).toBeUndefined();
    return page.items.filter((r) => r.marketplaceOrderId === orderId);
  });

/** A buyer's order of two fresh SKUs (2 units and 1), shipped whole unless told otherwise. */
async function order(ship = true): Promise<MarketplaceOrder> {
  const lines = [
    { sku: skus[nextSku++]!, quantity: 2 },
    { sku: skus[nextSku++]!, quantity: 1 },
  ];
  const placed = await env.control('POST', `/sellers/${seller.sellerId}/orders`, { lines });
  expect(placed.status).toBe(201);
  const read = (await adapter.ordersSince(startedAt, undefined)).items.find(
    (o) => o.marketplaceOrderId === placed.body.AmazonOrderId,
  )!;
  if (ship)
    expect(
      await adapter.confirmShipment({
        marketplaceOrderId: read.marketplaceOrderId,
        shipmentId: crypto.randomUUID(),
        carrier: 'USPS',
        trackingNumber: `9400${crypto.randomInt(10 ** 9, 10 ** 10)}`,
        shippedAt: new Date().toISOString(),
        lines: read.lines.map((l) => ({ lineId: l.lineId!, sku: l.sku, quantity: l.quantity })),
      }),
    ).toMatchObject({ outcome: 'confirmed' });
  return read;
}

const returnOf = (orderId: string, body: unknown) =>
  env.control('POST', `/sellers/${seller.sellerId}/orders/${orderId}/returns`, body);
const receive = (returnId: string, body: unknown) =>
  env.control('POST', `/sellers/${seller.sellerId}/returns/${returnId}/receive`, body);

describe('returnsSince', () => {
  test('no returns yet: Amazon cancels the report for want of data, and the read is empty', async () => {
    expect(await adapter.returnsSince(startedAt, undefined)).toEqual({ items: [], next: undefined });
    const reports = env.sandbox.context.state().reports;
    expect(Object.values(reports).map((r) => r.processingStatus)).toEqual(['CANCELLED']);
  });

  test('a return made by the buyer is read as requested; once received, as received', async () => {
    const shipped = await order();
    const made = await returnOf(shipped.marketplaceOrderId, {
      lines: [{ sku: shipped.lines[0]!.sku, quantity: 1 }],
      reason: 'CR-DEFECTIVE',
    });
    expect(made).toEqual({ status: 201, body: { returnId: expect.stringMatching(/^D\w{8}RRMA$/) } });
    const [requested] = await returnsOf(shipped.marketplaceOrderId);
    expect(requested).toEqual({
      marketplaceReturnId: made.body.returnId,
      marketplaceOrderId: shipped.marketplaceOrderId,
      status: 'requested',
      reason: 'CR-DEFECTIVE',
      lines: [{ lineId: null, sku: shipped.lines[0]!.sku, quantity: 1, restock: false }],
      refunded: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });

    const received = await receive(made.body.returnId, { restock: true });
    expect(received).toMatchObject({ status: 200, body: { returnId: made.body.returnId, restock: true } });
    const [after] = await returnsOf(shipped.marketplaceOrderId);
    expect(after).toMatchObject({ marketplaceReturnId: made.body.returnId, status: 'received' });
    expect(Date.parse(after!.updatedAt)).toBeGreaterThanOrEqual(Date.parse(requested!.updatedAt));
  });

  test('a return of both lines is one return with two lines; without a reason, Amazon’s default', async () => {
    const shipped = await order();
    const made = await returnOf(shipped.marketplaceOrderId, {
      lines: shipped.lines.map((l) => ({ sku: l.sku, quantity: l.quantity })),
    });
    expect(made.status).toBe(201);
    expect(await returnsOf(shipped.marketplaceOrderId)).toEqual([
      expect.objectContaining({
        marketplaceReturnId: made.body.returnId,
        reason: 'CR-UNWANTED_ITEM',
        lines: shipped.lines.map((l) => ({ lineId: null, sku: l.sku, quantity: l.quantity, restock: false })),
      }),
    ]);
  });

  test('a 429 is thrown retryable; the next read succeeds', async () => {
    const throttled = env.adapter(seller, { retry: { attempts: 1, baseDelayMs: 0, maxDelayMs: 0 } });
    await throttled.client.accessToken();
    await env.control('PUT', `/sellers/${seller.sellerId}/faults`, { rateLimitBurst: 1 });
    try {
      const error = await throttled.returnsSince(startedAt, undefined).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MarketplaceError);
      expect(error).toMatchObject({ kind: 'rate_limited', retryable: true });
    } finally {
      await env.control('PUT', `/sellers/${seller.sellerId}/faults`, { rateLimitBurst: 0 });
    }
    expect((await adapter.returnsSince(startedAt, undefined)).items.length).toBeGreaterThan(0);
  });
});

describe('the control API’s returns', () => {
  test('refuses what a buyer could not return, in the kit’s { message } shape', async () => {
    const unshipped = await order(false);
    const sku = unshipped.lines[0]!.sku;
    expect(await returnOf(unshipped.marketplaceOrderId, { lines: [{ sku, quantity: 1 }] })).toEqual({
      status: 409,
      body: { message: expect.stringContaining('has 0 shipped unit(s)') },
    });
    const shipped = await order();
    const first = shipped.lines[0]!;
    expect((await returnOf(shipped.marketplaceOrderId, { lines: [{ sku: first.sku, quantity: 2 }] })).status).toBe(201);
    expect((await returnOf(shipped.marketplaceOrderId, { lines: [{ sku: first.sku, quantity: 1 }] })).status).toBe(409);
    expect((await returnOf(shipped.marketplaceOrderId, { lines: [{ sku: 'NOT-IN-ORDER', quantity: 1 }] })).status).toBe(
      409,
    );
    expect((await returnOf('999-0000000-0000000', { lines: [{ sku, quantity: 1 }] })).status).toBe(404);
    expect((await returnOf(shipped.marketplaceOrderId, { lines: [] })).status).toBe(400);
    expect((await receive('DnotthereRRMA', { restock: false })).status).toBe(404);
    const made = await returnOf(shipped.marketplaceOrderId, { lines: [{ sku: shipped.lines[1]!.sku, quantity: 1 }] });
    expect((await receive(made.body.returnId, { restock: 'yes' })).status).toBe(400);
    expect((await receive(made.body.returnId, { restock: false })).status).toBe(200);
    expect(await receive(made.body.returnId, { restock: false })).toEqual({
      status: 409,
      body: { message: expect.stringContaining('received already') },
    });
  });
});

describe('the Reports exchanges follow reports_2021-06-30', () => {
  test('each request the adapter sent and each answer the sandbox gave passes the model', () => {
    const contract = new OfficialContract('reports_2021-06-30', readOfficial('amazon/reports_2021-06-30.json') as any);
    const exchanges = env.sandbox.requests().filter((r) => r.path.startsWith('/reports/2021-06-30/'));
    const covered = new Set(
      exchanges.map((r) => `${r.method} ${contract.operation(r.method, r.path)?.template} ${r.status}`),
    );
    expect([...covered].sort()).toEqual([
      'GET /reports/2021-06-30/documents/{reportDocumentId} 200',
      'GET /reports/2021-06-30/reports/{reportId} 200',
      'POST /reports/2021-06-30/reports 202',
      'POST /reports/2021-06-30/reports 429',
    ]);
    const problems = exchanges.flatMap((r) =>
      contract.check({
        method: r.method,
        path: r.path,
        requestBody: r.body,
        status: r.status,
        responseBody: r.response,
      }),
    );
    expect(problems).toEqual([]);
    // The report document: a pre-signed URL (S3, outside every model), answering the tab-separated file.
    const downloads = env.sandbox.requests().filter((r) => r.path.startsWith('/_s3/feed-documents/'));
    expect(downloads.length).toBeGreaterThan(0);
  });
});
