import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AdvertisingPage } from './AdvertisingPage';

const meta = {
  title: 'Screens/Advertising',
  component: AdvertisingPage,
} satisfies Meta<typeof AdvertisingPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Not built yet, and saying so plainly: never that the seller has no data, or must connect channels already connected. */
export const AdvertisingComingSoon: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Advertising is on its way' })).toBeVisible();
    await expect(canvas.getByText(/This page is being built/)).toBeVisible();
    await expect(canvas.queryByText(/No sales data yet|No campaigns yet|Nothing to check yet|connect/i)).toBeNull();
  },
};
