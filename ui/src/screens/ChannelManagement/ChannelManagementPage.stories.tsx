import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { findInToast } from '../../testing/storyToasts';
import { authHandlers, channelHandlers } from '@hub/mocks';
import { ChannelManagementPage } from './ChannelManagementPage';

const meta = {
  title: 'Screens/Channel management',
  component: ChannelManagementPage,
  parameters: { msw: { handlers: { auth: authHandlers.signedInSuperUser, channels: channelHandlers.mainAndTargets } } },
} satisfies Meta<typeof ChannelManagementPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const EveryAccountsChannels: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Northwind Outfitters')).toBeVisible();
    await expect(canvas.getByText('1 channel in error')).toBeVisible();
    await expect(canvas.getAllByRole('row')).toHaveLength(4);
    await expect(canvas.getByText('3 in error · 3 refused in 24 h · 12 waiting')).toBeVisible();
  },
};

export const StaffPauseAFailingChannel: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Pause: eBay of Cooper Home' }));
    await expect(await findInToast('Channel Paused')).toBeVisible();
    await expect(await findInToast('eBay of Cooper Home is paused until someone resumes it.')).toBeVisible();
  },
};

export const StaffForceASync: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Force sync: Amazon of Northwind Outfitters' }));
    await expect(await findInToast('Sync Started')).toBeVisible();
    await expect(await findInToast('Amazon of Northwind Outfitters is being read again.')).toBeVisible();
  },
};

export const NoAccessForSellers: Story = {
  parameters: { msw: { handlers: { auth: authHandlers.signedInClient, channels: channelHandlers.adminForbidden } } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { name: "You don't have access to this page" }),
    ).toBeVisible();
  },
};
