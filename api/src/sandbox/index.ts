import { Router } from 'express';
import { createSandbox, type SandboxApplication, type SandboxDefinition } from './shared/sandbox-kit.ts';
import type { SandboxAccess } from './shared/sandbox-access.ts';
import type { RateLimitProfile } from './shared/sandbox-limits.ts';
import { walmartSandbox } from './walmart/walmart-sandbox.ts';
import { ebaySandbox } from './ebay/ebay-sandbox.ts';
import { amazonSandbox } from './amazon/amazon-sandbox.ts';
import { shopifySandbox } from './shopify/shopify-sandbox.ts';
import { createStripeSandbox, type PresetStripeAccount } from './stripe/stripe-sandbox.ts';

/** The marketplaces' stand-ins shipped with the product, by kind. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const sandboxDefinitions: Record<string, SandboxDefinition<any>> = {
  amazon: amazonSandbox,
  walmart: walmartSandbox,
  ebay: ebaySandbox,
  shopify: shopifySandbox,
};

export interface MountedSandboxes {
  router: Router;
  kinds: string[];
  close(): void;
}

export interface SandboxesOptions {
  baseUrl: string;
  dataDir: string | undefined;
  profile: RateLimitProfile;
  access: SandboxAccess;
  /** Our applications on the marketplaces that have them (eBay, Shopify), by kind. */
  applications?: Partial<Record<string, SandboxApplication>>;
  /** Stripe accounts the Stripe sandbox holds from the start (the product's own, with its webhook endpoint). */
  stripeAccounts?: PresetStripeAccount[];
}

/** Every sandbox under one router: /{kind}/… is the marketplace's own API, /{kind}/_control its control API. */
export function mountSandboxes(options: SandboxesOptions): MountedSandboxes {
  const router = Router();
  const running = Object.entries(sandboxDefinitions).map(([kind, definition]) => {
    const application = options.applications?.[kind];
    const sandbox = createSandbox(definition, {
      baseUrl: `${options.baseUrl}/${kind}`,
      dataDir: options.dataDir,
      profile: options.profile,
      access: options.access,
      ...(application ? { application } : {}),
    });
    router.use(`/${kind}`, sandbox.router);
    return sandbox;
  });
  // The payment provider's stand-in beside the marketplaces' (not a marketplace: no sellers or catalogues).
  const stripe = createStripeSandbox({
    baseUrl: `${options.baseUrl}/stripe`,
    dataDir: options.dataDir,
    openControl: options.access.mode === 'open',
    accounts: options.stripeAccounts ?? [],
  });
  router.use('/stripe', stripe.router);
  router.use((req, res) => {
    res.status(404).json({
      message: `No sandbox here: the sandboxes are ${Object.keys(sandboxDefinitions)
        .concat('stripe')
        .map((k) => `/sandbox/${k}`)
        .join(', ')}.`,
    });
  });
  return {
    router,
    kinds: Object.keys(sandboxDefinitions),
    close: () => {
      running.forEach((s) => s.close());
      stripe.close();
    },
  };
}
