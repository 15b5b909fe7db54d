import { expect, test } from 'vitest';
import { users } from './fixtures';
import { http } from './http';

// These lines must stay type errors: if one compiles, the mocks no longer follow
// openapi.yaml and `tsc` fails on the unused @ts-expect-error.

// @ts-expect-error the contract has no such path
const unknownPath = http.get('/api/does-not-exist', ({ response }) => response(200).empty());

// @ts-expect-error a status the operation does not declare
const undeclaredStatus = http.get('/api/auth/user', ({ response }) => response(404).json({ message: 'x' }));

const wrongBody = http.get('/api/auth/user', ({ response }) =>
  // @ts-expect-error "owner" is not a role in the contract
  response(200).json({ ...users.client, role: 'owner' }),
);

const missingField = http.post('/api/admin/exit-impersonation', ({ response }) =>
  // @ts-expect-error the answer must carry the user
  response(200).json({ success: true, message: 'Impersonation ended' }),
);

test('drifting handlers still build (the checks above are for tsc)', () => {
  expect([unknownPath, undeclaredStatus, wrongBody, missingField]).toHaveLength(4);
});
