import path from 'node:path';

/** Per-route limits: at most `limit` attempts per `windowSeconds`, counted per IP and per email. */
export interface RateLimitRule {
  perIp: number;
  perEmail: number;
  windowSeconds: number;
}

/** Expensive work: at most `perAccount` per `windowSeconds` per account, and `perIp` per client IP. */
export interface AccountRateLimitRule {
  perAccount: number;
  perIp: number;
  windowSeconds: number;
}

/** An S3-compatible bucket for uploaded files (OBJECT_STORE_URL and its keys). */
export interface ObjectStoreSettings {
  /** The bucket's address, path style: https://s3.eu-west-1.amazonaws.com/my-bucket (a prefix may follow). */
  url: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface Config {
  production: boolean;
  port: number;
  /** The public address of the app; every link in a mail starts with it. */
  appUrl: string;
  /** Origins allowed to send state-changing requests (the app's own, plus any listed). */
  allowedOrigins: string[];
  dataDir: string;
  /** Uploaded files (profile photos) go here when set; under dataDir/uploads otherwise. */
  objectStore: ObjectStoreSettings | undefined;
  /** PostgreSQL when set; PGlite in dataDir otherwise. */
  databaseUrl: string | undefined;
  /** When set, mail goes out by SMTP; otherwise each message is saved under dataDir/mail. */
  smtpUrl: string | undefined;
  mailFrom: string;
  sessionSecret: string | undefined;
  session: { idleSeconds: number; absoluteSeconds: number };
  tokens: { verifyEmailSeconds: number; resetPasswordSeconds: number };
  rateLimits: {
    login: RateLimitRule;
    register: RateLimitRule;
    recovery: RateLimitRule;
    tokens: RateLimitRule;
    changePassword: RateLimitRule;
  };
  /**
   * Work that keeps the database busy (whole-catalogue edits, imports, exports, publishing, syncs),
   * per account and per IP (one person with many free accounts): set so a seller at work never meets them.
   */
  accountRateLimits: {
    bulkEditPreview: AccountRateLimitRule;
    bulkEdit: AccountRateLimitRule;
    csvImportPreview: AccountRateLimitRule;
    csvImport: AccountRateLimitRule;
    export: AccountRateLimitRule;
    publishCheck: AccountRateLimitRule;
    publish: AccountRateLimitRule;
    syncNow: AccountRateLimitRule;
    shipments: AccountRateLimitRule;
    shipmentCsv: AccountRateLimitRule;
    orderActions: AccountRateLimitRule;
    pricingDryRun: AccountRateLimitRule;
    pricingRun: AccountRateLimitRule;
  };
  google:
    | {
        clientId: string;
        clientSecret: string;
        /** Overridable so tests can stand up a local identity provider. */
        authorizationUrl: string | undefined;
        tokenUrl: string | undefined;
        userInfoUrl: string | undefined;
      }
    | undefined;
  trustProxy: boolean | number | string;
  /** Validate every response against the contract (on in tests and development). */
  validateResponses: boolean;
  /** Serve the built app from this folder (production); undefined serves none. */
  staticDir: string | undefined;
  /** Mount Vite's dev server (hot reload) instead of static files. */
  viteDev: boolean;
  /**
   * Our own applications registered with eBay and Shopify (the sellers consent to them). The
   * sandbox entries are the built-in sandboxes' applications: their secrets, unless set, are derived
   * from APP_SECRET_KEY when the product starts (`sandboxApplications` in the context).
   */
  marketplaceApps: {
    ebay: {
      production: { clientId: string; clientSecret: string; ruName: string } | undefined;
      sandbox: { clientId: string; clientSecret: string | undefined };
    };
    shopify: {
      production: { clientId: string; clientSecret: string } | undefined;
      sandbox: { clientId: string; clientSecret: string | undefined };
    };
    /**
     * Our Walmart Connect partner keys (Sponsored Search ads): WALMART_CONNECT_CONSUMER_ID, _KEY_VERSION,
     * _PRIVATE_KEY (PEM) and _AUTH_TOKEN. The sandbox has its own published keys.
     */
    walmartConnect?: { consumerId: string; keyVersion: string; privateKey: string; authToken: string };
  };
  /**
   * The built-in marketplace sandboxes at /sandbox/{kind} (SANDBOX=off turns them off). Their control
   * API and consent pages serve each account its own sandbox sellers only, unless SANDBOX_CONTROL=open
   * (tests and benchmarks) opens them to anyone for every seller.
   */
  sandbox: { enabled: boolean; profile: 'realistic' | 'fast'; baseUrl: string; control: 'open' | 'scoped' };
  /**
   * How often every channel's orders are read on a schedule (minutes; Starter accounts hourly
   * whatever this says), and whether the schedule runs at all in this process (tests drive it).
   */
  sync: { intervalMinutes: number; schedule: boolean };
  /**
   * Days after an order has shipped (or was cancelled) before its buyer's name and address are erased;
   * the order itself stays. 30 by default: Amazon's Data Protection Policy allows no longer.
   */
  orderPersonalDataDays: number;
  /**
   * Stripe, by environment: the account's secret key, the webhook endpoint's signing secret and a
   * price per paid plan (each plan's monthly price is found by its lookup key, or made, when not
   * given). Without a secret key the built-in Stripe sandbox bills, when the sandboxes are on.
   */
  stripe: {
    secretKey: string | undefined;
    webhookSecret: string | undefined;
    priceIds: { starter?: string; growth?: string; business?: string; enterprise?: string };
  };
}

const int = (value: string | undefined, fallback: number): number => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`Expected a whole number, got "${value}"`);
  return n;
};

