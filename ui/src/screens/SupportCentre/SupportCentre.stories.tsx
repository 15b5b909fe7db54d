import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { questions, statusServices } from './supportContent';
import { SupportCentre } from './SupportCentre';

const meta = {
  title: 'Screens/Public/SupportCentre',
  component: SupportCentre,
  args: { signedIn: false },
  // Signed out, the page brings its own header, main and footer.
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SupportCentre>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SignedOut: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const banner = canvas.getByRole('banner');
    await expect(within(banner).getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    await expect(within(banner).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');

    await expect(canvas.getByRole('heading', { level: 1, name: 'Support Centre' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Email Support' })).toHaveAttribute(
      'href',
      'mailto:support@marketplace-hub.com',
    );
    for (const [option, promise] of [
      ['Email Support', 'Response within 24 hours'],
      ['Documentation', 'Available 24/7'],
      ['Video Tutorials', 'On demand'],
    ] as const) {
      await expect(canvas.getByRole('heading', { level: 3, name: option })).toBeVisible();
      await expect(canvas.getByText(promise)).toBeVisible();
    }

    for (const guide of ['Connect Amazon', 'Connect Walmart Marketplace', 'Connect eBay', 'Connect Shopify']) {
      const steps = canvas.getByRole('list', { name: `${guide} steps` });
      await expect(steps).toHaveTextContent('Choose your main channel');
    }
    await expect(canvas.getByRole('list', { name: 'Connect Amazon steps' })).toHaveTextContent(
      'LWA Client ID and Client Secret, and the Refresh Token',
    );
    await expect(canvas.getByRole('list', { name: 'Connect Shopify steps' })).toHaveTextContent(
      'your-store.myshopify.com',
    );

    const faq = canvas.getByRole('region', { name: 'Frequently Asked Questions' });
    await expect(within(faq).getAllByRole('button')).toHaveLength(8);

    const status = canvas.getByRole('region', { name: 'System Status' });
    for (const service of statusServices) await expect(within(status).getByText(service)).toBeVisible();
    await expect(within(status).getAllByText('Operational')).toHaveLength(4);

    const contact = canvas.getByRole('region', { name: 'Contact Us' });
    await expect(contact).toHaveTextContent('Monday to Friday 9:00 AM to 6:00 PM EST');
  },
};

export const SignedIn: Story = {
  args: { signedIn: true },
  // Inside the app's shell, which provides the landmarks: the story sits in <main>.
  parameters: { layout: 'padded' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Support Centre' })).toBeVisible();
    await expect(canvas.queryByRole('link', { name: 'Back to Home' })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('banner')).not.toBeInTheDocument();
    await expect(canvas.getAllByText('Operational')).toHaveLength(4);
  },
};

const [trialQuestion, syncQuestion] = questions;

export const QuestionAnswered: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const faq = within(canvas.getByRole('region', { name: 'Frequently Asked Questions' }));
    const trial = faq.getByRole('button', { name: trialQuestion.question });
    const sync = faq.getByRole('button', { name: syncQuestion.question });

    await userEvent.click(trial);
    await expect(trial).toHaveAttribute('aria-expanded', 'true');
    await expect(faq.getByText(/unlimited channels and sync up to 1,000 SKUs/)).toBeVisible();

    // Opening another question closes the first.
    await userEvent.click(sync);
    await expect(sync).toHaveAttribute('aria-expanded', 'true');
    await expect(trial).toHaveAttribute('aria-expanded', 'false');
    await expect(faq.getByText(/Auto-sync runs every 3 minutes/)).toBeVisible();
    // Closed answers leave the page once their closing animation ends.
    await waitFor(() => expect(faq.queryByText(/up to 1,000 SKUs/)).not.toBeInTheDocument());

    // The open question collapses again.
    await userEvent.click(sync);
    await expect(sync).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(faq.queryByText(/Auto-sync runs every 3 minutes/)).not.toBeInTheDocument());
  },
};
