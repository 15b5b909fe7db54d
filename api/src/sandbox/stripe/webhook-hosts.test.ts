import { describe, expect, it } from 'vitest';
import { isPrivateAddress, namesPrivateHost, reachesPrivateHost } from './webhook-hosts.ts';

describe('webhook hosts', () => {
  it('tells the addresses of this machine and its networks from the internet', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      'not an address',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::6810:84e5'])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it('tells URLs naming a private host by themselves', () => {
    for (const url of [
      'http://localhost:3000/x',
      'http://api.localhost/x',
      'http://[::1]:8080/x',
      'http://127.1/x',
      'http://0x7f000001/x',
      'http://printer.local/x',
      'http://metadata.google.internal/x',
      'http://intranet/x',
      'not a url',
    ])
      expect(namesPrivateHost(url), url).toBe(true);
    expect(namesPrivateHost('https://example.com/hooks')).toBe(false);
    expect(namesPrivateHost('https://93.184.216.34/hooks')).toBe(false);
  });

  it('finds a name that points inwards at delivery', async () => {
    expect(await reachesPrivateHost('http://127.0.0.1/x')).toBe(true);
    expect(await reachesPrivateHost('http://localhost/x')).toBe(true);
  });
});
