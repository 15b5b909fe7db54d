import Stripe from 'stripe';
import { AppError } from '../../context.ts';

/**
 * How this installation reaches Stripe: a real account's keys from the environment, or the built-in
 * Stripe sandbox (keys derived per installation, its address the sandboxes'). Undefined: no billing.
 */
export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** The built-in sandbox's address (e.g. http://localhost:3000/sandbox/stripe); undefined for Stripe itself. */
  sandboxUrl: string | undefined;
  priceIds: { starter?: string; growth?: string; business?: string; enterprise?: string };
}

/**
 * The SDK's own Node HTTP client, with the sandbox's path prefix put before Stripe's `/v1/…`: the SDK
 * is pointed at the sandbox by host, port and protocol, and the sandbox lives below /sandbox/stripe.
 */
function prefixedHttpClient(prefix: string): Stripe.HttpClient {
  const inner = Stripe.createNodeHttpClient();
  return {
    getClientName: () => inner.getClientName(),
    makeRequest: (host, port, path, method, headers, requestData, protocol, timeout) =>
      inner.makeRequest(host, port, `${prefix}${path}`, method, headers, requestData, protocol, timeout),
  };
}

const clients = new WeakMap<StripeSettings, Stripe>();

/** The SDK client for these settings (one per installation: it keeps its connections). */
export function stripeClient(settings: StripeSettings): Stripe {
  let client = clients.get(settings);
  if (!client) {
    const sandbox = settings.sandboxUrl ? new URL(settings.sandboxUrl) : undefined;
    client = new Stripe(settings.secretKey, {
      appInfo: { name: 'Marketplace Hub' },
      maxNetworkRetries: 2,
      ...(sandbox
        ? {
            host: sandbox.hostname,
            port: sandbox.port || (sandbox.protocol === 'https:' ? 443 : 80),
            protocol: sandbox.protocol === 'https:' ? 'https' : 'http',
            httpClient: prefixedHttpClient(sandbox.pathname.replace(/\/+$/, '')),
          }
        : {}),
    });
    clients.set(settings, client);
  }
  return client;
}

/** The settings, or the refusal a seller reads when this installation bills with nothing. */
export function requireStripe(settings: StripeSettings | undefined): StripeSettings {
  if (!settings)
    throw new AppError(
      503,
      'Billing is not set up on this installation: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or turn the sandboxes on.',
    );
  return settings;
}
