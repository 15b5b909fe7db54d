import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Browser } from '../support/browser.ts';
import { connectWithSandboxSeller, consentOnEbay, type ConnectedChannel } from '../support/channel-flows.ts';
import { control, query, settled } from '../support/sync-checks.ts';
import {
  readChannelViolations,
  readDueViolations,
  requestListingIssuesRead,
  VIOLATIONS_READ_EVERY_MINUTES,
} from '../../src/modules/compliance/marketplace-issues.ts';
import { channelsDueForViolationsRead, stampViolationsRead } from '../../src/db/queries/marketplace-listing-issues.ts';
import { LISTING_ISSUES_READ_QUEUE } from '../../src/workers/queues.ts';

/**
 * Problems the marketplaces report on listings by themselves reach /compliance with their reason and
 * clear when the marketplace clears them: Amazon's, raised on the Amazon sandbox, announced by
 * LISTINGS_ITEM_ISSUES_CHANGE and read back from the listing's `issues`; eBay's listing violations, set on
 * the eBay sandbox and read by the compliance sweep from the Compliance API (getListingViolations), each
 * channel when its turn comes (its last read kept).
 */
let t: TestProduct;
let seller: Browser;
let neighbour: Browser;
let accountId: string;
let amazon: ConnectedChannel;
let ebay: ConnectedChannel;
let sku: string;
let ebaySku: string;

interface Issue {
  channelId: string;
  sku: string;
  code: string;
  severity: string;
  field: string;
  message: string;
  fix: string;
}
const issuesOf = async (browser: Browser, channelId = amazon.id) => {
  const answer = await browser.get(`/api/compliance/issues?pageSize=200&code=marketplace_issue&channelId=${channelId}`);
  expect(answer.status).toBe(200);
  return answer.body.items as Issue[];
};
const raise = async (issues: unknown[]) => {
  const answer = await control(
    t,
    'amazon',
    `/sellers/${amazon.sandboxSellerId}/items/${encodeURIComponent(sku)}/issues`,
    {
      method: 'PUT',
      body: { issues },
    },
  );
  expect(answer.status, await answer.clone().text()).toBe(200);
};

beforeAll(async () => {
  // The schedule is the tests' to run: the minute's sweep would take a channel's turn at any moment.
  t = await startTestProduct({ sync: { intervalMinutes: 3, schedule: false } });
  ({ browser: seller, accountId } = await t.signedInSeller());
  ({ browser: neighbour } = await t.signedInSeller());
  amazon = await connectWithSandboxSeller(seller, 'amazon', 2);
  ebay = (await consentOnEbay(seller, 'agree', { products: 2 })).channel!;
  for (const channel of [amazon, ebay])
    await vi.waitFor(
      async () =>
        expect(
          (await query(t, sql`select 1 from listings where channel_id = ${channel.id} and product_id is not null`))
            .length,
        ).toBe(2),
      { timeout: 45_000 },
    );
  await settled(t, accountId);
  sku = (
    await query<{ sku: string }>(
      t,
      sql`select sku from listings where channel_id = ${amazon.id} and product_id is not null order by sku limit 1`,
    )
  )[0]!.sku;
  ebaySku = (
    await query<{ sku: string }>(
      t,
      sql`select sku from listings where channel_id = ${ebay.id} and product_id is not null order by sku limit 1`,
    )
  )[0]!.sku;
}, 150_000);
afterAll(() => t?.stop());

