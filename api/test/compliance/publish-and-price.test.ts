import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Browser } from '../support/browser.ts';
import { connectWithSandboxSeller, type ConnectedChannel } from '../support/channel-flows.ts';
import { query, sandboxItem, settled } from '../support/sync-checks.ts';
import { recheckChangedAccounts } from '../../src/modules/compliance/recheck.ts';
import { pricingRuleBody } from '../support/pricing-rules.ts';

/**
 * Compliance where it meets publishing and pricing, on an account whose main channel is Amazon and whose
 * target is Walmart: a product with an error-level issue stays off the channel it is published to (with
 * the issue's words), one with warnings only is published; a listing priced outside the bounds of the
 * pricing rule that matches it shows an issue, checked again when the rule is saved and cleared when a
 * run brings the price within them; another account sees none of it.
 */
let t: TestProduct;
let seller: Browser;
let neighbour: Browser;
let accountId: string;
let walmart: ConnectedChannel;
let target: { id: string; sku: string; price: string };

interface Issue {
  channelId: string;
  sku: string;
  code: string;
  severity: string;
  message: string;
  fix: string;
}
interface CheckItem {
  sku: string;
  status: string;
  missing: string[];
}
const issuesOf = async (sku: string) => {
  const answer = await seller.get('/api/compliance/issues?pageSize=200');
  expect(answer.status).toBe(200);
  return (answer.body.items as Issue[]).filter((i) => i.sku === sku);
};
const ruleBody = (overrides: Record<string, unknown> = {}) =>
  pricingRuleBody([walmart.id], { name: 'Walmart floor', ...overrides });
const newProducts = async (rows: Array<{ sku: string; title: string; cost: string | null; price: string }>) => {
  const ids: Record<string, string> = {};
  for (const row of rows) {
    const [inserted] = await query<{ id: string }>(
      t,
      sql`insert into products (account_id, sku, title, description, brand, gtin, images, price, cost, on_hand)
        values (${accountId}, ${row.sku}, ${row.title}, 'Full-grain leather.', 'Acme', '036000291452',
          ${JSON.stringify([`${t.url}/sandbox/amazon/_images/wallet.png`])}::jsonb, ${row.price}, ${row.cost}, 5)
        returning id`,
    );
    ids[row.sku] = inserted!.id;
  }
  return ids;
};
const checkOf = async (productIds: string[]) => {
  const answer = await seller.post('/api/listings/publish/check', { channelId: walmart.id, productIds });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return Object.fromEntries((answer.body.items as CheckItem[]).map((i) => [i.sku, i]));
};

beforeAll(async () => {
  t = await startTestProduct();
  ({ browser: seller, accountId } = await t.signedInSeller());
  ({ browser: neighbour } = await t.signedInSeller());
  await connectWithSandboxSeller(seller, 'amazon', 3);
  walmart = await connectWithSandboxSeller(seller, 'walmart', 3);
  await vi.waitFor(
    async () =>
      expect(
        (await query(t, sql`select 1 from listings where channel_id = ${walmart.id} and product_id is not null`))
          .length,
      ).toBe(3),
    { timeout: 45_000 },
  );
  await settled(t, accountId);
  // A product whose data follows every rule, listed on Walmart at a price Walmart confirmed.
  target = (
    await query<{ id: string; sku: string; price: string }>(
      t,
      sql`update products p set gtin = '036000291452', images = ${JSON.stringify([`${t.url}/sandbox/amazon/_images/main.png`])}::jsonb,
        title = 'Rugged canvas vest', description = 'A vest.', brand = 'Acme', updated_at = now()
      from listings l
      where l.product_id = p.id and l.channel_id = ${walmart.id} and l.confirmed_price is not null
        and p.id = (select l2.product_id from listings l2 where l2.channel_id = ${walmart.id}
          and l2.confirmed_price is not null order by l2.sku limit 1)
      returning p.id, p.sku, l.confirmed_price::text as price`,
    )
  )[0]!;
}, 150_000);
afterAll(() => t?.stop());

