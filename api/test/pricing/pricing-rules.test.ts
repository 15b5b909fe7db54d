import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Browser } from '../support/browser.ts';
import { connectWithSandboxSeller, type ConnectedChannel } from '../support/channel-flows.ts';
import { query, sandboxItem, settled } from '../support/sync-checks.ts';
import { pricingRuleBody } from '../support/pricing-rules.ts';

/**
 * Pricing rules through the API (issue 24), on an account whose main channel is Amazon and whose
 * target is Walmart (sandbox sellers with the same six SKUs): rules saved and checked, dry runs,
 * a run reaching Walmart and never Amazon, the guardrail, undo, and another account kept out.
 */
let t: TestProduct;
let seller: Browser;
let other: Browser;
let accountId: string;
let amazon: ConnectedChannel;
let walmart: ConnectedChannel;

interface Product {
  id: string;
  sku: string;
  price: string;
}
const products = () =>
  query<Product>(
    t,
    sql`select id, sku, price::text as price from products where account_id = ${accountId} order by sku`,
  );
/** The main price plus a percent, in cents as the server counts. */
const plusPercent = (price: string, percent: number) => {
  const cents = Math.round(Number(price) * 100);
  return ((cents + Math.round((cents * percent * 100) / 10_000)) / 100).toFixed(2);
};
const counts = async () =>
  (
    await query<{ changes: number; writes: number; rules: number }>(
      t,
      sql`select (select count(*)::int from changes where account_id = ${accountId}) as changes,
             (select count(*)::int from listing_writes where account_id = ${accountId}) as writes,
             (select count(*)::int from pricing_rules where account_id = ${accountId}) as rules`,
    )
  )[0]!;

const ruleBody = (overrides: Record<string, unknown> = {}) =>
  pricingRuleBody([walmart.id], {
    name: 'Walmart +10 %',
    action: { basis: 'main_price', change: 'percent', value: '10' },
    ...overrides,
  });

beforeAll(async () => {
  t = await startTestProduct();
  ({ browser: seller, accountId } = await t.signedInSeller());
  amazon = await connectWithSandboxSeller(seller, 'amazon', 6);
  walmart = await connectWithSandboxSeller(seller, 'walmart', 6);
  expect([amazon.role, walmart.role]).toEqual(['main', 'target']);
  await vi.waitFor(
    async () =>
      expect(
        (await query(t, sql`select 1 from listings where channel_id = ${walmart.id} and product_id is not null`))
          .length,
      ).toBe(6),
    { timeout: 45_000 },
  );
  await settled(t, accountId);
  ({ browser: other } = await t.signedInSeller());
}, 150_000);
afterAll(() => t?.stop());

