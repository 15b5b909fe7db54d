import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Alert } from './Alert';
import { alertTones } from './Alert.variants';

const meta = {
  title: 'Components/Alert',
  component: Alert,
  argTypes: { tone: { control: 'inline-radio', options: alertTones } },
} satisfies Meta<typeof Alert>;

export default meta;
type Story = StoryObj<typeof meta>;

export const PasswordsDoNotMatch: Story = {
  args: { tone: 'critical', children: 'Passwords do not match' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Passwords do not match');
  },
};

export const VerificationEmailFollows: Story = {
  args: {
    tone: 'info',
    title: 'Check your inbox',
    children: 'We will send you a verification email after you sign up.',
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Check your inbox');
  },
};

export const EveryTone: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 12 }}>
      {alertTones.map((tone) => (
        <Alert key={tone} tone={tone} title={`${tone} title`}>
          A {tone} message.
        </Alert>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('alert')).toHaveLength(2);
    await expect(canvas.getAllByRole('status')).toHaveLength(2);
  },
};
