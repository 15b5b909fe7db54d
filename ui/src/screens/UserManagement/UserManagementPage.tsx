import { Spinner } from '../../index';
import { useCurrentUser } from '../../api';
import { TeamPage } from './Team/TeamPage';
import { StaffUsers } from './StaffUsers';

export { USERS_PAGE_SIZE } from './StaffUsers';

const isStaff = (role: string) => role === 'admin' || role === 'super' || role === 'super_user';

/**
 * User Management (`/admin/users`, `/user-management`): platform staff see every user; anyone else
 * (and staff viewing as a seller) sees their account's team, which its owners manage.
 */
export function UserManagementPage() {
  const { data: me, isPending } = useCurrentUser();
  if (isPending) return <Spinner label="Loading..." />;
  if (me && isStaff(me.role) && !me.isBeingImpersonated) return <StaffUsers me={me} />;
  return <TeamPage />;
}

export default UserManagementPage;
