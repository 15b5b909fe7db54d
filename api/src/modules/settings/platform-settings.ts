import type { components } from '@contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  lockPlatformSetting,
  readAllPlatformSettings,
  readPlatformSetting,
  TRIAL_SKU_LIMIT_KEY,
  writePlatformSetting,
} from '../../db/queries/platform-settings.ts';
import { recordAudit, type AuditContext } from '../audit/audit-log.ts';
import { planLimits } from '../billing/plan-limits.ts';
import {
  credentialChangesOf,
  maintenanceNoticeOf,
  marketplaceCredentialNames,
  senderAddressOf,
  signupsOpenOf,
  syncIntervalOf,
  trialDaysOf,
  trialSkuLimitOf,
  type MarketplaceCredentialName,
} from './settings-values.ts';

export { SYNC_INTERVAL_LIMITS } from './settings-values.ts';

/** The platform settings staff may change (System Settings), as the API shows them. */
export type PlatformSettings = components['schemas']['PlatformSettings'];
type PlatformSettingsUpdate = components['schemas']['PlatformSettingsUpdate'];
type PlainSetting = Exclude<keyof PlatformSettings, 'marketplaceCredentials'>;

export const DEFAULT_TRIAL_DAYS = 7;

/** Each plain setting: its key in platform_settings and how a stored or given value is checked. */
const plainSettings: Record<PlainSetting, { key: string; check: (value: unknown) => unknown }> = {
  syncIntervalMinutes: { key: 'sync.interval_minutes', check: syncIntervalOf },
  trialDays: { key: 'trial.days', check: trialDaysOf },
  trialSkuLimit: { key: TRIAL_SKU_LIMIT_KEY, check: trialSkuLimitOf },
  signupsOpen: { key: 'signups.open', check: signupsOpenOf },
  senderAddress: { key: 'mail.sender_address', check: senderAddressOf },
  maintenanceNotice: { key: 'maintenance.notice', check: maintenanceNoticeOf },
};
const CREDENTIALS_KEY = 'marketplace_apps.credentials';
/** The sealed credentials are bound to this, so they cannot be moved into a channel's row or out of it. */
const CREDENTIALS_BINDING = { accountId: 'platform', channelId: 'marketplace-applications' };

function defaults(ctx: AppContext): Omit<PlatformSettings, 'marketplaceCredentials'> {
  return {
    syncIntervalMinutes: ctx.config.sync.intervalMinutes,
    trialDays: DEFAULT_TRIAL_DAYS,
    trialSkuLimit: planLimits.trial.skus,
    signupsOpen: true,
    senderAddress: ctx.config.mailFrom,
    maintenanceNotice: null,
  };
}

/** A stored value that no longer passes its check (an older version's, a hand edit) gives way to the default. */
function storedOr<T>(stored: unknown, check: (value: unknown) => unknown, fallback: T): T {
  if (stored === undefined) return fallback;
  try {
    return check(stored) as T;
  } catch {
    return fallback;
  }
}

/** A setting's stored value, kept in memory until a change of it is told (read-caches.ts); undefined if never set. */
const storedSetting = (ctx: AppContext, key: string): Promise<unknown> =>
  ctx.caches.platformSettings.get(ctx.db, key, (db) => readPlatformSetting(db, key));

type SealedCredentials = Partial<Record<MarketplaceCredentialName, string>>;
const sealedCredentials = (stored: unknown): SealedCredentials =>
  typeof stored === 'object' && stored !== null ? (stored as SealedCredentials) : {};

/** The settings in force: what staff set, else the defaults (the configuration's where it has one). */
export async function platformSettings(ctx: AppContext): Promise<PlatformSettings> {
  const stored = await readAllPlatformSettings(ctx.db);
  const fallback = defaults(ctx);
  const settings = { ...fallback } as Record<PlainSetting, unknown>;
  for (const [name, { key, check }] of Object.entries(plainSettings) as Array<
    [PlainSetting, (typeof plainSettings)[PlainSetting]]
  >)
    settings[name] = storedOr(stored.get(key), check, fallback[name]);
  const sealed = sealedCredentials(stored.get(CREDENTIALS_KEY));
  const marketplaceCredentials = Object.fromEntries(
    marketplaceCredentialNames.map((name) => [name, typeof sealed[name] === 'string']),
  ) as PlatformSettings['marketplaceCredentials'];
  return { ...(settings as Omit<PlatformSettings, 'marketplaceCredentials'>), marketplaceCredentials };
}

/** One setting in force, read alone (sign-up, the mailer, the shell's notice read it on their own). */
export async function platformSetting<K extends PlainSetting>(ctx: AppContext, name: K): Promise<PlatformSettings[K]> {
  const { key, check } = plainSettings[name];
  const fallback = defaults(ctx)[name] as PlatformSettings[K];
  return storedOr(await storedSetting(ctx, key), check, fallback);
}

