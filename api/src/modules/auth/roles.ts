import type { AppContext } from '../../context.ts';
import { AppError } from '../../context.ts';
import { findUserByEmail, setRole } from '../../db/queries/users.ts';
import { roleValues, type Role } from '../../db/schema/index.ts';
import { recordAudit, type AuditContext } from '../audit/audit-log.ts';

export const isRole = (value: string): value is Role => (roleValues as readonly string[]).includes(value);

/** Used by the operator's command line (the first administrator) and, later, by super users. */
export async function changeRoleByEmail(ctx: AppContext, audit: AuditContext, email: string, role: Role) {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) throw new AppError(404, `No user with the email ${email}`);
  if (user.role === role) return { user, changed: false };
  await ctx.db.transaction(async (tx) => {
    await setRole(tx, user.id, role, ctx.clock());
    await recordAudit(tx, audit, {
      action: 'user.role_changed',
      accountId: user.accountId,
      targetType: 'user',
      targetId: user.id,
      before: { role: user.role },
      after: { role },
    });
  });
  return { user, changed: true };
}
