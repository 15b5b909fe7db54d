import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CredentialVault } from './credential-vault.ts';

const vault = new CredentialVault(crypto.randomBytes(32));
const channel = { accountId: 'acc-1', channelId: 'ch-1' };

describe('the credential vault', () => {
  it('seals with AES-256-GCM and opens only for the same channel and key', () => {
    const sealed = vault.seal({ clientSecret: 'very-secret-value' }, channel);
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('very-secret-value');
    expect(vault.open(sealed, channel)).toEqual({ clientSecret: 'very-secret-value' });
    // A fresh IV each time: the same secret never seals the same way twice.
    expect(vault.seal({ clientSecret: 'very-secret-value' }, channel)).not.toBe(sealed);
    expect(() => vault.open(sealed, { ...channel, channelId: 'ch-2' })).toThrow();
    expect(() => new CredentialVault(crypto.randomBytes(32)).open(sealed, channel)).toThrow();
  });

  it('refuses a tampered ciphertext', () => {
    const sealed = vault.seal({ token: 'abc' }, channel);
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0]! ^= 1;
    parts[3] = body.toString('base64url');
    expect(() => vault.open(parts.join('.'), channel)).toThrow();
  });
});
