import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import { connectWithSandboxSeller } from '../support/channel-flows.ts';
import { noFaults, query, setFaults, settled } from '../support/sync-checks.ts';

let t: TestProduct;

beforeAll(async () => {
  t = await startTestProduct({ sync: { intervalMinutes: 3, schedule: false } });
});
afterAll(async () => {
  await setFaults(t, 'walmart', noFaults).catch(() => undefined);
  await setFaults(t, 'amazon', noFaults).catch(() => undefined);
  await t.stop();
});

describe('sync runs of one account', () => {
  it('run one after another, so that an older read of the main channel is never stored after a newer one', async () => {
    await t.createUser({ email: 'runs@example.com', password: 'seller secret 1' });
    const seller = t.browser();
    await seller.signIn('runs@example.com', 'seller secret 1');
    const walmart = await connectWithSandboxSeller(seller, 'walmart', 8);
    const amazon = await connectWithSandboxSeller(seller, 'amazon', 8);
    const [{ account_id: accountId }] = await query<{ account_id: string }>(t, sql`select account_id from channels where id = ${walmart.id}`);
    await settled(t, accountId!);
    // Every marketplace call slowed down: a run takes a few seconds, long enough for two to overlap.
    await setFaults(t, 'walmart', { ...noFaults, latencyMs: 150 });
    await setFaults(t, 'amazon', { ...noFaults, latencyMs: 150 });
    const first = await seller.post(`/api/channels/${walmart.id}/sync`);
    const second = await seller.post(`/api/channels/${amazon.id}/sync`);
    expect([first.status, second.status]).toEqual([202, 202]);
    expect(second.body.id).not.toBe(first.body.id);
    const statuses: string[] = [];
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
      const runs = await query<{ id: string; status: string; finished_at: Date | null }>(t, sql`select id, status, finished_at from sync_runs where id in (${first.body.id}, ${second.body.id})`);
      statuses.push(runs.map((r) => r.status).sort().join('+'));
      if (runs.every((r) => r.finished_at !== null)) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(statuses.at(-1)).toBe('succeeded+succeeded');
    // Each was seen running, never both at once.
    expect(statuses.some((s) => s.includes('running'))).toBe(true);
    expect(statuses).not.toContain('running+running');
  }, 120_000);
});
