import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { listenForChanges } from './db/change-notices.ts';
import { allReadCaches, createReadCaches } from './db/read-caches.ts';
import { startJobQueue } from './workers/job-queue.ts';
import { registerWorkers } from './workers/register-workers.ts';
import { createMailer, type Mailer } from './modules/mail/mailer.ts';
import { createHttpApp } from './http/app.ts';
import { deriveSecret, loadAppSecretKey } from './secrets.ts';
import { mountSandboxes } from './sandbox/index.ts';
import {
  defaultOwnerLimits,
  openAccess,
  ownerOfToken,
  OWNER_TOKEN_HEADER,
  type SandboxAccess,
} from './sandbox/shared/sandbox-access.ts';
import { TokenBuckets } from './marketplaces/shared/token-bucket.ts';
import { CredentialVault } from './modules/channel-access/credential-vault.ts';
import { platformSetting } from './modules/settings/platform-settings.ts';
import type { StripeSettings } from './modules/billing/stripe-client.ts';
import { fileStoreFor } from './storage/file-store.ts';

/**
 * Our applications on the built-in eBay and Shopify sandboxes: a secret per installation (derived
 * from the master key, like every other secret), unless configured, so no deployment shares one.
 */
function sandboxApplicationsOf(config: Config, masterKey: Buffer): AppContext['marketplaces']['sandboxApplications'] {
  const { ebay, shopify } = config.marketplaceApps;
  return {
    ebay: {
      clientId: ebay.sandbox.clientId,
      clientSecret: ebay.sandbox.clientSecret ?? deriveSecret(masterKey, 'ebay-sandbox-application'),
    },
    shopify: {
      clientId: shopify.sandbox.clientId,
      clientSecret: shopify.sandbox.clientSecret ?? deriveSecret(masterKey, 'shopify-sandbox-application'),
    },
  };
}

/**
 * Stripe as configured (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, price ids); without a key, the
 * built-in Stripe sandbox with keys of this installation's own (derived from the master key), when
 * the sandboxes are on and this is no production server (NODE_ENV=production). A key without its webhook
 * secret is refused: events could not be verified.
 */
function stripeSettingsOf(config: Config, masterKey: Buffer): StripeSettings | undefined {
  const { secretKey, webhookSecret, priceIds } = config.stripe;
  if (secretKey) {
    if (!webhookSecret) throw new Error('STRIPE_SECRET_KEY is set without STRIPE_WEBHOOK_SECRET: set both.');
    return { secretKey, webhookSecret, sandboxUrl: undefined, priceIds };
  }
  // In production, a plan is never bought with the sandbox's test card: without Stripe's keys, billing is not set up.
  if (!config.sandbox.enabled || config.production) return undefined;
  return {
    secretKey: `sk_test_${deriveSecret(masterKey, 'stripe-sandbox-secret-key')}`,
    webhookSecret: `whsec_${deriveSecret(masterKey, 'stripe-sandbox-webhook-secret')}`,
    sandboxUrl: `${config.sandbox.baseUrl}/stripe`,
    priceIds,
  };
}

/**
 * Who may drive the sandboxes' control API and consent pages: anyone with SANDBOX_CONTROL=open; else
 * an account acting on its own sellers, known by its signed-in user's session (consent pages, the
 * browser) or an owner token signed with this installation's key (the web process, for the account).
 */
function sandboxAccess(ctx: AppContext): SandboxAccess {
  if (ctx.config.sandbox.control === 'open') return openAccess;
  return {
    mode: 'scoped',
    limits: defaultOwnerLimits,
    ownerOf: (req) =>
      (req.user as Express.User | undefined)?.accountId ??
      ownerOfToken(ctx.marketplaces.sandboxControlKey, req.get(OWNER_TOKEN_HEADER)),
  };
}

/** How long an idle keep-alive connection stays open (longer than any client's, see below). */
const KEEP_ALIVE_MS = 65_000;

export type ProcessRole = 'all' | 'web' | 'worker';

export interface RunningProduct {
  ctx: AppContext;
  database: DatabaseHandle;
  mailer: Mailer;
  url: string | undefined;
  server: http.Server | undefined;
  stop(): Promise<void>;
}

export interface StartOptions {
  role?: ProcessRole;
  /** Use this database instead of opening one from the config (tests). */
  database?: DatabaseHandle;
  clock?: () => Date;
  log?: (line: string) => void;
  /** Listen on this port instead of config.port (0 picks a free one). */
  port?: number;
  frontend?: Parameters<typeof createHttpApp>[1]['frontend'];
}

