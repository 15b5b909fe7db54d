import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { PrivacyPolicy } from './PrivacyPolicy';

const meta = {
  title: 'Screens/Public/PrivacyPolicy',
  component: PrivacyPolicy,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof PrivacyPolicy>;

export default meta;
type Story = StoryObj<typeof meta>;

export const PrivacyPolicyPage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(canvas.getByText('Last updated: November 2026')).toBeVisible();

    for (const title of [
      'Information We Collect',
      'How We Use Your Information',
      'Data Security',
      'Third-Party Integrations',
      'Your Rights',
      'Contact Us',
    ]) {
      await expect(canvas.getByRole('region', { name: title })).toBeVisible();
    }

    const security = canvas.getByRole('region', { name: 'Data Security' });
    await expect(security).toHaveTextContent('encrypted at rest with AES-256-GCM');
    await expect(security).toHaveTextContent('hashed with Argon2id');

    const rights = canvas.getByRole('region', { name: 'Your Rights' });
    for (const right of ['access', 'modify', 'delete', 'disconnect integrations', 'request deletion']) {
      await expect(within(rights).getByText(right)).toBeVisible();
    }
    // What deletion leaves: the audit log's entries, and why.
    await expect(rights).toHaveTextContent('The audit log is a security record and is not deleted with an account');
    await expect(
      within(canvas.getByRole('region', { name: 'Contact Us' })).getByRole('link', {
        name: 'support@marketplace-hub.com',
      }),
    ).toHaveAttribute('href', 'mailto:support@marketplace-hub.com');
  },
};
