import { Router } from 'express';
import { createSandbox, type SandboxDefinition } from './shared/sandbox-kit.ts';
import type { RateLimitProfile } from './shared/sandbox-limits.ts';
import { walmartSandbox } from './walmart/walmart-sandbox.ts';
import { ebaySandbox } from './ebay/ebay-sandbox.ts';
import { amazonSandbox } from './amazon/amazon-sandbox.ts';
import { shopifySandbox } from './shopify/shopify-sandbox.ts';

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

/** Every sandbox under one router: /{kind}/… is the marketplace's own API, /{kind}/_control its control API. */
export function mountSandboxes(options: { baseUrl: string; dataDir: string | undefined; profile: RateLimitProfile }): MountedSandboxes {
  const router = Router();
  const running = Object.entries(sandboxDefinitions).map(([kind, definition]) => {
    const sandbox = createSandbox(definition, { baseUrl: `${options.baseUrl}/${kind}`, dataDir: options.dataDir, profile: options.profile });
    router.use(`/${kind}`, sandbox.router);
    return sandbox;
  });
  return {
    router,
    kinds: Object.keys(sandboxDefinitions),
    close: () => running.forEach((s) => s.close()),
  };
}
