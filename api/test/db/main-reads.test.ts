import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { createAccountWithOwner } from '../../src/db/queries/users.ts';
import { upsertListings, upsertProducts, type ProductInput } from '../../src/db/queries/catalogue-import.ts';
import { confirmWrites } from '../../src/db/queries/listing-writes-settling.ts';
import { addChannelRow } from '../support/seeded-rows.ts';
import { productsBySku } from '../../src/db/queries/catalogue-reconcile.ts';
import { takeMainQuantities, takeMainQuantity } from '../../src/db/queries/stock.ts';
import { insertSyncRun, queuedRunToJoin, startSyncRun } from '../../src/db/queries/sync-runs.ts';
import { listings, listingWrites, products, stockAdjustments } from '../../src/db/schema/index.ts';

/**
 * Two reads of the main channel under way at once (a "Sync now" and the run before it, a stock
 * notice's read and a reconciliation) may store their answers in either order: the one read last
 * holds, whichever is stored last. And a run's job cannot start reading while a request that joined
 * it is still uncommitted (it would list the channels without the one that request brought).
 */
let database: TestDatabase;
let accountId: string;
const at = (second: number) => new Date(Date.UTC(2026, 10, 26, 12, 0, second));

beforeAll(async () => {
  database = await createTestDatabase();
  const made = await createAccountWithOwner(database.handle.db, {
    accountName: 'Reads',
    trialEndsAt: at(0),
    email: 'reads@example.com',
    passwordHash: null,
    firstName: null,
    lastName: null,
  });
  accountId = made!.accountId;
});
afterAll(() => database?.drop());

const item = (sku: string, price: string, onHand: number | null): ProductInput => ({
  sku,
  title: sku,
  description: null,
  brand: null,
  gtin: null,
  images: [],
  attributes: {},
  price,
  currency: 'USD',
  onHand,
});
const stored = async (sku: string) =>
  (
    await database.handle.db
      .select({ price: products.price, onHand: products.onHand })
      .from(products)
      .where(eq(products.sku, sku))
  )[0];

describe('reads of the main channel stored out of order', () => {
  it('keep the price read last, and say when it was read', async () => {
    const db = database.handle.db;
    await upsertProducts(db, accountId, null as never, [item('PRICE-1', '20.00', 5)], at(20), at(21));
    // A read made earlier, answered later.
    await upsertProducts(db, accountId, null as never, [item('PRICE-1', '10.00', null)], at(10), at(22));
    expect(await stored('PRICE-1')).toEqual({ price: '20.00', onHand: 5 });
    expect((await productsBySku(db, accountId, ['PRICE-1'])).get('PRICE-1')?.priceReadAt).toEqual(at(20));
    // A newer read is taken.
    await upsertProducts(db, accountId, null as never, [item('PRICE-1', '30.00', null)], at(30), at(31));
    expect(await stored('PRICE-1')).toEqual({ price: '30.00', onHand: 5 });
  });

  it('keep the on hand of a new product read last when two reads insert it', async () => {
    const db = database.handle.db;
    await upsertProducts(db, accountId, null as never, [item('NEW-1', '5.00', 7)], at(20), at(21));
    await upsertProducts(db, accountId, null as never, [item('NEW-1', '4.00', 3)], at(10), at(22));
    expect(await stored('NEW-1')).toEqual({ price: '5.00', onHand: 7 });
  });

  it('keep the quantity read last', async () => {
    const db = database.handle.db;
    await upsertProducts(db, accountId, null as never, [item('STOCK-1', '9.00', 5)], at(0), at(1));
    expect(await takeMainQuantity(db, accountId, 'STOCK-1', 8, at(20), at(21))).toMatchObject({ before: 5, after: 8 });
    expect(await takeMainQuantity(db, accountId, 'STOCK-1', 2, at(10), at(22))).toBeNull();
    expect((await stored('STOCK-1'))?.onHand).toBe(8);
  });

  it('keep the quantity read last when it found nothing changed', async () => {
    const db = database.handle.db;
    await upsertProducts(db, accountId, null as never, [item('STOCK-2', '9.00', 5)], at(0), at(1));
    // Read at 20: still 5. A read from 10, when the main channel briefly held 3, answers after it.
    expect(await takeMainQuantity(db, accountId, 'STOCK-2', 5, at(20), at(21))).toBeNull();
    expect(await takeMainQuantity(db, accountId, 'STOCK-2', 3, at(10), at(22))).toBeNull();
    expect((await stored('STOCK-2'))?.onHand).toBe(5);
    expect(await takeMainQuantity(db, accountId, 'STOCK-2', 4, at(30), at(31))).toMatchObject({ before: 5, after: 4 });
  });

  it('are taken for many SKUs at once: each moved, left while ours lands, unchanged, or older than the one held', async () => {
    const db = database.handle.db;
    await upsertProducts(
      db,
      accountId,
      null as never,
      ['MANY-1', 'MANY-2', 'MANY-3', 'MANY-4'].map((sku) => item(sku, '9.00', 5)),
      at(0),
      at(1),
    );
    const ids = await productsBySku(db, accountId, ['MANY-1', 'MANY-2', 'MANY-3', 'MANY-4']);
    // MANY-2: an adjustment of ours was sent and not answered, so the read may not show it.
    await db.insert(stockAdjustments).values({
      accountId,
      productId: ids.get('MANY-2')!.id,
      sku: 'MANY-2',
      delta: -1,
      idempotencyKey: 'many-2',
      status: 'sending',
      attempts: 1,
    });
    // MANY-4: read at 40 already.
    expect(await takeMainQuantity(db, accountId, 'MANY-4', 5, at(40), at(41))).toBeNull();

    const taken = await takeMainQuantities(
      db,
      accountId,
      [
        { sku: 'MANY-1', quantity: 9 },
        { sku: 'MANY-2', quantity: 1 },
        { sku: 'MANY-3', quantity: 5 },
        { sku: 'MANY-4', quantity: 0 },
        { sku: 'UNKNOWN', quantity: 3 },
      ],
      at(30),
      at(31),
    );
    expect([...taken.moved]).toEqual([['MANY-1', { productId: ids.get('MANY-1')!.id, before: 5, after: 9 }]]);
    expect(taken.moving).toEqual(['MANY-2']);
    const after = await db
      .select({ sku: products.sku, onHand: products.onHand, readAt: products.stockReadAt })
      .from(products)
      .where(sql`${products.sku} like 'MANY-%'`)
      .orderBy(products.sku);
    expect(after).toEqual([
      { sku: 'MANY-1', onHand: 9, readAt: at(30) },
      { sku: 'MANY-2', onHand: 5, readAt: at(0) },
      // Unchanged, and still marked read at 30, so an older read answered later cannot take its place.
      { sku: 'MANY-3', onHand: 5, readAt: at(30) },
      // The read at 40 holds.
      { sku: 'MANY-4', onHand: 5, readAt: at(40) },
    ]);
    expect(await takeMainQuantity(db, accountId, 'MANY-3', 2, at(20), at(32))).toBeNull();
  });
});

