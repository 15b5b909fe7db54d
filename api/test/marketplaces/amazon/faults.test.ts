import { afterAll, beforeAll, expect, test } from 'vitest';
import { startAmazonSandbox, type AmazonTestEnv, type SandboxSeller } from './amazon-test-env.ts';

let env: AmazonTestEnv;
let seller: SandboxSeller;

beforeAll(async () => {
  env = await startAmazonSandbox('fast');
  seller = await env.createSeller(30);
  const placed = await env.control('POST', `/sellers/${seller.sellerId}/orders`, {
    lines: [
      {
        sku: Object.entries((env.sandbox.context.state().sellers[seller.sellerId] as any).items).find(
          ([, item]: any) => item.attributes.fulfillment_availability[0].quantity > 0,
        )![0],
        quantity: 1,
      },
    ],
  });
  expect(placed.status).toBe(201);
});

afterAll(async () => {
  await env?.close();
});

test('with 30 % of calls failing (503), reads still complete through retries', async () => {
  const faults = await env.control('PUT', '/faults', { errorRate: 0.3, latencyMs: 5 });
  expect(faults.body).toMatchObject({ errorRate: 0.3 });
  const adapter = env.adapter(seller);
  const mark = env.sandbox.requests().length;

  await adapter.verifyCredentials();
  const skus: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await adapter.listCatalogue(cursor);
    skus.push(...page.items.map((i) => i.sku));
    cursor = page.next;
  } while (cursor);
  expect(skus).toHaveLength(30);

  const states = await adapter.readListings(skus.slice(0, 12));
  expect(states.every((s) => s.status !== 'not listed' && s.quantity !== null)).toBe(true);

  const orders = await adapter.ordersSince(new Date(Date.now() - 60_000), undefined);
  expect(orders.items).toHaveLength(1);
  expect(orders.items[0]!.lines).toHaveLength(1);

  const during = env.sandbox.requests().slice(mark);
  const failed = during.filter((r) => r.status === 503);
  expect(failed.length).toBeGreaterThan(0);
  expect(failed[0]!.response).toMatchObject({ errors: [{ code: 'InternalFailure' }] });
});

test('a write whose answer is a 5xx after every retry comes back as unknown, not as a failure of the batch', async () => {
  await env.control('PUT', '/faults', { errorRate: 1, latencyMs: 0 });
  const adapter = env.adapter(seller, { retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 2 } });
  // The token was fetched before the outage.
  await env.control('PUT', '/faults', { errorRate: 0 });
  await adapter.client.accessToken();
  await env.control('PUT', '/faults', { errorRate: 1 });
  const [outcome] = await adapter.updateListings([{ sku: 'ANY', quantity: 1 }]);
  expect(outcome).toMatchObject({ sku: 'ANY', outcome: 'unknown' });
  expect((outcome as { message: string }).message).toContain('injected fault');
  await env.control('PUT', '/faults', { errorRate: 0 });
});
