import { useState } from 'react';
import { useLocation } from 'wouter';
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
  TextField,
  useToast,
} from '../../index';
import { ApiError, errorText, useCurrentUser, useStartImpersonation, useUsers, type AdminUser } from '../../api';
import { NoAccess, PageHeader } from '../../shared/SignedInPage/SignedInPage';
import {
  IMPERSONATION_REDIRECT_MS,
  impersonationFailure,
  impersonationToasts,
} from '../../shared/auth/impersonationTexts';
import * as styles from './UserManagement.css';

export const USERS_PAGE_SIZE = 25;

const fullName = (u: Pick<AdminUser, 'firstName' | 'lastName' | 'email'>) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email;
const formatDate = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' }) : 'Never';

/** Platform staff: every user, searchable, with "View as" to act as one (spec section 6). */
export function UserManagementPage() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const users = useUsers({ ...(search.trim() ? { search: search.trim() } : {}), page, pageSize: USERS_PAGE_SIZE });
  const { data: me } = useCurrentUser();
  const start = useStartImpersonation();
  const { toast } = useToast();
  const [, navigate] = useLocation();

  if (users.error instanceof ApiError && users.error.status === 403) return <NoAccess title="User Management" />;

  const viewAs = (target: AdminUser) =>
    start.mutate(target.id, {
      onSuccess: (answer) => {
        if (!answer?.impersonatedUser) {
          toast({
            title: impersonationToasts.failed,
            description: impersonationToasts.noUserData,
            variant: 'destructive',
          });
          return;
        }
        toast({ title: impersonationToasts.started, description: answer.message, variant: 'success' });
        // The page stays as it is until the redirect: the new identity is taken on leaving it.
        setTimeout(() => {
          start.switchToImpersonated(answer);
          navigate('/');
        }, IMPERSONATION_REDIRECT_MS);
      },
      onError: (error) =>
        toast({ title: impersonationToasts.failed, description: impersonationFailure(error), variant: 'destructive' }),
    });

  const canViewAs = (target: AdminUser) =>
    me !== null &&
    me !== undefined &&
    target.id !== me.id &&
    !(me.role === 'admin' && (target.role === 'super' || target.role === 'super_user'));

  const total = users.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));

  return (
    <>
      <PageHeader
        title="User Management"
        description="Every user of the platform. View as a user to see exactly what they see."
      />
      <Card padding="large">
        <div className={styles.toolbar}>
          <div className={styles.search}>
            <TextField
              label="Search users"
              type="search"
              placeholder="Name, email or company"
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setPage(1);
              }}
            />
          </div>
        </div>
        {users.isPending ? (
          <Spinner label="Loading users..." />
        ) : users.isError ? (
          <ErrorState
            title="Users could not be loaded"
            description={errorText(users.error)}
            onRetry={() => users.refetch()}
          />
        ) : users.data.items.length === 0 ? (
          <EmptyState title="No users match" description={search ? `Nobody matches "${search}".` : 'No users yet.'} />
        ) : (
          <>
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
                {users.data.items.map((u) => (
                  <TableRow key={u.id}>
                    <TableCell>
                      <div className={styles.nameCell}>
                        <span>{fullName(u)}</span>
                        <span className={styles.secondary}>{u.email}</span>
                      </div>
                    </TableCell>
                    <TableCell>{u.companyName ?? '—'}</TableCell>
                    <TableCell>
                      <RoleBadge role={u.role} />
                    </TableCell>
                    <TableCell>
                      {u.emailVerified ? (
                        <Badge tone="positive">Verified</Badge>
                      ) : (
                        <Badge tone="caution">Unverified</Badge>
                      )}
                    </TableCell>
                    <TableCell>{formatDate(u.lastSignInAt)}</TableCell>
                    <TableCell>
                      {canViewAs(u) ? (
                        <Button
                          size="small"
                          variant="secondary"
                          onClick={() => viewAs(u)}
                          disabled={start.isPending}
                          aria-label={`View as ${fullName(u)}`}
                        >
                          View as
                        </Button>
                      ) : null}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
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
    </>
  );
}

export default UserManagementPage;
