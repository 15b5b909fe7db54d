import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import {
  Alert,
  Button,
  Card,
  Heading,
  Stack,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  Text,
  TextField,
  useToast,
  visuallyHidden,
} from '../../index';
import {
  errorText,
  isVerificationRequired,
  useAuthProviders,
  useForgotPassword,
  useLogin,
  useRegister,
  useResendVerification,
  useVerifyEmail,
} from '../../api';
import { authErrorParams, authToasts, GOOGLE_SIGN_IN_PATH, type AuthErrorParam } from '../../shared/auth/authTexts';
import * as styles from './AuthScreen.css';

export const authModes = ['normal', 'verify-email', 'forgot-password'] as const;
export type AuthMode = (typeof authModes)[number];
export const authTabs = ['signin', 'signup'] as const;
export type AuthTab = (typeof authTabs)[number];

export interface AuthScreenProps {
  /** Where the screen starts; the address's `token` parameter overrides it with verify-email. */
  initialMode?: AuthMode;
  initialTab?: AuthTab;
  /** The address a verification email was sent to, for the verify-email mode. */
  initialEmail?: string;
  /** Sends the browser to the identity provider; a full navigation, not a route change. */
  onGoogleSignIn?: () => void;
}

const goToGoogle = () => window.location.assign(GOOGLE_SIGN_IN_PATH);

/** /auth: Sign In and Sign Up, and the verify-email and forgot-password modes (spec sections 2 and 4). */
export function AuthScreen({
  initialMode = 'normal',
  initialTab = 'signin',
  initialEmail = '',
  onGoogleSignIn = goToGoogle,
}: AuthScreenProps) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const tokenParam = params.get('token');
  const [mode, setMode] = useState<AuthMode>(tokenParam ? 'verify-email' : initialMode);
  const [tab, setTab] = useState<AuthTab>(initialTab);
  const [email, setEmail] = useState(initialEmail);
  const { toast } = useToast();

  // ?error=… shows its toast once, then leaves the address.
  const errorParam = params.get('error');
  useEffect(() => {
    if (errorParam && errorParam in authErrorParams) {
      const { title, description } = authErrorParams[errorParam as AuthErrorParam];
      toast({ title, description, variant: 'destructive' });
      params.delete('error');
      const rest = params.toString();
      navigate(rest ? `${location}?${rest}` : location, { replace: true });
    }
    // Runs when the parameter appears, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [errorParam]);

  const backToSignIn = () => {
    setMode('normal');
    setTab('signin');
  };

  return (
    <div className={styles.layout}>
      <main className={styles.formColumn}>
        <div className={styles.formCard}>
          <Stack space="xlarge">
            <div className={styles.brandRow}>
              <span aria-hidden="true">◆</span> Marketplace Hub
            </div>
            {mode === 'verify-email' ? (
              <VerifyEmailPanel
                email={email}
                onEmailChange={setEmail}
                token={tokenParam}
                onBack={backToSignIn}
                onVerified={() => navigate('/')}
              />
            ) : mode === 'forgot-password' ? (
              <ForgotPasswordPanel email={email} onEmailChange={setEmail} onBack={backToSignIn} onSent={backToSignIn} />
            ) : (
              <Card padding="large">
                {/* The page's heading for assistive technology; the tabs say the same visually. */}
                <h1 className={visuallyHidden}>
                  {tab === 'signin' ? 'Sign in to Marketplace Hub' : 'Create your Marketplace Hub account'}
                </h1>
                <Tabs value={tab} onValueChange={(value) => setTab(value as AuthTab)}>
                  <TabsList aria-label="Sign in or create an account">
                    <TabsTrigger value="signin">Sign In</TabsTrigger>
                    <TabsTrigger value="signup">Sign Up</TabsTrigger>
                  </TabsList>
                  <TabsContent value="signin">
                    <SignInForm
                      email={email}
                      onEmailChange={setEmail}
                      onForgot={() => setMode('forgot-password')}
                      onSignedIn={() => navigate('/')}
                      onNeedsVerification={(address) => {
                        setEmail(address);
                        setMode('verify-email');
                      }}
                      onGoogle={onGoogleSignIn}
                    />
                  </TabsContent>
                  <TabsContent value="signup">
                    <SignUpForm
                      email={email}
                      onEmailChange={setEmail}
                      onRegistered={(address) => {
                        setEmail(address);
                        setMode('verify-email');
                      }}
                      onGoogle={onGoogleSignIn}
                    />
                  </TabsContent>
                </Tabs>
              </Card>
            )}
          </Stack>
        </div>
      </main>
      <MarketingPanel />
    </div>
  );
}

/** Shown only when the server says Google is configured: a button that can only fail is not offered. */
function GoogleButton({ label, onClick }: { label: string; onClick: () => void }) {
  const providers = useAuthProviders();
  if (!providers.data?.google) return null;
  return (
    <>
      <div className={styles.divider}>or</div>
      <Button variant="secondary" fullWidth onClick={onClick}>
        {label}
      </Button>
    </>
  );
}

interface SignInFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  onForgot: () => void;
  onSignedIn: () => void;
  onNeedsVerification: (email: string) => void;
  onGoogle: () => void;
}

