import type { AccountRole, TeamMember } from '../../../api';

/** An account's roles, declared once for the selects and the table. */
export const accountRoleChoices = [
  ['member', 'Member'],
  ['owner', 'Owner'],
] as const satisfies ReadonlyArray<readonly [AccountRole, string]>;

export const memberName = (m: Pick<TeamMember, 'firstName' | 'lastName' | 'email'>) =>
  [m.firstName, m.lastName].filter(Boolean).join(' ') || m.email;

export const formatDate = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' }) : 'Never';

export const teamTexts = {
  title: 'Team',
  description: 'Everyone who works on this account. Owners invite people, set their roles and remove them.',
  upsellTitle: 'Invite your team with the Business plan',
  upsellText:
    'Team management is included from the Business plan: invite people by email, make them owners or members, and remove them when they leave.',
  viewingAs: 'You are viewing as this account’s owner: the team can be seen but not changed.',
  staffView: 'Staff see this team without changing it: its owners invite people and change roles.',
  notOwner: "Only the account's owners change its team.",
  noAccess: "Only the account's owners manage its team. Ask an owner to invite people or change roles.",
};
