import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Box } from './Box';

const meta = {
  title: 'Layout/Box',
  component: Box,
} satisfies Meta<typeof Box>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ResponsiveRow: Story = {
  args: {
    display: 'flex',
    flexDirection: { mobile: 'column', tablet: 'row' },
    gap: 'medium',
    padding: 'large',
    background: 'raised',
    borderRadius: 'large',
    boxShadow: 'small',
    children: ['Inventory', 'Prices', 'Listings'].map((label) => (
      <Box key={label} padding="medium" background="sunken" borderRadius="medium" color="secondary">
        {label} in sync
      </Box>
    )),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Prices in sync')).toBeVisible();
  },
};
