import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RECON_DATES_FRESH_MS,
  RECON_NEWEST_FRESH_MS,
  RECON_REPORTS_KEPT,
} from '../../../src/marketplaces/walmart/walmart-recon.ts';
import { startWalmartSandbox, type WalmartSandboxHandle } from './walmart-test-kit.ts';

const DAY_MS = 86_400_000;

let sb: WalmartSandboxHandle;

beforeAll(async () => {
  sb = await startWalmartSandbox('fast');
});
afterAll(async () => {
  await sb.close();
});

/** A new seller whose first `count` SKUs hold `quantity` units each. */
async function sellerWithStock(count: number, quantity: number) {
  const seller = await sb.createSeller(count);
  const skus = await sb.skus(seller.credentials, count);
  await sb.adapter(seller.credentials).updateListings(skus.map((sku) => ({ sku, quantity })));
  return { seller, skus };
}

async function placeOrder(sellerId: string, lines: Array<{ sku: string; quantity: number }>): Promise<string> {
  const placed = await sb.control('POST', `/sellers/${sellerId}/orders`, { lines });
  expect(placed.status).toBe(201);
  return placed.body.purchaseOrderId as string;
}

/** 15% of each line's price × quantity, rounded to the cent, summed: worked out from the prices the items have. */
async function commissionOf(sellerId: string, lines: Array<{ sku: string; quantity: number }>): Promise<string> {
  let cents = 0;
  for (const line of lines) {
    const price = Math.round(Number((await sb.item(sellerId, line.sku)).price) * 100);
    cents += Math.round((price * line.quantity * 15) / 100);
  }
  return (cents / 100).toFixed(2);
}

const reconCalls = (sellerId: string) =>
  sb.sandbox.requests().filter((r) => r.sellerId === sellerId && r.path.startsWith('/v3/report/reconreport/'));

