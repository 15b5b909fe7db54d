import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runEntry, type Child } from './support/child-process.ts';
import { openPglite } from '../src/db/client.ts';
import { sql } from 'drizzle-orm';

/** The embedded default as a newcomer runs it: PGlite in DATA_DIR, one process. */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hub-embedded-'));
const env = { DATABASE_URL: '', DATA_DIR: dataDir, PORT: '0', SMTP_URL: '' };
const children: Child[] = [];
afterAll(async () => {
  for (const c of children) c.process.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the embedded default', () => {
  it('starts on PGlite with migrations applied, and refuses a second process on the same data', async () => {
    const first = runEntry('api/src/main.ts', [], env);
    children.push(first);
    await first.waitFor(/Marketplace Hub is running/, 60_000);
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(true);
    const key = fs.statSync(path.join(dataDir, 'app-secret.key'));
    expect(key.mode & 0o077).toBe(0);

    const second = runEntry('api/src/main.ts', [], env);
    children.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/The data directory .* is in use by another process/);

    const cli = runEntry('api/src/cli/user.ts', ['set-role', 'x@example.com', 'admin'], env);
    expect(await cli.exited).toBe(1);
    expect(cli.output()).toMatch(/Stop the running app/);

    first.process.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
  }, 120_000);

  it('refuses separate web and worker processes without PostgreSQL', async () => {
    const web = runEntry('api/src/main.ts', ['--role=web'], env);
    children.push(web);
    expect(await web.exited).not.toBe(0);
    expect(web.output()).toMatch(/need PostgreSQL: set DATABASE_URL/);
  }, 60_000);

  it('npm run user -- set-role makes the first administrator, audited', async () => {
    // A user made through the product's own data layer, then promoted by the command.
    const handle = await openPglite({ dataDir });
    await handle.migrate();
    await handle.db.execute(
      sql`insert into accounts (id, name) values ('11111111-1111-4111-8111-111111111111', 'Ops')`,
    );
    await handle.db.execute(
      sql`insert into users (account_id, email) values ('11111111-1111-4111-8111-111111111111', 'ops@example.com')`,
    );
    await handle.close();

    const bad = runEntry('api/src/cli/user.ts', ['set-role', 'ops@example.com', 'owner'], env);
    expect(await bad.exited).toBe(2);
    expect(bad.output()).toMatch(/Unknown role "owner"/);
    const missing = runEntry('api/src/cli/user.ts', ['set-role', 'nobody@example.com', 'admin'], env);
    expect(await missing.exited).toBe(1);
    expect(missing.output()).toMatch(/No user with the email nobody@example.com/);

    const cli = runEntry('api/src/cli/user.ts', ['set-role', 'ops@example.com', 'super_user'], env);
    expect(await cli.exited).toBe(0);
    expect(cli.output()).toMatch(/ops@example.com is now super_user \(was client\)/);

    const check = await openPglite({ dataDir });
    const rows = (await check.db.execute(
      sql`select u.role, a.action, a.before, a.after from users u join audit_log a on a.target_id = u.id::text where u.email = 'ops@example.com'`,
    )) as unknown as {
      rows: Array<{ role: string; action: string; before: unknown; after: unknown }>;
    };
    await check.close();
    expect(rows.rows).toEqual([
      { role: 'super_user', action: 'user.role_changed', before: { role: 'client' }, after: { role: 'super_user' } },
    ]);
  }, 120_000);
});
