import { delay, type HttpHandler } from 'msw';
import type { components } from '@contract';
import { users } from './fixtures';
import { http } from './http';

type Team = components['schemas']['Team'];
type TeamMember = components['schemas']['TeamMember'];
type TeamInvitation = components['schemas']['TeamInvitation'];

const DAY = 24 * 3600_000;
const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();

export const TEAM_OWNER_ONLY = "Only the account's owners manage its team.";
export const TEAM_PLAN_REQUIRED =
  'Team management is included from the Business plan. Upgrade your plan to invite your team.';
export const LAST_OWNER = 'The account needs an owner: make another member an owner first.';
export const INVITATION_TOKEN = 'invitation-token-of-the-stories';

const owner: TeamMember = {
  id: users.client.id,
  email: users.client.email,
  firstName: users.client.firstName,
  lastName: users.client.lastName,
  accountRole: 'owner',
  emailVerified: true,
  disabled: false,
  lastSignInAt: '2025-03-02T11:20:00.000Z',
  createdAt: '2025-01-10T09:00:00.000Z',
};
const member: TeamMember = {
  id: '0b5c1f3e-6a0e-4c53-9a49-6f0f1f1d0101',
  email: 'sam.patel@cooperhome.example',
  firstName: 'Sam',
  lastName: 'Patel',
  accountRole: 'member',
  emailVerified: true,
  disabled: false,
  lastSignInAt: '2025-03-01T15:05:00.000Z',
  createdAt: '2025-02-03T10:00:00.000Z',
};
const invitation: TeamInvitation = {
  id: '0b5c1f3e-6a0e-4c53-9a49-6f0f1f1d0201',
  email: 'lee.wong@cooperhome.example',
  accountRole: 'member',
  expiresAt: fromNow(6 * DAY),
  createdAt: fromNow(-DAY),
};

export const teamFixtures = { owner, member, invitation };

/**
 * A team the handlers change as the server would (invite, withdraw, set a role, remove), so a story
 * sees its action land. Each scenario starts from its own copy.
 */
function teamHandlers(start: () => Team): HttpHandler[] {
  let team = start();
  return [
    http.get('/api/team', ({ response }) => response(200).json(team)),
    http.post('/api/team/invitations', async ({ request, response }) => {
      const body = await request.json();
      const invited: TeamInvitation = {
        id: crypto.randomUUID(),
        email: body.email,
        accountRole: body.accountRole ?? 'member',
        expiresAt: fromNow(7 * DAY),
        createdAt: new Date().toISOString(),
      };
      team = { ...team, invitations: [invited, ...team.invitations.filter((i) => i.email !== body.email)] };
      return response(201).json(invited);
    }),
    http.delete('/api/team/invitations/{invitationId}', ({ params, response }) => {
      team = { ...team, invitations: team.invitations.filter((i) => i.id !== params.invitationId) };
      return response(200).json({ message: 'The invitation has been withdrawn.' });
    }),
    http.patch('/api/team/members/{userId}', async ({ params, request, response }) => {
      const { accountRole } = await request.json();
      const owners = team.members.filter((m) => m.accountRole === 'owner');
      const target = team.members.find((m) => m.id === params.userId);
      if (!target) return response(404).json({ message: 'Team member not found' });
      if (accountRole === 'member' && target.accountRole === 'owner' && owners.length === 1)
        return response(409).json({ message: LAST_OWNER });
      const changed = { ...target, accountRole };
      team = { ...team, members: team.members.map((m) => (m.id === target.id ? changed : m)) };
      return response(200).json(changed);
    }),
    http.delete('/api/team/members/{userId}', ({ params, response }) => {
      const target = team.members.find((m) => m.id === params.userId);
      if (!target) return response(404).json({ message: 'Team member not found' });
      if (target.accountRole === 'owner' && team.members.filter((m) => m.accountRole === 'owner').length === 1)
        return response(409).json({ message: LAST_OWNER });
      team = { ...team, members: team.members.filter((m) => m.id !== target.id) };
      return response(200).json({ message: `${target.email} has been removed from the team.` });
    }),
  ];
}

const refused = (status: 403 | 500, message: string): HttpHandler[] => [
  http.get('/api/team', ({ response }) =>
    status === 403 ? response(403).json({ message }) : response.untyped(Response.json({ message }, { status })),
  ),
];

export const teamScenarios = {
  /** An owner on the Business plan: a member, a pending invitation; every change succeeds. */
  business: () =>
    teamHandlers(() => ({
      plan: 'business',
      teamManagement: true,
      canManage: true,
      members: [owner, member],
      invitations: [invitation],
    })),
  /** Only the owner so far. */
  ownerAlone: () =>
    teamHandlers(() => ({
      plan: 'business',
      teamManagement: true,
      canManage: true,
      members: [owner],
      invitations: [],
    })),
  /** Staff viewing as the owner: the team is shown, nothing can be changed. */
  viewedByStaff: () =>
    teamHandlers(() => ({
      plan: 'business',
      teamManagement: true,
      canManage: false,
      members: [owner, member],
      invitations: [invitation],
    })),
  /** The Growth plan: the team is shown, changes need an upgrade. */
  lowerPlan: () =>
    teamHandlers(() => ({
      plan: 'growth',
      teamManagement: false,
      canManage: false,
      members: [owner],
      invitations: [],
    })),
  /** A member of the account: the team is the owners' to manage. */
  member: () => refused(403, TEAM_OWNER_ONLY),
  loadFails: () => refused(500, 'Something went wrong on our side. Please try again.'),
  loading: (): HttpHandler[] => [
    http.get('/api/team', async ({ response }) => {
      await delay('infinite');
      return response(403).json({ message: TEAM_OWNER_ONLY });
    }),
  ],
};

/** The invitation link's page. */
export const invitationScenarios = {
  newUser: (): HttpHandler[] => [
    http.post('/api/invitations/lookup', ({ response }) =>
      response(200).json({
        email: invitation.email,
        companyName: users.client.companyName!,
        accountRole: 'member',
        existingUser: false,
      }),
    ),
    http.post('/api/invitations/accept', async ({ request, response }) => {
      const body = await request.json();
      return response(200).json({
        ...users.client,
        id: '0b5c1f3e-6a0e-4c53-9a49-6f0f1f1d0301',
        email: invitation.email,
        firstName: body.firstName ?? null,
        lastName: body.lastName ?? null,
      });
    }),
  ],
  existingUser: (): HttpHandler[] => [
    http.post('/api/invitations/lookup', ({ response }) =>
      response(200).json({
        email: invitation.email,
        companyName: users.client.companyName!,
        accountRole: 'member',
        existingUser: true,
      }),
    ),
  ],
  invalid: (): HttpHandler[] => [
    http.post('/api/invitations/lookup', ({ response }) =>
      response(400).json({ message: 'This invitation link is invalid, has expired or has already been used.' }),
    ),
  ],
};
