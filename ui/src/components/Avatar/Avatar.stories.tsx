import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { fixtures } from '@hub/mocks';
import { Avatar } from './Avatar';
import { avatarSizes } from './Avatar.variants';

const meta = {
  title: 'Components/Avatar',
  component: Avatar,
  args: { ...fixtures.users.client },
  argTypes: { size: { control: 'inline-radio', options: avatarSizes } },
} satisfies Meta<typeof Avatar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Initials: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('img', { name: 'Jane Cooper' })).toHaveTextContent('JC');
  },
};

export const ProfilePhoto: Story = {
  args: { ...fixtures.users.clientWithPhoto },
  play: async ({ canvasElement }) => {
    const avatar = within(canvasElement).getByRole('img', { name: 'Li Wei' });
    await expect(avatar.querySelector('img')).toBeVisible();
  },
};

export const EmailOnly: Story = {
  args: { ...fixtures.users.clientWithoutName },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('img', { name: 'orders@solo-seller.example' })).toHaveTextContent('O');
  },
};

export const EverySize: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
      {avatarSizes.map((size) => (
        <Avatar key={size} {...args} size={size} />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('img', { name: 'Jane Cooper' })).toHaveLength(avatarSizes.length);
  },
};
