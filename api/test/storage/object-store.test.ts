import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileStoreError, objectFileStore } from '../../src/storage/file-store.ts';
import { startTestObjectStore, type TestObjectStore } from '../support/object-store-server.ts';
import { startTestProduct, type SignedInUser, type TestProduct } from '../support/test-product.ts';

let store: TestObjectStore;
beforeAll(async () => {
  store = await startTestObjectStore();
});
afterAll(() => store?.close());

const settings = () => ({ url: store.url, ...store.keys });

describe('an S3-compatible object store, over signed HTTP', () => {
  it('stores, reads back and deletes an object; a missing one reads as none and deletes without error', async () => {
    const files = objectFileStore(settings());
    const bytes = Buffer.from('any bytes at all \u00e9\u0000\xff', 'latin1');
    await files.put('avatars/abc.png', bytes, 'image/png');
    expect(store.objects.get('avatars/abc.png')).toEqual({ bytes, contentType: 'image/png' });
    expect(await files.get('avatars/abc.png')).toEqual(bytes);
    await files.remove('avatars/abc.png');
    expect(store.objects.has('avatars/abc.png')).toBe(false);
    expect(await files.get('avatars/abc.png')).toBeUndefined();
    await expect(files.remove('avatars/abc.png')).resolves.toBeUndefined();
  });

  it('says what the store refused, without the keys: a wrong secret, an unknown key id, another region', async () => {
    for (const [wrong, code] of [
      [{ secretAccessKey: 'not-the-secret' }, 'SignatureDoesNotMatch'],
      [{ accessKeyId: 'AKIDSOMEONEELSE' }, 'InvalidAccessKeyId'],
      [{ region: 'us-east-1' }, 'AuthorizationHeaderMalformed'],
    ] as const) {
      const files = objectFileStore({ ...settings(), ...wrong });
      const refused = await files.put('avatars/x.png', Buffer.from('x'), 'image/png').catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(FileStoreError);
      expect((refused as Error).message).toContain(code);
      expect((refused as Error).message).not.toContain(store.keys.secretAccessKey);
    }
    expect(store.objects.has('avatars/x.png')).toBe(false);
  });

  it('refuses a signature made at a time too far from the store’s clock', async () => {
    const files = objectFileStore(settings(), () => new Date(Date.now() - 60 * 60_000));
    await expect(files.get('avatars/none.png')).rejects.toThrow(/RequestTimeTooSkewed/);
  });

  it('tells a store that does not answer apart from one that refuses', async () => {
    const files = objectFileStore({ ...settings(), url: 'http://127.0.0.1:9/bucket' });
    await expect(files.get('avatars/none.png')).rejects.toThrow(/did not answer/);
  });

  it('never builds a key out of a path: keys with .. or odd characters are refused before any request', async () => {
    const files = objectFileStore(settings());
    const before = store.requests.length;
    for (const key of ['../etc/passwd', 'avatars/../x', '/avatars/x', 'Avatars/X.png', 'avatars//x'])
      await expect(files.get(key), key).rejects.toThrow(/Not a file key/);
    expect(store.requests.length).toBe(before);
  });
});

describe('profile photos in the object store (OBJECT_STORE_URL set)', () => {
  let t: TestProduct;
  beforeAll(async () => {
    t = await startTestProduct({ objectStore: settings() });
  });
  afterAll(() => t?.stop());

  /** A 1×1 PNG. */
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const cookieOf = (user: SignedInUser) => [...user.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  async function upload(user: SignedInUser, bytes: Buffer) {
    const response = await fetch(`${t.url}/api/auth/profile/photo`, {
      method: 'PUT',
      headers: { cookie: cookieOf(user), origin: t.url, 'content-type': 'image/png', accept: 'application/json' },
      body: new Uint8Array(bytes),
    });
    return { status: response.status, body: await response.json() };
  }
  async function download(user: SignedInUser, url: string) {
    const response = await fetch(t.url + url, { headers: { cookie: cookieOf(user) } });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      bytes: Buffer.from(await response.arrayBuffer()),
    };
  }
  const keyOf = (profileImageUrl: string) => `avatars/${path.basename(profileImageUrl)}`;

  it('keeps the photo in the bucket, not on disk, serves it back, and deletes what a new photo replaces', async () => {
    const seller = await t.signedInSeller();
    const first = await upload(seller, png);
    expect(first.status).toBe(200);
    const firstKey = keyOf(first.body.profileImageUrl);
    expect(store.objects.get(firstKey)).toEqual({ bytes: png, contentType: 'image/png' });
    expect(fs.existsSync(path.join(t.config.dataDir, 'uploads'))).toBe(false);
    expect(await download(seller, first.body.profileImageUrl)).toEqual({ status: 200, type: 'image/png', bytes: png });

    const second = await upload(seller, Buffer.concat([png, Buffer.from([0])]));
    expect(second.status).toBe(200);
    expect(store.objects.has(firstKey)).toBe(false);
    expect(store.objects.has(keyOf(second.body.profileImageUrl))).toBe(true);

    const removed = await seller.browser.request('DELETE', '/api/auth/profile/photo');
    expect(removed.status).toBe(200);
    expect(store.objects.has(keyOf(second.body.profileImageUrl))).toBe(false);
  });

  it('a store that is down: the upload answers 503 with a message and the photo the user had stays', async () => {
    const seller = await t.signedInSeller();
    const kept = await upload(seller, png);
    store.unavailable = true;
    try {
      const refused = await upload(seller, Buffer.concat([png, Buffer.from([1])]));
      expect(refused).toEqual({
        status: 503,
        body: { message: 'The photo could not be stored just now. Please try again in a few minutes.' },
      });
      expect((await seller.browser.get('/api/auth/user')).body.profileImageUrl).toBe(kept.body.profileImageUrl);
      expect((await download(seller, kept.body.profileImageUrl)).status).toBe(503);
    } finally {
      store.unavailable = false;
    }
    expect(await download(seller, kept.body.profileImageUrl)).toMatchObject({ status: 200, bytes: png });
  });

  it('the photo goes from the bucket with its user', async () => {
    const admin = await t.signedInUser({ role: 'admin' });
    const seller = await t.signedInSeller();
    const saved = await upload(seller, png);
    expect(store.objects.has(keyOf(saved.body.profileImageUrl))).toBe(true);
    const deleted = await admin.browser.request('DELETE', `/api/admin/users/${seller.userId}`);
    expect(deleted.status).toBe(200);
    expect(store.objects.has(keyOf(saved.body.profileImageUrl))).toBe(false);
  });
});
