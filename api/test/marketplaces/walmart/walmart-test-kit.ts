import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createSandbox } from '../../../src/sandbox/shared/sandbox-kit.ts';
import type { RateLimitProfile } from '../../../src/sandbox/shared/sandbox-limits.ts';
import { walmartSandbox } from '../../../src/sandbox/walmart/walmart-sandbox.ts';
import { createWalmartAdapter, type WalmartAdapterOptions } from '../../../src/marketplaces/walmart/walmart-adapter.ts';
import { openAccess } from '../../../src/sandbox/shared/sandbox-access.ts';

/** The Walmart sandbox on an ephemeral port, mounted where the app mounts it. */
export async function startWalmartSandbox(profile: RateLimitProfile = 'fast') {
  const app = express();
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sandbox/walmart`;
  const sandbox = createSandbox(walmartSandbox, { baseUrl, dataDir: undefined, profile, access: openAccess });
  app.use('/sandbox/walmart', sandbox.router);

  const control = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}/_control${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as any };
  };

  return {
    baseUrl,
    sandbox,
    control,
    async createSeller(products: number) {
      const { status, body } = await control('POST', '/sellers', { products });
      if (status !== 201) throw new Error(`seller not created: ${JSON.stringify(body)}`);
      return body as { sellerId: string; credentials: { clientId: string; clientSecret: string } };
    },
    item: async (sellerId: string, sku: string) =>
      (await control('GET', `/sellers/${sellerId}/items/${encodeURIComponent(sku)}`)).body as {
        sku: string;
        quantity: number;
        price: string;
        status: string;
      },
    /** The first `count` SKUs of the seller's catalogue, via the Walmart items API. */
    async skus(credentials: { clientId: string; clientSecret: string }, count: number) {
      const adapter = createWalmartAdapter({ credentials, baseUrl });
      const skus: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await adapter.listCatalogue(cursor);
        skus.push(...page.items.map((i) => i.sku));
        cursor = page.next;
      } while (cursor && skus.length < count);
      return skus.slice(0, count);
    },
    /** A raw Walmart call with Walmart's headers (for what the adapter does not do, e.g. a seller cancelling lines). */
    walmart: async (token: string, method: string, path: string, body?: unknown) => {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          'WM_SEC.ACCESS_TOKEN': token,
          'WM_QOS.CORRELATION_ID': crypto.randomUUID(),
          'WM_SVC.NAME': 'test',
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, headers: response.headers, body: (await response.json()) as any };
    },
    adapter: (credentials: { clientId: string; clientSecret: string }, options: Partial<WalmartAdapterOptions> = {}) =>
      createWalmartAdapter({
        credentials,
        baseUrl,
        retry: { attempts: 5, baseDelayMs: 20, maxDelayMs: 200 },
        ...options,
      }),
    async close() {
      sandbox.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type WalmartSandboxHandle = Awaited<ReturnType<typeof startWalmartSandbox>>;

/** A local HTTP receiver for webhook deliveries: `next()` resolves with the next request's raw body and headers. */
export async function startReceiver() {
  const waiting: Array<(delivery: { rawBody: Buffer; headers: http.IncomingHttpHeaders }) => void> = [];
  const received: Array<{ rawBody: Buffer; headers: http.IncomingHttpHeaders }> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const delivery = { rawBody: Buffer.concat(chunks), headers: req.headers };
      res.writeHead(200).end();
      const waiter = waiting.shift();
      if (waiter) waiter(delivery);
      else received.push(delivery);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/walmart/events`,
    next: () =>
      new Promise<{ rawBody: Buffer; headers: http.IncomingHttpHeaders }>((resolve) => {
        const ready = received.shift();
        if (ready) resolve(ready);
        else waiting.push(resolve);
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
