import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { findInToast } from '../../testing/storyToasts';
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
