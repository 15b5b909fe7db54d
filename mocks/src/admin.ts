import { delay, type HttpHandler } from 'msw';
import { adminUsers, findUser, users, type AdminUser } from './fixtures';
import { http } from './http';

const listUsers = (all: AdminUser[]) =>
  http.get('/api/admin/users', ({ query, response }) => {
    // Filter and page like the server, so search and paging can be shown in stories.
    const search = query.get('search')?.trim().toLowerCase() ?? '';
    const role = query.get('role');
    const verified = query.get('verified');
    const plan = query.get('plan');
    const status = query.get('status');
    const page = Number(query.get('page') ?? 1);
    const pageSize = Number(query.get('pageSize') ?? 25);
    const matching = all.filter(
      (user) =>
        (!role || user.role === role) &&
        (!verified || String(user.emailVerified) === verified) &&
        (!plan || user.plan === plan) &&
        (!status || (status === 'disabled') === user.disabled) &&
        (!search ||
          [user.email, user.firstName, user.lastName, user.companyName].some((field) =>
            field?.toLowerCase().includes(search),
          )),
    );
    const items = matching.slice((page - 1) * pageSize, page * pageSize);
    return response(200).json({ items, total: matching.length, page, pageSize });
  });

const startImpersonation = http.post('/api/admin/impersonate/{userId}', ({ params, response }) => {
  const user = findUser(params.userId);
  if (!user) return response(404).json({ message: 'User not found' });
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
  return response(200).json({
    success: true,
    impersonatedUser: { ...user, isBeingImpersonated: true },
    message: `Now viewing as ${name}`,
  });
});

const exitImpersonation = http.post('/api/admin/exit-impersonation', ({ response }) =>
  response(200).json({ success: true, message: 'Impersonation ended', user: users.superUser }),
);

/** Staff actions on a user, answered as the server would (the user as it then stands). */
const userActions = [
  http.put('/api/admin/users/{userId}/role', async ({ params, request, response }) => {
    const user = adminUsers.find((u) => u.id === params.userId);
    if (!user) return response(404).json({ message: 'User not found' });
    return response(200).json({ ...user, role: (await request.json()).role });
  }),
  http.post('/api/admin/users/{userId}/disable', ({ params, response }) => {
    const user = adminUsers.find((u) => u.id === params.userId);
    if (!user) return response(404).json({ message: 'User not found' });
    return response(200).json({ ...user, disabled: true });
  }),
  http.post('/api/admin/users/{userId}/enable', ({ params, response }) => {
    const user = adminUsers.find((u) => u.id === params.userId);
    if (!user) return response(404).json({ message: 'User not found' });
    return response(200).json({ ...user, disabled: false });
  }),
  http.post('/api/admin/users/{userId}/resend-verification', ({ params, response }) => {
    const user = adminUsers.find((u) => u.id === params.userId);
    if (!user) return response(404).json({ message: 'User not found' });
    return response(200).json({ message: `A new verification link is on its way to ${user.email}.` });
  }),
  http.delete('/api/admin/users/{userId}', ({ params, response }) => {
    const user = adminUsers.find((u) => u.id === params.userId);
    if (!user) return response(404).json({ message: 'User not found' });
    return response(200).json({ message: `${user.email} has been deleted.`, accountDeleted: false });
  }),
];

const succeed = [listUsers(adminUsers), startImpersonation, exitImpersonation, ...userActions];

export const adminHandlers = {
  /** Staff see every fixture user; impersonating and exiting both succeed. */
  default: succeed,
  noUsers: [listUsers([]), startImpersonation, exitImpersonation],
  /** The list never answers: the page shows it is loading. */
  loadingUsers: [
    http.get('/api/admin/users', async ({ response }) => {
      await delay('infinite');
      return response(403).json({ message: 'never' });
    }),
    ...succeed,
  ],
  /** The list fails on the server's side: the page offers to try again. */
  usersFail: [
    http.get('/api/admin/users', ({ response }) =>
      response.untyped(Response.json({ message: 'Something went wrong on our side.' }, { status: 500 })),
    ),
    ...succeed,
  ],
  /** An admin (not a super user) changing a role is refused. */
  roleChangeRefused: [
    http.put('/api/admin/users/{userId}/role', ({ response }) =>
      response(403).json({ message: 'Only a super user can change roles.' }),
    ),
    ...succeed,
  ],
  /** Signed in as a client: every admin call is refused. */
  forbidden: [
    http.get('/api/admin/users', ({ response }) =>
      response(403).json({ message: 'Admin or Super user access required' }),
    ),
    http.post('/api/admin/impersonate/{userId}', ({ response }) =>
      response(403).json({ message: 'Admin or Super user access required' }),
    ),
    http.post('/api/admin/exit-impersonation', ({ response }) =>
      response(403).json({ message: 'Admin or Super user access required' }),
    ),
  ],
  impersonationFails: [
    http.post('/api/admin/impersonate/{userId}', ({ response }) =>
      response(400).json({ message: 'Cannot impersonate another administrator' }),
    ),
    ...succeed,
  ],
  exitFails: [
    http.post('/api/admin/exit-impersonation', ({ response }) =>
      response(400).json({ message: 'Not currently impersonating' }),
    ),
    ...succeed,
  ],
  /** Exit never answers: the "Exit Impersonation" button stays disabled. */
  exitPending: [
    http.post('/api/admin/exit-impersonation', async ({ response }) => {
      await delay('infinite');
      return response(400).json({ message: 'Not currently impersonating' });
    }),
    ...succeed,
  ],
} satisfies Record<string, HttpHandler[]>;

export type AdminScenario = keyof typeof adminHandlers;
