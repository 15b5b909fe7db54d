import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ChannelsPage } from '../Channels/ChannelsPage';
import { NoAccess } from './SignedInPage';

const meta = {
  title: 'Screens/Pages to come',
  component: ChannelsPage,
} satisfies Meta<typeof ChannelsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NoChannelsYet: Story = {
  render: () => <ChannelsPage />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { level: 1, name: 'Channels' })).toBeVisible();
  },
};

export const NoAccessToPage: Story = {
  render: () => <NoAccess title="System Settings" />,
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('heading', { name: "You don't have access to this page" }),
    ).toBeVisible();
  },
};
