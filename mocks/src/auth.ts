import { delay, type HttpHandler } from 'msw';
import { impersonatedClient, users, type AuthUser } from './fixtures';
import { http } from './http';

// Each scenario is the complete behaviour of the auth resource for one screen state:
// the current-user answer first (MSW takes the first match), then the actions.

const currentUser = (user: AuthUser) => http.get('/api/auth/user', ({ response }) => response(200).json(user));

const noCurrentUser = http.get('/api/auth/user', ({ response }) => response(401).json({ message: 'Not signed in' }));

/** Every auth action answering as it does on a good day. */
const actionsSucceed: HttpHandler[] = [
  http.get('/api/auth/providers', ({ response }) => response(200).json({ google: true })),
  http.post('/api/auth/login', async ({ request, response }) => {
    const { email } = await request.json();
    return response(200).json({ ...users.client, email });
  }),
  http.post('/api/auth/register', async ({ request, response }) => {
    const { email } = await request.json();
    return response(201).json({
      requiresVerification: true,
      message: 'Registration successful. Please check your email to verify your account.',
      email,
    });
  }),
  http.post('/api/auth/logout', ({ response }) => response(200).json({ message: 'Logged out successfully' })),
  http.post('/api/auth/verify-email', ({ response }) => response(200).json(users.client)),
  http.post('/api/auth/resend-verification', ({ response }) =>
    response(200).json({ message: 'Verification email sent' }),
  ),
  http.post('/api/auth/forgot-password', ({ response }) =>
    response(200).json({ message: 'If that email is registered, a reset link is on its way' }),
  ),
  http.post('/api/auth/reset-password', ({ response }) => response(200).json({ message: 'Password has been reset' })),
  http.patch('/api/auth/profile', async ({ request, response }) => {
    const update = await request.json();
    return response(200).json({ ...users.client, ...update });
  }),
  http.post('/api/auth/change-password', ({ response }) => response(200).json({ message: 'Password changed' })),
  http.post('/api/auth/sign-out-others', ({ response }) =>
    response(200).json({ message: 'Your other sessions have been signed out.' }),
  ),
  http.put('/api/auth/profile/photo', ({ response }) =>
    response(200).json({ ...users.client, profileImageUrl: users.clientWithPhoto.profileImageUrl }),
  ),
  http.delete('/api/auth/profile/photo', ({ response }) =>
    response(200).json({ ...users.client, profileImageUrl: null }),
  ),
];

const signedOut = [noCurrentUser, ...actionsSucceed];

export const authHandlers = {
  signedOut,
  /** Signed out on a server without Google configured: "Continue with Google" is not offered. */
  signedOutWithoutGoogle: [
    noCurrentUser,
    http.get('/api/auth/providers', ({ response }) => response(200).json({ google: false })),
    ...actionsSucceed,
  ],
  signedInClient: [currentUser(users.client), ...actionsSucceed],
  signedInClientWithPhoto: [currentUser(users.clientWithPhoto), ...actionsSucceed],
  signedInClientWithoutName: [currentUser(users.clientWithoutName), ...actionsSucceed],
  signedInAdmin: [currentUser(users.admin), ...actionsSucceed],
  signedInSuper: [currentUser(users.superAdmin), ...actionsSucceed],
  signedInSuperUser: [currentUser(users.superUser), ...actionsSucceed],
  /** An administrator acting as the client: the current user carries isBeingImpersonated. */
  impersonating: [currentUser(impersonatedClient), ...actionsSucceed],
  /** The current-user call never answers: the app stays on "Loading application...". */
  loadingUser: [
    http.get('/api/auth/user', async ({ response }) => {
      await delay('infinite');
      return response(401).json({ message: 'Not signed in' });
    }),
    ...actionsSucceed,
  ],
  loginRequiresVerification: [
    noCurrentUser,
    http.post('/api/auth/login', async ({ request, response }) => {
      const { email } = await request.json();
      return response(200).json({
        requiresVerification: true,
        message: 'Please verify your email address before signing in.',
        email,
      });
    }),
    ...actionsSucceed,
  ],
  loginFails: [
    noCurrentUser,
    http.post('/api/auth/login', ({ response }) => response(401).json({ message: 'Invalid email or password' })),
    ...actionsSucceed,
  ],
  loginRateLimited: [
    noCurrentUser,
    http.post('/api/auth/login', ({ response }) =>
      response(429).json(
        { message: 'Too many sign-in attempts. Please try again in 15 minutes.' },
        { headers: { 'Retry-After': '900' } },
      ),
    ),
    ...actionsSucceed,
  ],
  registrationFails: [
    noCurrentUser,
    http.post('/api/auth/register', ({ response }) =>
      response(400).json({ message: 'Password is too common. Please choose another.' }),
    ),
    ...actionsSucceed,
  ],
  verificationFails: [
    noCurrentUser,
    http.post('/api/auth/verify-email', ({ response }) =>
      response(400).json({ message: 'Invalid or expired verification token' }),
    ),
    ...actionsSucceed,
  ],
  resendFails: [
    noCurrentUser,
    http.post('/api/auth/resend-verification', ({ response }) =>
      response(400).json({ message: 'No account is waiting for verification with that email' }),
    ),
    ...actionsSucceed,
  ],
  forgotPasswordFails: [
    noCurrentUser,
    http.post('/api/auth/forgot-password', ({ response }) =>
      response(429).json(
        { message: 'Too many requests. Please try again later.' },
        { headers: { 'Retry-After': '60' } },
      ),
    ),
    ...actionsSucceed,
  ],
  resetPasswordFails: [
    noCurrentUser,
    http.post('/api/auth/reset-password', ({ response }) =>
      response(400).json({ message: 'Reset token is invalid or has expired' }),
    ),
    ...actionsSucceed,
  ],
  /** The server tells a photo by its bytes: a text file named .png is refused. */
  photoRefused: [
    currentUser(users.client),
    http.put('/api/auth/profile/photo', ({ response }) =>
      response(400).json({ message: 'The photo must be a PNG, JPEG or WebP image.' }),
    ),
    ...actionsSucceed,
  ],
  /** The user's own uploaded photo, with the time zone they chose. */
  signedInClientWithPhotoAndZone: [
    currentUser({ ...users.clientWithPhoto, timeZone: 'Asia/Tokyo' }),
    http.delete('/api/auth/profile/photo', ({ response }) =>
      response(200).json({ ...users.clientWithPhoto, timeZone: 'Asia/Tokyo', profileImageUrl: null }),
    ),
    ...actionsSucceed,
  ],
  /** The session ended meanwhile (another browser signed this one out). */
  signOutOthersFails: [
    currentUser(users.client),
    http.post('/api/auth/sign-out-others', ({ response }) => response(401).json({ message: 'You are not signed in.' })),
    ...actionsSucceed,
  ],
  logoutFails: [
    currentUser(users.client),
    http.post('/api/auth/logout', ({ response }) => response(403).json({ message: 'Request refused' })),
    ...actionsSucceed,
  ],
} satisfies Record<string, HttpHandler[]>;

export type AuthScenario = keyof typeof authHandlers;
