import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ProgressBar } from './ProgressBar';

const meta = {
  title: 'Components/ProgressBar',
  component: ProgressBar,
  args: { label: 'Amazon sync progress' },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ProgressBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const PartWayThrough: Story = {
  args: { value: 340, max: 1198, valueText: '340 of 1,198 listings read' },
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole('progressbar', { name: 'Amazon sync progress' });
    await expect(bar).toHaveAttribute('aria-valuenow', '340');
    await expect(bar).toHaveAttribute('aria-valuemax', '1198');
    await expect(bar).toHaveAttribute('aria-valuetext', '340 of 1,198 listings read');
  },
};

export const EndNotYetKnown: Story = {
  args: { value: null, valueText: '340 listings read' },
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole('progressbar', { name: 'Amazon sync progress' });
    // Indeterminate: no value, but busy and still described in words.
    await expect(bar).not.toHaveAttribute('aria-valuenow');
    await expect(bar).toHaveAttribute('aria-busy', 'true');
    await expect(bar).toHaveAttribute('aria-valuetext', '340 listings read');
  },
};
