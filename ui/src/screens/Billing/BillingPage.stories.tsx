import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { authHandlers, billingHandlers, CHECKOUT_URL, PORTAL_URL } from '@hub/mocks';
import { storyLocation, withRouter } from '../../testing/storyRouter';
import { findInToast } from '../../testing/storyToasts';
import { onAPhone } from '../../testing/storyViewports';
import { BillingPage } from './BillingPage';

const meta = {
  title: 'Screens/Billing',
  component: BillingPage,
  decorators: [withRouter],
  args: { redirect: fn() },
  parameters: {
    route: '/billing',
    msw: { handlers: { auth: authHandlers.signedInClient, billing: billingHandlers.trial } },
  },
} satisfies Meta<typeof BillingPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const withBilling = (billing: (typeof billingHandlers)[keyof typeof billingHandlers], route = '/billing') => ({
  route,
  msw: { handlers: { auth: authHandlers.signedInClient, billing } },
});

/** A new account: its trial's days left, usage against the trial's limits, and "Choose a plan". */
export const TrialOverview: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Free trial', { selector: 'p' })).toBeVisible();
    await expect(canvas.getByText('Trial')).toBeVisible();
    await expect(canvas.getByText(/^Free trial: 6 days left/)).toBeVisible();
    await expect(canvas.getByRole('progressbar', { name: 'SKUs in your catalogue' })).toHaveAttribute(
      'aria-valuetext',
      '412 of 1,000 SKUs',
    );
    await expect(canvas.getByText('3 connections, unlimited')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Choose a plan' }));
    await expect(await canvas.findByRole('list', { name: 'Plans' })).toBeVisible();
    await expect(storyLocation.current.path).toBe('/billing?tab=plans');
  },
};

/** The four plans side by side; choosing one opens the payment provider's page. */
export const ChoosingAPlan: Story = {
  parameters: withBilling(billingHandlers.trial, '/billing?tab=plans'),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const plans = within(await canvas.findByRole('list', { name: 'Plans' }));
    await expect(plans.getAllByRole('article')).toHaveLength(4);
    await expect(plans.getByText('$49.00')).toBeVisible();
    await expect(plans.getByText('Most Popular')).toBeVisible();
    await expect(
      within(plans.getByRole('list', { name: 'Business plan includes' })).getByText('Team management'),
    ).toBeVisible();
    await userEvent.click(plans.getByRole('button', { name: 'Choose Growth' }));
    await waitFor(() => expect(args.redirect).toHaveBeenCalledWith(CHECKOUT_URL));
  },
};

/** On the last day the time left is counted in hours. */
export const TrialLastDay: Story = {
  parameters: withBilling(billingHandlers.trialLastDay),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/^Free trial: 5 hours left/)).toBeVisible();
  },
};

/** The trial is over without payment: read-only, data kept, the way back. */
export const TrialEnded: Story = {
  parameters: withBilling(billingHandlers.trialEnded),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Trial ended')).toBeVisible();
    await expect(canvas.getByText(/Sync is paused and all your data is kept/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Choose a plan' })).toBeVisible();
  },
};

/** A paid plan: its renewal date, Growth's limits, and "Manage billing" opening the provider's portal. */
export const ActivePlan: Story = {
  parameters: withBilling(billingHandlers.growth),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Growth', { selector: 'p' })).toBeVisible();
    await expect(canvas.getByText('Active')).toBeVisible();
    await expect(canvas.getByText(/^Renews on /)).toBeVisible();
    await expect(canvas.getByRole('progressbar', { name: 'Marketplace connections' })).toHaveAttribute(
      'aria-valuetext',
      '3 of 3 connections',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(args.redirect).toHaveBeenCalledWith(PORTAL_URL));
  },
};

