import type { AppContext } from '../../context.ts';
import { findUserById, updateProfile as saveProfile, type UserRecord } from '../../db/queries/users.ts';
import { recordAudit, type AuditContext } from '../audit/audit-log.ts';

export interface ProfileChanges {
  firstName?: string | undefined;
  lastName?: string | undefined;
  companyName?: string | undefined;
}

const clean = (s: string | undefined) => (s === undefined ? undefined : s.trim() || null);

export async function updateProfile(
  ctx: AppContext,
  audit: AuditContext,
  user: UserRecord,
  input: ProfileChanges,
): Promise<UserRecord> {
  const changes: { firstName?: string | null; lastName?: string | null; companyName?: string } = {};
  if (input.firstName !== undefined) changes.firstName = clean(input.firstName);
  if (input.lastName !== undefined) changes.lastName = clean(input.lastName);
  const company = clean(input.companyName);
  // The account keeps a name: an emptied company name leaves the old one.
  if (company) changes.companyName = company;
  return ctx.db.transaction(async (tx) => {
    await saveProfile(tx, user, changes, ctx.clock());
    await recordAudit(tx, audit, {
      action: 'user.profile_updated',
      accountId: user.accountId,
      targetType: 'user',
      targetId: user.id,
      before: { firstName: user.firstName, lastName: user.lastName, companyName: user.companyName },
      after: changes,
    });
    return (await findUserById(tx, user.id))!;
  });
}
