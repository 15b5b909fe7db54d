import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, repoRoot } from '../../api/src/config.ts';
import { startProduct, type RunningProduct } from '../../api/src/server.ts';
import { createTestDatabase, type TestDatabase } from '../../api/test/support/test-database.ts';
import { hashPassword } from '../../api/src/modules/auth/passwords.ts';
import { createAccountWithOwner, setRole } from '../../api/src/db/queries/users.ts';
import type { Role } from '../../api/src/db/schema/index.ts';
import { freePort } from '../../api/test/support/free-port.ts';

export interface E2EProduct {
  url: string;
  product: RunningProduct;
  outbox: string;
  /** Waits for the next .eml in the outbox to `to` and answers its link to `pathname`. */
  mailedLink(to: string, pathname: string): Promise<string>;
  createUser(input: {
    email: string;
    password: string;
    role?: Role;
    firstName?: string;
    lastName?: string;
    companyName?: string;
  }): Promise<string>;
  stop(): Promise<void>;
}

function decodeQuotedPrintable(input: string): string {
  return Buffer.from(
    input.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');
}

/**
 * The product as `npm start` serves it: the built app, the API, workers, and mail saved to the
 * outbox folder (no SMTP_URL), on a fresh database.
 */
export async function startE2EProduct(options: { sandboxControl?: 'open' | 'scoped' } = {}): Promise<E2EProduct> {
  const database: TestDatabase = await createTestDatabase();
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hub-e2e-'));
  const config = loadConfig(
    { NODE_ENV: 'test' },
    {
      port,
      appUrl: url,
      allowedOrigins: [url],
      dataDir,
      databaseUrl: database.url,
      smtpUrl: undefined,
      sessionSecret: 'e2e-secret',
      staticDir: path.join(repoRoot, 'app', 'dist'),
      // Open as the tests drive it (orders, hand edits), unless a test asks for the default a seller meets.
      sandbox: { enabled: true, profile: 'fast', baseUrl: `${url}/sandbox`, control: options.sandboxControl ?? 'open' },
    },
  );
  // E2E_PRODUCT_LOG=1 prints the product's log lines (a failing journey's story); quiet otherwise.
  const log = process.env.E2E_PRODUCT_LOG ? (line: string) => console.error(line) : () => {};
  const product = await startProduct(config, { database: database.handle, port, log });
  const outbox = path.join(dataDir, 'mail');
  fs.mkdirSync(outbox, { recursive: true });
  const seen = new Set<string>();
  return {
    url,
    product,
    outbox,
    mailedLink(to, pathname) {
      const find = (): string | undefined => {
        for (const file of fs
          .readdirSync(outbox)
          .filter((f) => f.endsWith('.eml'))
          .sort()) {
          if (seen.has(file)) continue;
          const raw = fs.readFileSync(path.join(outbox, file), 'utf8');
          if (!new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'im').test(raw)) continue;
          const link = decodeQuotedPrintable(raw)
            .match(/https?:\/\/[^\s"<]+/g)
            ?.find((l) => new URL(l).pathname === pathname);
          if (!link) continue;
          seen.add(file);
          return link;
        }
        return undefined;
      };
      // The worker writes the outbox; wake on each change of the folder, not on a timer.
      return new Promise((resolve, reject) => {
        const watcher = fs.watch(outbox, () => {
          const link = find();
          if (link) done(() => resolve(link));
        });
        const timer = setTimeout(
          () => done(() => reject(new Error(`No mail to ${to} with a ${pathname} link in ${outbox}`))),
          // The worker sends it through the queue: on a loaded machine that can take a while.
          45_000,
        );
        const done = (settle: () => void) => {
          clearTimeout(timer);
          watcher.close();
          settle();
        };
        const already = find();
        if (already) done(() => resolve(already));
      });
    },
    async createUser(input) {
      const created = await createAccountWithOwner(database.handle.db, {
        accountName: input.companyName ?? input.email,
        trialEndsAt: new Date(Date.now() + 7 * 86400_000),
        email: input.email,
        passwordHash: await hashPassword(input.password),
        firstName: input.firstName ?? null,
        lastName: input.lastName ?? null,
        emailVerifiedAt: new Date(),
      });
      if (!created) throw new Error(`${input.email} exists`);
      if (input.role) await setRole(database.handle.db, created.userId, input.role, new Date());
      return created.userId;
    },
    async stop() {
      await product.stop();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
