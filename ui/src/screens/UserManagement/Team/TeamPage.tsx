import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  ErrorState,
  Select,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  useToast,
} from '../../../index';
import {
  ApiError,
  errorText,
  useChangeMemberRole,
  useCurrentUser,
  useRemoveMember,
  useRevokeInvitation,
  useTeam,
  type AccountRole,
  type Team,
  type TeamMember,
} from '../../../api';
import { ConfirmDialog } from '../../../shared/ConfirmDialog/ConfirmDialog';
import { NoAccess, PageHeader } from '../../../shared/SignedInPage/SignedInPage';
import { InviteForm } from './InviteForm';
import { ApiKeysCard } from './ApiKeysCard';
import { accountRoleChoices, formatDate, memberName, teamTexts } from './teamTexts';
import * as styles from './Team.css';

/** The account's team for its owners: invite, set roles, remove; a lower plan sees what upgrading brings. */
export function TeamPage() {
  const team = useTeam();
  // Who views decides what may be changed: the team is shown once both are known.
  const me = useCurrentUser();
  if (team.isPending || me.isPending) return <Spinner label="Loading your team..." />;
  if (team.error instanceof ApiError && team.error.status === 403)
    return <NoAccess title={teamTexts.title} description={teamTexts.noAccess} />;
  return (
    <>
      <PageHeader title={teamTexts.title} description={teamTexts.description} />
      {team.isError ? (
        <Card padding="large">
          <ErrorState
            title="Your team could not be loaded"
            description={errorText(team.error)}
            onRetry={() => team.refetch()}
          />
        </Card>
      ) : (
        <TeamContent team={team.data} />
      )}
    </>
  );
}

const isStaff = (role: string) => role === 'admin' || role === 'super' || role === 'super_user';

/**
 * Whether the viewer may change the team: an owner of this account acting as themselves, on a plan with team
 * management. Staff (viewing as the owner, or not of this account at all) see the team without any control to
 * change it, whatever the answer says: the server refuses their changes anyway.
 */
function viewerManages(team: Team, me: ReturnType<typeof useCurrentUser>['data']): boolean {
  if (!team.canManage || !me || me.isBeingImpersonated || isStaff(me.role)) return false;
  return team.members.some((m) => m.id === me.id && m.accountRole === 'owner');
}

function TeamContent({ team: answered }: { team: Team }) {
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const { data: me } = useCurrentUser();
  const team = { ...answered, canManage: viewerManages(answered, me) };
  // The keys are the owner's own (staff viewing as them see them); staff of no part in this account do not.
  const ownerView = Boolean(me && answered.members.some((m) => m.id === me.id && m.accountRole === 'owner'));
  return (
    <div className={styles.stack}>
      {!team.teamManagement ? (
        <Card padding="large">
          <div className={styles.upsell}>
            <h2 className={styles.sectionTitle}>{teamTexts.upsellTitle}</h2>
            <p>{teamTexts.upsellText}</p>
            <Button href="/billing?tab=plans">See plans</Button>
          </div>
        </Card>
      ) : team.canManage ? (
        <Card padding="large">
          <h2 className={styles.sectionTitle}>Invite a team member</h2>
          <InviteForm />
        </Card>
      ) : (
        <Alert tone="info" title="Viewing only">
          {me?.isBeingImpersonated
            ? teamTexts.viewingAs
            : me && isStaff(me.role)
              ? teamTexts.staffView
              : teamTexts.notOwner}
        </Alert>
      )}
      <Card padding="large">
        <h2 className={styles.sectionTitle}>Members</h2>
        <MembersTable team={team} onRemove={setRemoving} />
      </Card>
      {team.invitations.length > 0 ? (
        <Card padding="large">
          <h2 className={styles.sectionTitle}>Pending invitations</h2>
          <InvitationsTable team={team} />
        </Card>
      ) : null}
      {ownerView ? <ApiKeysCard viewOnly={Boolean(me?.isBeingImpersonated)} /> : null}
      <RemoveDialog member={removing} onClose={() => setRemoving(null)} />
    </div>
  );
}