describe('a request joining a run that has not started', () => {
  it('holds the run back from starting until the request is committed', async () => {
    const db = database.handle.db;
    const run = await insertSyncRun(
      db,
      { accountId, channelId: null, kind: 'reconcile', trigger: 'user', startedBy: null },
      at(0),
    );
    const events: string[] = [];
    let started: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      const joined = await queuedRunToJoin(tx, accountId, null);
      expect(joined?.id).toBe(run.id);
      // The run's job tries to start now, on another connection (on PGlite it waits for the transaction in any case).
      started = startSyncRun(db, accountId, run.id, at(1)).then((r) => events.push(`started ${r?.status}`));
      // Time for a start that is not held back to get through; what the request brings is written meanwhile.
      await tx.execute(sql`select pg_sleep(0.3)`);
      events.push('request committing');
    });
    await started;
    expect(events).toEqual(['request committing', 'started running']);
  });

  it('is not answered once the run has started: the request makes a run of its own', async () => {
    const db = database.handle.db;
    const run = await insertSyncRun(
      db,
      { accountId, channelId: null, kind: 'import', trigger: 'connect', startedBy: null },
      at(40),
    );
    expect((await queuedRunToJoin(db, accountId, null))?.id).toBe(run.id);
    expect(await startSyncRun(db, accountId, run.id, at(41))).toMatchObject({ id: run.id, status: 'running' });
    expect((await queuedRunToJoin(db, accountId, null))?.id).not.toBe(run.id);
  });
});

describe("a channel's listings read while a value of ours lands", () => {
  const listing = (sku: string, price: string, quantity: number) => ({
    sku,
    marketplaceId: null,
    status: 'active' as const,
    quantity,
    price,
  });
  const shown = async (sku: string) =>
    (
      await database.handle.db
        .select({ price: listings.confirmedPrice, quantity: listings.confirmedQuantity, at: listings.confirmedAt })
        .from(listings)
        .where(eq(listings.sku, sku))
    )[0];

  it('keep the price a write confirmed after the page was read, and take a read made after it', async () => {
    const db = database.handle.db;
    const channelId = await addChannelRow(db, accountId, 'walmart', 'main');
    await upsertListings(db, accountId, channelId, [listing('LAND-1', '151.54', 4)], new Map(), at(10), at(11));
    const [{ id: listingId }] = (await db
      .select({ id: listings.id })
      .from(listings)
      .where(eq(listings.sku, 'LAND-1'))) as [{ id: string }];
    // The seller's new price, sent to the main channel and confirmed at 30.
    const [write] = await db
      .insert(listingWrites)
      .values({ accountId, channelId, listingId, sku: 'LAND-1', field: 'price', after: '12.34', status: 'sending' })
      .returning();
    await confirmWrites(db, [write!], at(30));
    // A page read at 20, before the marketplace took it, is stored after: the price confirmed stays.
    await upsertListings(db, accountId, channelId, [listing('LAND-1', '151.54', 4)], new Map(), at(20), at(31));
    expect(await shown('LAND-1')).toEqual({ price: '12.34', quantity: 4, at: at(30) });
    // A page read after the confirmation is the marketplace's word: a price changed there by hand is taken.
    await upsertListings(db, accountId, channelId, [listing('LAND-1', '14.00', 3)], new Map(), at(40), at(41));
    expect(await shown('LAND-1')).toEqual({ price: '14.00', quantity: 3, at: at(40) });
  });
});