function SignInForm({ email, onEmailChange, onForgot, onSignedIn, onNeedsVerification, onGoogle }: SignInFormProps) {
  const [password, setPassword] = useState('');
  const login = useLogin();
  const { toast } = useToast();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate(
      { email, password },
      {
        onSuccess: (answer) => {
          if (isVerificationRequired(answer)) {
            toast({ title: authToasts.verificationRequired, description: answer.message });
            onNeedsVerification(answer.email);
            return;
          }
          toast({ title: authToasts.welcomeBack, variant: 'success' });
          onSignedIn();
        },
        onError: (error) =>
          toast({ title: authToasts.signInFailed, description: errorText(error), variant: 'destructive' }),
      },
    );
  };

  return (
    <form onSubmit={submit} aria-label="Sign in">
      <Stack space="large">
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => onEmailChange(e.target.value)}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className={styles.endAligned}>
          <Button variant="link" type="button" onClick={onForgot}>
            Forgot your password?
          </Button>
        </div>
        <Button type="submit" fullWidth loading={login.isPending}>
          Sign In
        </Button>
        <GoogleButton label="Continue with Google" onClick={onGoogle} />
      </Stack>
    </form>
  );
}

interface SignUpFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  onRegistered: (email: string) => void;
  onGoogle: () => void;
}

function SignUpForm({ email, onEmailChange, onRegistered, onGoogle }: SignUpFormProps) {
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [companyName, setCompanyName] = useState('');
  const [password, setPassword] = useState('');
  const register = useRegister();
  const { toast } = useToast();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    register.mutate(
      { email, password, firstName, lastName, ...(companyName.trim() ? { companyName } : {}) },
      {
        onSuccess: (answer) => {
          toast({ title: authToasts.registrationSuccessful, description: answer.message, variant: 'success' });
          onRegistered(answer.email);
        },
        onError: (error) =>
          toast({ title: authToasts.registrationFailed, description: errorText(error), variant: 'destructive' }),
      },
    );
  };

  return (
    <form onSubmit={submit} aria-label="Create an account">
      <Stack space="large">
        <div className={styles.nameRow}>
          <TextField
            label="First name"
            name="firstName"
            autoComplete="given-name"
            value={firstName}
            onChange={(e) => setFirstName(e.target.value)}
          />
          <TextField
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            value={lastName}
            onChange={(e) => setLastName(e.target.value)}
          />
        </div>
        <TextField
          label="Company name"
          secondaryLabel="optional"
          name="companyName"
          autoComplete="organization"
          value={companyName}
          onChange={(e) => setCompanyName(e.target.value)}
        />
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => onEmailChange(e.target.value)}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          hint="At least 6 characters; avoid common passwords."
        />
        <Text size="small" tone="secondary">
          We'll send you a verification email. Confirm your address to start your 7-day free trial — no credit card
          needed.
        </Text>
        <Button type="submit" fullWidth loading={register.isPending}>
          Create Account
        </Button>
        <GoogleButton label="Sign up with Google" onClick={onGoogle} />
      </Stack>
    </form>
  );
}

interface VerifyEmailPanelProps {
  email: string;
  onEmailChange: (email: string) => void;
  /** A token from the address starts verification at once. */
  token: string | null;
  onBack: () => void;
  onVerified: () => void;
}

