import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../src/config.ts';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Answer, Browser } from '../support/browser.ts';
import { connectWithSandboxSeller } from '../support/channel-flows.ts';
import { query } from '../support/sync-checks.ts';

/**
 * The limits on costly work as shipped (not the harness's generous ones): whole-catalogue bulk
 * edits, imports, exports, publishing and "Sync now" in a row are refused past them, per account
 * and per IP, with Retry-After and a message that says what and for how long.
 */
const limits = loadConfig({}).accountRateLimits;

let t: TestProduct;
let sellers = 0;

/** A seller of a new account with three products, signed in from an address of their own unless given one. */
async function newSeller(ip = `10.9.0.${sellers + 1}`): Promise<{ browser: Browser; accountId: string }> {
  sellers++;
  const { browser, accountId } = await t.signedInSeller({ browser: { ip } });
  await query(
    t,
    sql`insert into products (account_id, sku, title, price, on_hand) values (${accountId}, 'MUG-1', 'Mug', '10.00', 0), (${accountId}, 'MUG-2', 'Mug, large', '12.50', 0), (${accountId}, 'CAP-1', 'Cap', '8.00', 0)`,
  );
  return { browser, accountId };
}

const batches = async (accountId: string) =>
  (
    await query<{ n: number }>(t, sql`select count(*)::int as n from change_batches where account_id = ${accountId}`)
  )[0]!.n;

