import type { components } from '@contract';

export type AuthUser = components['schemas']['AuthUser'];
export type AdminUser = components['schemas']['AdminUser'];

// Stable ids so stories and tests can address a user (e.g. /api/admin/impersonate/{userId}).
const ids = {
  superUser: '0b5c1f3e-6a0e-4c53-9a49-6f0f1f1d0001',
  superAdmin: '0b5c1f3e-6a0e-4c53-9a49-6f0f1f1d0002',
  admin: '0b5c1f3e-6a0e-4c53-9a49-6f0f1f1d0003',
  client: '0b5c1f3e-6a0e-4c53-9a49-6f0f1f1d0004',
  clientWithPhoto: '0b5c1f3e-6a0e-4c53-9a49-6f0f1f1d0005',
  clientWithoutName: '0b5c1f3e-6a0e-4c53-9a49-6f0f1f1d0006',
  unverifiedClient: '0b5c1f3e-6a0e-4c53-9a49-6f0f1f1d0007',
} as const;

const accounts = {
  platform: '5e1d9a40-3f6b-4d1e-8a7c-2b9f00000001',
  cooperHome: '5e1d9a40-3f6b-4d1e-8a7c-2b9f00000002',
  northwind: '5e1d9a40-3f6b-4d1e-8a7c-2b9f00000003',
  solo: '5e1d9a40-3f6b-4d1e-8a7c-2b9f00000004',
} as const;

// An inline image, so stories show a photo without any network request.
const samplePhoto =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#c7d2fe"/><circle cx="32" cy="26" r="12" fill="#4338ca"/><rect x="12" y="42" width="40" height="22" rx="11" fill="#4338ca"/></svg>',
  );

/** One signed-in user per role and per display case (photo, name, email only). */
export const users = {
  superUser: {
    id: ids.superUser,
    email: 'morgan.reyes@hub.example',
    firstName: 'Morgan',
    lastName: 'Reyes',
    role: 'super_user',
    profileImageUrl: null,
    isBeingImpersonated: false,
    companyName: 'Marketplace Hub',
    accountId: accounts.platform,
    emailVerified: true,
  },
  superAdmin: {
    id: ids.superAdmin,
    email: 'priya.shah@hub.example',
    firstName: 'Priya',
    lastName: 'Shah',
    role: 'super',
    profileImageUrl: null,
    isBeingImpersonated: false,
    companyName: 'Marketplace Hub',
    accountId: accounts.platform,
    emailVerified: true,
  },
  admin: {
    id: ids.admin,
    email: 'alex.morgan@hub.example',
    firstName: 'Alex',
    lastName: 'Morgan',
    role: 'admin',
    profileImageUrl: null,
    isBeingImpersonated: false,
    companyName: 'Marketplace Hub',
    accountId: accounts.platform,
    emailVerified: true,
  },
  client: {
    id: ids.client,
    email: 'jane.cooper@cooperhome.example',
    firstName: 'Jane',
    lastName: 'Cooper',
    role: 'client',
    profileImageUrl: null,
    isBeingImpersonated: false,
    companyName: 'Cooper Home Goods',
    accountId: accounts.cooperHome,
    emailVerified: true,
  },
  clientWithPhoto: {
    id: ids.clientWithPhoto,
    email: 'li.wei@northwind.example',
    firstName: 'Li',
    lastName: 'Wei',
    role: 'client',
    profileImageUrl: samplePhoto,
    isBeingImpersonated: false,
    companyName: 'Northwind Outfitters',
    accountId: accounts.northwind,
    emailVerified: true,
  },
  clientWithoutName: {
    id: ids.clientWithoutName,
    email: 'orders@solo-seller.example',
    firstName: null,
    lastName: null,
    role: 'client',
    profileImageUrl: null,
    isBeingImpersonated: false,
    companyName: null,
    accountId: accounts.solo,
    emailVerified: true,
  },
  unverifiedClient: {
    id: ids.unverifiedClient,
    email: 'new.seller@example.com',
    firstName: 'Sam',
    lastName: 'Taylor',
    role: 'client',
    profileImageUrl: null,
    isBeingImpersonated: false,
    companyName: null,
    accountId: accounts.solo,
    emailVerified: false,
  },
} as const satisfies Record<string, AuthUser>;

/** The client as an administrator sees them while impersonating (what GET /api/auth/user returns then). */
export const impersonatedClient: AuthUser = { ...users.client, isBeingImpersonated: true };

/** The user list row for a user, as the admin API returns it. */
export function toAdminUser(
  user: AuthUser,
  createdAt: string,
  lastSignInAt: string | null,
  more: Partial<Pick<AdminUser, 'disabled' | 'plan' | 'accountRole'>> = {},
): AdminUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    companyName: user.companyName,
    accountId: user.accountId,
    emailVerified: user.emailVerified,
    createdAt,
    lastSignInAt,
    disabled: more.disabled ?? false,
    plan: more.plan ?? (user.accountId === accounts.platform ? 'enterprise' : 'business'),
    accountRole: more.accountRole ?? 'owner',
  };
}

/** Every fixture user, as the admin user list shows them (newest first). */
export const adminUsers: AdminUser[] = [
  toAdminUser(users.unverifiedClient, '2025-03-02T10:15:00.000Z', null),
  toAdminUser(users.clientWithoutName, '2025-02-18T08:00:00.000Z', '2025-03-01T17:42:00.000Z', {
    disabled: true,
    plan: 'starter',
  }),
  toAdminUser(users.clientWithPhoto, '2025-01-27T13:30:00.000Z', '2025-03-02T09:05:00.000Z', { plan: 'trial' }),
  toAdminUser(users.client, '2025-01-10T09:00:00.000Z', '2025-03-02T11:20:00.000Z'),
  toAdminUser(users.admin, '2024-11-04T12:00:00.000Z', '2025-03-02T08:30:00.000Z'),
  toAdminUser(users.superAdmin, '2024-10-01T09:00:00.000Z', '2025-02-28T16:10:00.000Z'),
  toAdminUser(users.superUser, '2024-09-15T09:00:00.000Z', '2025-03-02T07:55:00.000Z'),
];

/** Look a fixture user up by id, as the server would load them. */
export function findUser(id: string): AuthUser | undefined {
  return Object.values(users).find((user) => user.id === id);
}
