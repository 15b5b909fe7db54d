import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { vacuumTables } from '../api/src/db/queries/upkeep.ts';
import { createAccountWithOwner, setRole } from '../api/src/db/queries/users.ts';
import { hashPassword } from '../api/src/modules/auth/passwords.ts';
import { Browser } from '../api/test/support/browser.ts';
import { runEntry } from '../api/test/support/child-process.ts';
import { QUICK, machine, ms, seconds, type DatabaseKind } from './sync/harness.ts';
import type { ScenarioTimes } from './page-load-clients.ts';
import { runOnEachDatabase, startBenchProduct, type BenchProduct } from './bench-product.ts';

/**
 * Audit Logs: the list (GET /api/audit-logs for an owner, GET /api/admin/audit-logs for staff) at
 * 1,000,000 entries over a year, a tenth of them the benchmark account's, over HTTP with signed-in
 * sessions, on each database: the newest page, each filter, a page deep in the log by cursor. One client
 * alone, then 20 at once. Target (issue 27): p99 under 100 ms.
 */
const ENTRIES = QUICK ? 200_000 : 1_000_000;
const CLIENTS = 20;
const SCENARIO_MS = QUICK ? 2_000 : 5_000;
const TARGET_P99_MS = 100;
const OTHER_ACCOUNTS = 999;
const BATCH = 100_000;

const actions = [
  'auth.sign_in',
  'listings.bulk_edited',
  'pricing.rule_run',
  'orders.shipped',
  'channel.rules_changed',
  'sync.requested',
  'settings.changed',
  'auth.sign_in_failed',
];

/** The log seeded in SQL, a batch at a time: every tenth entry the benchmark account's, the rest spread over 999 others. */
async function seedAuditLog(bench: BenchProduct, ownerId: string): Promise<void> {
  const { db, accountId } = bench;
  const others = Array.from({ length: OTHER_ACCOUNTS }, () => crypto.randomUUID());
  const actionList = `{${actions.join(',')}}`;
  const otherList = `{${others.join(',')}}`;
  for (let start = 1; start <= ENTRIES; start += BATCH) {
    const end = Math.min(ENTRIES, start + BATCH - 1);
    await db.execute(sql`
      insert into audit_log (occurred_at, action, actor_user_id, account_id, target_type, target_id, ip, user_agent, before, after)
      select now() - make_interval(secs => g * (365.0 * 86400 / ${ENTRIES})),
        (${actionList}::text[])[1 + g % ${actions.length}],
        case when g % 10 = 0 then ${ownerId}::uuid else null end,
        case when g % 10 = 0 then ${accountId}::uuid else (${otherList}::uuid[])[1 + g % ${OTHER_ACCOUNTS}] end,
        'change_batch', 'batch-' || g, '203.0.113.' || (g % 250), 'Mozilla/5.0 (bench)',
        jsonb_build_object('price', (g % 5000) / 100.0), jsonb_build_object('price', (g % 5000) / 100.0 + 1)
      from generate_series(${start}::int, ${end}::int) g`);
  }
}

/** A cursor as the API writes it, at the n-th newest entry under the condition (a page deep in the log). */
async function cursorAt(bench: BenchProduct, where: ReturnType<typeof sql>, n: number): Promise<string> {
  const result = (await bench.db.execute(sql`
    select to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id from audit_log
    where ${where} order by occurred_at desc, id desc offset ${n} limit 1`)) as unknown as {
    rows: Array<{ at: string; id: string | number }>;
  };
  const row = result.rows[0]!;
  return Buffer.from(`${row.at}|${row.id}`, 'utf8').toString('base64url');
}

async function signedInClients(url: string, email: string, password: string): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const client = new Browser(url, url);
    await client.signIn(email, password);
    cookies.push([...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
  }
  return cookies;
}

async function measure(
  url: string,
  path: string,
  cookies: string[],
  scenarios: Array<{ name: string; query: string }>,
) {
  const loadProcess = runEntry('bench/page-load-clients.ts', [], {
    BENCH_PAGE_LOAD: JSON.stringify({
      url,
      path,
      cookies,
      scenarios,
      aloneMs: SCENARIO_MS / 4,
      togetherMs: SCENARIO_MS,
      warmUpMs: SCENARIO_MS,
    }),
  });
  const timesLine = await loadProcess.waitFor(/RESULT .*/, scenarios.length * SCENARIO_MS * 20 + 120_000);
  return JSON.parse(timesLine.slice('RESULT '.length)) as ScenarioTimes[];
}

