import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Browser } from '../support/browser.ts';
import { connectWithSandboxSeller, type ConnectedChannel } from '../support/channel-flows.ts';
import { query, settled } from '../support/sync-checks.ts';
import { recheckChangedAccounts } from '../../src/modules/compliance/recheck.ts';

/**
 * The Compliance page's API on an account whose main channel is Amazon and whose target is Walmart
 * (sandbox sellers with the same four SKUs): a title edited past the marketplaces' limits shows its
 * issue and clears once edited back, a bad barcode, the account's restricted words, another account's
 * view, refused requests, and each image held to each marketplace's limits once read from a seller's image host.
 */
let t: TestProduct;
let seller: Browser;
let neighbour: Browser;
let accountId: string;
let amazon: ConnectedChannel;
let walmart: ConnectedChannel;
let target: { id: string; sku: string; title: string };
let pictures: PictureHost;
let mainImage: string;

/**
 * A seller's image host: the fixture pictures as Chromium encoded them, one served through a redirect, one missing,
 * one whose ranged answer says the whole file is 11 MB. It counts the requests for each path.
 */
interface PictureHost {
  url: string;
  requests: Map<string, number>;
  close(): Promise<void>;
}
async function startPictureHost(): Promise<PictureHost> {
  const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, '../fixtures/images', name));
  const png = fixture('product-1600x1200.png');
  const files: Record<string, { type: string; body: Buffer; total?: number }> = {
    '/main.png': { type: 'image/png', body: png },
    '/small.jpg': { type: 'image/jpeg', body: fixture('product-480x640.jpg') },
    '/picture.webp': { type: 'image/webp', body: fixture('product-1001x999-extended.webp') },
    '/huge.png': { type: 'image/png', body: png, total: 11 * 1024 * 1024 },
  };
  const requests = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const file = req.url ?? '/';
    requests.set(file, (requests.get(file) ?? 0) + 1);
    if (file === '/moved.png') return void res.writeHead(302, { location: '/main.png' }).end();
    const served = files[file];
    if (!served) return void res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
    if (served.total !== undefined && req.headers.range)
      return void res
        .writeHead(206, {
          'content-type': served.type,
          'content-range': `bytes 0-${served.body.length - 1}/${served.total}`,
        })
        .end(served.body);
    // The others ignore the range, as many hosts do: the whole file, its length said.
    res.writeHead(200, { 'content-type': served.type, 'content-length': served.body.length }).end(served.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Issue {
  listingId: string;
  channelId: string;
  sku: string;
  code: string;
  severity: string;
  message: string;
  fix: string;
}
const issuesOf = async (sku: string, filter = '') => {
  const answer = await seller.get(`/api/compliance/issues?pageSize=200${filter}`);
  expect(answer.status, t.logs.slice(-3).join('\n')).toBe(200);
  return (answer.body.items as Issue[]).filter((i) => i.sku === sku);
};
const setTitle = async (title: string) => {
  const edit = await seller.post('/api/listings/bulk-edit', {
    selection: { productIds: [target.id] },
    title: { value: title },
  });
  expect(edit.status, JSON.stringify(edit.body)).toBe(201);
};

beforeAll(async () => {
  pictures = await startPictureHost();
  mainImage = `${pictures.url}/main.png`;
  t = await startTestProduct();
  ({ browser: seller, accountId } = await t.signedInSeller());
  ({ browser: neighbour } = await t.signedInSeller());
  amazon = await connectWithSandboxSeller(seller, 'amazon', 4);
  walmart = await connectWithSandboxSeller(seller, 'walmart', 4);
  await vi.waitFor(
    async () =>
      expect(
        (await query(t, sql`select 1 from listings where channel_id = ${walmart.id} and product_id is not null`))
          .length,
      ).toBe(4),
    { timeout: 45_000 },
  );
  await settled(t, accountId);
  // A product whose data follows every rule, so what a test does to it is all its issues say.
  target = (
    await query<{ id: string; sku: string; title: string }>(
      t,
      sql`update products set gtin = '036000291452', images = ${JSON.stringify([mainImage])}::jsonb, title = 'Rugged canvas vest',
        description = 'A vest.', updated_at = now()
      where id = (select id from products where account_id = ${accountId} order by sku limit 1) returning id, sku, title`,
    )
  )[0]!;
}, 150_000);
afterAll(async () => {
  await t?.stop();
  await pictures?.close();
});

describe('compliance issues', () => {
  it('asks to be signed in', async () => {
    expect((await t.browser().get('/api/compliance/issues')).status).toBe(401);
  });

  it('shows a too-long title on each marketplace it is too long for, and clears it once the title is fixed', async () => {
    expect(await issuesOf(target.sku)).toEqual([]);
    await setTitle(`Rugged canvas work vest, ${'a'.repeat(183)}`); // 208 characters: past Amazon's 200 and Walmart's 199
    const found = await issuesOf(target.sku);
    expect(found.map((i) => [i.channelId, i.code, i.severity]).sort()).toEqual(
      [
        [amazon.id, 'title_too_long', 'error'],
        [walmart.id, 'title_too_long', 'error'],
      ].sort(),
    );
    expect(found.find((i) => i.channelId === walmart.id)?.message).toBe(
      'The title has 208 characters; Walmart allows 199.',
    );
    const page = await seller.get('/api/compliance/issues?severity=error');
    expect(
      page.body.counts.bySeverity.find((c: { severity: string }) => c.severity === 'error').count,
    ).toBeGreaterThanOrEqual(2);
    const dashboard = await seller.get('/api/dashboard');
    expect(dashboard.body.alerts).toContainEqual(expect.objectContaining({ kind: 'compliance_errors' }));

    await setTitle('Rugged canvas vest');
    expect(await issuesOf(target.sku)).toEqual([]);
  });

  it('finds a barcode with a wrong check digit, and filters by channel and check', async () => {
    await query(t, sql`update products set gtin = '036000291453', updated_at = now() where id = ${target.id}`);
    const bad = await issuesOf(target.sku, `&channelId=${walmart.id}&code=gtin_invalid`);
    expect(bad).toHaveLength(1);
    expect(bad[0]).toMatchObject({ channelId: walmart.id, code: 'gtin_invalid', severity: 'error' });
    expect(bad[0]!.fix).toBe('Copy the barcode again from the product or its packaging.');
    const csv = await seller.get(`/api/compliance/issues/export?code=gtin_invalid`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(String(csv.body).split('\r\n')[0]).toBe('sku,title,channel,marketplace,severity,field,issue,fix');
    expect(String(csv.body)).toContain(`${target.sku},Rugged canvas vest,`);
    await query(t, sql`update products set gtin = '036000291452', updated_at = now() where id = ${target.id}`);
    expect(await issuesOf(target.sku)).toEqual([]);
  });

  it("checks every listing again against the account's own restricted words", async () => {
    const defaults = await seller.get('/api/compliance/restricted-words');
    expect(defaults.body).toMatchObject({ isDefault: true });
    expect(defaults.body.words).toContain('free shipping');
    const saved = await seller.put('/api/compliance/restricted-words', { text: '  canvas \n\nFree  shipping\n' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ isDefault: false, words: ['canvas', 'Free shipping'] });
    const found = await issuesOf(target.sku, '&code=restricted_word');
    expect(found.map((i) => i.channelId).sort()).toEqual([amazon.id, walmart.id].sort());
    expect(found[0]!.message).toContain('"canvas"');
    // Back to the default list: "canvas" is fine again.
    expect((await seller.put('/api/compliance/restricted-words', { text: null })).body.isDefault).toBe(true);
    expect(await issuesOf(target.sku)).toEqual([]);
  });

  it("the schedule's sweep checks a change no one has read yet", async () => {
    const stored = () =>
      query<{ code: string }>(t, sql`select code from compliance_issues where product_id = ${target.id} order by code`);
    await query(t, sql`update products set images = '[]'::jsonb, updated_at = now() where id = ${target.id}`);
    expect(await stored()).toEqual([]);
    expect(await recheckChangedAccounts(t.product.ctx)).toBeGreaterThanOrEqual(1);
    expect(await stored()).toEqual([{ code: 'images_missing' }, { code: 'images_missing' }]);
    await query(
      t,
      sql`update products set images = ${JSON.stringify([mainImage])}::jsonb, updated_at = now() where id = ${target.id}`,
    );
    await recheckChangedAccounts(t.product.ctx);
    expect(await stored()).toEqual([]);
  });

  it('finds a change that committed long after its stamp, once a check ran in between', async () => {
    const stored = () =>
      query<{ code: string }>(t, sql`select code from compliance_issues where product_id = ${target.id} order by code`);
    expect(await stored()).toEqual([]);
    // A check runs and marks its time; then a change stamped 30 s before commits (a long transaction on a busy machine).
    await recheckChangedAccounts(t.product.ctx);
    await query(
      t,
      sql`update products set images = '[]'::jsonb, updated_at = now() - interval '30 seconds' where id = ${target.id}`,
    );
    expect(await recheckChangedAccounts(t.product.ctx)).toBeGreaterThanOrEqual(1);
    expect(await stored()).toEqual([{ code: 'images_missing' }, { code: 'images_missing' }]);
    await query(
      t,
      sql`update products set images = ${JSON.stringify([mainImage])}::jsonb, updated_at = now() where id = ${target.id}`,
    );
    await recheckChangedAccounts(t.product.ctx);
    expect(await stored()).toEqual([]);
  });

  it("holds each image to each marketplace's limits once read, and reads an image once", async () => {
    const setImages = (names: string[]) =>
      query(
        t,
        sql`update products set images = ${JSON.stringify(names.map((n) => `${pictures.url}/${n}`))}::jsonb,
          updated_at = now() where id = ${target.id}`,
      );
    const pictureIssues = async () =>
      (await issuesOf(target.sku))
        .filter((i) => i.code.startsWith('image_'))
        .map((i) => [i.channelId === amazon.id ? 'amazon' : 'walmart', i.code, i.severity, i.message])
        .sort();
    await setImages(['moved.png', 'small.jpg', 'picture.webp', 'missing.jpg', 'huge.png']);
    // Read by the job the check asks for; the job checks the product again.
    await vi.waitFor(async () => expect((await pictureIssues()).length).toBe(8), { timeout: 30_000, interval: 200 });
    expect(await pictureIssues()).toEqual(
      [
        ['amazon', 'image_format', 'error', 'Image 3 is WebP; Amazon takes JPEG, PNG, GIF or TIFF.'],
        [
          'amazon',
          'image_too_large',
          'error',
          'Image 5 is 11.0 MB; Amazon takes files up to 10 MB, at most 10,000 pixels on the longest side.',
        ],
        [
          'amazon',
          'image_no_zoom',
          'warning',
          'Image 2 is 480 × 640 pixels; Amazon lets buyers zoom from 1,000 pixels on the longest side.',
        ],
        ['amazon', 'image_unreadable', 'warning', 'Image 4 could not be read: the server answered 404.'],
        ['walmart', 'image_format', 'error', 'Image 3 is WebP; Walmart takes JPEG, PNG or BMP.'],
        ['walmart', 'image_too_large', 'error', 'Image 5 is 11.0 MB; Walmart takes files up to 5 MB.'],
        [
          'walmart',
          'image_no_zoom',
          'warning',
          'Image 2 is 480 × 640 pixels; Walmart lets buyers zoom from 1,500 pixels on the longest side.',
        ],
        ['walmart', 'image_unreadable', 'warning', 'Image 4 could not be read: the server answered 404.'],
      ].sort(),
    );
    const stored = await query<{ url: string; format: string | null; width: number | null; bytes: number | null }>(
      t,
      sql`select url, format, width, bytes::float8 as bytes from image_probes where account_id = ${accountId} and url like ${`${pictures.url}/%`} order by url`,
    );
    expect(stored).toContainEqual({
      url: `${pictures.url}/moved.png`,
      format: 'png',
      width: 1600,
      bytes: fs.statSync(path.join(import.meta.dirname, '../fixtures/images/product-1600x1200.png')).size,
    });
    expect(stored).toContainEqual({
      url: `${pictures.url}/huge.png`,
      format: 'png',
      width: 1600,
      bytes: 11 * 1024 * 1024,
    });

    // Fixed: the picture issues clear, and an image read before is not read again.
    const readsOfMain = pictures.requests.get('/main.png');
    await setImages(['main.png']);
    expect(await pictureIssues()).toEqual([]);
    expect(pictures.requests.get('/main.png')).toBe(readsOfMain);

    // Two days on: an image that could not be read is tried again (its host may have been down), a read one is not.
    await query(
      t,
      sql`update image_probes set probed_at = probed_at - interval '2 days' where account_id = ${accountId}`,
    );
    const readsOfMissing = pictures.requests.get('/missing.jpg')!;
    await setImages(['main.png', 'missing.jpg']);
    await seller.post('/api/compliance/recheck');
    await vi.waitFor(() => expect(pictures.requests.get('/missing.jpg')).toBe(readsOfMissing + 1), {
      timeout: 30_000,
      interval: 100,
    });
    expect(pictures.requests.get('/main.png')).toBe(readsOfMain);
    await setImages(['main.png']);
    expect(await pictureIssues()).toEqual([]);
  });

  it('re-checks on demand', async () => {
    const answer = await seller.post('/api/compliance/recheck');
    expect(answer.status).toBe(200);
    expect(answer.body.checkedProducts).toBe(4);
  });

  it("never shows another account's issues, nor lets it filter by this account's channel", async () => {
    await setTitle('x'.repeat(210));
    expect((await issuesOf(target.sku)).length).toBeGreaterThan(0);
    const theirs = await neighbour.get(`/api/compliance/issues?channelId=${walmart.id}`);
    expect(theirs.status).toBe(200);
    expect(theirs.body.items).toEqual([]);
    expect(theirs.body.total).toBe(0);
    expect(theirs.body.counts.byChannel).toEqual([]);
    expect((await neighbour.get('/api/compliance/issues/export')).body).toBe(
      'sku,title,channel,marketplace,severity,field,issue,fix\r\n',
    );
    await neighbour.put('/api/compliance/restricted-words', { text: 'vest' });
    expect((await seller.get('/api/compliance/restricted-words')).body.isDefault).toBe(true);
    await setTitle('Rugged canvas vest');
  });

  it('refuses bad filters and lists with a message', async () => {
    for (const [path, message] of [
      ['/api/compliance/issues?severity=fatal', /severity/i],
      ['/api/compliance/issues?pageSize=0', /page ?size/i],
      ['/api/compliance/issues?channelId=nope', /channel/i],
      ['/api/compliance/issues?code=made_up', /code/i],
    ] as const) {
      const answer = await seller.get(path);
      expect(answer.status, path).toBe(400);
      expect(answer.body.message).toMatch(message);
    }
    for (const body of [
      { text: ['vest'] },
      { text: `vest\n${'x'.repeat(101)}` },
      { text: 'x'.repeat(60_001) },
      { words: ['vest'] },
      { text: 'vest', extra: 1 },
      {},
    ]) {
      const answer = await seller.put('/api/compliance/restricted-words', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(typeof answer.body.message).toBe('string');
    }
    const many = await seller.put('/api/compliance/restricted-words', {
      text: Array.from({ length: 501 }, (_, i) => `word ${i}`).join('\n'),
    });
    expect(many.body.message).toBe('The list can hold 500 words or phrases; it has 501.');
  });

  it('records a change of the list once, and nothing when the same list is saved again', async () => {
    const audits = async () =>
      (
        await query<{ n: number }>(
          t,
          sql`select count(*)::int as n from audit_log where account_id = ${accountId} and target_type = 'restricted_words'`,
        )
      )[0]!.n;
    const before = await audits();
    await seller.put('/api/compliance/restricted-words', { text: 'replica\nknockoff' });
    await seller.put('/api/compliance/restricted-words', { text: ' replica \n\nknockoff' });
    expect(await audits()).toBe(before + 1);
    await seller.put('/api/compliance/restricted-words', { text: null });
    await seller.put('/api/compliance/restricted-words', { text: null });
    expect(await audits()).toBe(before + 2);
  });
});
