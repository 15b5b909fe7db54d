import { useState } from 'react';
import {
  Badge,
  Button,
  Card,
  EmptyState,
  ErrorState,
  RoleBadge,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '../../index';
import { ApiError, errorText, useUsers, type AdminUser, type AuthUser } from '../../api';
import { NoAccess, PageHeader } from '../../shared/SignedInPage/SignedInPage';
import { UserFilters } from './UserFilters';
import { fullName, UserActionDialogs, type PendingAction } from './UserActionDialogs';
import { UserRowActions } from './UserRowActions';
import { noFilters, planChoices, toUserFilter, type FilterValues } from './userFilters';
import * as styles from './UserManagement.css';

export const USERS_PAGE_SIZE = 25;

const formatDate = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' }) : 'Never';

/** Platform staff: every user, searched and filtered on the server, with the staff's actions on each. */
export function StaffUsers({ me }: { me: AuthUser }) {
  const [filters, setFilters] = useState<FilterValues>(noFilters);
  const [page, setPage] = useState(1);
  const [pending, setPending] = useState<PendingAction>(null);
  const users = useUsers(toUserFilter(filters, page, USERS_PAGE_SIZE));

  if (users.error instanceof ApiError && users.error.status === 403) return <NoAccess title="User Management" />;

  const total = users.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));
  const filtered = Object.values(filters).some(Boolean);

  return (
    <>
      <PageHeader
        title="User Management"
        description="Every user of the platform. View as a user to see exactly what they see."
      />
      <Card padding="large">
        <UserFilters
          values={filters}
          onChange={(values) => {
            setFilters(values);
            setPage(1);
          }}
        />
        {users.isPending ? (
          <Spinner label="Loading users..." />
        ) : users.isError ? (
          <ErrorState
            title="Users could not be loaded"
            description={errorText(users.error)}
            onRetry={() => users.refetch()}
          />
        ) : users.data.items.length === 0 ? (
          <EmptyState
            title="No users match"
            description={filtered ? 'Nobody matches these filters.' : 'No users yet.'}
            action={
              filtered ? (
                <Button variant="secondary" onClick={() => setFilters(noFilters)}>
                  Clear filters
                </Button>
              ) : undefined
            }
          />
        ) : (
          <>
            <UsersTable me={me} users={users.data.items} onConfirm={setPending} />
            <div className={styles.pager}>
              <span className={styles.secondary}>
                Page {page} of {pages} · {total} users
              </span>
              <Button size="small" variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                Previous
              </Button>
              <Button size="small" variant="secondary" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                Next
              </Button>
            </div>
          </>
        )}
      </Card>
      <UserActionDialogs pending={pending} onClose={() => setPending(null)} />
    </>
  );
}

function UsersTable({
  me,
  users,
  onConfirm,
}: {
  me: AuthUser;
  users: AdminUser[];
  onConfirm: (action: NonNullable<PendingAction>) => void;
}) {
  return (
    <Table caption="Users" hideCaption>
      <TableHeader>
        <TableRow>
          <TableHeaderCell>Name</TableHeaderCell>
          <TableHeaderCell>Company</TableHeaderCell>
          <TableHeaderCell>Role</TableHeaderCell>
          <TableHeaderCell>Status</TableHeaderCell>
          <TableHeaderCell>Last sign-in</TableHeaderCell>
          <TableHeaderCell>
            <span className={styles.secondary}>Actions</span>
          </TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.map((u) => (
          <TableRow key={u.id}>
            <TableCell>
              <div className={styles.nameCell}>
                <span>{fullName(u)}</span>
                <span className={styles.secondary}>{u.email}</span>
              </div>
            </TableCell>
            <TableCell>
              <div className={styles.nameCell}>
                <span>{u.companyName ?? '—'}</span>
                <span className={styles.secondary}>{planChoices.find(([p]) => p === u.plan)?.[1]}</span>
              </div>
            </TableCell>
            <TableCell>
              <RoleBadge role={u.role} />
            </TableCell>
            <TableCell>
              <div className={styles.badges}>
                {u.disabled ? <Badge tone="critical">Disabled</Badge> : null}
                {u.emailVerified ? <Badge tone="positive">Verified</Badge> : <Badge tone="caution">Unverified</Badge>}
              </div>
            </TableCell>
            <TableCell>{formatDate(u.lastSignInAt)}</TableCell>
            <TableCell>
              <UserRowActions me={me} user={u} onConfirm={onConfirm} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