describe('publishing runs the compliance checks first', () => {
  it('keeps a product with an error off the channel, with its reason, and publishes the one beside it', async () => {
    const ids = await newProducts([
      { sku: 'WALLET-REPLICA', title: 'Replica leather wallet', cost: '4.00', price: '20.00' },
      { sku: 'WALLET-FINE', title: 'Leather wallet', cost: '4.00', price: '20.00' },
    ]);
    const check = await checkOf(Object.values(ids));
    expect(check['WALLET-FINE']).toMatchObject({ status: 'ready', missing: [] });
    expect(check['WALLET-REPLICA']).toEqual({
      ...check['WALLET-REPLICA'],
      status: 'missing',
      missing: [
        'The title uses a word on your restricted list: "replica". Walmart may remove the listing. Remove "replica" from the title.',
      ],
    });

    const alone = await seller.post('/api/listings/publish', {
      channelId: walmart.id,
      productIds: [ids['WALLET-REPLICA']],
    });
    expect(alone.status).toBe(409);
    expect(alone.body.message).toBe('None of these products has what the marketplace requires yet.');
    const both = await seller.post('/api/listings/publish', { channelId: walmart.id, productIds: Object.values(ids) });
    expect(both.status, JSON.stringify(both.body)).toBe(202);
    expect(both.body).toMatchObject({ published: 1, notReady: 1 });
    const onWalmart = await query<{ sku: string }>(
      t,
      sql`select sku from listings where channel_id = ${walmart.id} and sku like 'WALLET-%' order by sku`,
    );
    expect(onWalmart).toEqual([{ sku: 'WALLET-FINE' }]);

    // Fixed, it is ready.
    await query(
      t,
      sql`update products set title = 'Leather wallet, brown', updated_at = now() where sku = 'WALLET-REPLICA'
      and account_id = ${accountId}`,
    );
    expect((await checkOf([ids['WALLET-REPLICA']!]))['WALLET-REPLICA']).toMatchObject({ status: 'ready' });
  });

  it('keeps off a product whose image the marketplace does not take, as its image was read', async () => {
    const ids = await newProducts([{ sku: 'WALLET-WEBP', title: 'Leather wallet, tan', cost: '4.00', price: '20.00' }]);
    // An address of its own: no listing shows it, so no read of the account's images meets it but this test's.
    const image = `${t.url}/sandbox/amazon/_images/wallet-webp.png`;
    await query(
      t,
      sql`update products set images = ${JSON.stringify([image])}::jsonb where id = ${ids['WALLET-WEBP']}`,
    );
    // Not read yet: nothing keeps it off (it is checked once read).
    expect((await checkOf([ids['WALLET-WEBP']!]))['WALLET-WEBP']).toMatchObject({ status: 'ready' });
    await query(
      t,
      sql`insert into image_probes (account_id, url, format, width, height, bytes)
        values (${accountId}, ${image}, 'webp', 1600, 1600, 90000)`,
    );
    expect((await checkOf([ids['WALLET-WEBP']!]))['WALLET-WEBP']).toMatchObject({
      status: 'missing',
      missing: [
        'Image 1 is WebP; Walmart takes JPEG, PNG or BMP. Save the picture as JPEG or PNG and update its link.',
      ],
    });
    await query(t, sql`delete from image_probes where account_id = ${accountId} and url = ${image}`);
  });

  it('blocks a price the rule cannot give (its margin floor above its maximum), not a margin floor missing its cost', async () => {
    const ids = await newProducts([
      { sku: 'BELT-COSTLY', title: 'Leather belt', cost: '40.00', price: '25.00' },
      { sku: 'BELT-NOCOST', title: 'Canvas belt', cost: null, price: '25.00' },
    ]);
    const rule = await seller.post(
      '/api/pricing-rules',
      ruleBody({
        name: 'Belts',
        scope: { kind: 'sku_prefix', prefix: 'BELT-' },
        minMarginPercent: '20',
        maxPrice: '30.00',
      }),
    );
    expect(rule.status, JSON.stringify(rule.body)).toBe(201);
    const check = await checkOf(Object.values(ids));
    // 40.00 × 1.2 ÷ (1 − Walmart's 15 % fee) = 56.48, above 30.00: no price could be sent.
    expect(check['BELT-COSTLY']!.status).toBe('missing');
    expect(check['BELT-COSTLY']!.missing).toEqual([
      expect.stringContaining('The lowest price the pricing rule "Belts" allows'),
    ]);
    expect(check['BELT-COSTLY']!.missing[0]).toContain(
      'is above its maximum price 30.00: no price is sent to Walmart.',
    );
    // A warning (no cost for the margin) does not keep it off.
    expect(check['BELT-NOCOST']).toMatchObject({ status: 'ready', missing: [] });
    expect((await seller.request('DELETE', `/api/pricing-rules/${rule.body.id}`)).status).toBe(204);
    expect((await checkOf([ids['BELT-COSTLY']!]))['BELT-COSTLY']).toMatchObject({ status: 'ready' });
  });
});

