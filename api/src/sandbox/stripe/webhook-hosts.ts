/**
 * Where the Stripe sandbox may post webhooks. A public sandbox lets anyone with a test key register an
 * endpoint: posting to this machine's own or its network's addresses (loopback, private, link-local such as
 * a cloud's metadata service) would let them reach what the internet cannot. Stripe itself refuses such URLs;
 * so does the sandbox, unless its control API is open (SANDBOX_CONTROL=open: tests, a developer's machine).
 * The product's own endpoint (configured, not registered) is always served.
 */
export const PRIVATE_URL_MESSAGE =
  'Invalid URL: URL must be publicly accessible. Consider using a tool like the Stripe CLI to test webhooks locally.';

export { isPrivateAddress, namesPrivateHost, reachesPrivateHost } from '../../net/public-addresses.ts';
