/**
 * Alerts that reach people (issue 27): a channel in error, a listing suppressed, stock low on a SKU on
 * sale, an order past its ship-by date are raised once per cause by the evaluation, mailed (a real SMTP
 * server) to the account's people who want that kind and posted to the account's Slack-compatible webhook,
 * each with a link to its fix; resolved when the cause is gone, raised again when it comes back. The
 * webhook's address is never shown back or written in the audit log; another account sees nothing.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Browser } from '../support/browser.ts';
import { addChannelRow, addOrderRow, orderLine } from '../support/seeded-rows.ts';
import { alerts, auditLog, channels, listingWrites, listings, orders, products } from '../../src/db/schema/index.ts';
import { deliverAlerts, evaluateAlerts } from '../../src/modules/alerts/alerts.ts';

let t: TestProduct;
let seller: Browser;
let neighbour: Browser;
let email: string;
let accountId: string;
let channelId: string;
let webhook: http.Server;
let webhookUrl: string;
const posted: unknown[] = [];
let postedListeners: Array<() => void> = [];
/** The webhook's next answers fail with this status (a Slack outage), then it answers 200 again. */
let failingAnswers: number[] = [];

const db = () => t.database.handle.db;
/** Evaluates once: how many alerts it raised. */
const evaluate = async () => (await evaluateAlerts(t.product.ctx)).raised;

