import { AppError } from '../../context.ts';

// What each platform setting may hold, checked here whatever the contract already checked: the
// settings are read by sign-up, the mailer and the schedule, which trust them.

export const SYNC_INTERVAL_LIMITS = { min: 1, max: 60 } as const;
export const TRIAL_DAYS_LIMITS = { min: 1, max: 90 } as const;
export const TRIAL_SKU_LIMITS = { min: 1, max: 1_000_000 } as const;
export const MAINTENANCE_NOTICE_MAX = 500;

/** Our applications' credentials on eBay and Shopify that staff may set; the values are sealed at rest. */
export const marketplaceCredentialNames = [
  'ebayClientId',
  'ebayClientSecret',
  'ebayRuName',
  'shopifyClientId',
  'shopifyClientSecret',
] as const;
export type MarketplaceCredentialName = (typeof marketplaceCredentialNames)[number];

export function wholeNumberIn(
  value: unknown,
  limits: { min: number; max: number },
  message: (min: number, max: number) => string,
): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < limits.min || value > limits.max)
    throw new AppError(400, message(limits.min, limits.max));
  return value;
}

export const syncIntervalOf = (value: unknown) =>
  wholeNumberIn(
    value,
    SYNC_INTERVAL_LIMITS,
    (min, max) => `The sync interval is a whole number of minutes from ${min} to ${max}.`,
  );

export const trialDaysOf = (value: unknown) =>
  wholeNumberIn(
    value,
    TRIAL_DAYS_LIMITS,
    (min, max) => `The trial lasts a whole number of days from ${min} to ${max}.`,
  );

export const trialSkuLimitOf = (value: unknown) =>
  wholeNumberIn(
    value,
    TRIAL_SKU_LIMITS,
    (min, max) => `The trial's SKU limit is a whole number from ${min} to ${max.toLocaleString('en-US')}.`,
  );

export function signupsOpenOf(value: unknown): boolean {
  if (typeof value !== 'boolean') throw new AppError(400, 'Sign-ups are either open or closed.');
  return value;
}

const ADDRESS = /^[^\s@<>"(),;:]+@[^\s@<>"(),;:]+\.[^\s@<>"(),;:]+$/;

/**
 * A mail's From: an address, or a name and an address in angle brackets. Never a line break (a
 * header of its own) nor a second address.
 */
export function senderAddressOf(value: unknown): string {
  const problem =
    'The sender address is an email address, optionally with a name: Marketplace Hub <no-reply@example.com>.';
  if (typeof value !== 'string' || /[\r\n]/.test(value)) throw new AppError(400, problem);
  const text = value.trim();
  const named = /^([^<>"\r\n]{1,100}?)\s*<([^<>]+)>$/.exec(text);
  const address = named ? named[2]! : text;
  if (!ADDRESS.test(address) || address.length > 254) throw new AppError(400, problem);
  return named ? `${named[1]!.trim()} <${address}>` : address;
}

/** The notice as shown: trimmed; blank is no notice. */
export function maintenanceNoticeOf(value: unknown): string | null {
  if (value === null) return null;
  if (typeof value !== 'string') throw new AppError(400, 'The maintenance notice is text.');
  const text = value.trim();
  if (text.length > MAINTENANCE_NOTICE_MAX)
    throw new AppError(400, `The maintenance notice is at most ${MAINTENANCE_NOTICE_MAX} characters.`);
  return text === '' ? null : text;
}

/** New credential values: each a non-blank string (set or replaced) or null (removed). */
export function credentialChangesOf(value: unknown): Partial<Record<MarketplaceCredentialName, string | null>> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new AppError(400, 'Marketplace credentials are given by name.');
  const changes: Partial<Record<MarketplaceCredentialName, string | null>> = {};
  for (const [name, given] of Object.entries(value)) {
    if (!(marketplaceCredentialNames as readonly string[]).includes(name))
      throw new AppError(400, `Unknown marketplace credential: ${name}.`);
    if (given !== null && (typeof given !== 'string' || given.trim() === '' || given.length > 500))
      throw new AppError(400, `${name} is a value of 1 to 500 characters, or null to remove it.`);
    changes[name as MarketplaceCredentialName] = given === null ? null : given.trim();
  }
  return changes;
}
