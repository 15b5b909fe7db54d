import crypto from 'node:crypto';

/**
 * The Stripe sandbox's records. Each secret key is a Stripe account of its own (created at its first
 * call), as test keys of different Stripe accounts never see each other's objects. Objects are kept
 * in these small shapes and rendered into Stripe's full ones (objects.ts) when answered.
 */

export type Metadata = Record<string, string>;

export interface CustomerRecord {
  id: string;
  created: number;
  email: string | null;
  name: string | null;
  metadata: Metadata;
}

export interface ProductRecord {
  id: string;
  created: number;
  name: string;
  active: boolean;
  description: string | null;
  metadata: Metadata;
}

export interface PriceRecord {
  id: string;
  created: number;
  product: string;
  currency: string;
  /** In the currency's smallest unit (cents). */
  unitAmount: number;
  interval: 'day' | 'week' | 'month' | 'year' | null;
  intervalCount: number;
  lookupKey: string | null;
  nickname: string | null;
  active: boolean;
  metadata: Metadata;
}

export interface CheckoutSessionRecord {
  id: string;
  created: number;
  expiresAt: number;
  mode: 'subscription' | 'payment' | 'setup';
  status: 'open' | 'complete' | 'expired';
  customer: string | null;
  customerEmail: string | null;
  clientReferenceId: string | null;
  successUrl: string | null;
  cancelUrl: string | null;
  lineItems: Array<{ price: string; quantity: number }>;
  metadata: Metadata;
  subscriptionMetadata: Metadata;
  subscription: string | null;
  invoice: string | null;
}

/** The test cards of Stripe's documentation the hosted pages offer. */
export const testCards = {
  '4242424242424242': { brand: 'visa', last4: '4242', chargesSucceed: true, label: 'Visa 4242 (payments succeed)' },
  '4000000000000341': {
    brand: 'visa',
    last4: '0341',
    chargesSucceed: false,
    label: 'Visa 0341 (attaches, later charges are declined)',
  },
} as const;
export type TestCardNumber = keyof typeof testCards;

export interface SubscriptionItemRecord {
  id: string;
  created: number;
  price: string;
  quantity: number;
}

/** A line of an invoice: a period of a price, or a proration (credit negative). */
export interface InvoiceLineRecord {
  id: string;
  amount: number;
  description: string;
  price: string;
  quantity: number;
  periodStart: number;
  periodEnd: number;
  proration: boolean;
  subscriptionItem: string | null;
}

export interface SubscriptionRecord {
  id: string;
  created: number;
  customer: string;
  status: 'incomplete' | 'active' | 'past_due' | 'unpaid' | 'canceled';
  items: SubscriptionItemRecord[];
  currentPeriodStart: number;
  currentPeriodEnd: number;
  cancelAtPeriodEnd: boolean;
  canceledAt: number | null;
  endedAt: number | null;
  latestInvoice: string | null;
  /** The card that pays renewals. */
  card: TestCardNumber;
  /** Prorations waiting for the next invoice (proration_behavior create_prorations). */
  pendingLines: InvoiceLineRecord[];
  metadata: Metadata;
}

export interface InvoiceRecord {
  id: string;
  number: string;
  created: number;
  customer: string;
  subscription: string | null;
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
  billingReason: 'subscription_create' | 'subscription_cycle' | 'subscription_update' | 'manual';
  currency: string;
  lines: InvoiceLineRecord[];
  amountPaid: number;
  attemptCount: number;
  periodStart: number;
  periodEnd: number;
  paidAt: number | null;
}

export interface WebhookEndpointRecord {
  id: string;
  created: number;
  url: string;
  secret: string;
  enabledEvents: string[];
  status: 'enabled' | 'disabled';
  metadata: Metadata;
}

export interface EventRecord {
  id: string;
  created: number;
  type: string;
  /** The object as it was when the event happened (rendered then, as Stripe snapshots it). */
  object: Record<string, unknown>;
  previousAttributes: Record<string, unknown> | undefined;
}

export interface PortalSessionRecord {
  id: string;
  created: number;
  customer: string;
  returnUrl: string | null;
}

/** A POST answered before under an Idempotency-Key: replayed for the same parameters. */
export interface IdempotentAnswer {
  request: string;
  fingerprint: string;
  status: number;
  body: unknown;
  at: number;
}

export interface StripeAccount {
  id: string;
  customers: Record<string, CustomerRecord>;
  products: Record<string, ProductRecord>;
  prices: Record<string, PriceRecord>;
  checkoutSessions: Record<string, CheckoutSessionRecord>;
  subscriptions: Record<string, SubscriptionRecord>;
  invoices: Record<string, InvoiceRecord>;
  events: Record<string, EventRecord>;
  webhookEndpoints: Record<string, WebhookEndpointRecord>;
  portalSessions: Record<string, PortalSessionRecord>;
  idempotency: Record<string, IdempotentAnswer>;
  invoiceSequence: number;
}

/**
 * The whole sandbox: accounts by a hash of their secret key (the key itself is never stored), and
 * which account holds each object a hosted page shows (checkout and portal sessions, invoices).
 * `sellers` is the kit's store's name for what each file holds: here, a Stripe account.
 */
export interface StripeSandboxState {
  sellers: Record<string, StripeAccount>;
  hosted: Record<string, string>;
}

export const emptyStripeState = (): StripeSandboxState => ({ sellers: {}, hosted: {} });

export function emptyAccount(): StripeAccount {
  return {
    id: `acct_${randomId(16)}`,
    customers: {},
    products: {},
    prices: {},
    checkoutSessions: {},
    subscriptions: {},
    invoices: {},
    events: {},
    webhookEndpoints: {},
    portalSessions: {},
    idempotency: {},
    invoiceSequence: 0,
  };
}

/** The account's name in the store: never the key itself. */
export const accountKeyOf = (secretKey: string) =>
  crypto.createHash('sha256').update(secretKey).digest('hex').slice(0, 32);

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export function randomId(length: number): string {
  const bytes = crypto.randomBytes(length);
  let id = '';
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return id;
}

/** Stripe's times: whole seconds since the epoch. */
export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The end of a period that starts at `start`: calendar months as Stripe bills them. */
export function periodEnd(start: number, interval: PriceRecord['interval'], count: number): number {
  const date = new Date(start * 1000);
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + count);
  else if (interval === 'month' || interval === null) date.setUTCMonth(date.getUTCMonth() + count);
  else date.setUTCDate(date.getUTCDate() + (interval === 'week' ? 7 : 1) * count);
  return Math.floor(date.getTime() / 1000);
}
