import type { AccountPlan, Role, UserFilter, UserStatus } from '../../api';

/** The filters' choices, declared once: the selects, the request and the stories read them. */
export const roleChoices = [
  ['client', 'Client'],
  ['admin', 'Admin'],
  ['super', 'Super'],
  ['super_user', 'Super user'],
] as const satisfies ReadonlyArray<readonly [Role, string]>;

export const verifiedChoices = [
  ['true', 'Verified'],
  ['false', 'Unverified'],
] as const;

export const planChoices = [
  ['trial', 'Free trial'],
  ['starter', 'Starter'],
  ['growth', 'Growth'],
  ['business', 'Business'],
  ['enterprise', 'Enterprise'],
] as const satisfies ReadonlyArray<readonly [AccountPlan, string]>;

export const statusChoices = [
  ['active', 'Active'],
  ['disabled', 'Disabled'],
] as const satisfies ReadonlyArray<readonly [UserStatus, string]>;

export interface FilterValues {
  search: string;
  role: Role | '';
  verified: 'true' | 'false' | '';
  plan: AccountPlan | '';
  status: UserStatus | '';
}

export const noFilters: FilterValues = { search: '', role: '', verified: '', plan: '', status: '' };

/** The request's query: only the filters that are set. */
export function toUserFilter(values: FilterValues, page: number, pageSize: number): UserFilter {
  return {
    ...(values.search.trim() ? { search: values.search.trim() } : {}),
    ...(values.role ? { role: values.role } : {}),
    ...(values.verified ? { verified: values.verified === 'true' } : {}),
    ...(values.plan ? { plan: values.plan } : {}),
    ...(values.status ? { status: values.status } : {}),
    page,
    pageSize,
  };
}