/** OBJECT_STORE_URL with its keys (all or none); the region is us-east-1 unless OBJECT_STORE_REGION says otherwise. */
function objectStoreOf(env: NodeJS.ProcessEnv): ObjectStoreSettings | undefined {
  const url = env.OBJECT_STORE_URL?.trim();
  if (!url) return undefined;
  if (!/^https?:\/\/[^/]+\/[^/]/.test(url))
    throw new Error('OBJECT_STORE_URL must name the bucket in its path: https://s3.eu-west-1.amazonaws.com/my-bucket');
  const accessKeyId = env.OBJECT_STORE_ACCESS_KEY_ID;
  const secretAccessKey = env.OBJECT_STORE_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey)
    throw new Error('OBJECT_STORE_URL needs OBJECT_STORE_ACCESS_KEY_ID and OBJECT_STORE_SECRET_ACCESS_KEY.');
  return { url, region: env.OBJECT_STORE_REGION || 'us-east-1', accessKeyId, secretAccessKey };
}

export const repoRoot = path.resolve(import.meta.dirname, '..', '..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const production = env.NODE_ENV === 'production';
  const port = int(env.PORT, 3000);
  const appUrl = (env.APP_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const extraOrigins = (env.ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  const google =
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? {
          clientId: env.GOOGLE_CLIENT_ID,
          clientSecret: env.GOOGLE_CLIENT_SECRET,
          authorizationUrl: env.GOOGLE_AUTHORIZATION_URL,
          tokenUrl: env.GOOGLE_TOKEN_URL,
          userInfoUrl: env.GOOGLE_USERINFO_URL,
        }
      : undefined;
  const trustProxyRaw = env.TRUST_PROXY;
  const trustProxy =
    trustProxyRaw === undefined || trustProxyRaw === '' || trustProxyRaw === 'false'
      ? false
      : trustProxyRaw === 'true'
        ? true
        : /^\d+$/.test(trustProxyRaw)
          ? Number(trustProxyRaw)
          : trustProxyRaw;

  const config: Config = {
    production,
    port,
    appUrl,
    allowedOrigins: [new URL(appUrl).origin, ...extraOrigins],
    dataDir: path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data')),
    objectStore: objectStoreOf(env),
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Marketplace Hub <no-reply@marketplace-hub.local>',
    sessionSecret: env.SESSION_SECRET || undefined,
    session: {
      idleSeconds: int(env.SESSION_IDLE_SECONDS, 8 * 3600),
      absoluteSeconds: int(env.SESSION_ABSOLUTE_SECONDS, 7 * 24 * 3600),
    },
    tokens: { verifyEmailSeconds: 24 * 3600, resetPasswordSeconds: 3600 },
    rateLimits: {
      login: { perIp: 50, perEmail: 10, windowSeconds: 15 * 60 },
      register: { perIp: 10, perEmail: 5, windowSeconds: 3600 },
      recovery: { perIp: 20, perEmail: 5, windowSeconds: 3600 },
      tokens: { perIp: 30, perEmail: 30, windowSeconds: 15 * 60 },
      changePassword: { perIp: 20, perEmail: 10, windowSeconds: 15 * 60 },
    },
    // A seller at work: a few bulk edits a minute (each previewed once or more, then applied, now
    // and then undone), a few imports an hour (a file previewed again after each fix), an export
    // or two after filtering, a publish per batch, "Sync now" after changing something on a
    // marketplace (four channels at most, and a click on a run under way joins it). Each limit is
    // a few times that; previews store nothing, so they are allowed about four times their apply.
    // Per IP three times the account's: a few colleagues' accounts behind one office address.
    accountRateLimits: {
      bulkEditPreview: { perAccount: 60, perIp: 180, windowSeconds: 5 * 60 },
      bulkEdit: { perAccount: 15, perIp: 45, windowSeconds: 5 * 60 },
      // A pricing rule's dry run reads every listing of its channels (400,000 at most): previewed as a bulk edit is.
      pricingDryRun: { perAccount: 60, perIp: 180, windowSeconds: 5 * 60 },
      pricingRun: { perAccount: 15, perIp: 45, windowSeconds: 5 * 60 },
      csvImportPreview: { perAccount: 40, perIp: 120, windowSeconds: 3600 },
      csvImport: { perAccount: 10, perIp: 30, windowSeconds: 3600 },
      export: { perAccount: 10, perIp: 30, windowSeconds: 15 * 60 },
      publishCheck: { perAccount: 60, perIp: 180, windowSeconds: 5 * 60 },
      publish: { perAccount: 15, perIp: 45, windowSeconds: 5 * 60 },
      syncNow: { perAccount: 10, perIp: 30, windowSeconds: 15 * 60 },
      // A request ships up to 1,000 orders; a busy warehouse marks a few batches an hour, and single orders from drawers.
      shipments: { perAccount: 120, perIp: 360, windowSeconds: 5 * 60 },
      // A tracking file is previewed, then sent: a few files a day, many hours apart.
      shipmentCsv: { perAccount: 40, perIp: 120, windowSeconds: 3600 },
      // Cancellations and refunds go one order at a time, from the drawer: a busy day's returns desk, not a script.
      orderActions: { perAccount: 120, perIp: 360, windowSeconds: 5 * 60 },
    },
    google,
    trustProxy,
    validateResponses: !production,
    staticDir: path.join(repoRoot, 'app', 'dist'),
    viteDev: false,
    marketplaceApps: {
      ebay: {
        production:
          env.EBAY_CLIENT_ID && env.EBAY_CLIENT_SECRET && env.EBAY_RU_NAME
            ? { clientId: env.EBAY_CLIENT_ID, clientSecret: env.EBAY_CLIENT_SECRET, ruName: env.EBAY_RU_NAME }
            : undefined,
        sandbox: {
          clientId: env.EBAY_SANDBOX_CLIENT_ID ?? 'marketplace-hub-sandbox',
          clientSecret: env.EBAY_SANDBOX_CLIENT_SECRET || undefined,
        },
      },
      shopify: {
        production:
          env.SHOPIFY_CLIENT_ID && env.SHOPIFY_CLIENT_SECRET
            ? { clientId: env.SHOPIFY_CLIENT_ID, clientSecret: env.SHOPIFY_CLIENT_SECRET }
            : undefined,
        sandbox: {
          clientId: env.SHOPIFY_SANDBOX_CLIENT_ID ?? 'hub-sandbox-app',
          clientSecret: env.SHOPIFY_SANDBOX_CLIENT_SECRET || undefined,
        },
      },
      walmartConnect:
        env.WALMART_CONNECT_CONSUMER_ID && env.WALMART_CONNECT_PRIVATE_KEY && env.WALMART_CONNECT_AUTH_TOKEN
          ? {
              consumerId: env.WALMART_CONNECT_CONSUMER_ID,
              keyVersion: env.WALMART_CONNECT_KEY_VERSION ?? '1',
              // A PEM in one line of an .env file keeps its line breaks as \n.
              privateKey: env.WALMART_CONNECT_PRIVATE_KEY.replaceAll('\\n', '\n'),
              authToken: env.WALMART_CONNECT_AUTH_TOKEN,
            }
          : undefined,
    },
    sandbox: {
      enabled: env.SANDBOX !== 'off',
      profile: env.SANDBOX_PROFILE === 'fast' ? 'fast' : 'realistic',
      baseUrl: (env.SANDBOX_URL ?? `${appUrl}/sandbox`).replace(/\/+$/, ''),
      control: env.SANDBOX_CONTROL === 'open' ? 'open' : 'scoped',
    },
    sync: { intervalMinutes: Math.max(1, int(env.SYNC_INTERVAL_MINUTES, 3)), schedule: env.SYNC_SCHEDULE !== 'off' },
    orderPersonalDataDays: Math.max(1, int(env.ORDER_PERSONAL_DATA_DAYS, 30)),
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY || undefined,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
      priceIds: Object.fromEntries(
        (['starter', 'growth', 'business', 'enterprise'] as const)
          .map((plan) => [plan, env[`STRIPE_PRICE_${plan.toUpperCase()}`]] as const)
          .filter(([, id]) => Boolean(id)),
      ),
    },
    ...overrides,
  };
  return config;
}
