import path from 'node:path';
import express, { Router } from 'express';
import { SandboxStore } from '../shared/sandbox-store.ts';
import { Deliveries } from '../shared/deliveries.ts';
import { answerStripeError, unknownPath } from './errors.ts';
import { authenticate, type StripeRequestParts } from './requests.ts';
import { catalogApi } from './catalog-api.ts';
import { billingApi } from './billing-api.ts';
import { EventSender } from './events.ts';
import { SubscriptionBilling } from './subscriptions.ts';
import { hostedPages } from './hosted-pages.ts';
import {
  accountKeyOf,
  emptyAccount,
  emptyStripeState,
  nowSeconds,
  type StripeAccount,
  type StripeSandboxState,
} from './state.ts';
import type { RenderContext } from './objects.ts';
import { reachesPrivateHost } from './webhook-hosts.ts';

/** An account the sandbox holds from the start, with its webhook endpoint (the product's own, configured for it). */
export interface PresetStripeAccount {
  secretKey: string;
  webhook: { url: string; secret: string };
}

export interface StripeSandboxOptions {
  /** The public address of the sandbox (e.g. http://localhost:3000/sandbox/stripe). */
  baseUrl: string;
  /** Where the state is kept (DATA_DIR/sandbox/stripe/); memory only when undefined. */
  dataDir: string | undefined;
  /** Whether the control API (renewals, for tests) is open; it answers 403 otherwise. */
  openControl: boolean;
  accounts?: PresetStripeAccount[];
  /** How events are posted (tests may watch them); by default as the marketplace sandboxes deliver. */
  deliver?: (url: string, body: string, headers: Record<string, string>) => Promise<void>;
}

export interface StripeSandbox {
  router: Router;
  state(): StripeSandboxState;
  flush(): Promise<void>;
  close(): void;
}

/**
 * A stand-in for Stripe at /sandbox/stripe: Stripe's API under /v1 (form bodies, its errors,
 * idempotency keys, test secret keys as accounts), the hosted Checkout and customer-portal pages,
 * invoice PDFs, and signed webhooks. The SDK reaches it by host, port and protocol (and this prefix).
 */
export function createStripeSandbox(options: StripeSandboxOptions): StripeSandbox {
  const dir = options.dataDir && path.join(options.dataDir, 'sandbox', 'stripe');
  const current: { state: StripeSandboxState; owners: Map<string, string> } = {
    state: emptyStripeState(),
    owners: new Map(),
  };
  const store = new SandboxStore<StripeSandboxState>(dir, [], () => current);
  Object.assign(current, store.load(emptyStripeState, undefined));
  current.state.hosted ??= {};

  for (const preset of options.accounts ?? []) {
    const key = accountKeyOf(preset.secretKey);
    const account = (current.state.sellers[key] ??= emptyAccount());
    const endpoint = Object.values(account.webhookEndpoints).find((w) => w.url === preset.webhook.url);
    if (endpoint) endpoint.secret = preset.webhook.secret;
    else
      account.webhookEndpoints['we_preset'] = {
        id: 'we_preset',
        created: nowSeconds(),
        url: preset.webhook.url,
        secret: preset.webhook.secret,
        enabledEvents: ['*'],
        status: 'enabled',
        metadata: {},
      };
    store.changed(key);
  }

  const deliveries = new Deliveries();
  // Registered endpoints on private hosts are refused unless control is open (webhook-hosts.ts); a public name
  // made to point inwards since is found at delivery. The product's own endpoint (a preset) always gets its events.
  const ownEndpoints = new Set((options.accounts ?? []).map((a) => a.webhook.url));
  const send = options.deliver ?? ((url, body, headers) => deliveries.deliver(url, body, headers));
  const events = new EventSender(async (url, body, headers) => {
    if (!options.openControl && !ownEndpoints.has(url) && (await reachesPrivateHost(url))) return;
    await send(url, body, headers);
  });
  const keyOf = (account: StripeAccount) => Object.entries(current.state.sellers).find(([, a]) => a === account)?.[0];
  const render = (account: StripeAccount): RenderContext => ({ account, baseUrl: options.baseUrl });
  const billing = new SubscriptionBilling(events, render);
  const parts: StripeRequestParts = {
    state: () => current.state,
    changed: (accountKey) => store.changed(accountKey),
  };

  const router = Router();
  const v1 = Router();
  v1.use(express.text({ type: () => true, limit: '1mb' }));
  v1.use(authenticate(parts));
  catalogApi(v1, parts);
  billingApi(v1, {
    ...parts,
    billing,
    render,
    hosted: (objectId, account) => {
      const key = keyOf(account);
      if (key) current.state.hosted[objectId] = key;
    },
    privateWebhooks: options.openControl,
  });
  v1.use(unknownPath);
  v1.use(answerStripeError);
  router.use('/v1', v1);

  router.use(
    hostedPages({
      state: () => current.state,
      changed: (key) => store.changed(key),
      billing,
      openControl: options.openControl,
    }),
  );
  router.use(unknownPath);
  router.use(answerStripeError);

  return {
    router,
    state: () => current.state,
    flush: () => store.flush(),
    close: () => store.close(),
  };
}