/** Subscribed: the current plan marked; another plan shows the prorated price first, then applies at once. */
export const ChangingPlan: Story = {
  parameters: withBilling(billingHandlers.growth, '/billing?tab=plans'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const plans = within(await canvas.findByRole('list', { name: 'Plans' }));
    await expect(plans.getByText('Current plan')).toBeVisible();
    await expect(plans.queryByRole('button', { name: 'Change to Growth' })).not.toBeInTheDocument();
    await userEvent.click(plans.getByRole('button', { name: 'Change to Business' }));
    const dialog = within(await within(document.body).findByRole('dialog', { name: 'Change to Business' }));
    await expect(await dialog.findByText('Due today: $30.00')).toBeVisible();
    const lines = within(dialog.getByRole('list', { name: 'Price difference for the rest of this period' }));
    await expect(lines.getByText('Unused time on Marketplace Hub Growth (per month): -$29.40')).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Confirm plan change' }));
    await expect(await findInToast('Plan changed')).toBeVisible();
    const business = canvas.getByRole('heading', { name: 'Business' }).closest('article')!;
    await waitFor(() => expect(within(business).getByText('Current plan')).toBeVisible());
  },
};

/** A renewal failed: past due, with "Update payment method". */
export const PaymentFailed: Story = {
  parameters: withBilling(billingHandlers.pastDue),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Payment failed')).toBeVisible();
    await expect(canvas.getByText('Past due')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Update payment method' }));
    await waitFor(() => expect(args.redirect).toHaveBeenCalledWith(PORTAL_URL));
  },
};

/** Cancelled: the plan runs to the period's end. */
export const CancellingAtPeriodEnd: Story = {
  parameters: withBilling(billingHandlers.cancelling),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/^Your plan ends on .*; nothing is deleted after it\.$/)).toBeVisible();
    await expect(canvas.getByText(/^Ends /)).toBeVisible();
  },
};

/** The plan has ended: read-only, data kept, choose a plan to resume. */
export const PlanEnded: Story = {
  parameters: withBilling(billingHandlers.canceled),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Ended')).toBeVisible();
    await expect(canvas.getByText(/^Your plan has ended\. Sync is paused/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Choose a plan' })).toBeVisible();
  },
};

/** A member of the account sees billing; only the owner may pay or change it. */
export const MemberSeesBillingOnly: Story = {
  parameters: withBilling(billingHandlers.member, '/billing?tab=plans'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("Only the account's owner manages billing.")).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /^Choose / })).not.toBeInTheDocument();
  },
};

/** Invoices with their status and PDF. */
export const Invoices: Story = {
  parameters: withBilling(billingHandlers.pastDue, '/billing?tab=invoices'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Invoices' });
    const rows = within(table).getAllByRole('row').slice(1);
    await expect(rows).toHaveLength(2);
    await expect(rows[0]).toHaveTextContent('$49.00');
    await expect(within(rows[0]!).getByText('Due')).toBeVisible();
    await expect(within(rows[1]!).getByText('Paid')).toBeVisible();
    await expect(within(rows[1]!).getByRole('link', { name: 'Download A1B2C3D4-0001 (PDF)' })).toHaveAttribute(
      'href',
      '/sandbox/stripe/invoices/in_1001/pdf',
    );
  },
};

/** No invoice before the first payment. */
export const NoInvoicesYet: Story = {
  parameters: withBilling(billingHandlers.trial, '/billing?tab=invoices'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No invoices yet')).toBeVisible();
  },
};

/** Back from the payment page: the plan is being activated until the webhook lands. */
export const BackFromPayment: Story = {
  parameters: withBilling(billingHandlers.growth, '/billing?checkout=success'),
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('Your payment was received and your plan is active.'),
    ).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: withBilling(billingHandlers.loading),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading billing...')).toBeInTheDocument();
  },
};

export const FailsToLoad: Story = {
  parameters: withBilling(billingHandlers.failsToLoad),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Billing could not be loaded')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try Again' })).toBeVisible();
  },
};

/** On a phone the plans stack; every plan is still there to choose. */
export const PlansOnAPhone: Story = {
  globals: onAPhone,
  parameters: withBilling(billingHandlers.trial, '/billing?tab=plans'),
  play: async ({ canvasElement }) => {
    const plans = within(await within(canvasElement).findByRole('list', { name: 'Plans' }));
    await expect(plans.getAllByRole('button', { name: /^Choose / })).toHaveLength(4);
  },
};
