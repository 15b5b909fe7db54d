import type { components } from '@contract';
import type { UserRecord } from '../../db/queries/users.ts';

export type AuthUser = components['schemas']['AuthUser'];

/** The user as the API shows it; never the password hash or Google id. */
export function toAuthUser(user: UserRecord, isBeingImpersonated = false): AuthUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    profileImageUrl: user.profileImageUrl,
    isBeingImpersonated,
    companyName: user.companyName,
    accountId: user.accountId,
    emailVerified: user.emailVerifiedAt !== null,
    timeZone: user.timeZone,
  };
}

export const isStaff = (role: UserRecord['role']) => role === 'admin' || role === 'super' || role === 'super_user';
export const isSuper = (role: UserRecord['role']) => role === 'super' || role === 'super_user';
