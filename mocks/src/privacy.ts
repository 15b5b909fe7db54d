import type { HttpHandler } from 'msw';
import type { components } from '@contract';
import { users } from './fixtures';
import { http } from './http';

type MyDataExport = components['schemas']['MyDataExport'];

export const WRONG_PASSWORD = 'Your current password is not correct.';
export const LAST_OWNER_LEAVING =
  'You are the last owner of this account: make another member an owner first, or remove the other members.';
export const PLAN_STILL_BILLED =
  "This is the last user of an account whose paid plan is still running. The account's owner must cancel the plan first, from Billing.";
export const ACCOUNT_DELETED = 'Your account and all its data have been deleted.';

const myData: MyDataExport = {
  exportedAt: '2025-03-02T12:00:00.000Z',
  profile: { id: users.client.id, email: users.client.email, firstName: users.client.firstName },
  account: { id: users.client.accountId, name: users.client.companyName, plan: 'growth' },
  channels: [],
  products: [],
  listings: [],
  orders: [],
  audit: [],
};

const download = http.get('/api/privacy/my-data', ({ response }) => response(200).json(myData));

const deleteAnswers = (status: 200 | 400 | 409, message: string): HttpHandler[] => [
  download,
  http.post('/api/privacy/delete-account', ({ response }) =>
    status === 200 ? response(200).json({ message, accountDeleted: true }) : response(status).json({ message }),
  ),
];

/** "Privacy and data" in Profile Settings: the download, and each answer to deleting the account. */
export const privacyScenarios = {
  /** The password is right: the account and its data are deleted. */
  deleted: () => deleteAnswers(200, ACCOUNT_DELETED),
  wrongPassword: () => deleteAnswers(400, WRONG_PASSWORD),
  /** An owner with other members who are not owners. */
  lastOwner: () => deleteAnswers(409, LAST_OWNER_LEAVING),
  /** The account's paid plan still bills. */
  stillBilled: () => deleteAnswers(409, PLAN_STILL_BILLED),
};
