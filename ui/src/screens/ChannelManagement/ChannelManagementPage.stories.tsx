import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
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
  },
};

export const NoAccessForSellers: Story = {
  parameters: { msw: { handlers: { auth: authHandlers.signedInClient, channels: channelHandlers.adminForbidden } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: "You don't have access to this page" })).toBeVisible();
  },
};
