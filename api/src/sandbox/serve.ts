import express from 'express';
import { mountSandboxes } from './index.ts';
import { defaultOwnerLimits, ownerOfToken, OWNER_TOKEN_HEADER, type SandboxAccess } from './shared/sandbox-access.ts';
import type { SandboxApplication } from './shared/sandbox-kit.ts';

/**
 * One or all sandboxes on their own port, apart from the product:
 *   npm run sandbox -- --port 4001 [--profile fast] [--data-dir ./data]
 *
 * The control API is scoped to each account's sellers: calls carry an owner token signed with
 * SANDBOX_CONTROL_KEY (64 hex characters, the key the product signs with). SANDBOX_CONTROL=open
 * opens it to anyone, as tests and benchmarks use it. Our eBay and Shopify applications' secrets
 * come from EBAY_SANDBOX_CLIENT_SECRET and SHOPIFY_SANDBOX_CLIENT_SECRET (the product's own values).
 */
const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const port = Number(option('port') ?? 4001);
const profile = option('profile') === 'fast' ? 'fast' : 'realistic';

function accessFromEnv(env: NodeJS.ProcessEnv): SandboxAccess {
  if (env.SANDBOX_CONTROL === 'open') return { mode: 'open' };
  const key = /^[0-9a-f]{64}$/i.test(env.SANDBOX_CONTROL_KEY ?? '')
    ? Buffer.from(env.SANDBOX_CONTROL_KEY!, 'hex')
    : undefined;
  if (!key)
    console.warn(
      'The control API refuses every call: set SANDBOX_CONTROL_KEY (64 hex characters) or SANDBOX_CONTROL=open.',
    );
  return {
    mode: 'scoped',
    ownerOf: (req) => (key ? ownerOfToken(key, req.get(OWNER_TOKEN_HEADER)) : undefined),
    limits: defaultOwnerLimits,
  };
}

const application = (clientId: string | undefined, clientSecret: string | undefined): SandboxApplication | undefined =>
  clientId && clientSecret ? { clientId, clientSecret } : undefined;
const applications = {
  ebay: application(
    process.env.EBAY_SANDBOX_CLIENT_ID ?? 'marketplace-hub-sandbox',
    process.env.EBAY_SANDBOX_CLIENT_SECRET,
  ),
  shopify: application(
    process.env.SHOPIFY_SANDBOX_CLIENT_ID ?? 'hub-sandbox-app',
    process.env.SHOPIFY_SANDBOX_CLIENT_SECRET,
  ),
};

const app = express();
const baseUrl = `http://localhost:${port}/sandbox`;
const sandboxes = mountSandboxes({
  baseUrl,
  dataDir: option('data-dir'),
  profile,
  access: accessFromEnv(process.env),
  applications,
});
app.use('/sandbox', sandboxes.router);
const server = app.listen(port, () =>
  console.log(`Sandboxes (${sandboxes.kinds.join(', ')}) on ${baseUrl}/{kind} — profile ${profile}`),
);
// Idle connections outlive the adapters' keep-alive: a socket closed under a request loses a write's answer.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
