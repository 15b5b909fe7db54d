import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import {
  ACCOUNT_DELETED,
  fixtures,
  LAST_OWNER_LEAVING,
  PLAN_STILL_BILLED,
  privacyScenarios,
  WRONG_PASSWORD,
} from '@hub/mocks';
import { findInToast } from '../../testing/storyToasts';
import { onAPhone } from '../../testing/storyViewports';
import { PrivacySection } from './PrivacySection';

const meta = {
  title: 'Screens/Privacy and data',
  component: PrivacySection,
  args: { user: fixtures.users.client, onDeleted: fn() },
  parameters: { msw: { handlers: { privacy: privacyScenarios.deleted() } } },
} satisfies Meta<typeof PrivacySection>;

export default meta;
type Story = StoryObj<typeof meta>;
const page = () => within(document.body);
const withAnswer = (handlers: ReturnType<(typeof privacyScenarios)[keyof typeof privacyScenarios]>) => ({
  msw: { handlers: { privacy: handlers } },
});

/** Download links for the JSON and for one table as CSV, and the button that deletes the account. */
export const PrivacyAndData: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Download My Data (JSON)' })).toHaveAttribute(
      'href',
      '/api/privacy/my-data',
    );
    await expect(canvas.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/privacy/my-data?format=csv&table=profile',
    );
    await userEvent.selectOptions(canvas.getByLabelText('Table to download as CSV'), 'orders');
    await expect(canvas.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/privacy/my-data?format=csv&table=orders',
    );
    await expect(canvas.getByRole('button', { name: 'Delete My Account' })).toBeVisible();
  },
};

export const PrivacyAndDataOnAPhone: Story = { ...PrivacyAndData, globals: onAPhone };

async function openConfirmation(canvasElement: HTMLElement) {
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Delete My Account' }));
  return within(await page().findByRole('dialog', { name: 'Delete your account?' }));
}

/** The confirmation asks for the current password before anything is deleted. */
export const DeleteConfirmation: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await openConfirmation(canvasElement);
    await expect(dialog.getByLabelText(/Current password/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Delete Account' })).toBeDisabled();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await expect(page().queryByRole('dialog', { name: 'Delete your account?' })).not.toBeInTheDocument();
    await expect(args.onDeleted).not.toHaveBeenCalled();
  },
};

export const DeleteConfirmationOnAPhone: Story = {
  globals: onAPhone,
  play: async ({ canvasElement }) => {
    const dialog = await openConfirmation(canvasElement);
    await expect(dialog.getByRole('button', { name: 'Delete Account' })).toBeVisible();
  },
};

/** The right password: the account is deleted and the browser goes to the landing page. */
export const AccountDeleted: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await openConfirmation(canvasElement);
    await userEvent.type(dialog.getByLabelText(/Current password/), 'my secret password');
    await userEvent.click(dialog.getByRole('button', { name: 'Delete Account' }));
    await expect(await findInToast(ACCOUNT_DELETED)).toBeVisible();
    await expect(args.onDeleted).toHaveBeenCalledOnce();
  },
};

/** A user who signs in with Google only confirms by typing their email address. */
export const ConfirmedWithEmail: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await openConfirmation(canvasElement);
    await userEvent.click(dialog.getByRole('button', { name: 'No password (Google sign-in)? Use my email' }));
    await userEvent.type(dialog.getByLabelText(/Your email address/), fixtures.users.client.email);
    await userEvent.click(dialog.getByRole('button', { name: 'Delete Account' }));
    await expect(await findInToast(ACCOUNT_DELETED)).toBeVisible();
    await expect(args.onDeleted).toHaveBeenCalledOnce();
  },
};

const refusedWith = (handlers: Parameters<typeof withAnswer>[0], message: string): Story => ({
  parameters: withAnswer(handlers),
  play: async ({ canvasElement, args }) => {
    const dialog = await openConfirmation(canvasElement);
    await userEvent.type(dialog.getByLabelText(/Current password/), 'my secret password');
    await userEvent.click(dialog.getByRole('button', { name: 'Delete Account' }));
    await expect(await findInToast(message)).toBeVisible();
    await expect(args.onDeleted).not.toHaveBeenCalled();
    await expect(page().getByRole('dialog', { name: 'Delete your account?' })).toBeVisible();
  },
});

export const WrongPassword: Story = refusedWith(privacyScenarios.wrongPassword(), WRONG_PASSWORD);
export const LastOwnerHandsOverFirst: Story = refusedWith(privacyScenarios.lastOwner(), LAST_OWNER_LEAVING);
export const PaidPlanStillBilled: Story = refusedWith(privacyScenarios.stillBilled(), PLAN_STILL_BILLED);

/** Staff viewing as the user may download but never delete. */
export const ViewedAsByStaff: Story = {
  args: { user: fixtures.impersonatedClient },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('An account cannot be deleted while viewing as another user.')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Delete My Account' })).not.toBeInTheDocument();
  },
};