describe("Amazon's listing issues", () => {
  it("show with Amazon's reason once Amazon announces them, and clear when Amazon clears them", async () => {
    expect(await issuesOf(seller)).toEqual([]);
    await raise([
      { code: '18027', message: 'Missing main image.', severity: 'ERROR', enforcementActions: ['SEARCH_SUPPRESSED'] },
      { code: '90220', message: "'color' is recommended for this product type.", severity: 'WARNING' },
    ]);
    await vi.waitFor(async () => expect(await issuesOf(seller)).toHaveLength(1), { timeout: 20_000, interval: 200 });
    const [reported] = await issuesOf(seller);
    expect(reported).toMatchObject({ channelId: amazon.id, sku, severity: 'error', field: 'status' });
    expect(reported!.message).toBe(
      "Amazon suppressed this listing: Missing main image. (18027); 'color' is recommended for this product type. (90220)",
    );
    expect(reported!.fix).toBe('Fix what Amazon names; this clears once Amazon no longer reports it.');
    expect(await issuesOf(neighbour)).toEqual([]);

    // A warning only: shown as one.
    await raise([{ code: '90220', message: "'color' is recommended for this product type.", severity: 'WARNING' }]);
    await vi.waitFor(async () => expect((await issuesOf(seller)).map((i) => i.severity)).toEqual(['warning']), {
      timeout: 20_000,
      interval: 200,
    });
    expect((await issuesOf(seller))[0]!.message).toBe(
      "Amazon reports: 'color' is recommended for this product type. (90220)",
    );

    await raise([]);
    await vi.waitFor(async () => expect(await issuesOf(seller)).toEqual([]), { timeout: 20_000, interval: 200 });
    expect(await query(t, sql`select 1 from marketplace_listing_issues where channel_id = ${amazon.id}`)).toEqual([]);
  });

  it('are read by a job per channel and SKU, never inside the notice: notices repeated meanwhile add none', async () => {
    const job = { accountId, channelId: amazon.id, sku: 'REPEATED-NOTICE' };
    const asked = await t.database.handle.db.transaction(async (tx) => [
      await requestListingIssuesRead(t.product.ctx, tx, job),
      await requestListingIssuesRead(t.product.ctx, tx, job),
      await requestListingIssuesRead(t.product.ctx, tx, { ...job, sku: 'ANOTHER-SKU' }),
    ]);
    expect(asked.map((id) => id !== null)).toEqual([true, false, true]);
    await vi.waitFor(
      async () =>
        expect(
          await query<{ state: string }>(
            t,
            sql`select state from pgboss.job where name = ${LISTING_ISSUES_READ_QUEUE} and id in (${asked[0]}, ${asked[2]})`,
          ),
        ).toEqual([{ state: 'completed' }, { state: 'completed' }]),
      { timeout: 20_000, interval: 200 },
    );
  });

  it('the sandbox refuses issues it could not hold, with a message', async () => {
    for (const issues of [
      [{ code: 'x', message: '', severity: 'ERROR' }],
      [{ code: 'x', message: 'm', severity: 'FATAL' }],
    ]) {
      const answer = await control(
        t,
        'amazon',
        `/sellers/${amazon.sandboxSellerId}/items/${encodeURIComponent(sku)}/issues`,
        {
          method: 'PUT',
          body: { issues },
        },
      );
      expect(answer.status).toBe(400);
      expect((await answer.json()).message).toMatch(/message|severity/);
    }
  });
});

