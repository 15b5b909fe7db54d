import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { ReadCaches } from './db/read-caches.ts';
import type { JobQueue } from './workers/job-queue.ts';
import type { TokenBuckets } from './marketplaces/shared/token-bucket.ts';
import type { CredentialVault } from './modules/channel-access/credential-vault.ts';
import type { StripeSettings } from './modules/billing/stripe-client.ts';
import type { FileStore } from './storage/file-store.ts';

/** What every use case may depend on. The clock is injectable so tests can move time. */
export interface AppContext {
  config: Config;
  db: Database;
  /**
   * Whether other processes may write to this database (PostgreSQL: web and worker processes, several
   * machines). The embedded database serves this one process only: whatever is queued, it queued.
   */
  otherProcessesWrite: boolean;
  jobs: JobQueue;
  clock: () => Date;
  /** Reads kept in memory, told of changes by the database (db/change-notices.ts). */
  caches: ReadCaches;
  /** Pacing of marketplace calls (one set of buckets per process) and the sealed credentials' key. */
  marketplaces: {
    buckets: TokenBuckets;
    /** For channels on the built-in sandboxes: paced like the real ones, except in the sandboxes' fast profile. */
    sandboxBuckets: TokenBuckets;
    vault: CredentialVault;
    webhookKey: Buffer;
    /** Our applications on the built-in eBay and Shopify sandboxes, their secrets this installation's own. */
    sandboxApplications: {
      ebay: { clientId: string; clientSecret: string };
      shopify: { clientId: string; clientSecret: string };
    };
    /** Signs the owner tokens with which the web process acts on an account's sandbox sellers. */
    sandboxControlKey: Buffer;
  };
  /** Uploaded files: a folder under DATA_DIR, or the configured object store. */
  files: FileStore;
  /** Where subscriptions are billed: Stripe, or the built-in Stripe sandbox; undefined when neither is set up. */
  stripe?: StripeSettings | undefined;
}

/** A refusal the user should read: becomes `{ message }` with this status. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}
