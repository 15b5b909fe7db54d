import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { About } from './About';

const meta = {
  title: 'Screens/Public/About',
  component: About,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof About>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AboutUs: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'About Marketplace Hub' })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Our mission' })).toBeVisible();

    const marketplaceList = canvas.getByRole('list', { name: 'Supported marketplaces' });
    for (const name of ['Amazon', 'Walmart Marketplace', 'eBay', 'Shopify']) {
      await expect(within(marketplaceList).getByRole('heading', { name })).toBeVisible();
    }
    await expect(canvas.getByRole('heading', { name: 'Why sellers choose Marketplace Hub' })).toBeVisible();

    const main = canvas.getByRole('main');
    await expect(within(main).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/auth');
    await expect(within(main).getByRole('link', { name: 'Contact Sales' })).toHaveAttribute(
      'href',
      'mailto:sales@marketplace-hub.com',
    );
    await expect(canvas.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  },
};
