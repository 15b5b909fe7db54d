import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Browser } from '../support/browser.ts';
import { startTestProduct, type SignedInUser, type TestProduct } from '../support/test-product.ts';

let t: TestProduct;
beforeAll(async () => {
  t = await startTestProduct();
});
afterAll(() => t?.stop());

const auditRows = async (action: string) =>
  (
    (await t.database.handle.db.execute(
      sql`select actor_user_id, target_id, impersonator_user_id from audit_log where action = ${action} order by id`,
    )) as unknown as { rows: Array<{ actor_user_id: string | null; target_id: string | null }> }
  ).rows;

describe('sign out other sessions', () => {
  it('ends the other browsers’ sessions of the user, keeps this one and an administrator’s view, and audits it', async () => {
    const seller = await t.signedInSeller({ password: 'seller secret 1' });
    const elsewhere = t.browser();
    await elsewhere.signIn(seller.email, 'seller secret 1');
    const admin = await t.signedInUser({ role: 'admin' });
    expect((await admin.browser.post(`/api/admin/impersonate/${seller.userId}`)).status).toBe(200);

    const answer = await seller.browser.post('/api/auth/sign-out-others');
    expect(answer).toMatchObject({ status: 200, body: { message: 'Your other sessions have been signed out.' } });

    expect((await elsewhere.get('/api/auth/user')).status).toBe(401);
    expect((await seller.browser.get('/api/auth/user')).body).toMatchObject({ id: seller.userId });
    expect((await admin.browser.get('/api/auth/user')).body).toMatchObject({
      id: seller.userId,
      isBeingImpersonated: true,
    });
    expect(await auditRows('auth.other_sessions_signed_out')).toEqual([
      expect.objectContaining({ actor_user_id: seller.userId, target_id: seller.userId }),
    ]);
  });

  it('is refused while viewing as another user, and to anyone signed out', async () => {
    const seller = await t.signedInSeller();
    const admin = await t.signedInUser({ role: 'admin' });
    await admin.browser.post(`/api/admin/impersonate/${seller.userId}`);
    const refused = await admin.browser.post('/api/auth/sign-out-others');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/viewing as another user/);
    expect((await seller.browser.get('/api/auth/user')).status).toBe(200);
    expect((await t.browser().post('/api/auth/sign-out-others')).status).toBe(401);
  });
});

describe('time zone', () => {
  it('saves an IANA zone in its canonical spelling, returns it with the user, and clears it with null', async () => {
    const seller = await t.signedInSeller();
    expect((await seller.browser.get('/api/auth/user')).body.timeZone).toBeNull();
    const saved = await seller.browser.patch('/api/auth/profile', { timeZone: 'Europe/Paris' });
    expect(saved).toMatchObject({ status: 200, body: { timeZone: 'Europe/Paris' } });
    expect((await seller.browser.get('/api/auth/user')).body.timeZone).toBe('Europe/Paris');
    expect((await seller.browser.patch('/api/auth/profile', { timeZone: 'utc' })).body.timeZone).toBe('UTC');
    expect((await seller.browser.patch('/api/auth/profile', { timeZone: null })).body.timeZone).toBeNull();
  });

  it('refuses a zone Intl does not know, and offsets, with a message', async () => {
    const seller = await t.signedInSeller();
    for (const zone of ['Mars/Olympus_Mons', '+05:00', 'Europe/../Paris', ' ']) {
      const refused = await seller.browser.patch('/api/auth/profile', { timeZone: zone });
      expect(refused.status, zone).toBe(400);
      expect(refused.body.message, zone).toMatch(/time zone/);
    }
    expect((await seller.browser.get('/api/auth/user')).body.timeZone).toBeNull();
  });
});

/** A 1×1 PNG. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]);
const avatarsDir = () => path.join(t.config.dataDir, 'uploads', 'avatars');
const storedFiles = () => (fs.existsSync(avatarsDir()) ? fs.readdirSync(avatarsDir()) : []);

/** Sends the bytes as the image body a browser's fetch(file) would. */
async function upload(browser: Browser, bytes: Buffer, type = 'image/png') {
  const response = await fetch(`${t.url}/api/auth/profile/photo`, {
    method: 'PUT',
    headers: {
      cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      origin: t.url,
      'content-type': type,
      accept: 'application/json',
    },
    body: new Uint8Array(bytes),
  });
  return { status: response.status, body: await response.json() };
}