function VerifyEmailPanel({
  email,
  onEmailChange,
  token: tokenFromAddress,
  onBack,
  onVerified,
}: VerifyEmailPanelProps) {
  const [token, setToken] = useState(tokenFromAddress ?? '');
  const verify = useVerifyEmail();
  const resend = useResendVerification();
  const { toast } = useToast();
  const startedFor = useRef<string | null>(null);

  const runVerification = (value: string) =>
    verify.mutate(value.trim(), {
      onSuccess: () => {
        toast({
          title: authToasts.emailVerified,
          description: 'Your email is verified. Welcome to Marketplace Hub!',
          variant: 'success',
        });
        onVerified();
      },
      onError: (error) =>
        toast({ title: authToasts.verificationFailed, description: errorText(error), variant: 'destructive' }),
    });

  useEffect(() => {
    // Once per token, even when React runs effects twice in development.
    if (tokenFromAddress && startedFor.current !== tokenFromAddress) {
      startedFor.current = tokenFromAddress;
      runVerification(tokenFromAddress);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tokenFromAddress]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (token.trim()) runVerification(token);
  };

  const resendEmail = () =>
    resend.mutate(email, {
      onSuccess: (answer) =>
        toast({ title: authToasts.verificationEmailSent, description: answer.message, variant: 'success' }),
      onError: (error) =>
        toast({ title: authToasts.failedToResend, description: errorText(error), variant: 'destructive' }),
    });

  return (
    <Card padding="large">
      <Stack space="large">
        <Heading level="1">Verify Your Email</Heading>
        {email ? (
          <Text tone="secondary">
            We sent a verification link to <strong>{email}</strong>. Open it, or paste the code from the email below.
          </Text>
        ) : (
          <Text tone="secondary">Open the link in your verification email, or paste the code from it below.</Text>
        )}
        <form onSubmit={submit} aria-label="Verify email">
          <Stack space="medium">
            <TextField
              label="Verification code"
              name="token"
              autoComplete="one-time-code"
              value={token}
              onChange={(e) => setToken(e.target.value)}
            />
            <Button type="submit" fullWidth loading={verify.isPending} disabled={!token.trim()}>
              Verify Email
            </Button>
          </Stack>
        </form>
        {!email && (
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={(e) => onEmailChange(e.target.value)}
            hint="The address to send a new link to."
          />
        )}
        <Button variant="secondary" fullWidth onClick={resendEmail} loading={resend.isPending} disabled={!email.trim()}>
          Resend Verification Email
        </Button>
        <Button variant="ghost" fullWidth onClick={onBack}>
          Back to Sign In
        </Button>
      </Stack>
    </Card>
  );
}

interface ForgotPasswordPanelProps {
  email: string;
  onEmailChange: (email: string) => void;
  onBack: () => void;
  onSent: () => void;
}

function ForgotPasswordPanel({ email, onEmailChange, onBack, onSent }: ForgotPasswordPanelProps) {
  const forgot = useForgotPassword();
  const { toast } = useToast();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    forgot.mutate(email, {
      onSuccess: (answer) => {
        toast({ title: authToasts.resetEmailSent, description: answer.message, variant: 'success' });
        onSent();
      },
      onError: (error) =>
        toast({ title: authToasts.failedToSendReset, description: errorText(error), variant: 'destructive' }),
    });
  };
  return (
    <Card padding="large">
      <form onSubmit={submit} aria-label="Reset password">
        <Stack space="large">
          <Heading level="1">Reset Password</Heading>
          <Text tone="secondary">Enter your account's email and we'll send you a link to choose a new password.</Text>
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => onEmailChange(e.target.value)}
          />
          <Button type="submit" fullWidth loading={forgot.isPending}>
            Send Reset Link
          </Button>
          <Button variant="ghost" fullWidth type="button" onClick={onBack}>
            Back to Sign In
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

function MarketingPanel() {
  return (
    <aside className={styles.sidePanel} aria-label="Why Marketplace Hub">
      <h2 className={styles.sidePanelTitle}>Sell everywhere. Oversell nowhere.</h2>
      <Text tone="inherit" size="large">
        One catalogue, four marketplaces. Marketplace Hub keeps Amazon, Walmart, eBay and Shopify in step within seconds
        of every order.
      </Text>
      <ul className={styles.sidePanelList}>
        <li>Stock reserved the moment an order lands, on every channel</li>
        <li>Pushes paced to each marketplace's rate limits, retried until confirmed</li>
        <li>Every price and quantity change with its before and after</li>
        <li>7-day free trial, no credit card</li>
      </ul>
      <Alert tone="info" title="New here?">
        Create an account, connect your first channel and make it your main channel: we import the catalogue for you.
      </Alert>
    </aside>
  );
}

export default AuthScreen;
