import crypto from 'node:crypto';
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig, type Config } from '../../src/config.ts';
import { startProduct, type RunningProduct } from '../../src/server.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { MailCatcher } from './mail-catcher.ts';
import { limitsOutOfTheWay } from './limits.ts';
import { Browser } from './browser.ts';
import { hashPassword } from '../../src/modules/auth/passwords.ts';
import { createAccountWithOwner } from '../../src/db/queries/users.ts';
import type { Role } from '../../src/db/schema/index.ts';
import { setRole } from '../../src/db/queries/users.ts';
import { scheduledQueues } from '../../src/workers/queues.ts';
import { freePort } from './free-port.ts';

const withoutSandbox = <T extends { sandbox?: unknown }>({ sandbox: _sandbox, ...rest }: T) => rest;

export interface NewUser {
  email: string;
  password: string;
  role?: Role;
  firstName?: string;
  lastName?: string;
  companyName?: string;
  verified?: boolean;
}

/** A user made in the database: its ids, and the email and password it signs in with. */
export interface CreatedUser {
  userId: string;
  accountId: string;
  email: string;
  password: string;
}

/** A user made in the database and signed in, with the browser holding its session. */
export interface SignedInUser extends CreatedUser {
  browser: Browser;
}

type BrowserOptions = { origin?: string | null; ip?: string };

/** Emails unique within a test file's process (a test may make many users, on one database or several). */
let usersMade = 0;
const uniqueEmail = () => `user-${++usersMade}-${crypto.randomUUID().slice(0, 8)}@example.com`;

export interface TestProduct {
  url: string;
  config: Config;
  product: RunningProduct;
  database: TestDatabase;
  mail: MailCatcher;
  logs: string[];
  /** Moves the product's clock forward. */
  advance(seconds: number): void;
  browser(options?: BrowserOptions): Browser;
  /**
   * A verified user (a seller unless a role is given) made directly in the database, for tests that are
   * not about registration; a unique email and a password unless given.
   */
  createUser(input?: Partial<NewUser>): Promise<CreatedUser>;
  /**
   * A user made as by `createUser` and signed in from a browser of its own (`browser` options for it):
   * the start of a test that is not about registration or signing in.
   */
  signedInUser(input?: Partial<NewUser> & { browser?: BrowserOptions }): Promise<SignedInUser>;
  /** A seller (the client role) signed in, as by `signedInUser`. */
  signedInSeller(input?: Omit<Partial<NewUser>, 'role'> & { browser?: BrowserOptions }): Promise<SignedInUser>;
  /** Row counts of every table of ours and of pg-boss's jobs. */
  rowCounts(): Promise<Record<string, number>>;
  stop(): Promise<void>;
}

/**
 * The real product on a fresh database, with a real SMTP server catching its mail. Its sandboxes'
 * control API is open (SANDBOX_CONTROL=open), as the tests drive it; `sandbox` overrides field by field.
 */
export async function startTestProduct(
  overrides: Omit<Partial<Config>, 'sandbox'> & { sandbox?: Partial<Config['sandbox']> } = {},
): Promise<TestProduct> {
  const database = await createTestDatabase();
  const mail = new MailCatcher();
  const smtpUrl = await mail.start();
  const port = await freePort();
  const url = `http://localhost:${port}`;
  let offsetMs = 0;
  const logs: string[] = [];
  const config = loadConfig(
    { NODE_ENV: 'test' },
    {
      port,
      appUrl: url,
      allowedOrigins: [url],
      dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'hub-data-')),
      databaseUrl: database.url,
      smtpUrl,
      sessionSecret: 'test-session-secret',
      staticDir: undefined,
      validateResponses: true,
      sandbox: { enabled: true, profile: 'fast', baseUrl: `${url}/sandbox`, control: 'open', ...overrides.sandbox },
      // Tests run many more bulk edits, imports and syncs than a seller would; one test checks the real limits.
      ...limitsOutOfTheWay(),
      ...withoutSandbox(overrides),
    },
  );
  const product = await startProduct(config, {
    database: database.handle,
    clock: () => new Date(Date.now() + offsetMs),
    log: (line) => logs.push(line),
    port,
  });
  const db = database.handle.db;
  const browser: TestProduct['browser'] = (options = {}) =>
    new Browser(url, options.origin === undefined ? url : options.origin, options.ip);
  async function createUser(input: Partial<NewUser> = {}): Promise<CreatedUser> {
    const email = input.email ?? uniqueEmail();
    const password = input.password ?? 'test secret 1';
    const created = await createAccountWithOwner(db, {
      accountName: input.companyName ?? email,
      trialEndsAt: new Date(Date.now() + 7 * 86400_000),
      email,
      passwordHash: await hashPassword(password),
      firstName: input.firstName ?? null,
      lastName: input.lastName ?? null,
      emailVerifiedAt: input.verified === false ? null : new Date(),
    });
    if (!created) throw new Error(`${email} exists`);
    if (input.role && input.role !== 'client') await setRole(db, created.userId, input.role, new Date());
    return { ...created, email, password };
  }
  async function signedInUser({
    browser: options,
    ...input
  }: Partial<NewUser> & { browser?: BrowserOptions } = {}): Promise<SignedInUser> {
    const user = await createUser(input);
    const signedIn = browser(options);
    await signedIn.signIn(user.email, user.password);
    return { ...user, browser: signedIn };
  }
  return {
    url,
    config,
    product,
    database,
    mail,
    logs,
    advance: (seconds) => {
      offsetMs += seconds * 1000;
    },
    browser,
    createUser,
    signedInUser,
    signedInSeller: (input = {}) => signedInUser({ ...input, role: 'client' }),
    async rowCounts() {
      const tables = ['accounts', 'users', 'auth_tokens', 'sessions', 'audit_log', 'rate_limits'];
      const counts: Record<string, number> = {};
      for (const table of tables) {
        const result = await db.execute(sql.raw(`select count(*)::int as n from ${table}`));
        counts[table] = Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n);
      }
      // Jobs made by requests; the schedules' own ticks come from the clock.
      const scheduled = scheduledQueues.map((q) => `'${q}'`).join(', ');
      const jobs = await db.execute(
        sql.raw(
          `select count(*)::int as n from pgboss.job where name not like '__pgboss%' and name not in (${scheduled})`,
        ),
      );
      counts.jobs = Number((jobs as unknown as { rows: Array<{ n: number }> }).rows[0]!.n);
      return counts;
    },
    async stop() {
      await product.stop();
      await mail.stop();
      await database.drop();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