describe("eBay's listing violations", () => {
  const violate = async (violations: unknown[]) => {
    const answer = await control(
      t,
      'ebay',
      `/sellers/${ebay.sandboxSellerId}/items/${encodeURIComponent(ebaySku)}/violations`,
      { method: 'PUT', body: { violations } },
    );
    expect(answer.status, await answer.clone().text()).toBe(200);
  };

  it("are read from the Compliance API, shown with eBay's reason and cleared with eBay", async () => {
    expect(await issuesOf(seller, ebay.id)).toEqual([]);
    await violate([
      {
        complianceType: 'ASPECTS_ADOPTION',
        reasonCode: 'MISSING_OR_INVALID_REQUIRED_ASPECTS',
        message: 'Brand is required for this category.',
        complianceState: 'OUT_OF_COMPLIANCE',
      },
      {
        complianceType: 'HTTPS',
        reasonCode: 'NON_SECURE_HTTP_LINK',
        message: 'Use https links.',
        complianceState: 'AT_RISK',
      },
    ]);
    expect(await readChannelViolations(t.product.ctx, { id: ebay.id, accountId })).toBe(1);
    const [reported] = await issuesOf(seller, ebay.id);
    expect(reported).toMatchObject({ sku: ebaySku, severity: 'error', field: 'status' });
    expect(reported!.message).toBe(
      'eBay reports: Brand is required for this category. (ASPECTS_ADOPTION MISSING_OR_INVALID_REQUIRED_ASPECTS); Use https links. (HTTPS NON_SECURE_HTTP_LINK)',
    );
    expect(await issuesOf(neighbour, ebay.id)).toEqual([]);
    // Read again with nothing new: nothing changes.
    expect(await readChannelViolations(t.product.ctx, { id: ebay.id, accountId })).toBe(0);

    await violate([]);
    expect(await readChannelViolations(t.product.ctx, { id: ebay.id, accountId })).toBe(1);
    expect(await issuesOf(seller, ebay.id)).toEqual([]);
  });

  it("the sweep reads a channel when its turn comes, half an hour after its last read, and stops on the job's signal", async () => {
    const db = t.database.handle.db;
    const every = VIOLATIONS_READ_EVERY_MINUTES * 60_000;
    // Read (as far as the schedule knows) a minute short of half an hour ago.
    const readAt = new Date(t.product.ctx.clock().getTime() - every + 60_000);
    await stampViolationsRead(db, { id: ebay.id, accountId }, readAt);
    const dueAt = async (minutes: number) =>
      (await channelsDueForViolationsRead(db, new Date(readAt.getTime() + minutes * 60_000), every)).map((c) => c.id);
    expect(await dueAt(0)).not.toContain(ebay.id);
    expect(await dueAt(VIOLATIONS_READ_EVERY_MINUTES - 1)).not.toContain(ebay.id);
    expect(await dueAt(VIOLATIONS_READ_EVERY_MINUTES)).toContain(ebay.id);
    expect(await dueAt(3 * VIOLATIONS_READ_EVERY_MINUTES)).toContain(ebay.id);

    await violate([
      {
        complianceType: 'HTTPS',
        reasonCode: 'NON_SECURE_HTTP_LINK',
        message: 'Use https links.',
        complianceState: 'AT_RISK',
      },
    ]);
    try {
      // Not its turn yet: nothing of it is read.
      await readDueViolations(t.product.ctx);
      expect(await issuesOf(seller, ebay.id)).toEqual([]);
      // Its turn: a sweep stopping reads nothing; the next one reads it and stamps it.
      t.advance(61);
      const stopped = new AbortController();
      stopped.abort(new Error('the job is stopping'));
      await expect(readDueViolations(t.product.ctx, stopped.signal)).rejects.toThrow('the job is stopping');
      expect(await issuesOf(seller, ebay.id)).toEqual([]);
      expect(await readDueViolations(t.product.ctx)).toBe(1);
      expect((await issuesOf(seller, ebay.id)).map((i) => i.sku)).toEqual([ebaySku]);
      // Read now: not due again until half an hour on.
      expect(await readDueViolations(t.product.ctx)).toBe(0);
      expect(await dueAt(2 * VIOLATIONS_READ_EVERY_MINUTES - 1)).not.toContain(ebay.id);
    } finally {
      t.advance(-61);
      await violate([]);
      await readChannelViolations(t.product.ctx, { id: ebay.id, accountId });
    }
  });

  it("the eBay sandbox's control API refuses a violation it could not hold", async () => {
    const refused = await control(
      t,
      'ebay',
      `/sellers/${ebay.sandboxSellerId}/items/${encodeURIComponent(ebaySku)}/violations`,
      {
        method: 'PUT',
        body: { violations: [{ complianceType: 'MADE_UP', reasonCode: 'X', message: 'm' }] },
      },
    );
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toMatch(/complianceType/);
  });
});
