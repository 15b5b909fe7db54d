import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import { connectWithSandboxSeller, installOnShopify, type ConnectedChannel } from '../support/channel-flows.ts';
import { claimAdjustments, insertAdjustments, noteRoundSent } from '../../src/db/queries/stock.ts';
import { findMainChannelAtWork } from '../../src/db/queries/channels.ts';
import { adapterForChannel } from '../../src/modules/channel-access/channel-adapter.ts';
import { AdjustmentTakenOver, applyMainAdjustments, sendAdjustment } from '../../src/modules/stock/main-adjustments.ts';

/**
 * A run of the main channel's adjuster whose job was thought dead (a worker stalled past its
 * heartbeat) while it still ran: the run that took its adjustments over settles them, and the stalled
 * one, going on, sends nothing. And adjustments a dead run had sent in several rounds under one key
 * each (Shopify) are sent again as those rounds, so none is applied twice.
 */

type Query = ReturnType<typeof sql>;
const rowsOf = async <T>(t: TestProduct, query: Query): Promise<T[]> =>
  ((await t.database.handle.db.execute(query)) as unknown as { rows: T[] }).rows;

interface Seller {
  t: TestProduct;
  accountId: string;
  main: ConnectedChannel;
}

async function sellerWithMain(
  connect: (seller: ReturnType<TestProduct['browser']>) => Promise<ConnectedChannel>,
): Promise<Seller> {
  const t = await startTestProduct();
  const { browser, accountId } = await t.signedInSeller();
  const main = await connect(browser);
  expect(main.role).toBe('main');
  await vi.waitFor(
    async () =>
      expect(
        (await rowsOf(t, sql`select 1 from products where account_id = ${accountId} and on_hand > 10`)).length,
      ).toBeGreaterThan(0),
    { timeout: 30_000 },
  );
  return { t, accountId, main };
}

const productWithStock = async ({ t, accountId }: Seller) =>
  (
    await rowsOf<{ id: string; sku: string }>(
      t,
      sql`select id, sku from products where account_id = ${accountId} and on_hand > 10 order by sku limit 1`,
    )
  )[0]!;

const quantityOn = async ({ t, main }: Seller, sku: string) =>
  (
    (await (
      await fetch(
        `${t.url}/sandbox/${main.kind}/_control/sellers/${main.sandboxSellerId}/items/${encodeURIComponent(sku)}`,
      )
    ).json()) as { quantity: number }
  ).quantity;

const statusOf = async ({ t }: Seller, idempotencyKey: string) =>
  (
    await rowsOf<{ status: string }>(
      t,
      sql`select status from stock_adjustments where idempotency_key = ${idempotencyKey}`,
    )
  )[0]?.status;

/** Sales passed to the main channel (their units committed), claimed by a run that then stalls: nothing asks the workers for them. */
async function claimedByStalledRun(
  seller: Seller,
  runId: string,
  adjustments: Array<{ productId: string; sku: string; delta: number; idempotencyKey: string }>,
) {
  const { t, accountId } = seller;
  return t.database.handle.db.transaction(async (tx) => {
    for (const a of adjustments)
      await tx.execute(sql`update products set committed = committed - ${a.delta} where id = ${a.productId}`);
    await insertAdjustments(
      tx,
      accountId,
      adjustments.map((a) => ({ ...a, orderId: null })),
      new Date(),
    );
    return claimAdjustments(tx, accountId, runId, 100, new Date());
  });
}

/** The adjuster as a worker runs it, until it has nothing left unsettled (Amazon confirms a set by a later read). */
async function adjusterRunsToTheEnd({ t, accountId }: Seller) {
  await vi.waitFor(async () => expect(await applyMainAdjustments(t.product.ctx, { accountId })).toBeDefined(), {
    timeout: 30_000,
    interval: 200,
  });
}

