import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { EventEmitter, once } from 'node:events';
import express from 'express';
import { createSandbox } from '../../../src/sandbox/shared/sandbox-kit.ts';
import type { RateLimitProfile } from '../../../src/sandbox/shared/sandbox-limits.ts';
import { amazonSandbox } from '../../../src/sandbox/amazon/amazon-sandbox.ts';
import { createAmazonAdapter, type AmazonAdapter } from '../../../src/marketplaces/amazon/amazon-adapter.ts';
import { sandboxEndpoints } from '../../../src/marketplaces/amazon/endpoints.ts';
import type { AmazonCredentials } from '../../../src/marketplaces/amazon/amazon-client.ts';
import type { RetryPolicy } from '../../../src/marketplaces/shared/http-client.ts';
import { openAccess } from '../../../src/sandbox/shared/sandbox-access.ts';

/** Short backoff for tests; more attempts so injected 5xx at 30 % cannot exhaust them by chance. */
export const testRetry: RetryPolicy = { attempts: 10, baseDelayMs: 20, maxDelayMs: 250 };

export interface SandboxSeller {
  sellerId: string;
  credentials: AmazonCredentials;
}

/** The Amazon sandbox mounted as the app mounts it, on an ephemeral port, with its control API. */
export async function startAmazonSandbox(profile: RateLimitProfile = 'fast') {
  const app = express();
  const server = http.createServer(app);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sandbox/amazon`;
  const sandbox = createSandbox(amazonSandbox, { baseUrl, dataDir: undefined, profile, access: openAccess });
  app.use('/sandbox/amazon', sandbox.router);

  const control = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}/_control${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as any };
  };

  return {
    baseUrl,
    sandbox,
    control,
    async createSeller(products: number): Promise<SandboxSeller> {
      const answer = await control('POST', '/sellers', { products });
      if (answer.status !== 201) throw new Error(`createSeller: ${answer.status} ${JSON.stringify(answer.body)}`);
      return { sellerId: answer.body.sellerId, credentials: answer.body.credentials };
    },
    async item(
      sellerId: string,
      sku: string,
    ): Promise<{ sku: string; quantity: number; price: string; status: string }> {
      const answer = await control('GET', `/sellers/${encodeURIComponent(sellerId)}/items/${encodeURIComponent(sku)}`);
      if (answer.status !== 200) throw new Error(`item ${sku}: ${answer.status}`);
      return answer.body;
    },
    adapter(seller: SandboxSeller, overrides: Partial<Parameters<typeof createAmazonAdapter>[0]> = {}): AmazonAdapter {
      return createAmazonAdapter({
        credentials: seller.credentials,
        endpoints: sandboxEndpoints(baseUrl),
        retry: testRetry,
        ...overrides,
      });
    },
    async close() {
      sandbox.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type AmazonTestEnv = Awaited<ReturnType<typeof startAmazonSandbox>>;

/**
 * Polls a result until it holds (the sandbox applies listings changes asynchronously). It waits on
 * the observed state, not on a fixed delay, and fails with what it last saw.
 */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export interface Delivery {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local HTTPS-receiver stand-in: resolves when a matching delivery arrives. */
export async function startReceiver() {
  const events = new EventEmitter();
  const received: Delivery[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const delivery = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(delivery);
      res.writeHead(200).end();
      events.emit('delivery', delivery);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/amazon`,
    received,
    /** The first delivery (already received or still to come) that matches. */
    next(match: (delivery: Delivery) => boolean, timeoutMs = 10_000): Promise<Delivery> {
      const seen = received.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          events.off('delivery', onDelivery);
          reject(new Error('No matching delivery arrived'));
        }, timeoutMs);
        const onDelivery = (delivery: Delivery) => {
          if (!match(delivery)) return;
          clearTimeout(timer);
          events.off('delivery', onDelivery);
          resolve(delivery);
        };
        events.on('delivery', onDelivery);
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export const detailType = (type: string) => (delivery: Delivery) =>
  (JSON.parse(delivery.body) as { 'detail-type'?: string })['detail-type'] === type;
