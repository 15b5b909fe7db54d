import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import express from 'express';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createSandbox } from '../../../src/sandbox/shared/sandbox-kit.ts';
import { amazonSandbox } from '../../../src/sandbox/amazon/amazon-sandbox.ts';
import { AmazonClient } from '../../../src/marketplaces/amazon/amazon-client.ts';
import { sandboxEndpoints } from '../../../src/marketplaces/amazon/endpoints.ts';
import { startAmazonSandbox, testRetry, type AmazonTestEnv, type SandboxSeller } from './amazon-test-env.ts';
import { openAccess } from '../../../src/sandbox/shared/sandbox-access.ts';

let env: AmazonTestEnv;
let seller: SandboxSeller;
let token: string;

beforeAll(async () => {
  env = await startAmazonSandbox('fast');
  seller = await env.createSeller(2);
  token = await new AmazonClient({
    credentials: seller.credentials,
    endpoints: sandboxEndpoints(env.baseUrl),
    retry: testRetry,
  }).accessToken();
});

afterAll(async () => {
  await env?.close();
});

async function call(method: string, pathAndQuery: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${env.baseUrl}${pathAndQuery}`, {
    method,
    headers: {
      'x-amz-access-token': token,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, text, json: text.startsWith('{') ? JSON.parse(text) : undefined };
}

test('bad input gets a 4xx with Amazon-shaped words, never a 500', async () => {
  const items = `/listings/2021-08-01/items/${seller.sellerId}`;
  const cases: Array<[string, string, unknown, number, RegExp]> = [
    ['GET', `${items}?pageSize=1`, undefined, 400, /marketplaceIds/],
    ['GET', `${items}?marketplaceIds=ATVPDKIKX0DER&pageSize=50`, undefined, 400, /pageSize/],
    ['GET', `${items}?marketplaceIds=ATVPDKIKX0DER&pageToken=%%%`, undefined, 400, /pageToken/],
    ['PATCH', `${items}/SKU?marketplaceIds=ATVPDKIKX0DER`, { patches: [] }, 400, /productType/],
    [
      'PATCH',
      `${items}/SKU?marketplaceIds=ATVPDKIKX0DER`,
      { productType: 'HOME', patches: [{ op: 'remove', path: '/attributes/x' }] },
      400,
      /op must be one of/,
    ],
    [
      'PUT',
      `${items}/SKU?marketplaceIds=ATVPDKIKX0DER`,
      { productType: 'HOME', attributes: { item_name: 'not a list' } },
      400,
      /list of values/,
    ],
    ['GET', '/orders/v0/orders?MarketplaceIds=ATVPDKIKX0DER', undefined, 400, /CreatedAfter and LastUpdatedAfter/],
    ['GET', '/orders/v0/orders?MarketplaceIds=ATVPDKIKX0DER&LastUpdatedAfter=yesterday', undefined, 400, /ISO 8601/],
    ['GET', '/orders/v0/orders/111-0000000-0000000/orderItems', undefined, 404, /not found/],
    [
      'POST',
      '/feeds/2021-06-30/feeds',
      { feedType: 'JSON_LISTINGS_FEED', marketplaceIds: ['ATVPDKIKX0DER'], inputFeedDocumentId: 'nope' },
      400,
      /does not exist/,
    ],
    ['POST', '/feeds/2021-06-30/documents', {}, 400, /contentType/],
    ['GET', '/feeds/2021-06-30/feeds/123', undefined, 404, /not found/],
    [
      'POST',
      '/notifications/v1/subscriptions/PRICING_HEALTH',
      { payloadVersion: '1.0', destinationId: 'x' },
      400,
      /ORDER_CHANGE, LISTINGS_ITEM_MFN_QUANTITY_CHANGE, ANY_OFFER_CHANGED, LISTINGS_ITEM_ISSUES_CHANGE, FBA_INVENTORY_AVAILABILITY_CHANGES; PRICING_HEALTH is not one of them/,
    ],
    [
      'POST',
      '/notifications/v1/subscriptions/ORDER_CHANGE',
      { payloadVersion: '1.0', destinationId: 'x' },
      400,
      /does not exist/,
    ],
    ['GET', '/notifications/v1/destinations', undefined, 403, /grantless/],
  ];
  for (const [method, url, body, status, words] of cases) {
    const answer = await call(method, url, body);
    expect(answer.status, `${method} ${url}`).toBe(status);
    expect(
      answer.json?.errors?.[0]?.message + ' ' + (answer.json?.errors?.[0]?.details ?? ''),
      `${method} ${url}`,
    ).toMatch(words);
  }
  const noToken = await call('GET', `${items}?marketplaceIds=ATVPDKIKX0DER`, undefined, { 'x-amz-access-token': '' });
  expect(noToken.status).toBe(403);
  expect(noToken.json.errors[0]).toMatchObject({
    code: 'Unauthorized',
    message: 'Access to requested resource is denied.',
  });

  const lwa = await fetch(`${env.baseUrl}/auth/o2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=refresh_token',
  });
  expect(lwa.status).toBe(400);
  expect(await lwa.json()).toMatchObject({ error: 'invalid_request' });

  const badUpload = await fetch(
    `${env.baseUrl}/_s3/feed-documents/x?X-Sandbox-Expires-At=9999999999999&X-Amz-Signature=${'0'.repeat(64)}`,
    { method: 'PUT', body: '{}' },
  );
  expect(badUpload.status).toBe(403);
  expect(await badUpload.text()).toContain('AccessDenied');
});

test('state survives a restart (it is plain JSON in the data directory)', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'amazon-sandbox-'));
  const start = async () => {
    const app = express();
    const server = http.createServer(app);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sandbox/amazon`;
    const sandbox = createSandbox(amazonSandbox, { baseUrl, dataDir, profile: 'fast', access: openAccess });
    app.use('/sandbox/amazon', sandbox.router);
    const stop = async () => {
      sandbox.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    };
    return { baseUrl, stop };
  };
  try {
    const first = await start();
    const created = await (
      await fetch(`${first.baseUrl}/_control/sellers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ products: 4 }),
      })
    ).json();
    await first.stop();
    // Every file the sandbox keeps: the shared one and one per seller.
    const saved = fs
      .readdirSync(path.join(dataDir, 'sandbox', 'amazon'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8'))
      .join('\n');
    expect(saved).toContain(created.sellerId);
    expect(saved).not.toContain(created.credentials.clientSecret);
    expect(saved).not.toContain(created.credentials.refreshToken);

    const second = await start();
    try {
      const client = new AmazonClient({
        credentials: created.credentials,
        endpoints: sandboxEndpoints(second.baseUrl),
        retry: testRetry,
      });
      const page = await client.searchListingsItems({
        marketplaceIds: ['ATVPDKIKX0DER'],
        includedData: ['summaries'],
        pageSize: 20,
      });
      expect(page.numberOfResults).toBe(4);
    } finally {
      await second.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
