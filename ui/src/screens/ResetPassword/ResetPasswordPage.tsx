import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Alert, Button, Card, Stack, Text, TextField, useToast } from '../../index';
import { errorText, useResetPassword } from '../../api';
import { authToasts, MIN_PASSWORD_LENGTH } from '../../shared/auth/authTexts';
import * as styles from '../../shared/layout/statusPage.css';

/** Without a token the page returns to sign-in after 2 s; after a reset, too (spec section 9). */
export const INVALID_LINK_REDIRECT_MS = 2000;
export const AFTER_RESET_REDIRECT_MS = 2000;

/** /reset-password?token=…: New Password and Confirm Password. */
export function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get('token');
  const [, navigate] = useLocation();
  const reset = useResetPassword();
  const { toast } = useToast();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [done, setDone] = useState(false);
  const warned = useRef(false);

  const differ = password !== confirm;
  const showMismatch = confirm.length > 0 && differ;

  useEffect(() => {
    if (token) return;
    if (!warned.current) {
      warned.current = true;
      toast({
        title: authToasts.invalidResetLink,
        description: authToasts.invalidResetLinkText,
        variant: 'destructive',
      });
    }
    const timer = setTimeout(() => navigate('/auth'), INVALID_LINK_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [token, navigate, toast]);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/auth'), AFTER_RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (differ) {
      toast({
        title: authToasts.passwordsDontMatch,
        description: authToasts.passwordsDontMatchText,
        variant: 'destructive',
      });
      return;
    }
    if (password.length < MIN_PASSWORD_LENGTH) {
      toast({
        title: authToasts.passwordTooShort,
        description: authToasts.passwordTooShortText,
        variant: 'destructive',
      });
      return;
    }
    reset.mutate(
      { token: token!, password },
      {
        onSuccess: (answer) => {
          setDone(true);
          toast({ title: authToasts.resetSuccessful, description: answer.message, variant: 'success' });
        },
        onError: (error) =>
          toast({ title: authToasts.resetFailed, description: errorText(error), variant: 'destructive' }),
      },
    );
  };

  return (
    <main className={styles.centered}>
      <div className={styles.card}>
        {!token ? (
          <Card title="Invalid Reset Link" titleLevel={1} padding="large" tone="critical">
            <Stack space="large" align="center">
              <Text tone="secondary">{authToasts.invalidResetLinkText} Taking you back to sign in…</Text>
              <Button href="/auth">Back to Sign In</Button>
            </Stack>
          </Card>
        ) : done ? (
          <Card title="Password reset" titleLevel={1} padding="large">
            <Stack space="large" align="center">
              <Text tone="secondary">Your password has been changed. Taking you back to sign in…</Text>
              <Button href="/auth">Back to Sign In</Button>
            </Stack>
          </Card>
        ) : (
          <Card title="Choose a new password" titleLevel={1} padding="large">
            {/* The browser's own checks are off, so the spec's own messages show (section 5). */}
            <form onSubmit={submit} noValidate aria-label="Choose a new password">
              <Stack space="large">
                <TextField
                  label="New Password"
                  type="password"
                  name="password"
                  autoComplete="new-password"
                  minLength={MIN_PASSWORD_LENGTH}
                  required
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
                <TextField
                  label="Confirm Password"
                  type="password"
                  name="confirm"
                  autoComplete="new-password"
                  minLength={MIN_PASSWORD_LENGTH}
                  required
                  value={confirm}
                  onChange={(e) => setConfirm(e.target.value)}
                />
                {showMismatch && <Alert tone="critical">Passwords do not match</Alert>}
                <Button type="submit" fullWidth loading={reset.isPending} disabled={differ}>
                  Reset Password
                </Button>
              </Stack>
            </form>
          </Card>
        )}
      </div>
    </main>
  );
}

export default ResetPasswordPage;
