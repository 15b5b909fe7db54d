import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Text } from './Text';
import { textSizes, textTones, textWeights } from './Text.variants';

const meta = {
  title: 'Typography/Text',
  component: Text,
  args: { children: 'Sync inventory and prices across four marketplaces.' },
  argTypes: {
    size: { control: 'inline-radio', options: textSizes },
    tone: { control: 'select', options: textTones },
    weight: { control: 'inline-radio', options: textWeights },
  },
} satisfies Meta<typeof Text>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Paragraph: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/four marketplaces/)).toBeVisible();
  },
};

export const EveryTone: Story = {
  render: (args) => (
    <div>
      {textTones.map((tone) => (
        <Text key={tone} {...args} tone={tone}>
          {tone} text
        </Text>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('critical text')).toBeVisible();
  },
};