/** Resolves once the webhook has received `count` messages in all. */
const webhookMessages = (count: number) =>
  new Promise<unknown[]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The webhook got ${posted.length} of ${count} messages`)), 20_000);
    const check = () => {
      if (posted.length < count) return;
      clearTimeout(timer);
      postedListeners = postedListeners.filter((l) => l !== check);
      resolve(posted.slice(0, count));
    };
    postedListeners.push(check);
    check();
  });

const setChannelStatus = (status: 'active' | 'error') =>
  db()
    .update(channels)
    .set({ status, statusReason: status === 'error' ? 'The seller revoked our access on the marketplace.' : null })
    .where(eq(channels.id, channelId));

beforeAll(async () => {
  t = await startTestProduct();
  ({ browser: seller, accountId, email } = await t.signedInSeller());
  ({ browser: neighbour } = await t.signedInSeller());
  channelId = await addChannelRow(db(), accountId, 'ebay', 'target');
  webhook = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const failure = failingAnswers.shift();
      if (failure) return void res.writeHead(failure).end('down');
      posted.push(JSON.parse(body));
      res.writeHead(200).end('ok');
      for (const listener of [...postedListeners]) listener();
    });
  });
  await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve));
  webhookUrl = `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/services/T000/B000/secret-part`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => webhook.close(() => resolve()));
  await t.stop();
});

describe('alerts', () => {
  it('the owner sets a webhook: the answer says one is set, never its address; bad addresses are refused', async () => {
    const refused = await seller.put('/api/alerts/settings', { webhookUrl: 'hooks.slack.com/services/x' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/whole address/);
    const saved = await seller.put('/api/alerts/settings', { webhookUrl, lowStockUnits: 3 });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ webhookSet: true, lowStockUnits: 3 });
    expect(JSON.stringify(saved.body)).not.toContain('secret-part');
    const read = await seller.get('/api/alerts/settings');
    expect(JSON.stringify(read.body)).not.toContain('secret-part');
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.accountId, accountId), eq(auditLog.action, 'alerts.settings_changed')));
    expect(entry).toMatchObject({ before: { webhook: 'none' }, after: { webhook: 'changed', lowStockUnits: 3 } });
    expect(JSON.stringify(entry)).not.toContain('secret-part');
  });

  it('a channel in error is mailed and posted once, with the link to fix it', async () => {
    await setChannelStatus('error');
    expect(await evaluate()).toBe(1);
    const mail = await t.mail.next(email, (m) => m.subject.includes('ebay shop is in error'));
    expect(mail.text).toContain('The seller revoked our access on the marketplace.');
    expect(mail.text).toContain(`${t.url}/channels`);
    const [message] = (await webhookMessages(1)) as Array<{ text: string; blocks: unknown[] }>;
    expect(message!.text).toContain('ebay shop is in error');
    expect(message!.text).toContain(`<${t.url}/channels|Fix it>`);
    expect(message!.blocks.length).toBeGreaterThan(0);
    // Once per cause: the next evaluations raise nothing while it lasts.
    expect(await evaluate()).toBe(0);
    const open = await seller.get('/api/alerts');
    expect(open.body.items).toEqual([
      expect.objectContaining({ kind: 'channel_error', title: 'ebay shop is in error', fixPath: '/channels' }),
    ]);
  });

  it('resolves when the cause is gone, and a cause that comes back is a new alert', async () => {
    await setChannelStatus('active');
    expect(await evaluate()).toBe(0);
    expect((await seller.get('/api/alerts')).body.items).toEqual([]);
    await setChannelStatus('error');
    expect(await evaluate()).toBe(1);
    await t.mail.next(email, (m) => m.subject.includes('ebay shop is in error'));
    await webhookMessages(2);
    const rows = await db().select().from(alerts).where(eq(alerts.accountId, accountId));
    expect(rows.filter((row) => row.kind === 'channel_error').map((row) => row.resolvedAt !== null)).toEqual(
      expect.arrayContaining([true, false]),
    );
    await setChannelStatus('active');
    await evaluate();
  });

  it('a suppressed listing, low stock on a SKU on sale and a late order: one mail naming all three', async () => {
    const [product] = await db()
      .insert(products)
      .values({ accountId, sku: 'MUG-1', title: 'Mug', currency: 'USD', price: '10.00', onHand: 2, committed: 0 })
      .returning({ id: products.id });
    await db()
      .insert(listings)
      .values([
        { accountId, channelId, productId: product!.id, sku: 'MUG-1', status: 'active' },
        {
          accountId,
          channelId,
          sku: 'LAMP-9',
          status: 'suppressed',
          lastError: 'Missing brand: add a brand to list it again.',
        },
      ]);
    const order = await addOrderRow(db(), accountId, channelId, '2026-11-20T10:00:00Z', [
      orderLine('MUG-1', 1, '10.00'),
    ]);
    await db()
      .update(orders)
      .set({ shipBy: new Date('2026-11-22T10:00:00Z') })
      .where(eq(orders.id, order));
    expect(await evaluate()).toBe(3);
    const mail = await t.mail.next(email, (m) => m.subject === '3 new alerts on Marketplace Hub');
    expect(mail.text).toContain('LAMP-9 is suppressed on ebay shop: Missing brand');
    expect(mail.text).toContain('MUG-1 is low on stock: 2 available (alert at 3 or fewer).');
    expect(mail.text).toMatch(/Order order-\d+ is past its ship-by date/);
    expect(mail.text).toContain(`${t.url}/orders?order=${order}`);
  });

  it('changes refused by a channel are an alert once they have failed for over 15 minutes, not before', async () => {
    const [listing] = await db()
      .insert(listings)
      .values({ accountId, channelId, sku: 'BOWL-2', status: 'active' })
      .returning({ id: listings.id });
    const failedAt = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    const [write] = await db()
      .insert(listingWrites)
      .values({
        accountId,
        channelId,
        listingId: listing!.id,
        sku: 'BOWL-2',
        field: 'price',
        after: '12.00',
        status: 'failed',
        message: 'Price is below the minimum allowed.',
        createdAt: failedAt(14),
        updatedAt: failedAt(14),
      })
      .returning({ id: listingWrites.id });
    expect(await evaluate()).toBe(0);
    await db()
      .update(listingWrites)
      .set({ createdAt: failedAt(16), updatedAt: failedAt(16) })
      .where(eq(listingWrites.id, write!.id));
    expect(await evaluate()).toBe(1);
    const mail = await t.mail.next(email, (m) => m.subject.includes('have failed for over 15 minutes'));
    expect(mail.text).toContain('1 value could not be sent: Price is below the minimum allowed.');
    expect(mail.text).toContain(`${t.url}/listings?tab=activity`);
  });

  it('each user chooses what they are mailed: a kind turned off is not mailed, the webhook still hears it', async () => {
    const choice = await seller.put('/api/alerts/settings', { kinds: [{ kind: 'channel_error', email: false }] });
    expect(choice.status).toBe(200);
    expect(choice.body.kinds).toContainEqual({ kind: 'channel_error', name: 'Channel in error', email: false });
    const mailsBefore = t.mail.sentTo(email).length;
    const postsBefore = posted.length;
    await setChannelStatus('error');
    expect(await evaluate()).toBe(1);
    await webhookMessages(postsBefore + 1);
    // The delivery has run (the webhook heard it): no mail was sent for the kind turned off.
    await expect
      .poll(
        async () =>
          (await db().select().from(alerts).where(eq(alerts.accountId, accountId))).filter(
            (a) => a.kind === 'channel_error' && a.resolvedAt === null && a.deliveredAt !== null,
          ).length,
      )
      .toBe(1);
    expect(t.mail.sentTo(email).length).toBe(mailsBefore);
  });

  it('a webhook that is down is tried again without mailing anyone twice', async () => {
    await setChannelStatus('active');
    await evaluate();
    // An alert raised outside the queue, told by hand: the job's retry is this test's second call.
    const [product] = await db()
      .insert(products)
      .values({ accountId, sku: 'VASE-3', title: 'Vase', currency: 'USD', price: '30.00', onHand: 0, committed: 0 })
      .returning({ id: products.id });
    await db().insert(alerts).values({
      accountId,
      kind: 'late_order',
      subjectId: product!.id,
      title: 'Order W-1 is past its ship-by date',
      detail: 'It was to ship by yesterday.',
      fixPath: '/orders',
      raisedAt: new Date(),
    });
    const mailsBefore = t.mail.sentTo(email).length;
    const postsBefore = posted.length;
    failingAnswers = [503];
    const job = { accountId };
    await expect(deliverAlerts(t.product.ctx, t.product.mailer, job)).rejects.toThrow(/answered 503/);
    await t.mail.next(email, (m) => m.subject.includes('Order W-1'));
    await deliverAlerts(t.product.ctx, t.product.mailer, job);
    const [message] = (await webhookMessages(postsBefore + 1)).slice(postsBefore) as Array<{ text: string }>;
    expect(message!.text).toContain('Order W-1 is past its ship-by date');
    expect(t.mail.sentTo(email).length).toBe(mailsBefore + 1);
  });

  it('another account sees none of it; a setting out of range is refused with a message', async () => {
    expect((await neighbour.get('/api/alerts')).body.items).toEqual([]);
    expect((await neighbour.get('/api/alerts/settings')).body.webhookSet).toBe(false);
    const tooMany = await seller.put('/api/alerts/settings', { lowStockUnits: -1 });
    expect(tooMany.status).toBe(400);
    expect(typeof tooMany.body.message).toBe('string');
  });

  it('looks again only at the stock changed since its last look, and at all of it when the low-stock level changes', async () => {
    const look = () => evaluateAlerts(t.product.ctx);
    const sku = (name: string) => and(eq(products.accountId, accountId), eq(products.sku, name));
    const openLowStock = async () =>
      (await seller.get('/api/alerts')).body.items
        .filter((item: { kind: string }) => item.kind === 'low_stock')
        .map((item: { title: string }) => item.title)
        .sort();
    await look();
    expect(await openLowStock()).toEqual(['MUG-1 is low on stock']);
    // Nothing changed since: no product is read again, and MUG-1's alert stands.
    expect(await look()).toEqual({ raised: 0, stockLookedAt: 0 });
    // A new price is no change of stock.
    await db().update(products).set({ price: '11.00' }).where(sku('MUG-1'));
    expect(await look()).toEqual({ raised: 0, stockLookedAt: 0 });
    expect(await openLowStock()).toEqual(['MUG-1 is low on stock']);

    // MUG-1 restocked: it alone is read (not VASE-3, unchanged) and its alert resolved.
    await db().update(products).set({ onHand: 40 }).where(sku('MUG-1'));
    expect(await look()).toEqual({ raised: 0, stockLookedAt: 1 });
    expect(await openLowStock()).toEqual([]);

    // VASE-3 (none in stock) put on sale: a listing's change is its product's.
    const [vase] = await db().select({ id: products.id }).from(products).where(sku('VASE-3'));
    await db().insert(listings).values({ accountId, channelId, productId: vase!.id, sku: 'VASE-3', status: 'active' });
    expect(await look()).toEqual({ raised: 1, stockLookedAt: 1 });
    expect(await openLowStock()).toEqual(['VASE-3 is low on stock']);

    // The owner raises the level: all of the account's products are read again, and MUG-1's 40 are now low.
    expect((await seller.put('/api/alerts/settings', { lowStockUnits: 50 })).status).toBe(200);
    const all = await db().select({ id: products.id }).from(products).where(eq(products.accountId, accountId));
    expect(await look()).toEqual({ raised: 1, stockLookedAt: all.length });
    expect(await openLowStock()).toEqual(['MUG-1 is low on stock', 'VASE-3 is low on stock']);
  });
});
