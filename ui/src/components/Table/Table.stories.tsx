import { fixtures, type AdminUser } from '@hub/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { visuallyHidden } from '../../theme/utils.css';
import { displayName } from '../Avatar/Avatar';
import { RoleBadge } from '../Badge/Badge';
import { Button } from '../Button/Button';
import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from './Table';

function UserTable({ users }: { users: AdminUser[] }) {
  return (
    <Table caption="Users">
      <TableHeader>
        <TableRow>
          <TableHeaderCell>Name</TableHeaderCell>
          <TableHeaderCell>Company</TableHeaderCell>
          <TableHeaderCell>Role</TableHeaderCell>
          <TableHeaderCell>Last sign-in</TableHeaderCell>
          <TableHeaderCell>
            <span className={visuallyHidden}>Actions</span>
          </TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.map((user) => (
          <TableRow key={user.id}>
            <TableCell>{displayName(user)}</TableCell>
            <TableCell>{user.companyName ?? '—'}</TableCell>
            <TableCell>
              <RoleBadge role={user.role} />
            </TableCell>
            <TableCell>
              {user.lastSignInAt ? new Date(user.lastSignInAt).toISOString().slice(0, 10) : 'Never'}
            </TableCell>
            <TableCell>
              <Button size="small" variant="secondary" aria-label={`Impersonate ${displayName(user)}`}>
                Impersonate
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

const meta = {
  title: 'Components/Table',
  component: UserTable,
  args: { users: fixtures.adminUsers },
} satisfies Meta<typeof UserTable>;

export default meta;
type Story = StoryObj<typeof meta>;

export const UserList: Story = {
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table', { name: 'Users' });
    // A header row plus one row per user.
    await expect(within(table).getAllByRole('row')).toHaveLength(fixtures.adminUsers.length + 1);
    await expect(within(table).getByRole('columnheader', { name: 'Role' })).toBeVisible();
    await expect(within(table).getByRole('button', { name: 'Impersonate Jane Cooper' })).toBeVisible();
    await expect(within(table).getByText('Never')).toBeVisible();
  },
};
