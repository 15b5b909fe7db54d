import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { createAccountWithOwner } from '../../src/db/queries/users.ts';
import { addChannelRow } from '../support/seeded-rows.ts';
import {
  adsToSend,
  confirmAdStates,
  refuseAdState,
  setDesiredAdStates,
  storeProductAds,
} from '../../src/db/queries/advertising.ts';
import { adAccounts, productAds } from '../../src/db/schema/index.ts';

/**
 * An ad's state of ours is sent while the rules may decide the next one: what the marketplace took is the
 * ad's state, and a state decided meanwhile is still sent after it (a pause on its way when the SKU was
 * restocked must not leave the ad paused on the marketplace while we hold it running). A read of the ads
 * that began before a state was taken does not put back the state it saw.
 */
let database: TestDatabase;
let account: { id: string; accountId: string };
let adId: string;
const at = (second: number) => new Date(Date.UTC(2026, 11, 1, 12, 0, second));
const ad = { adId: 'ad-1', campaignId: 'c-1', adGroupId: 'g-1', sku: 'SKU-1', pausable: true } as const;

const row = async () =>
  (
    await database.handle.db
      .select({ state: productAds.state, desiredState: productAds.desiredState, lastError: productAds.lastError })
      .from(productAds)
      .where(eq(productAds.id, adId))
  )[0];

beforeAll(async () => {
  database = await createTestDatabase();
  const made = await createAccountWithOwner(database.handle.db, {
    accountName: 'Ads',
    trialEndsAt: at(0),
    email: 'ads@example.com',
    passwordHash: null,
    firstName: null,
    lastName: null,
  });
  const channelId = await addChannelRow(database.handle.db, made!.accountId, 'amazon', 'main');
  const [created] = await database.handle.db
    .insert(adAccounts)
    .values({
      accountId: made!.accountId,
      channelId,
      marketplace: 'amazon',
      externalId: 'profile-1',
      name: 'Ads',
      currency: 'USD',
    })
    .returning({ id: adAccounts.id, accountId: adAccounts.accountId });
  account = created!;
});
afterAll(() => database?.drop());

beforeEach(async () => {
  await database.handle.db.delete(productAds);
  await storeProductAds(database.handle.db, account, [{ ...ad, state: 'enabled' }], at(1));
  adId = (await database.handle.db.select({ id: productAds.id }).from(productAds))[0]!.id;
});

const decide = (state: 'enabled' | 'paused', second: number) =>
  setDesiredAdStates(
    database.handle.db,
    [{ id: adId, desiredState: state, pausedBy: state === 'paused' ? 'out_of_stock' : null, rulesOverridden: null }],
    at(second),
  );

describe("an ad's states on their way to the marketplace", () => {
  it('keeps a state decided while the one before it was sent, and sends it next', async () => {
    await decide('paused', 2);
    const sending = await adsToSend(database.handle.db, account.id);
    expect(sending.map((a) => a.desiredState)).toEqual(['paused']);
    // Restocked while the pause was on its way: the rules resume the ad.
    await decide('enabled', 3);
    await confirmAdStates(database.handle.db, [{ id: adId, state: 'paused' }], at(4));
    expect(await row()).toEqual({ state: 'paused', desiredState: 'enabled', lastError: null });
    expect((await adsToSend(database.handle.db, account.id)).map((a) => a.desiredState)).toEqual(['enabled']);

    await confirmAdStates(database.handle.db, [{ id: adId, state: 'enabled' }], at(5));
    expect(await row()).toEqual({ state: 'enabled', desiredState: null, lastError: null });
    expect(await adsToSend(database.handle.db, account.id)).toEqual([]);
  });

  it('keeps a state decided after the refused one was read', async () => {
    await decide('paused', 2);
    await decide('enabled', 3);
    await refuseAdState(database.handle.db, adId, 'paused', 'Ad is archived', at(4));
    expect(await row()).toEqual({ state: 'enabled', desiredState: 'enabled', lastError: 'Ad is archived' });

    await decide('paused', 5);
    await refuseAdState(database.handle.db, adId, 'paused', 'Ad is archived', at(6));
    expect(await row()).toEqual({ state: 'enabled', desiredState: null, lastError: 'Ad is archived' });
  });

  it('does not take back a state the marketplace took after a read began', async () => {
    await decide('paused', 2);
    await confirmAdStates(database.handle.db, [{ id: adId, state: 'paused' }], at(4));
    // A read that began at second 3 saw the ad still running.
    await storeProductAds(database.handle.db, account, [{ ...ad, state: 'enabled' }], at(3));
    expect(await row()).toMatchObject({ state: 'paused', desiredState: null });
    // A read begun after it sees what the marketplace holds (the seller resumed it there).
    await storeProductAds(database.handle.db, account, [{ ...ad, state: 'enabled' }], at(7));
    expect(await row()).toMatchObject({ state: 'enabled', desiredState: null });
  });
});
