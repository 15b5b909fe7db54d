import crypto from 'node:crypto';
import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createSandbox } from '../../../src/sandbox/shared/sandbox-kit.ts';
import { shopifySandbox, SHOPIFY_SANDBOX_APP } from '../../../src/sandbox/shopify/shopify-sandbox.ts';
import { createShopifyAdapter, type ShopifyAdapterOptions } from '../../../src/marketplaces/shopify/shopify-adapter.ts';
import {
  exchangeShopifyCode,
  shopifyAuthorizeUrl,
  verifyShopifyCallback,
} from '../../../src/marketplaces/shopify/consent.ts';
import { SHOPIFY_API_VERSION } from '../../../src/marketplaces/shopify/endpoints.ts';
import type { ShopifyTokens } from '../../../src/marketplaces/shopify/types.ts';
import { openAccess } from '../../../src/sandbox/shared/sandbox-access.ts';

/** Our app on the test's sandbox: its secret made for this test run, as each installation has its own. */
export const app = { clientId: SHOPIFY_SANDBOX_APP.clientId, clientSecret: crypto.randomBytes(16).toString('hex') };
export const redirectUri = 'https://hub.example.test/api/channels/shopify/callback';

/** The sandbox on an ephemeral port, mounted where the app mounts it. */
export async function startSandbox(profile: 'fast' | 'realistic' = 'fast') {
  const server = express();
  const listener = server.listen(0, '127.0.0.1');
  await once(listener, 'listening');
  const baseUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/sandbox/shopify`;
  const sandbox = createSandbox(shopifySandbox, {
    baseUrl,
    dataDir: undefined,
    profile,
    access: openAccess,
    application: app,
  });
  // A test may act just before the sandbox handles a request (a sale landing mid-sync).
  let beforeRequest: ((body: any) => Promise<void>) | undefined;
  server.use('/sandbox/shopify', express.json(), async (req, _res, next) => {
    const hook = beforeRequest;
    if (hook) await hook(req.body);
    next();
  });
  server.use('/sandbox/shopify', sandbox.router);

  const control = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}/_control/${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as any };
  };

  return {
    baseUrl,
    sandbox,
    control,
    beforeRequest(hook: ((body: any) => Promise<void>) | undefined) {
      beforeRequest = hook;
    },
    async createSeller(products: number) {
      const { status, body } = await control('POST', 'sellers', { products });
      if (status !== 201) throw new Error(`createSeller: ${status}`);
      return body as { sellerId: string; credentials: { shopDomain: string } };
    },
    async item(sellerId: string, sku: string) {
      return (await control('GET', `sellers/${encodeURIComponent(sellerId)}/items/${encodeURIComponent(sku)}`))
        .body as { sku: string; quantity: number; price: string; status: string };
    },
    /** The seller's consent, as a browser would give it: the page's form posted with "Install app". */
    async install(shopDomain: string, decision: 'install' | 'cancel' = 'install') {
      const state = `state-${Math.random().toString(36).slice(2)}`;
      const pageUrl = shopifyAuthorizeUrl({
        shopDomain,
        clientId: app.clientId,
        redirectUri,
        state,
        sandboxBaseUrl: baseUrl,
      });
      const page = await fetch(pageUrl);
      const html = await page.text();
      const relative = /<form method="post" action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
      if (!relative) throw new Error('no consent form');
      const action = new URL(relative, pageUrl);
      const fields = new URLSearchParams();
      for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
        fields.set(match[1]!, match[2]!.replace(/&amp;/g, '&').replace(/&quot;/g, '"'));
      fields.set('decision', decision);
      const answer = await fetch(action, { method: 'POST', body: fields, redirect: 'manual' });
      return {
        status: answer.status,
        location: new URL(answer.headers.get('location') ?? 'about:blank'),
        state,
        html,
        pageUrl,
      };
    },
    async connect(shopDomain: string): Promise<ShopifyTokens> {
      const { location, state } = await this.install(shopDomain);
      const callback = verifyShopifyCallback(Object.fromEntries(location.searchParams), app.clientSecret);
      if (!callback.ok || callback.state !== state) throw new Error(`callback refused: ${JSON.stringify(callback)}`);
      return exchangeShopifyCode({
        shopDomain: callback.shopDomain,
        app,
        code: callback.code,
        sandboxBaseUrl: baseUrl,
      });
    },
    adapter(shopDomain: string, tokens: ShopifyTokens, extra: Partial<ShopifyAdapterOptions> = {}) {
      return createShopifyAdapter({
        shopDomain,
        app,
        tokens,
        sandboxBaseUrl: baseUrl,
        retry: { attempts: 6, baseDelayMs: 20, maxDelayMs: 200 },
        ...extra,
      });
    },
    /** Admin GraphQL sent by hand, for what the adapter never sends on purpose (to the adapter's API version unless told). */
    async graphql(
      shopDomain: string,
      token: string,
      query: string,
      variables: Record<string, unknown> = {},
      version: string = SHOPIFY_API_VERSION,
    ) {
      const response = await fetch(
        `${baseUrl}/shops/${shopDomain.replace('.myshopify.com', '')}/admin/api/${version}/graphql.json`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'X-Shopify-Access-Token': token },
          body: JSON.stringify({ query, variables }),
        },
      );
      return { status: response.status, body: (await response.json()) as any };
    },
    async close() {
      sandbox.close();
      listener.closeAllConnections();
      await new Promise((resolve) => listener.close(resolve));
    },
  };
}

export interface Delivery {
  headers: http.IncomingHttpHeaders;
  rawBody: Buffer;
}

/** A local webhook endpoint: each delivery is an event to wait on (never a sleep). */
export async function startReceiver(options: { failFirst?: number } = {}) {
  let failures = options.failFirst ?? 0;
  const deliveries: Delivery[] = [];
  const waiters: Array<{ test: (d: Delivery) => boolean; resolve: (d: Delivery) => void }> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const delivery = { headers: req.headers, rawBody: Buffer.concat(chunks) };
      deliveries.push(delivery);
      if (failures > 0) {
        // Down for now: the sender must try again later.
        failures--;
        res.writeHead(500).end();
        return;
      }
      res.writeHead(200).end();
      for (const waiter of [...waiters]) {
        if (waiter.test(delivery)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(delivery);
        }
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/shopify`,
    deliveries,
    next(test: (d: Delivery) => boolean): Promise<Delivery> {
      const found = deliveries.find(test);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ test, resolve }));
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