async function download(browser: Browser, url: string) {
  const response = await fetch(t.url + url, {
    headers: { cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('profile photo', () => {
  let seller: SignedInUser;
  beforeAll(async () => {
    seller = await t.signedInSeller();
  });

  it('refuses a photo over 2 MB, and keeps nothing of it', async () => {
    const tooBig = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024 + 1 - png.length)]);
    const refused = await upload(seller.browser, tooBig);
    expect(refused).toEqual({ status: 413, body: { message: 'The photo must be at most 2 MB.' } });
    expect(storedFiles()).toEqual([]);
  });

  it('refuses text sent as a PNG (the kind is told by the bytes, not the name or type)', async () => {
    const text = Buffer.from('hello, I am a .png file but only text\n');
    const refused = await upload(seller.browser, text, 'image/png');
    expect(refused).toEqual({ status: 400, body: { message: 'The photo must be a PNG, JPEG or WebP image.' } });
    expect((await seller.browser.get('/api/auth/user')).body.profileImageUrl).toBeNull();
    expect(storedFiles()).toEqual([]);
  });

  it('stores a good photo, serves it back byte for byte with its type and nosniff, and audits it', async () => {
    const saved = await upload(seller.browser, png);
    expect(saved.status).toBe(200);
    const url: string = saved.body.profileImageUrl;
    expect(url).toMatch(/^\/api\/auth\/photos\/[0-9a-f]{32}\.png$/);
    expect((await seller.browser.get('/api/auth/user')).body.profileImageUrl).toBe(url);
    const served = await download(seller.browser, url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.bytes.equals(png)).toBe(true);
    expect(storedFiles()).toEqual([path.basename(url)]);
    expect((await download(t.browser(), url)).status).toBe(401);
    expect(await auditRows('user.photo_changed')).toContainEqual(
      expect.objectContaining({ actor_user_id: seller.userId, target_id: seller.userId }),
    );
  });

  it('keeps another account out: it cannot read the photo, and its own upload and removal touch only its own', async () => {
    const url: string = (await seller.browser.get('/api/auth/user')).body.profileImageUrl;
    const other = await t.signedInSeller();
    expect((await download(other.browser, url)).status).toBe(404);

    const theirs = await upload(other.browser, jpeg, 'image/jpeg');
    expect(theirs.status).toBe(200);
    expect(theirs.body.profileImageUrl).toMatch(/\.jpg$/);
    expect(theirs.body.profileImageUrl).not.toBe(url);
    const removed = await other.browser.request('DELETE', '/api/auth/profile/photo');
    expect(removed).toMatchObject({ status: 200, body: { profileImageUrl: null } });

    const mine = await download(seller.browser, url);
    expect(mine.status).toBe(200);
    expect(mine.bytes.equals(png)).toBe(true);
    expect(storedFiles()).toEqual([path.basename(url)]);
    const admin = await t.signedInUser({ role: 'admin' });
    expect((await download(admin.browser, url)).bytes.equals(png)).toBe(true);
  });

  it('deletes the file a new photo replaces, and the file of a removed one', async () => {
    const old: string = (await seller.browser.get('/api/auth/user')).body.profileImageUrl;
    const replaced = await upload(seller.browser, jpeg, 'image/jpeg');
    const url: string = replaced.body.profileImageUrl;
    expect(url).toMatch(/\.jpg$/);
    expect((await download(seller.browser, old)).status).toBe(404);
    expect(storedFiles()).toEqual([path.basename(url)]);
    const served = await download(seller.browser, url);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.bytes.equals(jpeg)).toBe(true);

    const removed = await seller.browser.request('DELETE', '/api/auth/profile/photo');
    expect(removed).toMatchObject({ status: 200, body: { profileImageUrl: null } });
    expect(storedFiles()).toEqual([]);
    expect((await download(seller.browser, url)).status).toBe(404);
  });
});

describe('the photo file of a deleted user', () => {
  /** A user of its own account with an uploaded photo; answers its file's path. */
  async function withPhoto(user: SignedInUser): Promise<string> {
    const saved = await upload(user.browser, png);
    expect(saved.status).toBe(200);
    const file = path.join(avatarsDir(), path.basename(saved.body.profileImageUrl));
    expect(fs.existsSync(file)).toBe(true);
    return file;
  }

  it('goes when staff delete the user, and with the last member of an account', async () => {
    const admin = await t.signedInUser({ role: 'admin' });
    const seller = await t.signedInSeller();
    const file = await withPhoto(seller);
    const deleted = await admin.browser.request('DELETE', `/api/admin/users/${seller.userId}`);
    expect(deleted).toMatchObject({ status: 200, body: { accountDeleted: true } });
    expect(fs.existsSync(file)).toBe(false);
  });

  it('goes when the user deletes their own account', async () => {
    const seller = await t.signedInSeller();
    const file = await withPhoto(seller);
    const deleted = await seller.browser.post('/api/privacy/delete-account', { currentPassword: seller.password });
    expect(deleted).toMatchObject({ status: 200, body: { accountDeleted: true } });
    expect(fs.existsSync(file)).toBe(false);
  });

  it("goes when an owner removes a team member, and the owner's own photo stays", async () => {
    const owner = await t.signedInSeller();
    await t.database.handle.db.execute(sql`update accounts set plan = 'business' where id = ${owner.accountId}`);
    const ownerFile = await withPhoto(owner);
    const member = await t.signedInSeller();
    await t.database.handle.db.execute(
      sql`update users set account_id = ${owner.accountId}, account_role = 'member' where id = ${member.userId}`,
    );
    const memberFile = await withPhoto(member);
    const removed = await owner.browser.request('DELETE', `/api/team/members/${member.userId}`);
    expect(removed.status).toBe(200);
    expect(fs.existsSync(memberFile)).toBe(false);
    expect(fs.existsSync(ownerFile)).toBe(true);
  });

  it('a file already gone is no error: the deletion still succeeds', async () => {
    const admin = await t.signedInUser({ role: 'admin' });
    const seller = await t.signedInSeller();
    const file = await withPhoto(seller);
    fs.rmSync(file);
    const deleted = await admin.browser.request('DELETE', `/api/admin/users/${seller.userId}`);
    expect(deleted).toMatchObject({ status: 200, body: { accountDeleted: true } });
    expect(await t.database.handle.db.execute(sql`select id from users where id = ${seller.userId}`)).toMatchObject({
      rows: [],
    });
  });
});