function MembersTable({ team, onRemove }: { team: Team; onRemove: (member: TeamMember) => void }) {
  const { data: me } = useCurrentUser();
  const changeRole = useChangeMemberRole();
  const { toast } = useToast();
  const setRole = (member: TeamMember, accountRole: AccountRole) =>
    changeRole.mutate(
      { userId: member.id, accountRole },
      {
        onSuccess: () =>
          toast({
            title: 'Role changed',
            description: `${memberName(member)} is now ${accountRole === 'owner' ? 'an owner' : 'a member'}.`,
            variant: 'success',
          }),
        onError: (error) => toast({ title: 'Role not changed', description: errorText(error), variant: 'destructive' }),
      },
    );
  return (
    <Table caption="Team members" hideCaption>
      <TableHeader>
        <TableRow>
          <TableHeaderCell>Name</TableHeaderCell>
          <TableHeaderCell>Role</TableHeaderCell>
          <TableHeaderCell>Last sign-in</TableHeaderCell>
          <TableHeaderCell>
            <span className={styles.secondary}>Actions</span>
          </TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {team.members.map((m) => (
          <TableRow key={m.id}>
            <TableCell>
              <div className={styles.nameCell}>
                <span>
                  {memberName(m)}
                  {m.id === me?.id ? ' (you)' : ''}
                </span>
                <span className={styles.secondary}>{m.email}</span>
                {m.disabled ? <Badge tone="critical">Disabled</Badge> : null}
              </div>
            </TableCell>
            <TableCell>
              {team.canManage ? (
                <Select
                  aria-label={`Role of ${memberName(m)}`}
                  value={m.accountRole}
                  disabled={changeRole.isPending}
                  onChange={(e) => setRole(m, e.target.value as AccountRole)}
                >
                  {accountRoleChoices.map(([value, text]) => (
                    <option key={value} value={value}>
                      {text}
                    </option>
                  ))}
                </Select>
              ) : (
                <Badge tone={m.accountRole === 'owner' ? 'brand' : 'neutral'}>
                  {m.accountRole === 'owner' ? 'Owner' : 'Member'}
                </Badge>
              )}
            </TableCell>
            <TableCell>{formatDate(m.lastSignInAt)}</TableCell>
            <TableCell>
              {team.canManage && m.id !== me?.id ? (
                <div className={styles.actions}>
                  <Button
                    size="small"
                    variant="ghost"
                    onClick={() => onRemove(m)}
                    aria-label={`Remove ${memberName(m)}`}
                  >
                    Remove
                  </Button>
                </div>
              ) : null}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function InvitationsTable({ team }: { team: Team }) {
  const revoke = useRevokeInvitation();
  const { toast } = useToast();
  return (
    <Table caption="Pending invitations" hideCaption>
      <TableHeader>
        <TableRow>
          <TableHeaderCell>Email</TableHeaderCell>
          <TableHeaderCell>Role</TableHeaderCell>
          <TableHeaderCell>Expires</TableHeaderCell>
          <TableHeaderCell>
            <span className={styles.secondary}>Actions</span>
          </TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {team.invitations.map((i) => (
          <TableRow key={i.id}>
            <TableCell>{i.email}</TableCell>
            <TableCell>{i.accountRole === 'owner' ? 'Owner' : 'Member'}</TableCell>
            <TableCell>{formatDate(i.expiresAt)}</TableCell>
            <TableCell>
              {team.canManage ? (
                <div className={styles.actions}>
                  <Button
                    size="small"
                    variant="ghost"
                    aria-label={`Withdraw the invitation to ${i.email}`}
                    disabled={revoke.isPending}
                    onClick={() =>
                      revoke.mutate(i.id, {
                        onSuccess: () =>
                          toast({
                            title: 'Invitation withdrawn',
                            description: `The link sent to ${i.email} no longer works.`,
                            variant: 'success',
                          }),
                        onError: (error) =>
                          toast({ title: 'Not withdrawn', description: errorText(error), variant: 'destructive' }),
                      })
                    }
                  >
                    Withdraw
                  </Button>
                </div>
              ) : null}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function RemoveDialog({ member, onClose }: { member: TeamMember | null; onClose: () => void }) {
  const remove = useRemoveMember();
  const { toast } = useToast();
  const confirm = () =>
    remove.mutate(member!.id, {
      onSuccess: (answer) => {
        toast({ title: 'Member removed', description: answer.message, variant: 'success' });
        onClose();
      },
    });
  if (!member) return null;
  return (
    <ConfirmDialog
      open
      title={`Remove ${memberName(member)}?`}
      description="They are signed out at once and their user is deleted. What they did stays in the audit log."
      confirmLabel="Remove member"
      busy={remove.isPending}
      failure={remove.isError ? { title: 'Not removed', message: errorText(remove.error) } : undefined}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}

export default TeamPage;
