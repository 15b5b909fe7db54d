import dns from 'node:dns/promises';
import net from 'node:net';

/**
 * Where the Stripe sandbox may post webhooks. A public sandbox lets anyone with a test key register an
 * endpoint: posting to this machine's own or its network's addresses (loopback, private, link-local such as
 * a cloud's metadata service) would let them reach what the internet cannot. Stripe itself refuses such URLs;
 * so does the sandbox, unless its control API is open (SANDBOX_CONTROL=open: tests, a developer's machine).
 * The product's own endpoint (configured, not registered) is always served.
 */
export const PRIVATE_URL_MESSAGE =
  'Invalid URL: URL must be publicly accessible. Consider using a tool like the Stripe CLI to test webhooks locally.';

const privateRanges = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  privateRanges.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  privateRanges.addSubnet(prefix, bits, 'ipv6');

/** An address this machine or its network answers on, not the internet (IPv4 written in IPv6 too). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPrivateAddress(mapped);
  const family = net.isIP(address);
  if (family === 4) return privateRanges.check(address, 'ipv4');
  if (family === 6) return privateRanges.check(address, 'ipv6');
  return true;
}

const bare = (hostname: string) =>
  hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();

/** The URL names a private host by itself (an address, localhost, a local or internal name), or is no URL. */
export function namesPrivateHost(url: string): boolean {
  let hostname: string;
  try {
    hostname = bare(new URL(url).hostname);
  } catch {
    return true;
  }
  if (net.isIP(hostname)) return isPrivateAddress(hostname);
  return (
    !hostname.includes('.') ||
    ['.localhost', '.local', '.internal', '.home.arpa'].some((suffix) => hostname.endsWith(suffix))
  );
}

/** At delivery: the URL's name resolves to a private address (or to none): a name made to point inwards after registration. */
export async function reachesPrivateHost(url: string): Promise<boolean> {
  if (namesPrivateHost(url)) return true;
  try {
    const addresses = await dns.lookup(bare(new URL(url).hostname), { all: true, verbatim: true });
    return addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address));
  } catch {
    return true;
  }
}
