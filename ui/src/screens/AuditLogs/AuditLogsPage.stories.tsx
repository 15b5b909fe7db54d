import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { auditHandlers, authHandlers } from '@hub/mocks';
import { withRouter } from '../../testing/storyRouter';
import { onAPhone } from '../../testing/storyViewports';
import { AuditLogsPage } from './AuditLogsPage';

const meta = {
  title: 'Screens/Audit logs',
  component: AuditLogsPage,
  decorators: [withRouter],
  parameters: {
    route: '/audit-logs',
    msw: { handlers: { auth: authHandlers.signedInClient, audit: auditHandlers.populated } },
  },
} satisfies Meta<typeof AuditLogsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const entryRows = async (canvasElement: HTMLElement) => {
  const table = await within(canvasElement).findByRole('table', { name: 'Audit entries' });
  return within(table).getAllByRole('row').slice(1);
};

/** The drawer is a dialog in a portal, outside the story's canvas. */
const drawer = async () => within(document.body).findByRole('dialog');

/** An owner's account: who did what, when and from where, newest first, with an export of it. */
export const AccountHistory: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const rows = await entryRows(canvasElement);
    await expect(rows).toHaveLength(6);
    await expect(rows[0]).toHaveTextContent('Listings: bulk edited');
    await expect(rows[0]).toHaveTextContent('Olga Owner');
    await expect(rows[0]).toHaveTextContent('olga@example.com');
    await expect(rows[4]).toHaveTextContent('Sign-in: sign in failed');
    await expect(rows[4]).toHaveTextContent('System');
    await expect(rows[4]).toHaveTextContent('198.51.100.7');
    await expect(canvas.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/audit-logs/export');
  },
};

/** A row opens its entry: before and after field by field, the changed ones marked. */
export const EntryBeforeAndAfter: Story = {
  play: async ({ canvasElement }) => {
    const rows = await entryRows(canvasElement);
    await userEvent.click(within(rows[3]!).getByRole('button', { name: /^Open Channel: rules changed/ }));
    const dialog = within(await drawer());
    await expect(dialog.getByRole('heading', { name: 'Channel: rules changed' })).toBeVisible();
    const diff = within(dialog.getByRole('table', { name: 'Before and after' }));
    const adjustment = diff.getByRole('row', { name: /priceAdjustmentPercent/ });
    await expect(adjustment).toHaveTextContent('priceAdjustmentPercent05');
    await expect(dialog.getByText('203.0.113.24')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
  },
};

/** An administrator viewed as the owner: what they did names them, and the drawer says so. */
export const EntryMadeWhileImpersonating: Story = {
  parameters: { msw: { handlers: { audit: auditHandlers.withImpersonation } } },
  play: async ({ canvasElement }) => {
    const rows = await entryRows(canvasElement);
    await expect(rows[0]).toHaveTextContent('Channel: paused');
    await expect(rows[0]).toHaveTextContent('Via admin Ada Admin');
    await userEvent.click(within(rows[0]!).getByRole('button', { name: /^Open/ }));
    const dialog = within(await drawer());
    await expect(dialog.getByText('Impersonating admin')).toBeVisible();
    await expect(dialog.getByText('Ada Admin · ada@marketplace-hub.local')).toBeVisible();
  },
};

/** Filters and search narrow the list; the export follows them. */
export const FilteredByAction: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await entryRows(canvasElement);
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Action' }), 'auth.sign_in_failed');
    await userEvent.click(canvas.getByRole('button', { name: 'Apply filters' }));
    await waitFor(async () => expect(await entryRows(canvasElement)).toHaveLength(1));
    await expect((await entryRows(canvasElement))[0]).toHaveTextContent('Sign-in: sign in failed');
    await expect(canvas.getByText('Showing entries that match your filters.')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/audit-logs/export?action=auth.sign_in_failed',
    );
  },
};

/** A search that matches nothing says so, with a way back to everything. */
export const NothingMatchesTheFilters: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await entryRows(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Search' }), 'no such thing');
    await userEvent.click(canvas.getByRole('button', { name: 'Apply filters' }));
    await expect(await canvas.findByText('No entries match these filters')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Clear filters' }));
    await expect(await entryRows(canvasElement)).toHaveLength(6);
    await expect(canvas.getByRole('textbox', { name: 'Search' })).toHaveValue('');
  },
};

/** More than a page: older and newer pages by cursor. */
export const SeveralPages: Story = {
  parameters: { msw: { handlers: { audit: auditHandlers.manyPages } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await entryRows(canvasElement)).toHaveLength(50);
    await expect(canvas.getByRole('button', { name: 'Newer entries' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Older entries' }));
    await expect(await canvas.findByText('Page 2')).toBeVisible();
    // Until page 2 has come, its cursor is unknown: "Older" waits for it instead of opening page 2 again.
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Older entries' })).toBeEnabled());
    await userEvent.click(canvas.getByRole('button', { name: 'Older entries' }));
    await expect(await canvas.findByText('Page 3')).toBeVisible();
    await waitFor(async () => expect(await entryRows(canvasElement)).toHaveLength(20));
    await expect(canvas.getByRole('button', { name: 'Older entries' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Newer entries' }));
    await expect(await canvas.findByText('Page 2')).toBeVisible();
  },
};

/** A new account: nothing recorded yet. */
export const NoEntriesYet: Story = {
  parameters: { msw: { handlers: { audit: auditHandlers.empty } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No entries yet')).toBeVisible();
  },
};

export const LoadingTheLog: Story = {
  parameters: { msw: { handlers: { audit: auditHandlers.loading } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading the audit log...')).toBeVisible();
  },
};

export const TheLogCannotBeLoaded: Story = {
  parameters: { msw: { handlers: { audit: auditHandlers.failing } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('The audit log could not be loaded')).toBeVisible();
    await expect(canvas.getByText('The service is briefly unavailable. Try again.')).toBeVisible();
  },
};

/** Staff at /admin/audit: every account's entries, a platform settings change with its before and after. */
export const StaffSeeEveryAccount: Story = {
  parameters: {
    route: '/admin/audit',
    msw: { handlers: { auth: authHandlers.signedInSuperUser } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const rows = await entryRows(canvasElement);
    await expect(rows[0]).toHaveTextContent('Settings: changed');
    await expect(rows[0]).toHaveTextContent('Sam Super');
    await expect(canvas.getByRole('textbox', { name: 'Account id' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/admin/audit-logs/export',
    );
    await userEvent.click(within(rows[0]!).getByRole('button', { name: /^Open/ }));
    const diff = within(within(await drawer()).getByRole('table', { name: 'Before and after' }));
    await expect(diff.getByRole('row', { name: /^signupsOpen/ })).toHaveTextContent('signupsOpentruefalse');
    await expect(diff.getByRole('row', { name: /ebayClientSecret/ })).toHaveTextContent(
      'marketplaceCredentials.ebayClientSecretsetchanged',
    );
  },
};

/** A seller opening the staff view is told it is not theirs, not shown a broken page. */
export const NoAccessToEveryAccount: Story = {
  parameters: { route: '/admin/audit', msw: { handlers: { audit: auditHandlers.forbidden } } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { name: "You don't have access to this page" }),
    ).toBeVisible();
  },
};

/** On a phone: filters stacked, the table scrolls sideways within its frame, never the page. */
export const AccountHistoryOnAPhone: Story = {
  globals: onAPhone,
  play: async ({ canvasElement }) => {
    await expect(await entryRows(canvasElement)).toHaveLength(6);
    await expect(within(canvasElement).getByRole('combobox', { name: 'Action' })).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth + 1);
  },
};
