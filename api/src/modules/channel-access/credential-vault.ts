import crypto from 'node:crypto';

/**
 * Marketplace credentials at rest: AES-256-GCM under a key derived from APP_SECRET_KEY, with the
 * channel's identity as additional data so a ciphertext cannot be moved to another channel.
 * Format: v1.<iv>.<tag>.<ciphertext>, base64url.
 */
export class CredentialVault {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('The credential key must be 32 bytes');
  }

  seal(secret: Record<string, string>, boundTo: { accountId: string; channelId: string }): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(`${boundTo.accountId}/${boundTo.channelId}`));
    const ciphertext = Buffer.concat([cipher.update(JSON.stringify(secret), 'utf8'), cipher.final()]);
    return [
      'v1',
      iv.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
      ciphertext.toString('base64url'),
    ].join('.');
  }

  open(sealed: string, boundTo: { accountId: string; channelId: string }): Record<string, string> {
    const [version, iv, tag, ciphertext] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || !ciphertext) throw new Error('Unknown credential format');
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(`${boundTo.accountId}/${boundTo.channelId}`));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return JSON.parse(
      Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8'),
    );
  }
}
