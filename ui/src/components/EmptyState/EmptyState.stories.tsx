import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Button } from '../Button/Button';
import { EmptyState } from './EmptyState';

const meta = {
  title: 'Components/EmptyState',
  component: EmptyState,
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NoChannelsYet: Story = {
  args: {
    title: 'No channels connected',
    description: 'Connect your main marketplace first; target channels then receive its inventory and prices.',
    action: <Button href="/admin/channels">Connect a channel</Button>,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'No channels connected' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Connect a channel' })).toHaveAttribute('href', '/admin/channels');
  },
};

export const NoMatchingUsers: Story = {
  args: { title: 'No users match your search', description: 'Try another name, email or company.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Try another name, email or company.')).toBeVisible();
  },
};
