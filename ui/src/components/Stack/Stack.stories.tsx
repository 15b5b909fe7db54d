import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Button } from '../Button/Button';
import { Text } from '../Text/Text';
import { Stack } from './Stack';
import { stackAlignments } from './Stack.variants';

const meta = {
  title: 'Layout/Stack',
  component: Stack,
  argTypes: { align: { control: 'inline-radio', options: stackAlignments } },
} satisfies Meta<typeof Stack>;

export default meta;
type Story = StoryObj<typeof meta>;

export const HeroCallToAction: Story = {
  args: {
    space: 'large',
    align: 'flex-start',
    children: [
      <Text key="copy" tone="secondary">
        Keep inventory, prices and listings in sync across every marketplace.
      </Text>,
      <Button key="cta" href="/auth" size="large">
        Start 7-Day Free Trial
      </Button>,
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Start 7-Day Free Trial' })).toHaveAttribute(
      'href',
      '/auth',
    );
  },
};
