import type { AppContext } from '../../context.ts';
import { AppError } from '../../context.ts';
import { findUserById, updateProfile as saveProfile, type UserRecord } from '../../db/queries/users.ts';
import { deleteOwnSessions } from '../../db/queries/sessions.ts';
import { recordAudit, type AuditContext } from '../audit/audit-log.ts';

export interface ProfileChanges {
  firstName?: string | undefined;
  lastName?: string | undefined;
  companyName?: string | undefined;
  timeZone?: string | null | undefined;
}

const clean = (s: string | undefined) => (s === undefined ? undefined : s.trim() || null);

/** An IANA zone name (Region/City, or UTC): offsets and abbreviations Intl might also take are not names. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/** The zone's canonical spelling as Intl knows it ("utc" → "UTC"), or a 400 naming the bad value. */
export function canonicalTimeZone(zone: string): string {
  const name = zone.trim();
  try {
    if (ZONE_NAME.test(name)) return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    // RangeError: a name Intl does not know; answered below.
  }
  throw new AppError(
    400,
    `"${name}" is not a time zone we know. Choose one such as Europe/London or America/New_York.`,
  );
}

export async function updateProfile(
  ctx: AppContext,
  audit: AuditContext,
  user: UserRecord,
  input: ProfileChanges,
): Promise<UserRecord> {
  const changes: {
    firstName?: string | null;
    lastName?: string | null;
    timeZone?: string | null;
    companyName?: string;
  } = {};
  if (input.firstName !== undefined) changes.firstName = clean(input.firstName);
  if (input.lastName !== undefined) changes.lastName = clean(input.lastName);
  if (input.timeZone !== undefined)
    changes.timeZone = input.timeZone === null ? null : canonicalTimeZone(input.timeZone);
  const company = clean(input.companyName);
  // The account keeps a name: an emptied company name leaves the old one.
  if (company) changes.companyName = company;
  const before: Record<keyof typeof changes, unknown> = {
    firstName: user.firstName,
    lastName: user.lastName,
    companyName: user.companyName,
    timeZone: user.timeZone,
  };
  // Saved as it was: nothing to store or tell.
  const changed = (Object.keys(changes) as Array<keyof typeof changes>).filter((key) => changes[key] !== before[key]);
  if (changed.length === 0) return user;
  return ctx.db.transaction(async (tx) => {
    await saveProfile(tx, user, changes, ctx.clock());
    await recordAudit(tx, audit, {
      action: 'user.profile_updated',
      accountId: user.accountId,
      targetType: 'user',
      targetId: user.id,
      before: Object.fromEntries(changed.map((key) => [key, before[key]])),
      after: Object.fromEntries(changed.map((key) => [key, changes[key]])),
    });
    return (await findUserById(tx, user.id))!;
  });
}

/** Every session the user signed in to ends but this one: other browsers and devices must sign in again. */
export async function signOutOtherSessions(
  ctx: AppContext,
  audit: AuditContext,
  user: { id: string; accountId: string },
  currentSid: string,
): Promise<{ message: string }> {
  await ctx.db.transaction(async (tx) => {
    await deleteOwnSessions(tx, user.id, currentSid);
    await recordAudit(tx, audit, {
      action: 'auth.other_sessions_signed_out',
      accountId: user.accountId,
      targetType: 'user',
      targetId: user.id,
    });
  });
  return { message: 'Your other sessions have been signed out.' };
}
