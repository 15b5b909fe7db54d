import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { DashboardPage } from '../Dashboard/DashboardPage';
import { ChannelsPage } from '../Channels/ChannelsPage';
import { NoAccess } from './SignedInPage';

const meta = {
  title: 'Screens/Pages to come',
  component: DashboardPage,
} satisfies Meta<typeof DashboardPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NewAccountDashboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(canvas.getByText(/Connect your first marketplace/)).toBeVisible();
  },
};

export const NoChannelsYet: Story = {
  render: () => <ChannelsPage />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { level: 1, name: 'Channels' })).toBeVisible();
  },
};

export const NoAccessToPage: Story = {
  render: () => <NoAccess title="System Settings" />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { name: "You don't have access to this page" })).toBeVisible();
  },
};
