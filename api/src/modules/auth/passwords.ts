import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane.
// `algorithm: 2` is Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax).
const argon2Options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const MIN_PASSWORD_LENGTH = 6;

const commonPasswords = new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// A hash of a random string, verified when the user is unknown, so that a wrong email takes as long as a wrong password.
const dummyHash = hash(`dummy-${Math.random()}`, argon2Options);
export async function spendPasswordCheckTime(password: string): Promise<void> {
  await verifyPassword(await dummyHash, password);
}

/** Why a new password is refused, or null when it is acceptable. */
export function newPasswordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`;
  if (commonPasswords.has(password.toLowerCase()))
    return 'This password is one of the most commonly used and easy to guess. Please choose another.';
  return null;
}
