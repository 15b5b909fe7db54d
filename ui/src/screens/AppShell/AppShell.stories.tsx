import type { Meta, StoryObj } from '@storybook/react-vite';
import { findInToast } from '../../testing/storyToasts';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { adminHandlers, authHandlers, billingHandlers, fixtures, maintenanceNoticeHandlers } from '@hub/mocks';
import { AppShell } from './AppShell';
import { storyLocation, withRouter } from '../../testing/storyRouter';
import { UpcomingPage } from '../../shared/SignedInPage/SignedInPage';

const meta = {
  title: 'Screens/Signed-in shell',
  component: AppShell,
  decorators: [withRouter],
  parameters: { layout: 'fullscreen', route: '/channels' },
  args: {
    user: fixtures.users.client,
    children: (
      <UpcomingPage
        title="Channels"
        description="Your connected marketplaces."
        emptyTitle="No channels connected yet"
        emptyText="Connect a marketplace to begin."
      />
    ),
  },
} satisfies Meta<typeof AppShell>;

export default meta;
type Story = StoryObj<typeof meta>;

const navigation = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('navigation', { name: 'Main navigation' }));

export const ClientSidebar: Story = {
  play: async ({ canvasElement }) => {
    const nav = navigation(canvasElement);
    for (const item of [
      'Dashboard',
      'Channels',
      'Listings',
      'Orders',
      'Analytics',
      'Advertising',
      'Compliance',
      'Support',
      'Billing',
    ]) {
      await expect(nav.getByRole('link', { name: item })).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'Channels' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    await expect(nav.queryByRole('link', { name: 'User Management' })).not.toBeInTheDocument();
    await expect(within(canvasElement).queryByText('Admin Access')).not.toBeInTheDocument();
    await expect(within(canvasElement).getByText('v2.0')).toBeVisible();
  },
};

export const AdminSidebar: Story = {
  args: { user: fixtures.users.admin },
  parameters: { route: '/admin/users' },
  play: async ({ canvasElement }) => {
    const nav = navigation(canvasElement);
    await expect(nav.getByRole('link', { name: 'User Management' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'System Settings' })).toBeVisible();
    await expect(nav.queryByRole('link', { name: 'Audit Logs' })).not.toBeInTheDocument();
    await expect(nav.queryByRole('link', { name: 'Billing' })).not.toBeInTheDocument();
    await expect(within(canvasElement).getByText('Admin Access')).toBeVisible();
    await expect(within(canvasElement).getByText('System management')).toBeVisible();
  },
};

export const SuperUserSidebar: Story = {
  args: { user: fixtures.users.superUser },
  parameters: { route: '/audit-logs' },
  play: async ({ canvasElement }) => {
    const nav = navigation(canvasElement);
    await expect(nav.getByRole('link', { name: 'Audit Logs' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.queryByRole('link', { name: 'Billing' })).not.toBeInTheDocument();
  },
};

export const AdminViewingAsClient: Story = {
  args: { user: fixtures.impersonatedClient },
  parameters: { msw: { handlers: { auth: authHandlers.impersonating } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const banner = canvas.getByRole('region', { name: 'Impersonation' });
    const { firstName, lastName, companyName } = fixtures.impersonatedClient;
    await expect(banner).toHaveTextContent(`Viewing as: ${firstName} ${lastName} (${companyName})`);
    const nav = navigation(canvasElement);
    await expect(nav.getByRole('link', { name: 'Billing' })).toBeVisible();
    await expect(nav.queryByRole('link', { name: 'User Management' })).not.toBeInTheDocument();
  },
};

export const ExitingImpersonation: Story = {
  args: { user: fixtures.impersonatedClient },
  parameters: { msw: { handlers: { auth: authHandlers.impersonating, admin: adminHandlers.exitPending } } },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Exit Impersonation' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toBeDisabled());
  },
};

export const ImpersonationEnded: Story = {
  args: { user: fixtures.impersonatedClient },
  parameters: { msw: { handlers: { auth: authHandlers.impersonating } } },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Exit Impersonation' }));
    await expect(await findInToast('Impersonation Ended')).toBeVisible();
    await waitFor(() => expect(storyLocation.current.path).toBe('/admin/users'), { timeout: 2500 });
  },
};

export const ExitFails: Story = {
  args: { user: fixtures.impersonatedClient },
  parameters: { msw: { handlers: { auth: authHandlers.impersonating, admin: adminHandlers.exitFails } } },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Exit Impersonation' }));
    await expect(await findInToast('Exit Failed')).toBeVisible();
    await expect(await findInToast('Exit failed: Not currently impersonating')).toBeVisible();
  },
};

const trialBar = (canvasElement: HTMLElement) => within(canvasElement).findByRole('region', { name: 'Free trial' });

/** The trial's 44 px bar: the days left and "Choose a plan", which opens the plans. */
export const TrialCountdown: Story = {
  parameters: { msw: { handlers: { billing: billingHandlers.trial } } },
  play: async ({ canvasElement }) => {
    const bar = await trialBar(canvasElement);
    await expect(bar).toHaveTextContent('Free trial: 6 days left');
    await expect(within(bar).getByRole('link', { name: 'Choose a plan' })).toHaveAttribute(
      'href',
      '/billing?tab=plans',
    );
  },
};

/** On the trial's last day the bar counts hours. */
export const TrialLastHours: Story = {
  parameters: { msw: { handlers: { billing: billingHandlers.trialLastDay } } },
  play: async ({ canvasElement }) => {
    await expect(await trialBar(canvasElement)).toHaveTextContent('Free trial: 5 hours left');
  },
};

/** The trial ended unpaid: the account is read-only, its data kept, and the bar shows the way back. */
export const TrialEndedReadOnly: Story = {
  parameters: { msw: { handlers: { billing: billingHandlers.trialEnded } } },
  play: async ({ canvasElement }) => {
    const bar = await within(canvasElement).findByRole('region', { name: 'Plan ended' });
    await expect(bar).toHaveTextContent('Your free trial has ended. Sync is paused and all your data is kept');
    await expect(within(bar).getByRole('link', { name: 'Choose a plan' })).toBeVisible();
  },
};

/** A renewal failed: the bar asks for a new payment method. */
export const PaymentFailedBar: Story = {
  parameters: { msw: { handlers: { billing: billingHandlers.pastDue } } },
  play: async ({ canvasElement }) => {
    const bar = await within(canvasElement).findByRole('region', { name: 'Payment failed' });
    await expect(within(bar).getByRole('link', { name: 'Update payment method' })).toHaveAttribute('href', '/billing');
  },
};

/** Staff posted a maintenance notice: every signed-in page shows it in full above the page. */
export const MaintenanceNoticeShown: Story = {
  parameters: { msw: { handlers: { maintenance: maintenanceNoticeHandlers.posted } } },
  play: async ({ canvasElement }) => {
    const notice = await within(canvasElement).findByRole('region', { name: 'Maintenance notice' });
    await expect(notice).toHaveTextContent(
      'Scheduled maintenance on Sunday 02:00–03:00 UTC: syncing pauses for up to an hour.',
    );
  },
};
