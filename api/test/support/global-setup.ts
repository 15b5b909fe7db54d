import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../../src/db/client.ts';
import { startJobQueue } from '../../src/workers/job-queue.ts';

export const TEMPLATE_DATABASE = 'hub_test_template';

/**
 * Builds one migrated database (with pg-boss's schema) that every test file copies:
 * a PostgreSQL template database, or a PGlite data-directory dump.
 */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    // One template per project: the API and browser projects set up at the same time.
    const template = `${TEMPLATE_DATABASE}_${project.name.replace(/\W/g, '_')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${template} with (force)`);
    await admin.query(`create database ${template}`);
    await admin.end();
    const url = new URL(databaseUrl);
    url.pathname = `/${template}`;
    const handle = await openPostgres(url.toString(), { max: 2 });
    await handle.migrate();
    const jobs = await startJobQueue(handle);
    await jobs.stop({ graceful: false, wait: true } as never);
    await handle.close();
    project.provide('databaseTemplate', { kind: 'postgres', databaseUrl, template });
  } else {
    const handle = await openPglite({ memory: true });
    await handle.migrate();
    const jobs = await startJobQueue(handle);
    await jobs.stop({ graceful: false, wait: true } as never);
    if (handle.kind !== 'pglite') throw new Error('PGlite expected');
    const dump = await handle.pglite.dumpDataDir();
    await handle.close();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hub-test-')), 'template.tar');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('databaseTemplate', { kind: 'pglite', file });
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: { kind: 'postgres'; databaseUrl: string; template: string } | { kind: 'pglite'; file: string };
  }
}