/**
 * Starts the product: the database (migrated), the job queue on it, then the web server and/or the
 * workers. The embedded default (PGlite) runs everything in this one process.
 */
export async function startProduct(config: Config, options: StartOptions = {}): Promise<RunningProduct> {
  const role = options.role ?? 'all';
  const log = options.log ?? ((line: string) => console.log(line));
  if (!config.databaseUrl && !options.database && role !== 'all') {
    throw new Error(
      'Separate web and worker processes need PostgreSQL: set DATABASE_URL. The embedded database serves one process only.',
    );
  }
  const database = options.database ?? (await openDatabase(config));
  let jobs;
  try {
    await database.migrate();
    jobs = await startJobQueue(database);
  } catch (error) {
    if (!options.database) await database.close();
    throw error;
  }
  const masterKey = loadAppSecretKey(process.env, config.dataDir);
  const ctx: AppContext = {
    config,
    db: database.db,
    otherProcessesWrite: database.kind === 'postgres' || role !== 'all',
    jobs,
    clock: options.clock ?? (() => new Date()),
    caches: createReadCaches(),
    marketplaces: {
      buckets: new TokenBuckets(),
      sandboxBuckets: new TokenBuckets(undefined, { paced: config.sandbox.profile !== 'fast' }),
      vault: new CredentialVault(Buffer.from(deriveSecret(masterKey, 'channel-credentials'), 'hex')),
      webhookKey: Buffer.from(deriveSecret(masterKey, 'marketplace-webhooks'), 'hex'),
      sandboxApplications: sandboxApplicationsOf(config, masterKey),
      sandboxControlKey: Buffer.from(deriveSecret(masterKey, 'sandbox-control'), 'hex'),
    },
    stripe: stripeSettingsOf(config, masterKey),
    files: fileStoreFor(config),
  };
  const changeListener = await listenForChanges(database, allReadCaches(ctx.caches));
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: () => platformSetting(ctx, 'senderAddress'),
    outboxDir: path.join(config.dataDir, 'mail'),
  });

  if (role !== 'web') await registerWorkers(ctx, mailer, { vacuum: database.kind === 'pglite' });

  let server: http.Server | undefined;
  let url: string | undefined;
  let sandboxes: ReturnType<typeof mountSandboxes> | undefined;
  if (role !== 'worker') {
    const sessionSecret = config.sessionSecret ?? deriveSecret(masterKey, 'session-cookie');
    sandboxes = config.sandbox.enabled
      ? mountSandboxes({
          baseUrl: config.sandbox.baseUrl,
          dataDir: config.dataDir,
          profile: config.sandbox.profile,
          access: sandboxAccess(ctx),
          applications: ctx.marketplaces.sandboxApplications,
          // The product's own account on the Stripe sandbox, its webhook endpoint ours.
          ...(ctx.stripe?.sandboxUrl
            ? {
                stripeAccounts: [
                  {
                    secretKey: ctx.stripe.secretKey,
                    webhook: { url: `${config.appUrl}/api/webhooks/stripe`, secret: ctx.stripe.webhookSecret },
                  },
                ],
              }
            : {}),
        })
      : undefined;
    const app = createHttpApp(ctx, {
      ping: database.ping,
      sessionSecret,
      log,
      ...(options.frontend ? { frontend: options.frontend } : {}),
      ...(sandboxes ? { sandboxes } : {}),
    });
    server = http.createServer(app);
    // Idle keep-alive connections outlive the clients' own timers (a load balancer's 60 s, undici's
    // few seconds, late under load): a server closing first races a request sent on the closing socket.
    server.keepAliveTimeout = KEEP_ALIVE_MS;
    server.headersTimeout = KEEP_ALIVE_MS + 1000;
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(options.port ?? config.port, resolve);
    });
    url = `http://localhost:${(server.address() as AddressInfo).port}`;
  }

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      if (server) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server!.close(() => resolve()));
      }
      await jobs
        .stop({ graceful: true, timeout: 10_000, wait: true } as Parameters<typeof jobs.stop>[0])
        .catch(() => undefined);
      mailer.close();
      sandboxes?.close();
      await changeListener.stop();
      if (!options.database) await database.close();
    })());

  return { ctx, database, mailer, url, server, stop };
}
