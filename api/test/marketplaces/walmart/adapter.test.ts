import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MarketplaceError } from '../../../src/marketplaces/errors.ts';
import { orderFromPoCreated } from '../../../src/marketplaces/walmart/transform.ts';
import { TOKEN_REFRESH_MARGIN_MS } from '../../../src/marketplaces/walmart/walmart-client.ts';
import { verifyWalmartWebhook, WALMART_WEBHOOK_HEADER } from '../../../src/marketplaces/walmart/webhooks.ts';
import { startReceiver, startWalmartSandbox, type WalmartSandboxHandle } from './walmart-test-kit.ts';

let sb: WalmartSandboxHandle;
let seller: Awaited<ReturnType<WalmartSandboxHandle['createSeller']>>;

beforeAll(async () => {
  sb = await startWalmartSandbox('fast');
  seller = await sb.createSeller(120);
});
afterAll(async () => {
  await sb.close();
});

describe('Walmart adapter against the sandbox over HTTP', () => {
  it('verifies credentials, and refused credentials are MarketplaceError auth with Walmart words', async () => {
    const identity = await sb.adapter(seller.credentials).verifyCredentials();
    expect(identity.sellerId).toBe(seller.credentials.clientId);

    const refused = sb.adapter({ clientId: seller.credentials.clientId, clientSecret: 'wrong' }).verifyCredentials();
    await expect(refused).rejects.toBeInstanceOf(MarketplaceError);
    await expect(refused).rejects.toMatchObject({
      kind: 'auth',
      message: expect.stringContaining('Invalid client credentials'),
      details: { status: 401, code: 'UNAUTHORIZED.GMP_GATEWAY_API' },
    });
  });

  it('caches the 15-minute token and renews it before it expires', async () => {
    let clock = Date.now();
    const adapter = sb.adapter(seller.credentials, { now: () => clock });
    const tokenCalls = () => sb.sandbox.requests().filter((r) => r.path === '/v3/token').length;
    const before = tokenCalls();
    await adapter.verifyCredentials();
    await adapter.readListings([seller.credentials.clientId]);
    expect(tokenCalls()).toBe(before + 1);
    clock += 900_000 - TOKEN_REFRESH_MARGIN_MS + 1;
    await adapter.verifyCredentials();
    expect(tokenCalls()).toBe(before + 2);
  });

  it('gets a new token once when Walmart refuses the cached one', async () => {
    const adapter = sb.adapter(seller.credentials);
    const first = await adapter.client.accessToken();
    // Walmart forgets the token early (revoked, or its clock differs).
    delete sb.sandbox.context.state().tokens[first];
    const [listing] = await adapter.readListings(await sb.skus(seller.credentials, 1));
    expect(listing!.status).toBe('active');
    expect(await adapter.client.accessToken()).not.toBe(first);
  });

  it('lists the whole catalogue, page after page', async () => {
    const adapter = sb.adapter(seller.credentials);
    const skus: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await adapter.listCatalogue(cursor);
      skus.push(...page.items.map((i) => i.sku));
      cursor = page.next;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(skus).size).toBe(120);
    const first = (await adapter.listCatalogue(undefined)).items[0]!;
    const view = await sb.item(seller.sellerId, first.sku);
    expect(first.price?.amount).toBe(view.price);
    expect(first.status).toBe('active');
    expect(first.gtin).toMatch(/^\d{14}$/);
  });

  it("reads every SKU's stock 50 a call (GET /v3/inventories), each as Walmart holds it", async () => {
    const adapter = sb.adapter(seller.credentials);
    const calls = () => sb.sandbox.requests().filter((r) => r.path === '/v3/inventories').length;
    const before = calls();
    const stock = new Map<string, number>();
    let cursor: string | undefined;
    do {
      const page = await adapter.listStock!(cursor);
      for (const item of page.items) stock.set(item.sku, item.quantity);
      cursor = page.next;
    } while (cursor);
    expect(stock.size).toBe(120);
    expect(calls() - before).toBe(3);
    for (const sku of await sb.skus(seller.credentials, 5))
      expect(stock.get(sku), sku).toBe((await sb.item(seller.sellerId, sku)).quantity);
  });

  it('refuses a page size out of range or a cursor it did not hand out, on both list calls, in Walmart words', async () => {
    const { client } = sb.adapter(seller.credentials);
    const refusal = (url: string) =>
      client.call('inventoryRead', { method: 'GET', url: `${sb.baseUrl}${url}` }).then(
        () => undefined,
        (error: MarketplaceError) => ({ status: error.details.status, message: error.message }),
      );
    const itemsCursor = (await sb.adapter(seller.credentials).listCatalogue(undefined)).next!;
    expect(await refusal('/v3/inventories?limit=51')).toMatchObject({
      status: 400,
      message: expect.stringContaining('limit must be a whole number from 1 to 50'),
    });
    expect(await refusal('/v3/items?limit=0')).toMatchObject({
      status: 400,
      message: expect.stringContaining('limit must be a whole number from 1 to 200'),
    });
    // A cursor of the items list means nothing to the inventories list.
    expect(await refusal(`/v3/inventories?nextCursor=${encodeURIComponent(itemsCursor)}`)).toMatchObject({
      status: 400,
      message: expect.stringContaining('nextCursor is not a cursor this API returned'),
    });
    expect(await refusal(`/v3/items?nextCursor=${encodeURIComponent(itemsCursor)}`)).toBeUndefined();
  });

  it('reads listings, with unknown SKUs as not listed', async () => {
    const adapter = sb.adapter(seller.credentials);
    const [sku] = await sb.skus(seller.credentials, 1);
    const [known, unknown] = await adapter.readListings([sku!, 'NO-SUCH-SKU']);
    const view = await sb.item(seller.sellerId, sku!);
    expect(known).toMatchObject({
      sku,
      quantity: view.quantity,
      price: { amount: view.price, currency: 'USD' },
      status: 'active',
    });
    expect(unknown).toMatchObject({ sku: 'NO-SUCH-SKU', status: 'not listed', quantity: null });
  });

  it('updates quantity and price; a refused SKU keeps Walmart’s message and the others land', async () => {
    const adapter = sb.adapter(seller.credentials);
    const [a, b] = await sb.skus(seller.credentials, 2);
    const outcomes = await adapter.updateListings([
      { sku: a!, quantity: 7, price: { amount: '19.95', currency: 'USD' } },
      { sku: 'GHOST-1', quantity: 3 },
      { sku: b!, quantity: 0 },
      { sku: a!, quantity: -2 },
    ]);
    expect(outcomes[0]).toEqual({ sku: a, outcome: 'confirmed' });
    expect(outcomes[1]).toMatchObject({
      sku: 'GHOST-1',
      outcome: 'rejected',
      message: 'Item not found for SKU GHOST-1',
      code: 'CONTENT_NOT_FOUND.GMP_INVENTORY_API',
    });
    expect(outcomes[2]).toEqual({ sku: b, outcome: 'confirmed' });
    expect(outcomes[3]).toMatchObject({ outcome: 'rejected', message: expect.stringContaining('whole number') });
    expect(await sb.item(seller.sellerId, a!)).toMatchObject({ quantity: 7, price: '19.95' });
    expect((await sb.item(seller.sellerId, b!)).quantity).toBe(0);
  });

  it('adjusts a quantity by reading and setting it', async () => {
    const adapter = sb.adapter(seller.credentials);
    const [, , c] = await sb.skus(seller.credentials, 3);
    await adapter.updateListings([{ sku: c!, quantity: 10 }]);
    expect(await adapter.adjustQuantity!(c!, -3, 'sale-1')).toEqual({ sku: c, outcome: 'confirmed' });
    expect((await sb.item(seller.sellerId, c!)).quantity).toBe(7);
  });

  it('submits inventory and price feeds and reads per-item results', async () => {
    const adapter = sb.adapter(seller.credentials);
    const skus = await sb.skus(seller.credentials, 60);
    const updates = skus.slice(4).map((sku, i) => ({
      sku,
      quantity: 100 + i,
      ...(i % 2 === 0 ? { price: { amount: `${20 + i}.50`, currency: 'USD' } } : {}),
    }));
    const submission = await adapter.submitBulk!([
      ...updates,
      { sku: 'GHOST-FEED', quantity: 5 },
      { sku: skus[0]!, quantity: -5 },
    ]);
    expect(submission.submissionId).toMatch(/^inventory:.+,price:.+$/);
    expect(await adapter.submissionStatus!(submission)).toEqual({ state: 'processing' });
    const status = await vi.waitFor(
      async () => {
        const s = await adapter.submissionStatus!(submission);
        if (s.state !== 'done') throw new Error('still processing');
        return s;
      },
      { timeout: 5000, interval: 50 },
    );
    expect(status.state === 'done' && status.results).toHaveLength(updates.length + 2);
    if (status.state !== 'done') return;
    expect(status.results.filter((r) => r.outcome === 'confirmed')).toHaveLength(updates.length);
    expect(status.results.find((r) => r.sku === 'GHOST-FEED')).toMatchObject({
      outcome: 'rejected',
      message: expect.stringContaining('does not exist'),
    });
    expect(status.results.find((r) => r.sku === skus[0])).toMatchObject({
      outcome: 'rejected',
      message: expect.stringContaining('whole number of 0 or more'),
    });
    expect((await sb.item(seller.sellerId, skus[0]!)).quantity).not.toBe(-5);
    expect(await sb.item(seller.sellerId, updates[0]!.sku)).toMatchObject({ quantity: 100, price: '20.50' });
    expect(await sb.item(seller.sellerId, updates[55]!.sku)).toMatchObject({ quantity: 155 });
  });

  it('sees an order placed by a buyer, and the stock goes down', async () => {
    const adapter = sb.adapter(seller.credentials);
    const [, , , d] = await sb.skus(seller.credentials, 4);
    await adapter.updateListings([{ sku: d!, quantity: 5 }]);
    const since = new Date(Date.now() - 1000);
    const placed = await sb.control('POST', `/sellers/${seller.sellerId}/orders`, { lines: [{ sku: d, quantity: 2 }] });
    expect(placed.status).toBe(201);
    const tooMany = await sb.control('POST', `/sellers/${seller.sellerId}/orders`, {
      lines: [{ sku: d, quantity: 4 }],
    });
    expect(tooMany.status).toBe(409);
    expect((await sb.item(seller.sellerId, d!)).quantity).toBe(3);
    const page = await adapter.ordersSince(since, undefined);
    const order = page.items.find((o) => o.marketplaceOrderId === placed.body.purchaseOrderId);
    expect(order).toMatchObject({ status: 'open', lines: [{ sku: d, quantity: 2, cancelledQuantity: 0 }] });
  });

  it('shows lines the seller cancelled, in part and in full', async () => {
    const adapter = sb.adapter(seller.credentials);
    const skus = await sb.skus(seller.credentials, 8);
    await adapter.updateListings([
      { sku: skus[6]!, quantity: 10 },
      { sku: skus[7]!, quantity: 10 },
    ]);
    const placed = await sb.control('POST', `/sellers/${seller.sellerId}/orders`, {
      lines: [
        { sku: skus[6], quantity: 3 },
        { sku: skus[7], quantity: 1 },
      ],
    });
    const po = placed.body.purchaseOrderId as string;
    const since = new Date(Date.now() - 1000);
    const token = await adapter.client.accessToken();
    const cancel = (lineNumber: string, amount: number) => ({
      orderCancellation: {
        orderLines: {
          orderLine: [
            {
              lineNumber,
              orderLineStatuses: {
                orderLineStatus: [
                  {
                    status: 'Cancelled',
                    cancellationReason: 'CUSTOMER_REQUESTED_SELLER_TO_CANCEL',
                    statusQuantity: { unitOfMeasurement: 'EA', amount: String(amount) },
                  },
                ],
              },
            },
          ],
        },
      },
    });
    expect((await sb.walmart(token, 'POST', `/v3/orders/${po}/cancel`, cancel('1', 2))).status).toBe(200);
    const partly = (await adapter.ordersSince(since, undefined)).items.find((o) => o.marketplaceOrderId === po);
    expect(partly).toMatchObject({
      status: 'open',
      lines: [
        { sku: skus[6], quantity: 3, cancelledQuantity: 2 },
        { sku: skus[7], quantity: 1, cancelledQuantity: 0 },
      ],
    });
    const tooMany = await sb.walmart(token, 'POST', `/v3/orders/${po}/cancel`, cancel('1', 2));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors[0].description).toContain('from 1 to 1 units');
    expect(
      (
        await sb.walmart(token, 'POST', `/v3/orders/${po}/cancel`, {
          orderCancellation: {
            orderLines: {
              orderLine: [
                cancel('1', 1).orderCancellation.orderLines.orderLine[0],
                cancel('2', 1).orderCancellation.orderLines.orderLine[0],
              ],
            },
          },
        })
      ).status,
    ).toBe(200);
    const cancelled = (await adapter.ordersSince(since, undefined)).items.find((o) => o.marketplaceOrderId === po);
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      lines: [{ cancelledQuantity: 3 }, { cancelledQuantity: 1 }],
    });
  });

  it('follows Walmart’s nextCursor across order pages', async () => {
    const fresh = await sb.createSeller(3);
    const adapter = sb.adapter(fresh.credentials);
    const skus = await sb.skus(fresh.credentials, 3);
    await adapter.updateListings(skus.map((sku) => ({ sku, quantity: 50 })));
    const since = new Date(Date.now() - 1000);
    for (const sku of skus)
      await sb.control('POST', `/sellers/${fresh.sellerId}/orders`, { lines: [{ sku, quantity: 1 }] });
    const token = await adapter.client.accessToken();
    const { body: first } = await sb.walmart(
      token,
      'GET',
      `/v3/orders?lastModifiedStartDate=${since.toISOString()}&limit=2`,
    );
    expect(first.list.elements.order).toHaveLength(2);
    const rest = await adapter.ordersSince(since, first.list.meta.nextCursor);
    // The second page holds the one order the first did not (orders made in the same millisecond sort by purchase order id).
    const onFirst = (
      first.list.elements.order as Array<{ orderLines: { orderLine: Array<{ item: { sku: string } }> } }>
    ).map((o) => o.orderLines.orderLine[0]!.item.sku);
    expect(rest.items.map((o) => o.lines[0]!.sku)).toEqual(skus.filter((sku) => !onFirst.includes(sku)));
    expect(onFirst).toHaveLength(2);
    // The seller's orders read, the orders Walmart fulfils (WFS) are read next: none here, and the end.
    expect(rest.next).toBe('wfs:');
    expect(await adapter.ordersSince(since, rest.next)).toEqual({ items: [], next: undefined });
  });

  it('reads the orders Walmart fulfils (WFS) after the seller’s, marked as not the seller’s to ship', async () => {
    const fresh = await sb.createSeller(2);
    const adapter = sb.adapter(fresh.credentials);
    const [own, byWalmart] = await sb.skus(fresh.credentials, 2);
    await adapter.updateListings([{ sku: own!, quantity: 5 }]);
    const marked = await sb.control('PUT', `/sellers/${fresh.sellerId}/items/${encodeURIComponent(byWalmart!)}/wfs`, {
      quantity: 8,
    });
    expect(marked.status).toBe(200);
    const since = new Date(Date.now() - 1000);
    const seller = await sb.control('POST', `/sellers/${fresh.sellerId}/orders`, {
      lines: [{ sku: own, quantity: 1 }],
    });
    const wfs = await sb.control('POST', `/sellers/${fresh.sellerId}/orders`, {
      lines: [{ sku: byWalmart, quantity: 2 }],
    });
    expect([seller.status, wfs.status]).toEqual([201, 201]);
    const pages = [];
    let cursor: string | undefined;
    do {
      const page = await adapter.ordersSince(since, cursor);
      pages.push(page.items);
      cursor = page.next;
    } while (cursor);
    const [sellers, walmarts] = [pages[0]!, pages.slice(1).flat()];
    expect(sellers.map((o) => o.marketplaceOrderId)).toEqual([seller.body.purchaseOrderId]);
    expect(walmarts).toEqual([
      expect.objectContaining({
        marketplaceOrderId: wfs.body.purchaseOrderId,
        fulfilledByMarketplace: true,
        lines: [expect.objectContaining({ sku: byWalmart, quantity: 2 })],
      }),
    ]);
  });

  it('delivers PO_CREATED to a subscribed receiver, signed with HMAC', async () => {
    const receiver = await startReceiver();
    try {
      const adapter = sb.adapter(seller.credentials);
      const { subscriptionId } = await adapter.subscribeOrderWebhook(receiver.url);
      expect(subscriptionId).toBeTruthy();
      const [, , , , e] = await sb.skus(seller.credentials, 5);
      await adapter.updateListings([{ sku: e!, quantity: 4 }]);
      const delivery = receiver.next();
      const placed = await sb.control('POST', `/sellers/${seller.sellerId}/orders`, {
        lines: [{ sku: e, quantity: 1 }],
      });
      const { rawBody, headers } = await delivery;
      expect(verifyWalmartWebhook(rawBody, headers, seller.credentials.clientSecret, WALMART_WEBHOOK_HEADER)).toBe(
        true,
      );
      expect(
        verifyWalmartWebhook(
          Buffer.concat([rawBody, Buffer.from(' ')]),
          headers,
          seller.credentials.clientSecret,
          WALMART_WEBHOOK_HEADER,
        ),
      ).toBe(false);
      expect(verifyWalmartWebhook(rawBody, headers, 'another-secret', WALMART_WEBHOOK_HEADER)).toBe(false);
      const event = JSON.parse(rawBody.toString('utf8'));
      expect(event.source.eventType).toBe('PO_CREATED');
      expect(orderFromPoCreated(event)).toMatchObject({
        marketplaceOrderId: placed.body.purchaseOrderId,
        lines: [{ sku: e, quantity: 1 }],
      });
      // The HMAC secret never reaches the request log.
      expect(JSON.stringify(sb.sandbox.requests())).not.toContain(seller.credentials.clientSecret);
    } finally {
      await receiver.close();
    }
  });
});