describe('a price outside the bounds of the rule that matches it', () => {
  it('shows when a rule is saved, clears when its run brings the price within, and comes back below the floor', async () => {
    await settled(t, accountId);
    expect(await issuesOf(target.sku)).toEqual([]);
    const ceiling = (Number(target.price) - 5).toFixed(2);
    const created = await seller.post(
      '/api/pricing-rules',
      ruleBody({ name: 'Walmart MAP', scope: { kind: 'skus', skus: [target.sku] }, maxPrice: ceiling }),
    );
    expect(created.status).toBe(201);
    const rule = created.body as { id: string };
    // Saved, the rule sends nothing: Walmart still holds the former price, now above the maximum.
    const [above] = await issuesOf(target.sku);
    expect(above).toMatchObject({ channelId: walmart.id, code: 'price_above_ceiling', severity: 'error' });
    expect(above!.message).toBe(
      `Walmart holds the price ${target.price}, above its maximum price (MAP) ${ceiling} in the pricing rule "Walmart MAP".`,
    );
    expect(above!.fix).toBe(
      'Run the pricing rule "Walmart MAP" to send Walmart a price within its bounds, or change the rule.',
    );
    expect((await neighbour.get('/api/compliance/issues')).body.items).toEqual([]);

    const run = await seller.post(`/api/pricing-rules/${rule.id}/run`, { confirmed: true });
    expect(run.status, JSON.stringify(run.body)).toBe(201);
    await vi.waitFor(async () => expect(await sandboxItem(t, walmart, target.sku)).toMatchObject({ price: ceiling }), {
      timeout: 60_000,
      interval: 250,
    });
    await vi.waitFor(async () => expect(await issuesOf(target.sku)).toEqual([]), { timeout: 30_000, interval: 250 });

    // A floor above what Walmart holds now: checked again on the rule's save, by the schedule's sweep too.
    const floor = (Number(ceiling) + 1).toFixed(2);
    const stored = () =>
      query<{ code: string }>(t, sql`select code from compliance_issues where product_id = ${target.id} order by code`);
    const changed = await seller.put(
      `/api/pricing-rules/${rule.id}`,
      ruleBody({ name: 'Walmart MAP', scope: { kind: 'skus', skus: [target.sku] }, minPrice: floor }),
    );
    expect(changed.status).toBe(200);
    expect(await recheckChangedAccounts(t.product.ctx)).toBeGreaterThanOrEqual(1);
    expect(await stored()).toEqual([{ code: 'price_below_floor' }]);
    const [below] = await issuesOf(target.sku);
    expect(below!.message).toBe(
      `Walmart holds the price ${ceiling}, below its floor ${floor} in the pricing rule "Walmart MAP".`,
    );

    expect((await seller.request('DELETE', `/api/pricing-rules/${rule.id}`)).status).toBe(204);
    expect(await issuesOf(target.sku)).toEqual([]);
  }, 120_000);

  it('reports a margin floor the product has no cost for, as a warning', async () => {
    const pricingIssues = async () => (await issuesOf(target.sku)).filter((i) => i.code.startsWith('price_floor'));
    await query(t, sql`update products set cost = null, updated_at = now() where id = ${target.id}`);
    const rule = (
      await seller.post(
        '/api/pricing-rules',
        ruleBody({ name: 'Margin', scope: { kind: 'skus', skus: [target.sku] }, minMarginPercent: '15' }),
      )
    ).body as { id: string };
    const [noCost] = await pricingIssues();
    expect(noCost).toMatchObject({ code: 'price_floor_unknown', severity: 'warning' });
    expect(noCost!.message).toBe(
      'The pricing rule "Margin" keeps a minimum margin over cost, but this product has no cost: its price on Walmart has no margin floor.',
    );
    await query(t, sql`update products set cost = '1.00', updated_at = now() where id = ${target.id}`);
    expect(await pricingIssues()).toEqual([]);
    expect((await seller.request('DELETE', `/api/pricing-rules/${rule.id}`)).status).toBe(204);
  });
});
