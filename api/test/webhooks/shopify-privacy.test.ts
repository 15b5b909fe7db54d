import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type SignedInUser, type TestProduct } from '../support/test-product.ts';
import { installOnShopify } from '../support/channel-flows.ts';
import { query, settled } from '../support/sync-checks.ts';

let t: TestProduct;
beforeAll(async () => {
  t = await startTestProduct({ sync: { intervalMinutes: 3, schedule: false } });
});
afterAll(() => t?.stop());

/** A seller's Shopify shop (its main channel), with one order of its own recorded here (buyer's name and address included). */
async function shopWithOrder() {
  const seller = await t.signedInSeller();
  const { channel } = await installOnShopify(seller.browser, 'install', { products: 3 });
  await settled(t, seller.accountId);
  const [stocked] = await query<{ sku: string }>(
    t,
    sql`select sku from products where account_id = ${seller.accountId} and source_channel_id = ${channel!.id}
      and on_hand > 1 order by sku limit 1`,
  );
  const placed = await fetch(`${t.url}/sandbox/shopify/_control/sellers/${channel!.sandboxSellerId}/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ lines: [{ sku: stocked!.sku, quantity: 1 }] }),
  });
  expect(placed.status).toBe(201);
  const orderGid = ((await placed.json()) as { id: string }).id;
  await vi.waitFor(
    async () =>
      expect(
        await query(
          t,
          sql`select id from orders where channel_id = ${channel!.id} and marketplace_order_id = ${orderGid}
            and buyer_name is not null`,
        ),
      ).toHaveLength(1),
    { timeout: 20_000, interval: 200 },
  );
  return { seller, channel: channel!, orderGid, orderId: Number(orderGid.split('/').pop()) };
}

const sendCompliance = (shop: string, topic: string, orderIds: number[] = []) =>
  fetch(`${t.url}/sandbox/shopify/_control/sellers/${shop}/compliance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ topic, orderIds }),
  });

const auditOf = (seller: SignedInUser, action: string) =>
  query<{ target_id: string; metadata: Record<string, unknown> }>(
    t,
    sql`select target_id, metadata from audit_log where account_id = ${seller.accountId} and action = ${action}
      order by id`,
  );