describe('Walmart sandbox input checks', () => {
  const headers = (token: string) => ({
    'WM_SEC.ACCESS_TOKEN': token,
    'WM_QOS.CORRELATION_ID': crypto.randomUUID(),
    'WM_SVC.NAME': 'test',
    'content-type': 'application/json',
  });

  it('answers bad input with 4xx and Walmart’s error body', async () => {
    const token = await sb.adapter(seller.credentials).client.accessToken();
    const [sku] = await sb.skus(seller.credentials, 1);
    const negative = await fetch(`${sb.baseUrl}/v3/inventory?sku=${sku}`, {
      method: 'PUT',
      headers: headers(token),
      body: JSON.stringify({ sku, quantity: { unit: 'EACH', amount: -1 } }),
    });
    expect(negative.status).toBe(400);
    expect((await negative.json()).errors[0]).toMatchObject({
      code: 'INVALID_REQUEST_CONTENT.GMP_INVENTORY_API',
      field: 'quantity.amount',
      severity: 'ERROR',
    });

    const noCorrelation = await fetch(`${sb.baseUrl}/v3/inventory?sku=${sku}`, {
      headers: { 'WM_SEC.ACCESS_TOKEN': token, 'WM_SVC.NAME': 'test' },
    });
    expect(noCorrelation.status).toBe(400);
    expect((await noCorrelation.json()).errors[0].code).toBe('INVALID_REQUEST_HEADER.GMP_GATEWAY_API');

    const badToken = await fetch(`${sb.baseUrl}/v3/items`, { headers: headers('not-a-token') });
    expect(badToken.status).toBe(401);
    expect((await badToken.json()).errors[0].code).toBe('UNAUTHORIZED.GMP_GATEWAY_API');

    const jsonFeed = await fetch(`${sb.baseUrl}/v3/feeds?feedType=inventory`, {
      method: 'POST',
      headers: headers(token),
      body: JSON.stringify({ InventoryHeader: { version: '1.4' }, Inventory: [] }),
    });
    expect(jsonFeed.status).toBe(400);
    expect((await jsonFeed.json()).errors[0].description).toContain('multipart/form-data');

    const price = await fetch(`${sb.baseUrl}/v3/price`, {
      method: 'PUT',
      headers: headers(token),
      body: JSON.stringify({
        sku,
        pricing: [{ currentPriceType: 'BASE', currentPrice: { currency: 'USD', amount: 0 } }],
      }),
    });
    expect(price.status).toBe(400);

    const missing = await fetch(`${sb.baseUrl}/v3/feeds/NOPE`, { headers: headers(token) });
    expect(missing.status).toBe(404);
    expect((await missing.json()).errors[0].code).toBe('CONTENT_NOT_FOUND.GMP_FEED_API');
  });

  it('rejects feed rows with unknown SKUs or negative amounts, per item', async () => {
    const adapter = sb.adapter(seller.credentials);
    const [sku] = await sb.skus(seller.credentials, 1);
    const feed = {
      InventoryHeader: { version: '1.4' },
      Inventory: [
        { sku, quantity: { unit: 'EACH', amount: 12 } },
        { sku, quantity: { unit: 'EACH', amount: -4 } },
        { sku: 'GHOST', quantity: { unit: 'EACH', amount: 1 } },
      ],
    };
    const { body } = await adapter.client.uploadFeed<{ feedId: string }>(
      'inventoryFeed',
      adapter.client.endpoints.feeds('inventory'),
      feed,
    );
    const status = await vi.waitFor(
      async () => {
        const s = await adapter.submissionStatus!({ submissionId: `inventory:${body.feedId}`, skus: [sku!, 'GHOST'] });
        if (s.state !== 'done') throw new Error('still processing');
        return s;
      },
      { timeout: 5000, interval: 50 },
    );
    const token = await adapter.client.accessToken();
    const raw = await fetch(adapter.client.endpoints.feedStatus(body.feedId, 0, 50), { headers: headers(token) }).then(
      (r) => r.json() as Promise<any>,
    );
    expect(raw).toMatchObject({ feedStatus: 'PROCESSED', itemsReceived: 3, itemsSucceeded: 1, itemsFailed: 2 });
    expect(raw.itemDetails.itemIngestionStatus[1].ingestionErrors.ingestionError[0].description).toContain(
      'whole number',
    );
    expect(status.state === 'done' && status.results.find((r) => r.sku === 'GHOST')?.outcome).toBe('rejected');
    expect((await sb.item(seller.sellerId, sku!)).quantity).toBe(12);
  });
});