export async function auditBenchmark(dbKind: DatabaseKind): Promise<{ lines: string[]; worstP99: number }> {
  const lines: string[] = [];
  const bench = await startBenchProduct(dbKind);
  const { url, db, email, password } = bench;
  try {
    const owner = (await db.execute(sql`select id from users where email = ${email}`)) as unknown as {
      rows: Array<{ id: string }>;
    };
    const ownerId = owner.rows[0]!.id;
    const staffEmail = `staff-${crypto.randomBytes(4).toString('hex')}@example.com`;
    const staff = await createAccountWithOwner(db, {
      accountName: 'Platform staff',
      trialEndsAt: new Date(Date.now() + 7 * 86400_000),
      email: staffEmail,
      passwordHash: await hashPassword(password),
      firstName: 'Bench',
      lastName: 'Staff',
      emailVerifiedAt: new Date(),
    });
    await setRole(db, staff!.userId, 'super_user', new Date());

    const seeding = Date.now();
    await seedAuditLog(bench, ownerId);
    lines.push(
      `seeded ${ENTRIES.toLocaleString('en')} audit entries in ${seconds(Date.now() - seeding)} (not measured)`,
    );
    await vacuumTables(db);
    if (dbKind === 'postgres') await db.execute(sql`checkpoint`).catch(() => undefined);

    const week = new URLSearchParams({
      from: new Date(Date.now() - 7 * 86_400_000).toISOString(),
      to: new Date().toISOString(),
    }).toString();
    const ownerCursor = await cursorAt(bench, sql`account_id = ${bench.accountId}`, Math.floor(ENTRIES / 20));
    const staffCursor = await cursorAt(bench, sql`true`, Math.floor(ENTRIES / 2));
    const accountScenarios = [
      { name: 'owner: newest page', query: '' },
      { name: 'owner: one action', query: '&action=pricing.rule_run' },
      { name: 'owner: by actor email', query: `&actor=${encodeURIComponent(email)}` },
      { name: 'owner: last 7 days', query: `&${week}` },
      { name: 'owner: deep page (cursor)', query: `&cursor=${ownerCursor}` },
      { name: 'owner: search (common)', query: '&q=203.0.113.1' },
    ];
    const staffScenarios = [
      { name: 'staff: newest page', query: '' },
      { name: 'staff: one account', query: `&accountId=${bench.accountId}` },
      { name: 'staff: one action', query: '&action=settings.changed' },
      { name: 'staff: one target', query: `&targetType=change_batch&targetId=batch-${Math.floor(ENTRIES / 3)}` },
      { name: 'staff: last 7 days', query: `&${week}` },
      { name: 'staff: deep page (cursor)', query: `&cursor=${staffCursor}` },
    ];
    const cpuBefore = process.cpuUsage();
    const times = [
      ...(await measure(
        url,
        '/api/audit-logs?limit=50',
        await signedInClients(url, email, password),
        accountScenarios,
      )),
      ...(await measure(
        url,
        '/api/admin/audit-logs?limit=50',
        await signedInClients(url, staffEmail, password),
        staffScenarios,
      )),
    ];
    const cpu = process.cpuUsage(cpuBefore);
    let worstP99 = 0;
    lines.push(
      `${'scenario'.padEnd(30)} ${'1 client p50'.padStart(13)} ${'requests'.padStart(9)} ${'p50'.padStart(8)} ${'p99'.padStart(8)}`,
    );
    for (const result of times) {
      worstP99 = Math.max(worstP99, result.p99);
      lines.push(
        `${result.name.padEnd(30)} ${ms(result.aloneP50).padStart(13)} ${String(result.requests).padStart(9)} ${ms(result.p50).padStart(8)} ${ms(result.p99).padStart(8)}${result.errors ? `  (${result.errors} errors)` : ''}`,
      );
    }
    const requests = times.reduce((sum, t) => sum + t.requests, 0);
    lines.push(
      `CPU of the product's process (its threads${dbKind === 'pglite' ? ', PGlite included' : '; not the PostgreSQL server'}) per request: ${ms((cpu.user + cpu.system) / 1000 / requests)} over ${requests.toLocaleString('en')} requests`,
    );
    return { lines, worstP99 };
  } finally {
    await bench.stop();
  }
}

export async function runAuditBenchmark(): Promise<void> {
  console.log(
    `\nAudit log benchmark${QUICK ? ' (BENCH_QUICK: 200,000 entries, 2 s per scenario)' : ''}: ${ENTRIES.toLocaleString('en')} entries, ${CLIENTS} concurrent clients; ${machine()}`,
  );
  await runOnEachDatabase('audit', TARGET_P99_MS, auditBenchmark);
}
