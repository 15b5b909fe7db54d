import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type SignedInUser, type TestProduct } from '../support/test-product.ts';
import { parseCsv } from '../../src/modules/csv/csv-parse.ts';
import { AUDIT_CSV_HEADER, BAD_CURSOR } from '../../src/modules/audit/audit-reading.ts';

let t: TestProduct;
let admin: SignedInUser;
let owner: SignedInUser;
let other: SignedInUser;

const execute = (query: ReturnType<typeof sql>) => t.database.handle.db.execute(query);

interface Entry {
  id: string;
  occurredAt: string;
  action: string;
  accountId: string | null;
  actor: { id: string; name: string | null; email: string | null } | null;
  impersonator: { id: string; name: string | null; email: string | null } | null;
  targetType: string | null;
  targetId: string | null;
  ip: string | null;
  userAgent: string | null;
  before: unknown;
  after: unknown;
  details: unknown;
}
interface Page {
  items: Entry[];
  nextCursor: string | null;
}

/** Every page of a listing, following the cursors, with the limit given. */
async function allPages(browser: SignedInUser['browser'], path: string, limit: number): Promise<Entry[][]> {
  const pages: Entry[][] = [];
  let cursor: string | null = null;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const answer: { status: number; body: Page } = await browser.get<Page>(
      `${path}${separator}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    pages.push(answer.body.items);
    cursor = answer.body.nextCursor;
  } while (cursor !== null && pages.length < 100);
  return pages;
}

/** A date range as a query string (the colons encoded, as a browser's URLSearchParams does). */
const dates = (from: string, to?: string) => new URLSearchParams({ from, ...(to ? { to } : {}) }).toString();

/** The database's own error, under the query builder's wrapping. */
async function refusal(query: Promise<unknown>): Promise<string> {
  try {
    await query;
  } catch (error) {
    const e = error as Error & { cause?: Error };
    return `${e.message} ${e.cause?.message ?? ''}`;
  }
  return 'no error';
}

const newestFirst = (entries: Entry[]) =>
  entries.every((e, i) => {
    if (i === 0) return true;
    const previous = entries[i - 1]!;
    const [a, b] = [Date.parse(previous.occurredAt), Date.parse(e.occurredAt)];
    return a > b || (a === b && Number(previous.id) > Number(e.id));
  });

beforeAll(async () => {
  t = await startTestProduct();
  admin = await t.signedInUser({ role: 'admin', firstName: 'Ada', lastName: 'Admin' });
  owner = await t.signedInSeller({ firstName: 'Olga', lastName: 'Owner' });
  other = await t.signedInSeller({ firstName: 'Otto', lastName: 'Other' });
  // A failed sign-in on the owner's email counts against the owner's account.
  expect((await t.browser().post('/api/auth/login', { email: owner.email, password: 'not it' })).status).toBe(401);
  // 130 bulk edits by the owner, five of them in the same microsecond (the id breaks the tie), and one
  // whose target looks like a spreadsheet formula.
  await execute(sql`
    insert into audit_log (occurred_at, action, actor_user_id, account_id, target_type, target_id, ip, user_agent, before, after)
    select timestamptz '2026-01-01T00:00:00Z' + make_interval(mins => least(g, 126)), 'listings.bulk_edited',
      ${owner.userId}::uuid, ${owner.accountId}::uuid, 'change_batch', 'batch-' || g, '203.0.113.7', 'test agent',
      jsonb_build_object('price', g), jsonb_build_object('price', g + 1)
    from generate_series(1, 130) g`);
  await execute(sql`
    insert into audit_log (occurred_at, action, actor_user_id, account_id, target_type, target_id, ip, after)
    values (timestamptz '2026-02-01T00:00:00Z', 'pricing.rule_run', ${owner.userId}::uuid, ${owner.accountId}::uuid,
      'pricing_rule', '=HYPERLINK("http://evil")', '203.0.113.8', '{"note": "+1 cmd"}'::jsonb)`);
  await execute(sql`
    insert into audit_log (occurred_at, action, actor_user_id, account_id, target_type, target_id)
    values (timestamptz '2026-01-15T00:00:00Z', 'listings.bulk_edited', ${other.userId}::uuid, ${other.accountId}::uuid,
      'change_batch', 'other-batch')`);
});
afterAll(() => t?.stop());

describe('Audit Logs: who reads what', () => {
  it('an owner reads only their own account’s entries, sign-ins and failures included', async () => {
    const entries = (await allPages(owner.browser, '/api/audit-logs', 200)).flat();
    expect(entries.length).toBeGreaterThan(130);
    expect(entries.every((e) => e.accountId === owner.accountId)).toBe(true);
    expect(entries.some((e) => e.targetId === 'other-batch')).toBe(false);
    const failed = entries.find((e) => e.action === 'auth.sign_in_failed');
    expect(failed).toMatchObject({ actor: null, targetId: owner.userId, details: { reason: 'wrong_password' } });
    expect(entries.find((e) => e.action === 'auth.sign_in')).toMatchObject({
      actor: { id: owner.userId, name: 'Olga Owner', email: owner.email },
      impersonator: null,
    });
  });

  it('the other account sees none of the owner’s entries, even asking for them by filter or search', async () => {
    for (const query of [
      `actor=${encodeURIComponent(owner.email)}`,
      'targetType=change_batch&targetId=batch-1',
      'q=203.0.113',
      `q=${encodeURIComponent(owner.email)}`,
    ]) {
      const answer = await other.browser.get<Page>(`/api/audit-logs?${query}`);
      expect(answer.status).toBe(200);
      expect(
        answer.body.items.filter((e) => e.accountId !== other.accountId),
        query,
      ).toEqual([]);
    }
    const csv = await other.browser.get<string>('/api/audit-logs/export');
    expect(csv.status).toBe(200);
    expect(csv.body).not.toContain('batch-1');
    expect(csv.body).toContain('other-batch');
  });

  it('only platform staff read every account’s entries; signed out, nothing', async () => {
    expect((await owner.browser.get('/api/admin/audit-logs')).status).toBe(403);
    expect((await owner.browser.get('/api/admin/audit-logs/export')).status).toBe(403);
    expect((await t.browser().get('/api/audit-logs')).status).toBe(401);
    expect((await t.browser().get('/api/admin/audit-logs')).status).toBe(401);
    const staff = (await allPages(admin.browser, '/api/admin/audit-logs?action=listings.bulk_edited', 200)).flat();
    expect(new Set(staff.map((e) => e.accountId))).toEqual(new Set([owner.accountId, other.accountId]));
    const one = await admin.browser.get<Page>(`/api/admin/audit-logs?accountId=${other.accountId}&limit=200`);
    expect(one.body.items.length).toBeGreaterThan(0);
    expect(one.body.items.every((e) => e.accountId === other.accountId)).toBe(true);
  });

  it('an administrator viewing as the owner is named on what they do, and reads the owner’s log only', async () => {
    expect((await admin.browser.post(`/api/admin/impersonate/${owner.userId}`)).status).toBe(200);
    // While viewing as the owner the staff view is closed; the account's own log is the owner's.
    expect((await admin.browser.get('/api/admin/audit-logs')).status).toBe(403);
    const asOwner = await admin.browser.get<Page>('/api/audit-logs?action=impersonation.started');
    expect(asOwner.body.items.every((e) => e.accountId === owner.accountId)).toBe(true);
    expect((await admin.browser.post('/api/admin/exit-impersonation')).status).toBe(200);

    const seen = await owner.browser.get<Page>('/api/audit-logs?action=impersonation.ended');
    expect(seen.body.items).toHaveLength(1);
    expect(seen.body.items[0]).toMatchObject({
      action: 'impersonation.ended',
      targetId: owner.userId,
      impersonator: { id: admin.userId, name: 'Ada Admin', email: admin.email },
    });
    // The administrator's IP and browser are staff's to see, not the seller's: blank in the account's log and CSV.
    expect(seen.body.items[0]).toMatchObject({ ip: null, userAgent: null });
    const staff = await admin.browser.get<Page>(`/api/admin/audit-logs?action=impersonation.ended`);
    expect(staff.body.items[0]).toMatchObject({
      targetId: owner.userId,
      ip: expect.any(String),
      userAgent: expect.any(String),
    });
    const csvOf = async (browser: SignedInUser['browser'], path: string) => {
      const answer = await browser.get<string>(path);
      expect(answer.status).toBe(200);
      const [header, ...rows] = parseCsv(answer.body).map((r) => r.fields);
      const [ip, userAgent] = [header!.indexOf('ip'), header!.indexOf('user agent')];
      return rows.map((r) => [r[ip], r[userAgent]]);
    };
    expect(await csvOf(owner.browser, '/api/audit-logs/export?action=impersonation.ended')).toEqual([['', '']]);
    expect(await csvOf(admin.browser, `/api/admin/audit-logs/export?action=impersonation.ended`)).toEqual([
      [staff.body.items[0]!.ip, staff.body.items[0]!.userAgent],
    ]);
    // Nor does searching for the administrator's IP find what they did.
    const searched = await owner.browser.get<Page>(`/api/audit-logs?q=${encodeURIComponent(staff.body.items[0]!.ip!)}`);
    expect(searched.body.items.filter((e) => e.impersonator !== null)).toEqual([]);
  });
});

describe('Audit Logs: paging and filters', () => {
  it('pages by cursor newest first, every entry once, ties broken by id, the last page without a cursor', async () => {
    const pages = await allPages(owner.browser, '/api/audit-logs?action=listings.bulk_edited', 25);
    expect(pages.map((p) => p.length)).toEqual([25, 25, 25, 25, 25, 5]);
    const entries = pages.flat();
    expect(new Set(entries.map((e) => e.id)).size).toBe(130);
    expect(newestFirst(entries)).toBe(true);
    expect(entries[0]).toMatchObject({ before: { price: 130 }, after: { price: 131 }, targetType: 'change_batch' });
  });

  it('refuses a cursor it did not write', async () => {
    for (const cursor of ['nonsense', Buffer.from('2026-01-01|1').toString('base64url'), 'x'.repeat(300)]) {
      const answer = await owner.browser.get(`/api/audit-logs?cursor=${cursor}`);
      expect(answer.status).toBe(400);
      expect(typeof answer.body.message).toBe('string');
    }
    const answer = await owner.browser.get('/api/audit-logs?cursor=bm9uc2Vuc2U');
    expect(answer.body.message).toBe(BAD_CURSOR);
  });

  it('filters by actor, action, target, date range and search, alone and together', async () => {
    const list = async (query: string) => {
      const answer = await owner.browser.get<Page>(`/api/audit-logs?limit=200&${query}`);
      expect(answer.status, query).toBe(200);
      return answer.body.items;
    };
    const byActor = await list(`actor=${encodeURIComponent(owner.email.toUpperCase())}`);
    expect(byActor.length).toBeGreaterThan(130);
    expect(byActor.every((e) => e.actor?.id === owner.userId)).toBe(true);
    expect(await list('actor=nobody%40example.com')).toEqual([]);

    const runs = await list('action=pricing.rule_run');
    expect(runs.map((e) => e.targetId)).toEqual(['=HYPERLINK("http://evil")']);

    expect((await list('targetType=change_batch&targetId=batch-7')).map((e) => e.after)).toEqual([{ price: 8 }]);

    // Minutes 10 to 19 of the first of January: batches 10 to 19.
    const range = await list(dates('2026-01-01T00:10:00Z', '2026-01-01T00:20:00Z'));
    expect(range.map((e) => e.targetId).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `batch-${i + 10}`).sort());
    const badRange = await owner.browser.get(
      `/api/audit-logs?${dates('2026-02-01T00:00:00Z', '2026-01-01T00:00:00Z')}`,
    );
    expect(badRange.status).toBe(400);
    expect((await owner.browser.get('/api/audit-logs?from=yesterday')).status).toBe(400);
    expect((await owner.browser.get('/api/audit-logs?action=made.up')).status).toBe(400);

    expect((await list('q=203.0.113.8')).map((e) => e.action)).toEqual(['pricing.rule_run']);
    expect((await list('q=BATCH-12')).map((e) => e.targetId).sort()).toEqual(
      [
        'batch-12',
        'batch-120',
        'batch-121',
        'batch-122',
        'batch-123',
        'batch-124',
        'batch-125',
        'batch-126',
        'batch-127',
        'batch-128',
        'batch-129',
      ].sort(),
    );
    // Search reads names and emails too; % and _ are letters, not wildcards.
    expect((await list('q=olga%20owner')).length).toBeGreaterThan(130);
    expect(await list('q=%25')).toEqual([]);
    expect(
      (await list(`action=listings.bulk_edited&${dates('2026-01-01T02:00:00Z')}&q=batch-12`))
        .map((e) => e.targetId)
        .sort(),
    ).toEqual(
      [
        'batch-120',
        'batch-121',
        'batch-122',
        'batch-123',
        'batch-124',
        'batch-125',
        'batch-126',
        'batch-127',
        'batch-128',
        'batch-129',
      ].sort(),
    );
  });
});

describe('Audit Logs: CSV export', () => {
  it('exports the filtered entries, newest first, with formula-like cells kept as text', async () => {
    const answer = await owner.browser.get<string>('/api/audit-logs/export?q=203.0.113');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(answer.headers.get('content-disposition')).toContain('audit-log.csv');
    const [header, ...rows] = parseCsv(answer.body).map((r) => r.fields);
    expect(header).toEqual(AUDIT_CSV_HEADER);
    expect(rows).toHaveLength(131);
    expect(rows[0]!.slice(0, 4)).toEqual(['2026-02-01T00:00:00.000Z', 'pricing.rule_run', 'Olga Owner', owner.email]);
    expect(rows[0]![8]).toBe(`'=HYPERLINK("http://evil")`);
    expect(JSON.parse(rows[0]![10]!)).toEqual({ note: '+1 cmd' });
    expect(rows[1]!.slice(7, 11)).toEqual(['change_batch', 'batch-130', '{"price":130}', '{"price":131}']);
  });

  it('staff export every account’s entries under their filters', async () => {
    const answer = await admin.browser.get<string>('/api/admin/audit-logs/export?action=listings.bulk_edited');
    const rows = parseCsv(answer.body).slice(1);
    expect(rows).toHaveLength(131);
    expect(rows.some((r) => r.fields[8] === 'other-batch')).toBe(true);
  });
});

describe('Audit Logs: append-only', () => {
  const count = async (where: ReturnType<typeof sql>) =>
    (
      (await execute(sql`select count(*)::int as n from audit_log where ${where}`)) as unknown as {
        rows: [{ n: number }];
      }
    ).rows[0].n;

  it('the database refuses to change or remove an entry, whoever asks', async () => {
    const total = await count(sql`true`);
    expect(
      await refusal(execute(sql`update audit_log set action = 'auth.sign_in' where target_id = 'batch-1'`)),
    ).toMatch(/audit_log is append-only/);
    expect(await refusal(execute(sql`delete from audit_log where target_id = 'batch-1'`))).toMatch(
      /audit_log is append-only/,
    );
    expect(await refusal(execute(sql`truncate audit_log`))).toMatch(/audit_log is append-only/);
    expect(await count(sql`target_id = 'batch-1' and action = 'listings.bulk_edited'`)).toBe(1);
    expect(await count(sql`true`)).toBeGreaterThanOrEqual(total);
  });
});