describe('Walmart order fees from the recon report, against the sandbox over HTTP', () => {
  it("is pending until Walmart settles the order, then reports Walmart's 15% commission", async () => {
    const { seller, skus } = await sellerWithStock(3, 20);
    let clock = Date.now();
    const adapter = sb.adapter(seller.credentials, { now: () => clock });
    const lines = [
      { sku: skus[0]!, quantity: 2 },
      { sku: skus[1]!, quantity: 1 },
    ];
    const po = await placeOrder(seller.sellerId, lines);

    // Placed today: its report is tomorrow's, not out yet.
    expect(await adapter.orderFees!(po)).toEqual({ status: 'pending' });
    expect(reconCalls(seller.sellerId).map((r) => r.path)).toEqual(['/v3/report/reconreport/availableReconFiles']);

    const settled = await sb.control('POST', `/sellers/${seller.sellerId}/recon/settle`);
    expect(settled.status).toBe(200);
    expect(settled.body.purchaseOrderIds).toEqual([po]);
    expect(settled.body.reportDate).toMatch(/^\d{8}$/);

    // The dates listed a moment ago are trusted for a few minutes: no call, still pending.
    expect(await adapter.orderFees!(po)).toEqual({ status: 'pending' });
    expect(reconCalls(seller.sellerId)).toHaveLength(1);

    clock += RECON_DATES_FRESH_MS;
    expect(await adapter.orderFees!(po)).toEqual({
      status: 'reported',
      fees: { amount: await commissionOf(seller.sellerId, lines), currency: 'USD' },
    });
    expect(reconCalls(seller.sellerId).map((r) => [r.path, r.query?.reportVersion, r.query?.reportDate])).toEqual([
      ['/v3/report/reconreport/availableReconFiles', 'v1', undefined],
      ['/v3/report/reconreport/availableReconFiles', 'v1', undefined],
      ['/v3/report/reconreport/reconFile', 'v1', settled.body.reportDate],
    ]);

    // A second order settled into the same (today's) report: that report is read again only after two hours.
    const secondLines = [{ sku: skus[2]!, quantity: 3 }];
    const second = await placeOrder(seller.sellerId, secondLines);
    expect((await sb.control('POST', `/sellers/${seller.sellerId}/recon/settle`)).body.purchaseOrderIds).toEqual([
      second,
    ]);
    clock += RECON_DATES_FRESH_MS;
    expect(await adapter.orderFees!(second)).toEqual({ status: 'pending' });
    clock += RECON_NEWEST_FRESH_MS;
    expect(await adapter.orderFees!(second)).toEqual({
      status: 'reported',
      fees: { amount: await commissionOf(seller.sellerId, secondLines), currency: 'USD' },
    });
    expect(await adapter.orderFees!(po)).toMatchObject({ status: 'reported' });
    expect(reconCalls(seller.sellerId).filter((r) => r.path.endsWith('/reconFile'))).toHaveLength(2);
  });

  it("reads 100 orders' fees in a handful of calls, keeping the newest reports only", async () => {
    const { seller, skus } = await sellerWithStock(10, 100);
    const orders: Array<{ po: string; lines: Array<{ sku: string; quantity: number }>; daysAgo: number }> = [];
    for (let i = 0; i < 100; i++) {
      const lines = [{ sku: skus[i % skus.length]!, quantity: 1 + (i % 3) }];
      orders.push({ po: await placeOrder(seller.sellerId, lines), lines, daysAgo: i % 8 });
    }
    // Orders of the past week, each settled the day after its own (Walmart's side, where the sandbox keeps them).
    const stored = sb.sandbox.context.state().sellers[seller.sellerId]!;
    for (const order of orders) {
      const kept = stored.orders.find((o) => o.purchaseOrderId === order.po)!;
      kept.orderDate -= order.daysAgo * DAY_MS;
    }
    await sb.control('POST', `/sellers/${seller.sellerId}/recon/settle`);
    const adapter = sb.adapter(seller.credentials);
    const { body: available } = await sb.walmart(
      await adapter.client.accessToken(),
      'GET',
      '/v3/report/reconreport/availableReconFiles?reportVersion=v1',
    );
    // Today's report (today's and yesterday's orders) and one for each of the six days before.
    expect(available.availableApReportDates).toHaveLength(7);
    const before = reconCalls(seller.sellerId).length;

    // Read together, as a job's orders may be: one refresh serves them all.
    const read = await Promise.all(orders.map((o) => adapter.orderFees!(o.po)));
    const calls = reconCalls(seller.sellerId).slice(before);
    expect(calls.filter((c) => c.path.endsWith('/availableReconFiles'))).toHaveLength(1);
    expect(calls.filter((c) => c.path.endsWith('/reconFile'))).toHaveLength(RECON_REPORTS_KEPT);

    for (const [i, order] of orders.entries()) {
      // The oldest report is past the six kept: its orders wait (and are estimated after a week).
      if (order.daysAgo === 7) expect(read[i]).toEqual({ status: 'pending' });
      else
        expect(read[i]).toEqual({
          status: 'reported',
          fees: { amount: await commissionOf(seller.sellerId, order.lines), currency: 'USD' },
        });
    }

    // Read again within minutes: from the reports kept, no call at all.
    for (const order of orders.slice(0, 20)) await adapter.orderFees!(order.po);
    expect(reconCalls(seller.sellerId).length).toBe(before + 1 + RECON_REPORTS_KEPT);
  });

  it("answers a report as a real zip, refuses a date that has none in Walmart's words", async () => {
    const { seller, skus } = await sellerWithStock(1, 5);
    await placeOrder(seller.sellerId, [{ sku: skus[0]!, quantity: 1 }]);
    const { reportDate } = (await sb.control('POST', `/sellers/${seller.sellerId}/recon/settle`)).body;
    const token = await sb.adapter(seller.credentials).client.accessToken();
    const response = await fetch(
      `${sb.baseUrl}/v3/report/reconreport/reconFile?reportVersion=v1&reportDate=${reportDate}`,
      { headers: { 'WM_SEC.ACCESS_TOKEN': token, 'WM_QOS.CORRELATION_ID': crypto.randomUUID(), 'WM_SVC.NAME': 't' } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename=${seller.sellerId}_\\d{4}-\\d{2}-\\d{2}T[\\d:.]+\\+0000\\.zip$`),
    );
    const zip = Buffer.from(await response.arrayBuffer());
    expect(zip.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));

    const missing = await sb.walmart(
      token,
      'GET',
      '/v3/report/reconreport/reconFile?reportVersion=v1&reportDate=01011999',
    );
    expect(missing.status).toBe(404);
    expect(missing.body.errors[0].code).toBe('CONTENT_NOT_FOUND.GMP_REPORT_API');
    const badDate = await sb.walmart(
      token,
      'GET',
      '/v3/report/reconreport/reconFile?reportVersion=v1&reportDate=2026-01-01',
    );
    expect(badDate.status).toBe(400);
  });
});
