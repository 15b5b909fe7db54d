import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { listenForChanges, NoticedCache, type ChangeListener } from '../../src/db/change-notices.ts';
import { accounts, channels, defaultChannelRules, pricingRules } from '../../src/db/schema/index.ts';
import { readPlatformSetting } from '../../src/db/queries/platform-settings.ts';
import type { Db } from '../../src/db/client.ts';

/**
 * Reads kept in memory are told of every change by the database (triggers of migration 0031, NOTIFY
 * at commit): whoever changed the row, this process or another, the next read sees it. Run on both
 * databases (PGlite by default, PostgreSQL with DATABASE_URL).
 */
let database: TestDatabase;
let db: Db;
let listener: ChangeListener;
const channelCache = new NoticedCache<string>('channel');
const rulesCache = new NoticedCache<number>('pricing-rules');
const settingsCache = new NoticedCache<unknown>('platform-setting');
let accountId: string;
let channelId: string;
let loads = 0;

const statusOf = (id: string) =>
  channelCache.get(db, id, async (d) => {
    loads++;
    const [row] = await d.select({ status: channels.status }).from(channels).where(eq(channels.id, id));
    return row!.status;
  });
const ruleCount = (within: Db = db) =>
  rulesCache.get(within, accountId, async (d) => {
    loads++;
    const rows = await d
      .select({ id: pricingRules.id })
      .from(pricingRules)
      .where(eq(pricingRules.accountId, accountId));
    return rows.length;
  });
const addRule = (within: Db) =>
  within.insert(pricingRules).values({
    accountId,
    name: 'Rule',
    priority: 1,
    enabled: true,
    definition: { scope: { channelIds: [], skus: { kind: 'all' } }, action: { base: 'main', adjust: 'none' } } as never,
  });

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
  listener = await listenForChanges(database.handle, [channelCache, rulesCache, settingsCache] as never);
  const [account] = await db.insert(accounts).values({ name: 'Notices' }).returning({ id: accounts.id });
  accountId = account!.id;
  const [channel] = await db
    .insert(channels)
    .values({
      accountId,
      kind: 'ebay',
      role: 'target',
      status: 'active',
      environment: 'sandbox',
      externalSellerId: 'seller-1',
      displayName: 'eBay',
      rules: defaultChannelRules,
    } as never)
    .returning({ id: channels.id });
  channelId = channel!.id;
}, 60_000);
afterAll(async () => {
  await listener?.stop();
  await database?.drop();
});

