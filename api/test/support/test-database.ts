import fs from 'node:fs';
import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type DatabaseHandle } from '../../src/db/client.ts';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** The PostgreSQL URL of this database (undefined on PGlite). */
  url: string | undefined;
  drop(): Promise<void>;
}

/** A fresh, migrated database for one test file: copied from the template built in global setup. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const template = inject('databaseTemplate');
  if (template.kind === 'pglite') {
    const handle = await openPglite({ memory: true, loadDataDir: fs.readFileSync(template.file) });
    return { handle, url: undefined, drop: () => handle.close() };
  }
  const name = `hub_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template.template}`);
  await admin.end();
  const url = new URL(template.databaseUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), { max: 5 });
  return {
    handle,
    url: url.toString(),
    drop: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: template.databaseUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
