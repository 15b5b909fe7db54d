import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from './request';

/** The tables "Download my data" offers as CSV (a member gets profile and audit only). */
export const MY_DATA_TABLES = ['profile', 'channels', 'products', 'listings', 'orders', 'audit'] as const;
export type MyDataTable = (typeof MY_DATA_TABLES)[number];

export const MY_DATA_JSON_PATH = '/api/privacy/my-data';

/** The address of one table of my data as CSV (a download, not a request of the app). */
export const myDataCsvUrl = (table: MyDataTable) => `${MY_DATA_JSON_PATH}?format=csv&table=${table}`;

/** Deletes the signed-in user (and, for an owner alone, the account): the password, or the email for a Google-only user. */
export function useDeleteMyAccount() {
  return useMutation({
    mutationFn: (body: { currentPassword: string } | { email: string }) =>
      unwrap(api.POST('/api/privacy/delete-account', { body })),
  });
}
