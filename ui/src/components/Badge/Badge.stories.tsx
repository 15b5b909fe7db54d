import { roleValues } from '@contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Badge, RoleBadge, ViewModeBadge } from './Badge';
import { badgeEmphases, badgeTones } from './Badge.variants';

const meta = {
  title: 'Components/Badge',
  component: Badge,
  args: { children: 'Active' },
  argTypes: {
    tone: { control: 'select', options: badgeTones },
    emphasis: { control: 'inline-radio', options: badgeEmphases },
  },
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ChannelActive: Story = {
  args: { tone: 'positive' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Active')).toBeVisible();
  },
};

export const EveryTone: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 8, gridTemplateColumns: 'repeat(2, max-content)' }}>
      {badgeTones.flatMap((tone) =>
        badgeEmphases.map((emphasis) => (
          <Badge key={`${tone}-${emphasis}`} tone={tone} emphasis={emphasis}>
            {tone} {emphasis}
          </Badge>
        )),
      )}
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('critical solid')).toBeVisible();
  },
};

export const UserRoles: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8 }}>
      {roleValues.map((role) => (
        <RoleBadge key={role} role={role} />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // super and super_user both read "Super".
    await expect(canvas.getAllByText('Super')).toHaveLength(2);
    await expect(canvas.getByText('Admin')).toBeVisible();
    await expect(canvas.getByText('Client')).toBeVisible();
  },
};

export const ImpersonatedClient: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8 }}>
      <RoleBadge role="client" />
      <ViewModeBadge />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('View Mode')).toBeVisible();
  },
};
