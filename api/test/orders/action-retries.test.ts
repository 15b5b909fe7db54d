/**
 * A seller's refund sent again after its first answer was lost, against the eBay sandbox over HTTP.
 * eBay takes no idempotency key on issue_refund, and what this process remembers of a refund it sent
 * is gone after a restart; so the attempt after a lost answer reads the order back, and a refund of
 * exactly these amounts that eBay dated since the refund was recorded counts as this one: the buyer
 * is refunded once, never twice.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Browser } from '../support/browser.ts';
import { consentOnEbay, type ConnectedChannel } from '../support/channel-flows.ts';
import { control, query, readOrdersNow, sandboxRequests } from '../support/sync-checks.ts';

let t: TestProduct;
let seller: Browser;
let accountId: string;
let ebay: ConnectedChannel;

beforeAll(async () => {
  t = await startTestProduct();
  ({ browser: seller, accountId } = await t.signedInSeller({ firstName: 'Rita', lastName: 'Retries' }));
  ebay = (await consentOnEbay(seller, 'agree', { products: 4 })).channel!;
  await vi.waitFor(
    async () =>
      expect(
        (await query(t, sql`select 1 from listings l where l.channel_id = ${ebay.id} and l.product_id is not null`))
          .length,
      ).toBe(4),
    { timeout: 60_000, interval: 250 },
  );
});
afterAll(() => t?.stop());

const sellerPath = () => `/sellers/${ebay.sandboxSellerId}`;

async function faults(body: Record<string, unknown>) {
  const answer = await control(t, 'ebay', `${sellerPath()}/faults`, { method: 'PUT', body });
  expect(answer.status, await answer.clone().text()).toBe(200);
}

/** A buyer's order on the eBay sandbox, read by the product: its id here, eBay's id, and its first line. */
async function ebayOrder(quantity: number) {
  const [product] = await query<{ sku: string }>(
    t,
    sql`select p.sku from products p where p.account_id = ${accountId} and p.on_hand - p.committed > ${quantity} order by p.sku limit 1`,
  );
  const placed = await control(t, 'ebay', `${sellerPath()}/orders`, {
    method: 'POST',
    body: { lines: [{ sku: product!.sku, quantity }] },
  });
  expect(placed.status, await placed.clone().text()).toBe(201);
  const { orderId } = (await placed.json()) as { orderId: string };
  await readOrdersNow(t, accountId, ebay.id);
  const [row] = await query<{ id: string }>(
    t,
    sql`select id from orders where account_id = ${accountId} and marketplace_order_id = ${orderId}`,
  );
  expect(row, `order ${orderId} read`).toBeDefined();
  const detail = await seller.get(`/api/orders/${row!.id}`);
  expect(detail.status).toBe(200);
  const line = detail.body.lines[0] as { lineId: string; price: { amount: string; currency: string } };
  return { id: row!.id, marketplaceOrderId: orderId, line };
}

const refundRow = async (refundId: string) =>
  (
    await query<{ state: string; attempts: number; marketplace_refund_id: string | null; message: string | null }>(
      t,
      sql`select state, attempts, marketplace_refund_id, message from order_refunds where id = ${refundId}`,
    )
  )[0]!;

const refundJobStates = async (refundId: string) =>
  (
    await query<{ state: string }>(
      t,
      sql`select state from pgboss.job where name = 'orders.fulfil' and data->>'refundId' = ${refundId}`,
    )
  ).map((j) => j.state);

describe('a refund whose first answer was lost', () => {
  it('is refunded exactly once on eBay, though this process no longer remembers sending it', async () => {
    const order = await ebayOrder(2);
    const unitPrice = order.line.price;

    // Every eBay call fails with a 5xx: the refund's first attempt ends without knowing eBay's answer.
    await faults({ errorRate: 1 });
    const asked = await seller.post(`/api/orders/${order.id}/refunds`, {
      reason: 'damaged',
      note: 'Sorry about the scratch',
      lines: [{ lineId: order.line.lineId, quantity: 1 }],
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    const refundId = asked.body.id as string;
    await vi.waitFor(
      async () => {
        expect((await refundRow(refundId)).attempts).toBe(1);
        expect(await refundJobStates(refundId)).toEqual(['retry']);
      },
      { timeout: 60_000, interval: 100 },
    );

    // What that attempt may have left on eBay, under eBay's own id, with nothing of ours on it: the
    // partial refund given. eBay would take the same partial refund again (it refuses only more than
    // is left), so only reading the order back keeps the buyer from being refunded twice.
    const given = await control(t, 'ebay', `${sellerPath()}/orders/${order.marketplaceOrderId}/refunds`, {
      method: 'POST',
      body: {
        reasonForRefund: 'ITEM_NOT_AS_DESCRIBED',
        refundItems: [
          { lineItemId: order.line.lineId, refundAmount: { value: unitPrice.amount, currency: unitPrice.currency } },
        ],
      },
    });
    expect(given.status, await given.clone().text()).toBe(201);
    const { refundId: ebayRefundId } = (await given.json()) as { refundId: string };
    await faults({ errorRate: 0 });

    await vi.waitFor(async () => expect((await refundRow(refundId)).state).not.toBe('sending'), {
      timeout: 60_000,
      interval: 200,
    });
    const settled = await refundRow(refundId);
    expect(settled, JSON.stringify(settled)).toMatchObject({ state: 'confirmed', marketplace_refund_id: ebayRefundId });
    expect(settled.attempts).toBeGreaterThan(1);

    // eBay holds the one refund, and was not asked for another.
    const held = await (await control(t, 'ebay', `${sellerPath()}/orders/${order.marketplaceOrderId}`)).json();
    expect(held.order.paymentSummary.refunds.map((r: { refundId: string }) => r.refundId)).toEqual([ebayRefundId]);
    const line = held.order.lineItems.find((l: { lineItemId: string }) => l.lineItemId === order.line.lineId);
    expect(line.refunds).toEqual([
      expect.objectContaining({ refundId: ebayRefundId, amount: expect.objectContaining({ value: unitPrice.amount }) }),
    ]);
    const refundCalls = (await sandboxRequests(t, 'ebay')).filter(
      (c) => c.method === 'POST' && c.path.endsWith(`/order/${order.marketplaceOrderId}/issue_refund`),
    );
    expect(refundCalls).toEqual([]);

    // The order says it was refunded, by whom, once.
    const detail = await seller.get(`/api/orders/${order.id}`);
    expect(detail.body.timeline.filter((e: { kind: string }) => e.kind === 'refunded')).toEqual([
      expect.objectContaining({ actor: 'Rita Retries' }),
    ]);
  });
});