describe('reads kept in memory', () => {
  it('are read once, then kept', async () => {
    const before = loads;
    expect(await statusOf(channelId)).toBe('active');
    expect(await statusOf(channelId)).toBe('active');
    expect(loads - before).toBe(1);
  });

  it('are forgotten when the row changes, whoever changed it (told by the database at its commit)', async () => {
    expect(await statusOf(channelId)).toBe('active');
    // A plain update, as another process would make it: nothing here says it to the cache but the notice.
    await db.execute(sql`update channels set status = 'paused' where id = ${channelId}`);
    await vi.waitFor(async () => expect(await statusOf(channelId)).toBe('paused'), { timeout: 5000, interval: 20 });
    const before = loads;
    expect(await statusOf(channelId)).toBe('paused');
    expect(loads).toBe(before);
  });

  it('a transaction that writes a key reads its own writes, and the others see them only once it commits', async () => {
    expect(await ruleCount()).toBe(0);
    let seenInside = -1;
    await db.transaction(async (tx) => {
      rulesCache.written(tx, accountId);
      await addRule(tx);
      seenInside = await ruleCount(tx);
      // Outside the transaction, what is committed: nothing yet (PGlite's one connection is this transaction's meanwhile).
      if (database.url) expect(await ruleCount()).toBe(0);
    });
    expect(seenInside).toBe(1);
    // Forgotten at the commit by this process, without waiting for the notice.
    expect(await ruleCount()).toBe(1);
  });

  it('a rolled-back write leaves what is committed', async () => {
    await db
      .transaction(async (tx) => {
        rulesCache.written(tx, accountId);
        await addRule(tx);
        expect(await ruleCount(tx)).toBe(2);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await ruleCount()).toBe(1);
  });

  it('a read within a transaction is kept only once it commits', async () => {
    rulesCache.forget(accountId);
    await db
      .transaction(async (tx) => {
        expect(await ruleCount(tx)).toBe(1);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    const before = loads;
    expect(await ruleCount()).toBe(1);
    expect(loads - before).toBe(1);
    // Committed: kept.
    await db.transaction(async (tx) => void (await ruleCount(tx)));
    const after = loads;
    expect(await ruleCount()).toBe(1);
    expect(loads).toBe(after);
  });

  it('a channel’s counters changing tell nothing (nothing kept holds them)', async () => {
    await statusOf(channelId);
    await ruleCount();
    await db.execute(sql`update channels set consecutive_failures = consecutive_failures + 1 where id = ${channelId}`);
    // A fence: a later change that does tell. Notices come in commit order, so once it is heard, a notice of the
    // counters would have been heard before it.
    await db.execute(sql`update pricing_rules set name = name || '.' where account_id = ${accountId}`);
    await vi.waitFor(async () => {
      const before = loads;
      await ruleCount();
      expect(loads - before).toBe(1);
    });
    const before = loads;
    expect(await statusOf(channelId)).toBe('paused');
    expect(loads).toBe(before);
  });

  it('a rule deleted by another process is told too', async () => {
    expect(await ruleCount()).toBe(1);
    await db.execute(sql`delete from pricing_rules where account_id = ${accountId}`);
    await vi.waitFor(async () => expect(await ruleCount()).toBe(0), { timeout: 5000, interval: 20 });
  });

  it('a platform setting set, changed or removed by another process is told (migration 0052)', async () => {
    const notice = () =>
      settingsCache.get(db, 'maintenance.notice', (d) => {
        loads++;
        return readPlatformSetting(d, 'maintenance.notice');
      });
    expect(await notice()).toBeUndefined();
    const before = loads;
    expect(await notice()).toBeUndefined();
    expect(loads).toBe(before);
    // Plain statements, as another process (or staff on another machine) would make them.
    await db.execute(
      sql`insert into platform_settings (key, value, updated_at) values ('maintenance.notice', '"Back at noon"', now())`,
    );
    await vi.waitFor(async () => expect(await notice()).toBe('Back at noon'), { timeout: 5000, interval: 20 });
    await db.execute(sql`update platform_settings set value = '"Back at one"' where key = 'maintenance.notice'`);
    await vi.waitFor(async () => expect(await notice()).toBe('Back at one'), { timeout: 5000, interval: 20 });
    await db.execute(sql`delete from platform_settings where key = 'maintenance.notice'`);
    await vi.waitFor(async () => expect(await notice()).toBeUndefined(), { timeout: 5000, interval: 20 });
  });

  it('while nothing listens (stopped, or on PostgreSQL its connection lost), every read goes to the database', async () => {
    const readsOfTwo = async () => {
      const before = loads;
      await statusOf(channelId);
      await statusOf(channelId);
      return loads - before;
    };
    expect(await readsOfTwo()).toBeLessThanOrEqual(1);
    await listener.stop();
    expect(await readsOfTwo()).toBe(2);
    listener = await listenForChanges(database.handle, [channelCache, rulesCache, settingsCache] as never);
    expect(await readsOfTwo()).toBe(1);
    if (database.url) {
      // The listening connection killed under it: forgotten at once, then made again by itself.
      await db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where query ilike 'LISTEN hub_changed%' and datname = current_database()`,
      );
      await vi.waitFor(async () => expect(await readsOfTwo()).toBe(2), { timeout: 5000, interval: 10 });
      // Listening again: kept once more (a pair of reads loads once at most).
      await vi.waitFor(async () => expect(await readsOfTwo()).toBeLessThanOrEqual(1), {
        timeout: 10_000,
        interval: 100,
      });
    }
    // Listening again, a change is heard.
    await db.execute(sql`update channels set status = 'active' where id = ${channelId}`);
    await vi.waitFor(async () => expect(await statusOf(channelId)).toBe('active'), { timeout: 5000, interval: 20 });
  });
});
