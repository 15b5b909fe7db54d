import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { findInToast } from '../../testing/storyToasts';
import { onAPhone } from '../../testing/storyViewports';
import { authHandlers, settingsHandlers } from '@hub/mocks';
import { SystemSettingsPage } from './SystemSettingsPage';

const meta = {
  title: 'Screens/System settings',
  component: SystemSettingsPage,
  parameters: { msw: { handlers: { auth: authHandlers.signedInSuperUser, settings: settingsHandlers.defaults } } },
} satisfies Meta<typeof SystemSettingsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const intervalField = async (canvasElement: HTMLElement) =>
  within(canvasElement).findByLabelText('Default sync interval (minutes)');

export const StaffSeeTheSyncInterval: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await intervalField(canvasElement)).toHaveValue('3');
    // Nothing to save until something changes.
    await expect(canvas.getByRole('button', { name: 'Save Settings' })).toBeDisabled();
  },
};

export const StaffChangeTheInterval: Story = {
  play: async ({ canvasElement }) => {
    const field = await intervalField(canvasElement);
    await userEvent.clear(field);
    await userEvent.type(field, '10');
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Save Settings' }));
    await expect(await findInToast('Settings Saved')).toBeVisible();
    await expect(await findInToast('Channels are read every 10 minutes.')).toBeVisible();
    await expect(field).toHaveValue('10');
  },
};

export const AnIntervalOutOfRangeIsExplained: Story = {
  play: async ({ canvasElement }) => {
    const field = await intervalField(canvasElement);
    await userEvent.clear(field);
    await userEvent.type(field, '90');
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Save Settings' }));
    await expect(await within(canvasElement).findByText('Enter a whole number of minutes from 1 to 60.')).toBeVisible();
  },
};

export const TheServerRefusesTheChange: Story = {
  parameters: { msw: { handlers: { settings: settingsHandlers.saveRefused } } },
  play: async ({ canvasElement }) => {
    const field = await intervalField(canvasElement);
    await userEvent.clear(field);
    await userEvent.type(field, '5');
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Save Settings' }));
    await expect(
      await within(canvasElement).findByText('The sync interval is a whole number of minutes from 1 to 60.'),
    ).toBeVisible();
  },
};

export const SetEarlierByStaff: Story = {
  parameters: { msw: { handlers: { settings: settingsHandlers.customInterval } } },
  play: async ({ canvasElement }) => {
    await expect(await intervalField(canvasElement)).toHaveValue('15');
  },
};

export const LoadingSettings: Story = {
  parameters: { msw: { handlers: { settings: settingsHandlers.loading } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading settings...')).toBeVisible();
  },
};

export const NoAccessForSellers: Story = {
  parameters: { msw: { handlers: { auth: authHandlers.signedInClient, settings: settingsHandlers.forbidden } } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { name: "You don't have access to this page" }),
    ).toBeVisible();
  },
};

/** Trial and sign-ups changed together: one save, one audited change. */
export const StaffCloseSignupsAndLengthenTheTrial: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const days = await canvas.findByLabelText('Trial length (days)');
    await expect(days).toHaveValue('7');
    await expect(canvas.getByLabelText('Trial SKU limit')).toHaveValue('1000');
    await userEvent.clear(days);
    await userEvent.type(days, '14');
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Sign-ups' }), 'closed');
    await userEvent.click(canvas.getByRole('button', { name: 'Save Settings' }));
    await expect(await findInToast('Settings Saved')).toBeVisible();
    await expect(await findInToast('The new settings are in force and recorded in the audit log.')).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Sign-ups' })).toHaveValue('closed');
  },
};

/** Set earlier: sign-ups closed, a notice posted, eBay's application credentials set (their values never shown). */
export const SignupsClosedWithANotice: Story = {
  parameters: { msw: { handlers: { settings: settingsHandlers.signupsClosedWithNotice } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('combobox', { name: 'Sign-ups' })).toHaveValue('closed');
    await expect(canvas.getByLabelText('Notice shown to every signed-in user')).toHaveValue(
      'Scheduled maintenance on Sunday 02:00–03:00 UTC: syncing pauses for up to an hour.',
    );
    const secret = canvas.getByLabelText('eBay Cert ID (client secret)');
    await expect(secret).toHaveValue('');
    await expect(secret).toHaveAttribute('placeholder', 'Enter a new value to replace it');
    await expect(canvas.getAllByText('Set')).toHaveLength(3);
    await expect(canvas.getByRole('button', { name: 'Remove eBay RuName' })).toBeVisible();
  },
};

/** A credential is written, never read back: the field empties and the state says "Set". */
export const StaffSetACredential: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = await canvas.findByLabelText('Shopify client secret');
    await expect(canvas.getByRole('button', { name: 'Save credentials' })).toBeDisabled();
    await userEvent.type(field, 'shpss_0123456789abcdef');
    await userEvent.click(canvas.getByRole('button', { name: 'Save credentials' }));
    await expect(await findInToast('Credentials Saved')).toBeVisible();
    await expect(field).toHaveValue('');
    await expect(await canvas.findByRole('button', { name: 'Remove Shopify client secret' })).toBeVisible();
  },
};

export const ASenderThatIsNotAnAddressIsExplained: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const sender = await canvas.findByLabelText('Sender address');
    await userEvent.clear(sender);
    await userEvent.type(sender, 'the hub');
    await userEvent.click(canvas.getByRole('button', { name: 'Save Settings' }));
    await expect(
      await canvas.findByText(
        'Enter an email address, optionally with a name: Marketplace Hub <no-reply@example.com>.',
      ),
    ).toBeVisible();
  },
};

export const SettingsCannotBeLoaded: Story = {
  parameters: { msw: { handlers: { settings: settingsHandlers.failing } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Settings could not be loaded')).toBeVisible();
    await expect(canvas.getByText('The service is briefly unavailable. Try again.')).toBeVisible();
  },
};

/** On a phone: one field a line, nothing wider than the screen. */
export const SettingsOnAPhone: Story = {
  globals: onAPhone,
  play: async ({ canvasElement }) => {
    await expect(await intervalField(canvasElement)).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth + 1);
  },
};
