import type { SidebarGroup } from '../../index';
import type { AuthUser } from '../../api';

const staffRoles = new Set<AuthUser['role']>(['admin', 'super', 'super_user']);
const superRoles = new Set<AuthUser['role']>(['super', 'super_user']);

/** What the user may see of the administration (spec section 6): staff, and only while not impersonating. */
export const seesAdministration = (user: AuthUser) => staffRoles.has(user.role) && !user.isBeingImpersonated;

/**
 * The sidebar for this user (spec sections 2 and 6): Billing for clients, and for staff only while
 * impersonating; the Administration group for staff not impersonating; Audit Logs for super users.
 */
export function navigationFor(user: AuthUser): SidebarGroup[] {
  const showBilling = user.role === 'client' || user.isBeingImpersonated;
  const operations: SidebarGroup = {
    label: 'Operations',
    items: [
      { label: 'Dashboard', href: '/' },
      { label: 'Channels', href: '/channels' },
      { label: 'Listings', href: '/listings' },
      { label: 'Orders', href: '/orders' },
      { label: 'Analytics', href: '/analytics' },
      { label: 'Advertising', href: '/advertising' },
      { label: 'Compliance', href: '/compliance' },
      { label: 'Support', href: '/support' },
      ...(showBilling ? [{ label: 'Billing', href: '/billing' }] : []),
    ],
  };
  if (!seesAdministration(user)) return [operations];
  return [
    operations,
    {
      label: 'Administration',
      items: [
        { label: 'User Management', href: '/admin/users' },
        { label: 'System Settings', href: '/admin/settings' },
        ...(superRoles.has(user.role) ? [{ label: 'Audit Logs', href: '/audit-logs' }] : []),
      ],
    },
  ];
}
