import { useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Alert, Button, Card, Spinner, Stack, Text, TextField } from '../../index';
import {
  errorText,
  isVerificationRequired,
  useAcceptInvitation,
  useCurrentUser,
  useInvitation,
  useLogin,
  useLogout,
  type InvitationSummary,
} from '../../api';
import * as styles from '../../shared/layout/statusPage.css';

const INVALID = 'This invitation link is invalid, has expired or has already been used.';

/**
 * /join?token=…: the invitation link. Someone new chooses a password and joins; someone with an
 * account signs in with the invited address and joins; either way they land on the dashboard.
 */
export function JoinTeamPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const invitation = useInvitation(token);
  return (
    <main className={styles.centered}>
      <div className={styles.card}>
        {!token || invitation.isError ? (
          <Card title="Invitation not valid" titleLevel={1} padding="large" tone="critical">
            <Stack space="large" align="center">
              <Text tone="secondary">{invitation.isError ? errorText(invitation.error) : INVALID}</Text>
              <Button href="/auth">Go to Sign In</Button>
            </Stack>
          </Card>
        ) : invitation.isPending ? (
          <Card padding="large">
            <Spinner size="large" label="Opening your invitation..." />
          </Card>
        ) : (
          <Card title={`Join ${invitation.data.companyName}`} titleLevel={1} padding="large">
            <JoinForm token={token} invitation={invitation.data} />
          </Card>
        )}
      </div>
    </main>
  );
}

function JoinForm({ token, invitation }: { token: string; invitation: InvitationSummary }) {
  const { data: me, isPending } = useCurrentUser();
  const accept = useAcceptInvitation();
  const login = useLogin();
  const logout = useLogout();
  const [, navigate] = useLocation();
  const [password, setPassword] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const role = invitation.accountRole === 'owner' ? 'an owner' : 'a member';
  const join = (extra: { password?: string; firstName?: string; lastName?: string } = {}) =>
    accept.mutate({ token, ...extra }, { onSuccess: () => navigate('/') });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!invitation.existingUser) {
      join({ password, ...(firstName.trim() ? { firstName } : {}), ...(lastName.trim() ? { lastName } : {}) });
      return;
    }
    login.mutate(
      { email: invitation.email, password },
      { onSuccess: (answer) => (isVerificationRequired(answer) ? undefined : join()) },
    );
  };
  const failure = accept.error ?? login.error;

  if (isPending) return <Spinner label="Loading..." />;
  return (
    <Stack space="large">
      <Text tone="secondary">{`You are invited to join ${invitation.companyName} as ${role} with ${invitation.email}.`}</Text>
      {failure ? (
        <Alert tone="critical" title="You have not joined yet">
          {errorText(failure)}
        </Alert>
      ) : null}
      {me && me.email === invitation.email ? (
        <Button onClick={() => join()} loading={accept.isPending}>
          Join {invitation.companyName}
        </Button>
      ) : me ? (
        <Stack space="medium">
          <Alert tone="caution" title="Signed in with another email">
            You are signed in as {me.email}. Sign out, then open the link again to join with {invitation.email}.
          </Alert>
          <Button variant="secondary" onClick={() => logout.mutate()} loading={logout.isPending}>
            Sign out
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit}>
          <Stack space="medium">
            {invitation.existingUser ? null : (
              <>
                <TextField label="First name" value={firstName} onChange={(e) => setFirstName(e.target.value)} />
                <TextField label="Last name" value={lastName} onChange={(e) => setLastName(e.target.value)} />
              </>
            )}
            <TextField
              label={invitation.existingUser ? 'Your password' : 'Choose a password'}
              type="password"
              required
              minLength={6}
              autoComplete={invitation.existingUser ? 'current-password' : 'new-password'}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <Button type="submit" loading={accept.isPending || login.isPending}>
              {invitation.existingUser ? 'Sign in and join' : 'Create account and join'}
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}

export default JoinTeamPage;
