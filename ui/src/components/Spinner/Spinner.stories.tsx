import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Spinner } from './Spinner';
import { spinnerSizes } from './Spinner.variants';

const meta = {
  title: 'Components/Spinner',
  component: Spinner,
  argTypes: { size: { control: 'inline-radio', options: spinnerSizes } },
} satisfies Meta<typeof Spinner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const LoadingApplication: Story = {
  args: { label: 'Loading application...', size: 'large' },
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status');
    await expect(status).toHaveTextContent('Loading application...');
    await expect(within(canvasElement).getByText('Loading application...')).toBeVisible();
  },
};

export const VerifyingEmailQuietly: Story = {
  args: { label: 'Verifying your email', showLabel: false },
  play: async ({ canvasElement }) => {
    // The label is still announced, though not shown.
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Verifying your email');
  },
};
