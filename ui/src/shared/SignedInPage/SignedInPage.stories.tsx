import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { NoAccess } from './SignedInPage';

const meta = {
  title: 'Shared/SignedInPage',
  component: NoAccess,
  args: { title: 'System Settings' },
} satisfies Meta<typeof NoAccess>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NoAccessToPage: Story = {
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('heading', { name: "You don't have access to this page" }),
    ).toBeVisible();
  },
};