describe('pricing rules', () => {
  it('saves, lists, changes and deletes a rule', async () => {
    const created = await seller.post('/api/pricing-rules', ruleBody({ name: 'Draft' }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...ruleBody({ name: 'Draft' }), id: expect.any(String) });
    const id = created.body.id as string;
    expect((await seller.get('/api/pricing-rules')).body.items.map((r: { id: string }) => r.id)).toEqual([id]);
    const changed = await seller.put(
      `/api/pricing-rules/${id}`,
      ruleBody({ name: 'Acme on Walmart', scope: { kind: 'brand', brand: 'Acme' } }),
    );
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ name: 'Acme on Walmart', scope: { kind: 'brand', brand: 'Acme' } });
    expect((await seller.request('DELETE', `/api/pricing-rules/${id}`)).status).toBe(204);
    expect((await seller.request('DELETE', `/api/pricing-rules/${id}`)).status).toBe(404);
    expect((await seller.get('/api/pricing-rules')).body.items).toEqual([]);
  });

  it('refuses a rule it could not apply, with a message saying what to fix', async () => {
    for (const [body, status, message] of [
      [ruleBody({ channelIds: [amazon.id] }), 400, /main channel keeps its own prices/],
      [ruleBody({ minPrice: '20.00', maxPrice: '10.00' }), 400, /minimum price is above the maximum/],
      [ruleBody({ scope: { kind: 'brand' } }), 400, /brand/],
      [ruleBody({ scope: { kind: 'skus', skus: [' '] } }), 400, /List the SKUs/],
      [ruleBody({ action: { basis: 'fixed', change: 'amount', value: '0' } }), 400, /more than 0/],
      [ruleBody({ action: { basis: 'main_price', change: 'percent', value: '-100' } }), 400, /less than 100/],
      [ruleBody({ startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' }), 400, /end after it starts/],
      [ruleBody({ maxPrice: '1.234' }), 400, /./],
      [ruleBody({ channelIds: [] }), 400, /./],
      [ruleBody({ rounding: 'ends_50' }), 400, /./],
    ] as const) {
      const answer = await seller.post('/api/pricing-rules', body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.message).toMatch(message);
    }
    expect((await counts()).rules).toBe(0);
  });

  it('dry-runs a rule not yet saved: old and new prices with the margin, as JSON and CSV, storing nothing', async () => {
    const [a] = await products();
    await query(t, sql`update products set cost = '1.00' where id = ${a!.id}`);
    const before = await counts();
    const answer = await seller.post('/api/pricing-rules/dry-run', { rule: ruleBody() });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ total: 6, considered: 6, bigMoves: 0, needsConfirmation: false, notices: [] });
    const all = await products();
    expect(answer.body.items).toEqual(
      all.map((p) =>
        expect.objectContaining({
          sku: p.sku,
          channelId: walmart.id,
          channelKind: 'walmart',
          before: Number(p.price).toFixed(2),
          after: plusPercent(p.price, 10),
          boundedBy: null,
        }),
      ),
    );
    // Margin after Walmart's 15 % fee, over a cost of 1.00.
    const first = answer.body.items.find((m: { sku: string }) => m.sku === a!.sku);
    const expected = Math.floor((Math.round(Number(plusPercent(a!.price, 10)) * 100) * 8500) / 10_000) - 100;
    expect(first.margin).toBe((expected / 100).toFixed(2));
    expect(answer.body.items.filter((m: { margin: string | null }) => m.margin !== null)).toHaveLength(1);

    const csv = await seller.post('/api/pricing-rules/dry-run?format=csv', { rule: ruleBody() });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = (csv.body as string).trim().split('\r\n');
    expect(lines[0]).toBe('sku,channel,marketplace,old_price,new_price,margin,margin_percent,held_by');
    expect(lines).toHaveLength(7);
    expect(lines.find((l) => l.startsWith(`${a!.sku},`))).toContain(
      `,walmart,${Number(a!.price).toFixed(2)},${plusPercent(a!.price, 10)},`,
    );

    // A margin floor on products without cost is reported, never applied silently.
    const margin = await seller.post('/api/pricing-rules/dry-run', { rule: ruleBody({ minMarginPercent: '500' }) });
    expect(margin.body.notices).toHaveLength(5);
    expect(margin.body.notices.every((n: { report: string }) => n.report === 'no_cost_for_margin')).toBe(true);
    // The product with a cost is held at its margin floor: 1.00 × 6 / 0.85 = 7.06.
    expect(margin.body.items.find((m: { sku: string }) => m.sku === a!.sku)).toMatchObject(
      Number(plusPercent(a!.price, 10)) < 7.06 ? { after: '7.06', boundedBy: 'floor_margin' } : { boundedBy: null },
    );
    // Neither a saved rule nor a rule, or both: refused with what to send.
    for (const body of [{}, { ruleId: '00000000-0000-4000-8000-000000000000', rule: ruleBody() }]) {
      const refused = await seller.post('/api/pricing-rules/dry-run', body);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/either a saved rule/);
    }
    // A rule that starts tomorrow prices nothing today.
    const later = await seller.post('/api/pricing-rules/dry-run', {
      rule: ruleBody({ startsAt: new Date(Date.now() + 86_400_000).toISOString() }),
    });
    expect(later.body).toMatchObject({ total: 0, items: [] });
    expect(await counts()).toEqual(before);
  });

  it('runs a rule: one change per price, pushed to Walmart, never to the main channel; undo puts back all but the price changed since', async () => {
    await settled(t, accountId);
    const all = await products();
    const amazonBefore = await Promise.all(all.map((p) => sandboxItem(t, amazon, p.sku)));
    const rule = (await seller.post('/api/pricing-rules', ruleBody({ enabled: false }))).body;
    const run = await seller.post(`/api/pricing-rules/${rule.id}/run`, {});
    expect(run.status).toBe(201);
    expect(run.body).toMatchObject({ ruleId: rule.id, prices: 6, undoneAt: null });
    const runId = run.body.runId as string;
    expect((await seller.get('/api/pricing-rules')).body.items[0].enabled).toBe(true);
    expect(
      await query(
        t,
        sql`select sku, channel_id, field, before, after from changes where account_id = ${accountId} and cause = 'pricing_rule' and cause_ref = ${runId} order by sku`,
      ),
    ).toEqual(
      all.map((p) => ({
        sku: p.sku,
        channel_id: walmart.id,
        field: 'price',
        before: Number(p.price).toFixed(2),
        after: plusPercent(p.price, 10),
      })),
    );
    for (const p of all)
      await vi.waitFor(
        async () => expect(await sandboxItem(t, walmart, p.sku)).toMatchObject({ price: plusPercent(p.price, 10) }),
        { timeout: 45_000, interval: 200 },
      );
    await vi.waitFor(
      async () =>
        expect((await seller.get(`/api/pricing-rule-runs/${runId}`)).body.pushes).toEqual({
          total: 6,
          confirmed: 6,
          failed: 0,
          open: 0,
        }),
      { timeout: 45_000, interval: 200 },
    );
    // The main channel keeps its own prices.
    expect(await Promise.all(all.map((p) => sandboxItem(t, amazon, p.sku)))).toEqual(amazonBefore);

    // The last product's main price changes meanwhile: the rule prices it again, so undo leaves it.
    const moved = all.at(-1)!;
    const newMain = (Number(moved.price) + 3).toFixed(2);
    const edit = await seller.post('/api/listings/bulk-edit', {
      selection: { productIds: [moved.id] },
      price: { mode: 'set', value: Number(newMain) },
    });
    expect(edit.status).toBe(201);
    const undo = await seller.post(`/api/pricing-rule-runs/${runId}/undo`);
    expect(undo.status).toBe(200);
    expect(undo.body).toEqual({
      runId,
      restored: 5,
      skipped: [{ sku: moved.sku, channelId: walmart.id, now: plusPercent(newMain, 10) }],
    });
    expect((await seller.get('/api/pricing-rules')).body.items[0].enabled).toBe(false);
    for (const p of all.slice(0, -1))
      await vi.waitFor(
        async () => expect(await sandboxItem(t, walmart, p.sku)).toMatchObject({ price: Number(p.price).toFixed(2) }),
        { timeout: 45_000, interval: 200 },
      );
    const again = await seller.post(`/api/pricing-rule-runs/${runId}/undo`);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already undone/);
    expect((await seller.request('DELETE', `/api/pricing-rules/${rule.id}`)).status).toBe(204);
  }, 150_000);

  it('asks for confirmation before a run that would move many prices a lot', async () => {
    await settled(t, accountId);
    const rule = (
      await seller.post(
        '/api/pricing-rules',
        ruleBody({ action: { basis: 'main_price', change: 'percent', value: '-50' } }),
      )
    ).body;
    const before = await counts();
    const refused = await seller.post(`/api/pricing-rules/${rule.id}/run`, {});
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: expect.stringMatching(/confirm/), prices: 6, bigMoves: 6 });
    expect(await counts()).toEqual(before);
    const confirmed = await seller.post(`/api/pricing-rules/${rule.id}/run`, { confirmed: true });
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.prices).toBe(6);
    const undo = await seller.post(`/api/pricing-rule-runs/${confirmed.body.runId}/undo`);
    expect(undo.body).toMatchObject({ restored: 6, skipped: [] });
    expect((await seller.request('DELETE', `/api/pricing-rules/${rule.id}`)).status).toBe(204);
  }, 60_000);

  it('keeps another account out of a rule and its runs', async () => {
    await settled(t, accountId);
    const rule = (
      await seller.post(
        '/api/pricing-rules',
        ruleBody({ action: { basis: 'main_price', change: 'amount', value: '1' } }),
      )
    ).body;
    const run = (await seller.post(`/api/pricing-rules/${rule.id}/run`, { confirmed: true })).body;
    expect(run.prices).toBe(6);
    expect((await other.get('/api/pricing-rules')).body.items).toEqual([]);
    expect((await other.put(`/api/pricing-rules/${rule.id}`, ruleBody())).status).toBe(404);
    expect((await other.post(`/api/pricing-rules/${rule.id}/run`, {})).status).toBe(404);
    expect((await other.post('/api/pricing-rules/dry-run', { ruleId: rule.id })).status).toBe(404);
    expect((await other.request('DELETE', `/api/pricing-rules/${rule.id}`)).status).toBe(404);
    expect((await other.get(`/api/pricing-rule-runs/${run.runId}`)).status).toBe(404);
    expect((await other.post(`/api/pricing-rule-runs/${run.runId}/undo`)).status).toBe(404);
    // Another account's channel cannot be priced.
    expect((await other.post('/api/pricing-rules', ruleBody())).status).toBe(400);
    // The seller's rule and run are as they were.
    expect((await seller.get(`/api/pricing-rule-runs/${run.runId}`)).body.undoneAt).toBeNull();
    expect((await seller.get('/api/pricing-rules')).body.items).toEqual([
      expect.objectContaining({ id: rule.id, enabled: true }),
    ]);
  }, 60_000);
});
