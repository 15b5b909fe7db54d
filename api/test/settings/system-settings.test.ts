import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type SignedInUser, type TestProduct } from '../support/test-product.ts';
import { SIGNUPS_CLOSED } from '../../src/modules/auth/register.ts';
import { marketplaceCredential } from '../../src/modules/settings/platform-settings.ts';

let t: TestProduct;
let admin: SignedInUser;
let seller: SignedInUser;

const rows = async <T>(query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await t.database.handle.db.execute(query)) as unknown as { rows: T[] }).rows;

/** The settings changes in the audit log, oldest first, as the Audit Logs page reads them. */
async function settingsChanges() {
  const answer = await admin.browser.get('/api/admin/audit-logs?action=settings.changed&limit=200');
  expect(answer.status).toBe(200);
  return (answer.body.items as Array<{ before: unknown; after: unknown; actor: { email: string } }>).reverse();
}

const SECRET = 'ebay-app-secret-7f3a9c';

beforeAll(async () => {
  t = await startTestProduct();
  admin = await t.signedInUser({ role: 'super_user' });
  seller = await t.signedInSeller();
});
afterAll(() => t?.stop());

describe('System Settings', () => {
  it('staff read the defaults; sellers may not read or change them', async () => {
    expect(await admin.browser.get('/api/admin/settings')).toMatchObject({
      status: 200,
      body: {
        syncIntervalMinutes: t.config.sync.intervalMinutes,
        trialDays: 7,
        trialSkuLimit: 1000,
        signupsOpen: true,
        senderAddress: t.config.mailFrom,
        maintenanceNotice: null,
        marketplaceCredentials: {
          ebayClientId: false,
          ebayClientSecret: false,
          ebayRuName: false,
          shopifyClientId: false,
          shopifyClientSecret: false,
        },
      },
    });
    expect((await seller.browser.get('/api/admin/settings')).status).toBe(403);
    expect((await seller.browser.patch('/api/admin/settings', { signupsOpen: false })).status).toBe(403);
  });

  it('refuses values out of bounds, a sender with a line break, an unknown credential, changing nothing', async () => {
    for (const body of [
      { trialDays: 0 },
      { trialDays: 91 },
      { trialSkuLimit: 0 },
      { signupsOpen: 'no' },
      { senderAddress: 'not an address' },
      { senderAddress: 'Hub <hub@example.com>\r\nBcc: everyone@example.com' },
      { senderAddress: 'a@example.com, b@example.com' },
      { maintenanceNotice: 'x'.repeat(501) },
      { marketplaceCredentials: { amazonSecret: 'x' } },
      { marketplaceCredentials: { ebayClientSecret: '' } },
      { marketplaceCredentials: {} },
      {},
    ]) {
      const answer = await admin.browser.patch('/api/admin/settings', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(typeof answer.body.message).toBe('string');
    }
    expect(await settingsChanges()).toEqual([]);
  });

  it('each change is kept and audited once with only what changed, before and after', async () => {
    const answer = await admin.browser.patch('/api/admin/settings', {
      trialDays: 14,
      trialSkuLimit: 250,
      senderAddress: ' Hub Team <team@example.com> ',
      maintenanceNotice: '  Maintenance tonight at 22:00 UTC.  ',
      syncIntervalMinutes: t.config.sync.intervalMinutes,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      trialDays: 14,
      trialSkuLimit: 250,
      senderAddress: 'Hub Team <team@example.com>',
      maintenanceNotice: 'Maintenance tonight at 22:00 UTC.',
    });
    expect((await admin.browser.get('/api/admin/settings')).body).toEqual(answer.body);
    // The same values again change nothing, and are not audited again.
    expect((await admin.browser.patch('/api/admin/settings', { trialDays: 14 })).status).toBe(200);
    expect(await settingsChanges()).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ email: admin.email }),
        before: {
          trialDays: 7,
          trialSkuLimit: 1000,
          senderAddress: t.config.mailFrom,
          maintenanceNotice: null,
        },
        after: {
          trialDays: 14,
          trialSkuLimit: 250,
          senderAddress: 'Hub Team <team@example.com>',
          maintenanceNotice: 'Maintenance tonight at 22:00 UTC.',
        },
      }),
    ]);
  });

  it('the trial SKU limit set is the limit of every account on trial; paid plans keep theirs', async () => {
    // Set to 250 by the test above.
    const billing = await seller.browser.get('/api/billing');
    expect(billing.status).toBe(200);
    expect(billing.body).toMatchObject({ plan: 'trial', limits: { skus: 250 } });
    expect(billing.body.plans.find((p: { plan: string }) => p.plan === 'growth')).toMatchObject({ skus: 2000 });
  });

  it('the maintenance notice reaches every signed-in user; a blank notice removes it', async () => {
    expect(await seller.browser.get('/api/maintenance-notice')).toMatchObject({
      status: 200,
      body: { notice: 'Maintenance tonight at 22:00 UTC.' },
    });
    expect((await t.browser().get('/api/maintenance-notice')).status).toBe(401);
    expect((await admin.browser.patch('/api/admin/settings', { maintenanceNotice: '   ' })).status).toBe(200);
    expect((await seller.browser.get('/api/maintenance-notice')).body).toEqual({ notice: null });
  });

  it('new accounts get the trial length set, and mail goes out from the sender address set', async () => {
    const email = `trial-${Date.now()}@example.com`;
    const registered = await t.browser().post('/api/auth/register', { email, password: 'a long passphrase 1' });
    expect(registered.status).toBe(201);
    const [account] = await rows<{ trial_ends_at: string; created_at: string }>(
      sql`select a.trial_ends_at, a.created_at from accounts a join users u on u.account_id = a.id where u.email = ${email}`,
    );
    const days = (Date.parse(account!.trial_ends_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    const mail = await t.mail.next(email);
    expect(mail.raw).toMatch(/^From: "?Hub Team"? <team@example\.com>/m);
  });

  it('closed sign-ups refuse registration with a clear message and make no account; reopened, they work', async () => {
    expect((await admin.browser.patch('/api/admin/settings', { signupsOpen: false })).body.signupsOpen).toBe(false);
    const email = `closed-${Date.now()}@example.com`;
    const refused = await t.browser().post('/api/auth/register', { email, password: 'a long passphrase 1' });
    expect(refused).toMatchObject({ status: 403, body: { message: SIGNUPS_CLOSED } });
    expect(await rows(sql`select 1 from users where email = ${email}`)).toEqual([]);
    // Those who have an account still sign in.
    expect((await t.browser().post('/api/auth/login', { email: seller.email, password: seller.password })).status).toBe(
      200,
    );
    await admin.browser.patch('/api/admin/settings', { signupsOpen: true });
    expect((await t.browser().post('/api/auth/register', { email, password: 'a long passphrase 1' })).status).toBe(201);
    const changes = await settingsChanges();
    expect(changes.slice(-2).map((c) => [c.before, c.after])).toEqual([
      [{ signupsOpen: true }, { signupsOpen: false }],
      [{ signupsOpen: false }, { signupsOpen: true }],
    ]);
  });

  it('marketplace credentials are stored sealed, never sent back nor audited by value', async () => {
    const set = await admin.browser.patch('/api/admin/settings', {
      marketplaceCredentials: { ebayClientId: 'ebay-app-id', ebayClientSecret: SECRET },
    });
    expect(set.status).toBe(200);
    expect(set.body.marketplaceCredentials).toEqual({
      ebayClientId: true,
      ebayClientSecret: true,
      ebayRuName: false,
      shopifyClientId: false,
      shopifyClientSecret: false,
    });
    const changed = await admin.browser.patch('/api/admin/settings', {
      marketplaceCredentials: { ebayClientSecret: `${SECRET}-2`, shopifyClientSecret: null },
    });
    const removed = await admin.browser.patch('/api/admin/settings', {
      marketplaceCredentials: { ebayClientId: null },
    });
    expect(removed.body.marketplaceCredentials.ebayClientId).toBe(false);

    // Nowhere in the answers, the stored row or the audit log, in plain text.
    const everything = JSON.stringify([
      set.body,
      changed.body,
      removed.body,
      (await admin.browser.get('/api/admin/settings')).body,
      await rows(sql`select value from platform_settings`),
      await rows(sql`select before, after, metadata from audit_log`),
      (await admin.browser.get<string>('/api/admin/audit-logs/export')).body,
    ]);
    expect(everything).not.toContain(SECRET);
    expect(everything).not.toContain('ebay-app-id');
    // The product itself opens it.
    expect(await marketplaceCredential(t.product.ctx, 'ebayClientSecret')).toBe(`${SECRET}-2`);
    expect(await marketplaceCredential(t.product.ctx, 'ebayClientId')).toBeUndefined();

    const changes = (await settingsChanges()).slice(-3).map((c) => [c.before, c.after]);
    expect(changes).toEqual([
      [
        { marketplaceCredentials: { ebayClientId: 'not set', ebayClientSecret: 'not set' } },
        { marketplaceCredentials: { ebayClientId: 'set', ebayClientSecret: 'set' } },
      ],
      // Removing what was never set is no change.
      [
        { marketplaceCredentials: { ebayClientSecret: 'set' } },
        { marketplaceCredentials: { ebayClientSecret: 'changed' } },
      ],
      [{ marketplaceCredentials: { ebayClientId: 'set' } }, { marketplaceCredentials: { ebayClientId: 'removed' } }],
    ]);
  });

  it('two credential saves at once both land: the set is read and written back under its lock', async () => {
    const credentials = async () => (await admin.browser.get('/api/admin/settings')).body.marketplaceCredentials;
    for (const round of [1, 2, 3]) {
      const saves = await Promise.all([
        admin.browser.patch('/api/admin/settings', { marketplaceCredentials: { shopifyClientId: `shop-${round}` } }),
        admin.browser.patch('/api/admin/settings', { marketplaceCredentials: { ebayRuName: `ru-${round}` } }),
      ]);
      expect(saves.map((a) => a.status)).toEqual([200, 200]);
      expect(await credentials(), `round ${round}`).toMatchObject({ shopifyClientId: true, ebayRuName: true });
      await Promise.all([
        admin.browser.patch('/api/admin/settings', { marketplaceCredentials: { shopifyClientId: null } }),
        admin.browser.patch('/api/admin/settings', { marketplaceCredentials: { ebayRuName: null } }),
      ]);
      expect(await credentials(), `round ${round}`).toMatchObject({ shopifyClientId: false, ebayRuName: false });
    }
    // Set before, untouched by any of it.
    expect(await marketplaceCredential(t.product.ctx, 'ebayClientSecret')).toBe(`${SECRET}-2`);
  });
});
