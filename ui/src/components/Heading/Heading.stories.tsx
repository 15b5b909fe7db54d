import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Heading } from './Heading';
import { headingLevels } from './Heading.variants';

const meta = {
  title: 'Typography/Heading',
  component: Heading,
  args: { level: '1', children: 'Multi-marketplace operations hub' },
  argTypes: { level: { control: 'inline-radio', options: headingLevels } },
} satisfies Meta<typeof Heading>;

export default meta;
type Story = StoryObj<typeof meta>;

export const PageTitle: Story = {
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('heading', { level: 1, name: 'Multi-marketplace operations hub' }),
    ).toBeVisible();
  },
};

export const EveryLevel: Story = {
  render: () => (
    <div>
      {headingLevels.map((level) => (
        <Heading key={level} level={level}>
          Heading level {level}
        </Heading>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('heading')).toHaveLength(headingLevels.length);
  },
};