describe('an Amazon main channel (read, then set)', () => {
  let seller: Seller;
  beforeAll(async () => {
    seller = await sellerWithMain((browser) => connectWithSandboxSeller(browser, 'amazon', 4));
  }, 120_000);
  afterAll(() => seller?.t.stop());

  it('a stalled run, going on after another took its adjustment over and applied it, sends nothing', async () => {
    const { t } = seller;
    const product = await productWithStock(seller);
    const before = await quantityOn(seller, product.sku);
    const stalledRun = crypto.randomUUID();
    const [stalled] = await claimedByStalledRun(seller, stalledRun, [
      { productId: product.id, sku: product.sku, delta: -2, idempotencyKey: 'takeover:amazon:1' },
    ]);

    await adjusterRunsToTheEnd(seller);
    expect(await statusOf(seller, 'takeover:amazon:1')).toBe('applied');
    expect(await quantityOn(seller, product.sku)).toBe(before - 2);

    // It read before the other run's set had landed, or after: either way it must not set again.
    const main = (await findMainChannelAtWork(t.database.handle.db, seller.accountId))!;
    const adapter = await adapterForChannel(t.product.ctx, main);
    await expect(sendAdjustment(t.product.ctx, adapter, stalledRun, stalled!)).rejects.toBeInstanceOf(
      AdjustmentTakenOver,
    );
    expect(await quantityOn(seller, product.sku)).toBe(before - 2);
    expect(await rowsOf(t, sql`select status from channels where id = ${main.id}`)).toEqual([{ status: 'active' }]);
  });
});

describe('a Shopify main channel (many adjustments under one key)', () => {
  let seller: Seller;
  beforeAll(async () => {
    seller = await sellerWithMain(
      async (browser) => (await installOnShopify(browser, 'install', { products: 4 })).channel!,
    );
  }, 120_000);
  afterAll(() => seller?.t.stop());

  it('rounds a dead run sent are sent again under their own keys: each adjustment applied once', async () => {
    const { t, accountId } = seller;
    const db = t.database.handle.db;
    const product = await productWithStock(seller);
    const before = await quantityOn(seller, product.sku);
    const main = (await findMainChannelAtWork(db, accountId))!;
    const adapter = await adapterForChannel(t.product.ctx, main);
    const deadRun = crypto.randomUUID();
    // Two rounds of the same SKU, each noted and answered by Shopify, then the run died before recording them.
    for (const [n, delta] of [
      [1, -1],
      [2, -2],
    ] as const) {
      const [adjustment] = await claimedByStalledRun(seller, deadRun, [
        { productId: product.id, sku: product.sku, delta, idempotencyKey: `takeover:shopify:${n}` },
      ]);
      const key = `round-${deadRun}-${n}`;
      expect(await noteRoundSent(db, [adjustment!.id], deadRun, key, new Date())).toBe(true);
      expect((await adapter.adjustQuantities!([{ sku: product.sku, delta }], key)).outcome).toBe('applied');
    }
    expect(await quantityOn(seller, product.sku)).toBe(before - 3);

    await adjusterRunsToTheEnd(seller);
    expect(await statusOf(seller, 'takeover:shopify:1')).toBe('applied');
    expect(await statusOf(seller, 'takeover:shopify:2')).toBe('applied');
    expect(await quantityOn(seller, product.sku)).toBe(before - 3);
    await vi.waitFor(
      async () =>
        expect(await rowsOf(t, sql`select on_hand, committed from products where id = ${product.id}`)).toEqual([
          { on_hand: before - 3, committed: 0 },
        ]),
      { timeout: 30_000 },
    );
    // The dead run, were it to go on, finds its rounds taken over.
    const ids = (
      await rowsOf<{ id: string }>(
        t,
        sql`select id from stock_adjustments where idempotency_key like 'takeover:shopify:%'`,
      )
    ).map((r) => r.id);
    expect(await noteRoundSent(db, ids, deadRun, 'late', new Date())).toBe(false);
  });
});
