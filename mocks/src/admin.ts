import { delay, type HttpHandler } from 'msw';
import { adminUsers, findUser, users, type AdminUser } from './fixtures';
import { http } from './http';

const listUsers = (all: AdminUser[]) =>
  http.get('/api/admin/users', ({ query, response }) => {
    // Filter and page like the server, so search and paging can be shown in stories.
    const search = query.get('search')?.trim().toLowerCase() ?? '';
    const role = query.get('role');
    const page = Number(query.get('page') ?? 1);
    const pageSize = Number(query.get('pageSize') ?? 25);
    const matching = all.filter(
      (user) =>
        (!role || user.role === role) &&
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

const succeed = [listUsers(adminUsers), startImpersonation, exitImpersonation];

export const adminHandlers = {
  /** Staff see every fixture user; impersonating and exiting both succeed. */
  default: succeed,
  noUsers: [listUsers([]), startImpersonation, exitImpersonation],
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
