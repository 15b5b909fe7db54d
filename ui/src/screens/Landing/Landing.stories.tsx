import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { plans } from '../../shared/marketing/plans';
import { features } from './landingContent';
import { Landing } from './Landing';
import { onAPhone } from '../../testing/storyViewports';

const meta = {
  title: 'Screens/Public/Landing',
  component: Landing,
  // The page brings its own header, main and footer landmarks.
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Landing>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FullPage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);

    const banner = canvas.getByRole('banner');
    await expect(within(banner).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    await expect(within(banner).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/auth');

    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Zero overselling. Real-time inventory sync across Amazon, Walmart, eBay and Shopify.',
    );
    for (const trial of canvas.getAllByRole('link', { name: 'Start 7-Day Free Trial' })) {
      await expect(trial).toHaveAttribute('href', '/auth');
    }
    // The demo buttons are placeholders: buttons, not links, and pressing them changes nothing.
    await userEvent.click(canvas.getByRole('button', { name: 'Watch Demo' }));
    await expect(canvas.getByRole('button', { name: 'Schedule a Demo' })).toBeVisible();

    const featureList = canvas.getByRole('list', { name: 'Features' });
    await expect(within(featureList).getAllByRole('heading', { level: 3 })).toHaveLength(features.length);
    await expect(features).toHaveLength(7);

    const planList = canvas.getByRole('list', { name: 'Plans' });
    for (const price of ['$25', '$49', '$99', '$199']) {
      await expect(within(planList).getByText(price)).toBeVisible();
    }
    await expect(within(planList).getAllByText('/month')).toHaveLength(plans.length);
    await expect(within(planList).getByText('Most Popular')).toBeVisible();
    const trials = within(planList).getAllByRole('link', { name: 'Start Free Trial' });
    await expect(trials).toHaveLength(4);
    for (const trial of trials) await expect(trial).toHaveAttribute('href', '/auth');

    for (const id of ['features', 'advertising-pricing', 'pricing', 'marketplace-integrations']) {
      await expect(canvasElement.querySelector(`section#${id}`)).not.toBeNull();
    }

    const footer = canvas.getByRole('contentinfo');
    const footerHrefs = within(footer)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    await expect(footerHrefs).toEqual(
      expect.arrayContaining([
        '#features',
        '#advertising-pricing',
        '#pricing',
        '#marketplace-integrations',
        '/dashboard',
        '/support',
        '/marketing',
        '/auth',
        'mailto:support@marketplace-hub.com',
      ]),
    );
  },
};

export const OnAPhoneWithMenuOpen: Story = {
  globals: onAPhone,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const menu = canvas.getByRole('button', { name: 'Menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(menu);
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    const navigation = canvas.getByRole('navigation', { name: 'Main' });
    await expect(within(navigation).getByRole('link', { name: 'Get Started' })).toBeVisible();

    // Choosing a section closes the menu; so does Escape, which returns focus to the button.
    await userEvent.click(within(navigation).getByRole('link', { name: 'Pricing' }));
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(menu);
    await userEvent.keyboard('{Escape}');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toHaveFocus();

    // Left open, as the story's name says.
    await userEvent.click(menu);
    await expect(within(navigation).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
  },
};
