import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Button, Card, Spinner, Stack, Text, useToast } from '../../index';
import { errorText, useVerifyEmail } from '../../api';
import { authToasts } from '../../shared/auth/authTexts';
import * as styles from '../../shared/layout/statusPage.css';

/** After a successful verification the page moves on to the dashboard after 3 seconds. */
export const VERIFIED_REDIRECT_MS = 3000;

type State = 'verifying' | 'verified' | 'failed';

/** /verify-email?token=…: verifying, then verified or failed; retry returns to verifying. */
export function VerifyEmailPage() {
  const token = new URLSearchParams(useSearch()).get('token');
  const [, navigate] = useLocation();
  const verify = useVerifyEmail();
  const { toast } = useToast();
  const [state, setState] = useState<State>('verifying');
  const [failure, setFailure] = useState<string>('');
  const startedFor = useRef<string | null>(null);

  const run = (value: string) => {
    setState('verifying');
    verify.mutate(value, {
      onSuccess: () => {
        setState('verified');
        toast({
          title: authToasts.emailVerified,
          description: 'Your email is verified. Welcome to Marketplace Hub!',
          variant: 'success',
        });
      },
      onError: (error) => {
        setFailure(errorText(error));
        setState('failed');
        toast({ title: authToasts.verificationFailed, description: errorText(error), variant: 'destructive' });
      },
    });
  };

  useEffect(() => {
    // Once per token, even when React runs effects twice in development.
    if (token && startedFor.current !== token) {
      startedFor.current = token;
      run(token);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  useEffect(() => {
    if (state !== 'verified') return;
    const timer = setTimeout(() => navigate('/'), VERIFIED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [state, navigate]);

  return (
    <main className={styles.centered}>
      <div className={styles.card}>
        {!token ? (
          <Card title="Email verification" titleLevel={1} padding="large">
            <Stack space="large" align="center">
              <Text tone="secondary">No verification token found in URL</Text>
              <Button href="/auth">Back to Sign In</Button>
            </Stack>
          </Card>
        ) : state === 'verifying' ? (
          <Card padding="large">
            <Spinner size="large" label="Verifying your email..." />
          </Card>
        ) : state === 'verified' ? (
          <Card title="Email Verified!" titleLevel={1} padding="large">
            <Stack space="large" align="center">
              <Text tone="secondary">
                Your email address is confirmed. Taking you to your dashboard in a few seconds…
              </Text>
              <Button onClick={() => navigate('/')}>Continue to Dashboard</Button>
            </Stack>
          </Card>
        ) : (
          <Card title="Verification Failed" titleLevel={1} padding="large" tone="critical">
            <Stack space="large" align="center">
              <Text tone="secondary">{failure || 'The verification link is invalid or has expired.'}</Text>
              <Button onClick={() => run(token)}>Retry Verification</Button>
              <Button href="/auth" variant="secondary">
                Back to Sign In
              </Button>
            </Stack>
          </Card>
        )}
      </div>
    </main>
  );
}

export default VerifyEmailPage;