/** A credential's value, opened; undefined when staff never set it. For the marketplaces' consent flows. */
export async function marketplaceCredential(
  ctx: AppContext,
  name: MarketplaceCredentialName,
): Promise<string | undefined> {
  const sealed = sealedCredentials(await storedSetting(ctx, CREDENTIALS_KEY))[name];
  return sealed === undefined ? undefined : ctx.marketplaces.vault.open(sealed, CREDENTIALS_BINDING).value;
}

/**
 * Every credential staff set, opened (read once, for one use: a consent, a token refresh, a webhook's check).
 * A value that no longer opens (the master key changed) counts as not set.
 */
export async function storedMarketplaceCredentials(
  ctx: AppContext,
): Promise<Partial<Record<MarketplaceCredentialName, string>>> {
  const sealed = sealedCredentials(await storedSetting(ctx, CREDENTIALS_KEY));
  const opened: Partial<Record<MarketplaceCredentialName, string>> = {};
  for (const name of marketplaceCredentialNames) {
    const value = sealed[name];
    if (typeof value !== 'string') continue;
    try {
      opened[name] = ctx.marketplaces.vault.open(value, CREDENTIALS_BINDING).value;
    } catch {
      console.warn(`[settings] the stored ${name} could not be opened; the configuration's is used`);
    }
  }
  return opened;
}

/** How a credential shows in the audit log: never its value. */
const credentialWord = (wasSet: boolean, now: string | null | undefined) =>
  now === null ? 'removed' : wasSet ? 'changed' : 'set';

/**
 * Applies the changes given, each checked; what actually changed is written and audited in one
 * entry with before and after (a credential as "set", "changed" or "removed", never its value).
 */
export async function updatePlatformSettings(
  ctx: AppContext,
  audit: AuditContext,
  changes: PlatformSettingsUpdate,
): Promise<PlatformSettings> {
  if (typeof changes !== 'object' || changes === null || Object.keys(changes).length === 0)
    throw new AppError(400, 'Nothing to change.');
  const current = await platformSettings(ctx);
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  const writes: Array<{ key: string; value: unknown }> = [];
  for (const [name, { key, check }] of Object.entries(plainSettings) as Array<
    [PlainSetting, (typeof plainSettings)[PlainSetting]]
  >) {
    if (!(name in changes)) continue;
    const value = check(changes[name]);
    if (value === current[name]) continue;
    before[name] = current[name];
    after[name] = value;
    // The column holds JSON and no SQL null: a setting cleared (the notice) is stored blank, which reads as none.
    writes.push({ key, value: value ?? '' });
  }
  const given =
    changes.marketplaceCredentials === undefined ? undefined : credentialChangesOf(changes.marketplaceCredentials);

  // Built afresh on each try: the database layer tries a transaction again after a deadlock.
  const changed = await ctx.db.transaction(async (tx) => {
    const all = { before: { ...before }, after: { ...after }, writes: [...writes] };
    const credentials = given && (await credentialChanges(ctx, tx, given));
    if (credentials) {
      all.before.marketplaceCredentials = credentials.before;
      all.after.marketplaceCredentials = credentials.after;
      all.writes.push({ key: CREDENTIALS_KEY, value: credentials.sealed });
    }
    if (all.writes.length === 0) return false;
    for (const { key, value } of all.writes) {
      ctx.caches.platformSettings.written(tx, key);
      await writePlatformSetting(tx, key, value, ctx.clock(), audit.actorUserId);
    }
    await recordAudit(tx, audit, {
      action: 'settings.changed',
      targetType: 'platform_settings',
      targetId: Object.keys(all.after).join(','),
      before: all.before,
      after: all.after,
    });
    return true;
  });
  return changed ? platformSettings(ctx) : current;
}

/**
 * The credential set with the changes given applied, and how they show in the audit log; undefined when
 * nothing changes. The set is one value written back whole: it is read with its row locked (inside the
 * caller's transaction), so two saves at once apply one after the other and neither loses the other's.
 */
async function credentialChanges(
  ctx: AppContext,
  tx: Db,
  given: Partial<Record<MarketplaceCredentialName, string | null>>,
): Promise<{ sealed: SealedCredentials; before: Record<string, string>; after: Record<string, string> } | undefined> {
  const sealed = { ...sealedCredentials(await lockPlatformSetting(tx, CREDENTIALS_KEY, {}, ctx.clock())) };
  const before: Record<string, string> = {};
  const after: Record<string, string> = {};
  for (const [name, value] of Object.entries(given) as Array<[MarketplaceCredentialName, string | null]>) {
    const wasSet = typeof sealed[name] === 'string';
    if (value === null && !wasSet) continue;
    before[name] = wasSet ? 'set' : 'not set';
    after[name] = credentialWord(wasSet, value);
    if (value === null) delete sealed[name];
    else sealed[name] = ctx.marketplaces.vault.seal({ value }, CREDENTIALS_BINDING);
  }
  return Object.keys(after).length > 0 ? { sealed, before, after } : undefined;
}
