import dns from 'node:dns';
import dnsPromises from 'node:dns/promises';
import net from 'node:net';

/**
 * Addresses the internet cannot reach: this machine's own, its network's, link-local (a cloud's metadata
 * service), reserved and multicast ranges, and their IPv6 forms. Used wherever the product or a sandbox posts
 * to an address someone else gave (alert webhooks, the Stripe sandbox's endpoints): posting there would let
 * them reach what the internet cannot. Shared by the engine and the sandboxes, and part of neither.
 */
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
    const addresses = await dnsPromises.lookup(bare(new URL(url).hostname), { all: true, verbatim: true });
    return addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address));
  } catch {
    return true;
  }
}

/**
 * A `lookup` for http(s).request that refuses a name resolving to a private address at the moment of
 * connecting: the check and the connection use the same answer, so a name turned inwards between a check and
 * the request (DNS rebinding) is refused too.
 */
export const publicAddressLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true, verbatim: true }, (error, addresses) => {
    if (error) return void callback(error, '', 0);
    const refused = addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address));
    if (refused) {
      const denied = Object.assign(new Error(`${hostname} is not a public address`), { code: 'EPRIVATEADDRESS' });
      return void callback(denied, '', 0);
    }
    if ((options as dns.LookupOptions).all)
      return void (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};
