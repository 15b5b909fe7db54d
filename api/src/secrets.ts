import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';

/**
 * The app's master key: APP_SECRET_KEY (64 hex characters) when set; otherwise a key created once
 * in the data directory, readable by its owner only. Other secrets are derived from it by purpose.
 */
export function loadAppSecretKey(env: NodeJS.ProcessEnv, dataDir: string): Buffer {
  if (env.APP_SECRET_KEY) {
    const key = Buffer.from(env.APP_SECRET_KEY, 'hex');
    if (key.length !== 32) throw new Error('APP_SECRET_KEY must be 64 hexadecimal characters (32 bytes).');
    return key;
  }
  const file = path.join(dataDir, 'app-secret.key');
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte hexadecimal key.`);
  return key;
}

export function deriveSecret(masterKey: Buffer, purpose: string): string {
  return Buffer.from(crypto.hkdfSync('sha256', masterKey, Buffer.alloc(0), purpose, 32)).toString('hex');
}