describe("Shopify's compliance webhooks", () => {
  it('customers/data_request is recorded in the audit log for the owner, naming the orders', async () => {
    const { seller, channel, orderId } = await shopWithOrder();
    const sent = await sendCompliance(channel.sandboxSellerId, 'customers/data_request', [orderId]);
    expect(sent.status).toBe(202);
    await vi.waitFor(async () => expect(await auditOf(seller, 'privacy.shopify_data_request')).toHaveLength(1), {
      timeout: 10_000,
      interval: 200,
    });
    const [entry] = await auditOf(seller, 'privacy.shopify_data_request');
    expect(entry!.target_id).toBe(channel.externalSellerId);
    expect((entry!.metadata.ordersRequested as string[]).length).toBe(1);
    // The customer's contact details are not copied into the append-only log.
    expect(JSON.stringify(entry)).not.toContain('@example.com');
  });

  it("customers/data_request mails the account's owners what was asked and which of our records hold the data", async () => {
    const { seller, channel, orderId } = await shopWithOrder();
    const member = await t.createUser();
    await t.database.handle.db.execute(
      sql`update users set account_id = ${seller.accountId}, account_role = 'member' where id = ${member.userId}`,
    );
    const [order] = await query<{ order_number: string }>(
      t,
      sql`select order_number from orders where channel_id = ${channel.id} and marketplace_order_id = ${`gid://shopify/Order/${orderId}`}`,
    );
    const sent = await sendCompliance(channel.sandboxSellerId, 'customers/data_request', [orderId]);
    expect(sent.status).toBe(202);
    const mail = await t.mail.next(seller.email, (m) => m.subject.startsWith('Shopify data request'));
    expect(mail.subject).toBe(`Shopify data request for ${channel.externalSellerId}`);
    expect(mail.text).toContain(`data request for customer `);
    expect(mail.text).toContain('1 order named');
    expect(mail.text).toMatch(
      new RegExp(
        `Order ${order!.order_number} \\(Shopify · [^)]+\\): buyer name and shipping address, with its lines and totals\\.`,
      ),
    );
    expect(mail.text).toContain('/audit-logs');
    // The owners are told, not the members; the customer's contact details stay out of the mail too.
    expect(mail.text).not.toContain('@example.com');
    // Queued with the delivery's record, at once: one mail for the owner, none for the member.
    const queued = await query<{ user_id: string }>(
      t,
      sql`select data->>'userId' as user_id from pgboss.job
        where name = 'mail.send' and data->>'kind' = 'shopify_data_request'
        and data->>'userId' in (${seller.userId}, ${member.userId})`,
    );
    expect(queued).toEqual([{ user_id: seller.userId }]);
  });

  it("customers/redact erases the buyer's name and address from the orders named; the order stays", async () => {
    const { seller, channel, orderGid, orderId } = await shopWithOrder();
    expect((await sendCompliance(channel.sandboxSellerId, 'customers/redact', [orderId])).status).toBe(202);
    await vi.waitFor(
      async () => {
        const [order] = await query<{ buyer_name: string | null; ship_to: unknown; personal_data_erased_at: unknown }>(
          t,
          sql`select buyer_name, ship_to, personal_data_erased_at from orders
            where channel_id = ${channel.id} and marketplace_order_id = ${orderGid}`,
        );
        expect(order).toMatchObject({ buyer_name: null, ship_to: null });
        expect(order!.personal_data_erased_at).not.toBeNull();
      },
      { timeout: 10_000, interval: 200 },
    );
    // Nor is it kept in the delivery that brought the order.
    const kept = await query<{ payload: unknown }>(
      t,
      sql`select payload from marketplace_events where channel_id = ${channel.id} and topic = 'orders/create'`,
    );
    expect(JSON.stringify(kept)).not.toContain('shipping_address');
    await vi.waitFor(async () =>
      expect(await auditOf(seller, 'privacy.shopify_customer_redacted')).not.toHaveLength(0),
    );
  });

  it("shop/redact deletes the shop's channel and what was read from it", async () => {
    const { seller, channel } = await shopWithOrder();
    expect((await sendCompliance(channel.sandboxSellerId, 'shop/redact')).status).toBe(202);
    await vi.waitFor(
      async () => expect(await query(t, sql`select id from channels where id = ${channel.id}`)).toEqual([]),
      { timeout: 10_000, interval: 200 },
    );
    expect(await query(t, sql`select id from orders where channel_id = ${channel.id}`)).toEqual([]);
    expect(await query(t, sql`select id from listings where channel_id = ${channel.id}`)).toEqual([]);
    const [entry] = await auditOf(seller, 'privacy.shopify_shop_redacted');
    expect(entry!.metadata).toMatchObject({ channelsDeleted: [channel.id] });
  });

  it('refuses a forged delivery, and a repeated one changes nothing more', async () => {
    const secret = t.product.ctx.marketplaces.sandboxApplications.shopify.clientSecret;
    const seller = await t.signedInSeller();
    const { channel } = await installOnShopify(seller.browser, 'install', { products: 1 });
    const body = JSON.stringify({
      shop_id: 1,
      shop_domain: channel!.externalSellerId,
      customer: { id: 7 },
      orders_requested: [],
    });
    const deliver = (hmac: string, webhookId: string) =>
      fetch(`${t.url}/api/webhooks/shopify-privacy/sandbox`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-shopify-hmac-sha256': hmac,
          'x-shopify-topic': 'customers/data_request',
          'x-shopify-shop-domain': channel!.externalSellerId,
          'x-shopify-webhook-id': webhookId,
        },
        body,
      });
    const before = (await auditOf(seller, 'privacy.shopify_data_request')).length;
    const forged = await deliver(crypto.createHmac('sha256', 'not the secret').update(body).digest('base64'), 'w-1');
    expect(forged.status).toBe(401);
    const signed = crypto.createHmac('sha256', secret).update(body).digest('base64');
    expect((await deliver(signed, 'w-2')).status).toBe(200);
    expect((await deliver(signed, 'w-2')).status).toBe(200);
    expect(await auditOf(seller, 'privacy.shopify_data_request')).toHaveLength(before + 1);
  });
});