function expectRefused(answer: Answer, work: string, windowSeconds: number) {
  expect(answer.status).toBe(429);
  const retryAfter = Number(answer.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  const minutes = Math.ceil(retryAfter / 60);
  expect(answer.body).toEqual({
    message: `Too many ${work} in a short time. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  });
}

async function inARow(times: number, send: (i: number) => Promise<Answer>): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let i = 0; i < times; i++) answers.push(await send(i));
  return answers;
}

const wholeCatalogueEdit = { selection: { filter: {} }, price: { mode: 'amount', value: 1 } };

beforeAll(async () => {
  t = await startTestProduct({ trustProxy: true, accountRateLimits: limits });
}, 60_000);
afterAll(() => t?.stop());

describe('limits on costly work', () => {
  it('applies 30 whole-catalogue bulk edits in a row only up to the limit; previews still answer; the next window edits again', async () => {
    const { browser, accountId } = await newSeller();
    const answers = await inARow(30, () => browser.post('/api/listings/bulk-edit', wholeCatalogueEdit));
    const allowed = limits.bulkEdit.perAccount;
    expect(answers.map((a) => a.status)).toEqual([
      ...Array<number>(allowed).fill(201),
      ...Array<number>(30 - allowed).fill(429),
    ]);
    expectRefused(answers.at(-1)!, 'bulk edits', limits.bulkEdit.windowSeconds);
    expect(await batches(accountId)).toBe(allowed);
    // Previews store nothing and have a rule of their own.
    expect((await browser.post('/api/listings/bulk-edit/preview', wholeCatalogueEdit)).status).toBe(200);

    t.advance(limits.bulkEdit.windowSeconds);
    expect((await browser.post('/api/listings/bulk-edit', wholeCatalogueEdit)).status).toBe(201);
  });

  it('applies 30 CSV imports in a row only up to the limit, and still previews a file', async () => {
    const { browser, accountId } = await newSeller();
    const answers = await inARow(30, (i) =>
      browser.post('/api/listings/import', `sku,quantity\r\nMUG-1,${i + 1}\r\n`, { 'content-type': 'text/csv' }),
    );
    const allowed = limits.csvImport.perAccount;
    expect(answers.map((a) => a.status)).toEqual([
      ...Array<number>(allowed).fill(201),
      ...Array<number>(30 - allowed).fill(429),
    ]);
    expectRefused(answers.at(-1)!, 'imports', limits.csvImport.windowSeconds);
    expect(await batches(accountId)).toBe(allowed);
    expect((await browser.post('/api/listings/import/preview', { csv: 'sku,quantity\nMUG-1,99\n' })).status).toBe(200);
  });

  it('counts only requests the contract accepts: malformed ones cost nothing', async () => {
    const { browser, accountId } = await newSeller();
    const malformed = await inARow(20, () =>
      browser.post('/api/listings/bulk-edit', { selection: { filter: {} }, price: { mode: 'double', value: 1 } }),
    );
    expect(new Set(malformed.map((a) => a.status))).toEqual(new Set([400]));
    const answers = await inARow(limits.bulkEdit.perAccount + 1, () =>
      browser.post('/api/listings/bulk-edit', wholeCatalogueEdit),
    );
    expect(answers.slice(0, -1).every((a) => a.status === 201)).toBe(true);
    expectRefused(answers.at(-1)!, 'bulk edits', limits.bulkEdit.windowSeconds);
    expect(await batches(accountId)).toBe(limits.bulkEdit.perAccount);
  });

  it('limits exports, previews, publish checks and publishing, each by its own rule', async () => {
    const unknownChannel = '00000000-0000-4000-8000-000000000000';
    const routes = [
      { work: 'exports', rule: limits.export, send: (b: Browser) => b.get('/api/listings/export') },
      {
        work: 'bulk edit previews',
        rule: limits.bulkEditPreview,
        send: (b: Browser) => b.post('/api/listings/bulk-edit/preview', wholeCatalogueEdit),
      },
      {
        work: 'import previews',
        rule: limits.csvImportPreview,
        send: (b: Browser) => b.post('/api/listings/import/preview', { csv: 'sku,price\nMUG-1,11\n' }),
      },
      {
        work: 'publish checks',
        rule: limits.publishCheck,
        send: (b: Browser) =>
          b.post('/api/listings/publish/check', { channelId: unknownChannel, productIds: [unknownChannel] }),
      },
      {
        work: 'publish requests',
        rule: limits.publish,
        send: (b: Browser) =>
          b.post('/api/listings/publish', { channelId: unknownChannel, productIds: [unknownChannel] }),
      },
    ];
    for (const { work, rule, send } of routes) {
      const { browser } = await newSeller();
      const answers = await inARow(rule.perAccount + 1, () => send(browser));
      expect(
        answers.slice(0, -1).some((a) => a.status === 429),
        work,
      ).toBe(false);
      expectRefused(answers.at(-1)!, work, rule.windowSeconds);
    }
  });

  it('limits "Sync now"', async () => {
    const { browser } = await newSeller();
    const channel = await connectWithSandboxSeller(browser, 'walmart', 3);
    const answers = await inARow(limits.syncNow.perAccount + 1, () => browser.post(`/api/channels/${channel.id}/sync`));
    expect(answers.slice(0, -1).every((a) => a.status === 202)).toBe(true);
    expectRefused(answers.at(-1)!, 'syncs', limits.syncNow.windowSeconds);
  });

  it('counts per account and per IP: an account at its limit leaves its colleagues alone, until their shared address has had its share', async () => {
    const officeIp = '10.9.9.9';
    const exportAs = (browser: Browser) => browser.get('/api/listings/export');
    const { perAccount, perIp, windowSeconds } = limits.export;
    let fromOffice = 0;
    while (fromOffice < perIp) {
      const colleague = (await newSeller(officeIp)).browser;
      const answers = await inARow(Math.min(perAccount, perIp - fromOffice), () => exportAs(colleague));
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
      fromOffice += answers.length;
      if (answers.length === perAccount) expectRefused(await exportAs(colleague), 'exports', windowSeconds);
    }
    const newcomer = (await newSeller(officeIp)).browser;
    expectRefused(await exportAs(newcomer), 'exports', windowSeconds);
    // The same account from another address is not behind the office's.
    const elsewhere = t.browser({ ip: '10.9.8.1' });
    elsewhere.cookies.set('hub.sid', newcomer.sessionId!);
    expect((await exportAs(elsewhere)).status).toBe(200);
  });
});
