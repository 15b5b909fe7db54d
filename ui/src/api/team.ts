import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@contract';
import { api, unwrap } from './request';
import { switchIdentity } from './auth';

export type Team = components['schemas']['Team'];
export type TeamMember = components['schemas']['TeamMember'];
export type TeamInvitation = components['schemas']['TeamInvitation'];
export type AccountRole = components['schemas']['AccountRole'];
export type InvitationSummary = components['schemas']['InvitationSummary'];

export const teamQuery = () =>
  queryOptions({
    queryKey: ['/api/team'] as const,
    queryFn: ({ signal }) => unwrap(api.GET('/api/team', { signal })),
  });

export function useTeam() {
  return useQuery(teamQuery());
}

function useTeamChange<T, V>(mutationFn: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamQuery().queryKey }),
  });
}

export function useInviteTeamMember() {
  return useTeamChange((body: { email: string; accountRole: AccountRole }) =>
    unwrap(api.POST('/api/team/invitations', { body })),
  );
}

export function useRevokeInvitation() {
  return useTeamChange((invitationId: string) =>
    unwrap(api.DELETE('/api/team/invitations/{invitationId}', { params: { path: { invitationId } } })),
  );
}

export function useChangeMemberRole() {
  return useTeamChange(({ userId, accountRole }: { userId: string; accountRole: AccountRole }) =>
    unwrap(api.PATCH('/api/team/members/{userId}', { params: { path: { userId } }, body: { accountRole } })),
  );
}

export function useRemoveMember() {
  return useTeamChange((userId: string) =>
    unwrap(api.DELETE('/api/team/members/{userId}', { params: { path: { userId } } })),
  );
}

/** What an invitation link invites to. */
export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ['/api/invitations/lookup', token] as const,
    queryFn: ({ signal }) => unwrap(api.POST('/api/invitations/lookup', { body: { token }, signal })),
    retry: false,
  });

export function useInvitation(token: string) {
  return useQuery({ ...invitationQuery(token), enabled: token.length > 0 });
}

/** Joins the team; the answer is the signed-in user, who the app becomes. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: components['schemas']['AcceptInvitationRequest']) =>
      unwrap(api.POST('/api/invitations/accept', { body })),
    onSuccess: (user) => switchIdentity(queryClient, user),
  });
}
