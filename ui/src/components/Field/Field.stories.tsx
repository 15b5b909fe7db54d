import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Button } from '../Button/Button';
import { Field, TextField } from './Field';

const meta = {
  title: 'Forms/Field',
  component: TextField,
  args: { label: 'Email', type: 'email', name: 'email', autoComplete: 'email' },
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const EmailField: Story = {
  args: { required: true },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('Email');
    await userEvent.type(input, 'jane@cooperhome.example');
    await expect(input).toHaveValue('jane@cooperhome.example');
    await expect(input).toBeRequired();
  },
};

export const OptionalCompanyName: Story = {
  args: {
    label: 'Company Name',
    type: 'text',
    name: 'companyName',
    autoComplete: 'organization',
    secondaryLabel: 'Optional',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Optional')).toBeVisible();
    await expect(canvas.getByLabelText('Company Name')).not.toBeRequired();
  },
};

export const PasswordWithHint: Story = {
  args: {
    label: 'New Password',
    type: 'password',
    name: 'password',
    autoComplete: 'new-password',
    minLength: 6,
    hint: 'At least 6 characters.',
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText('New Password')).toHaveAccessibleDescription(
      'At least 6 characters.',
    );
  },
};

export const PasswordsDoNotMatch: Story = {
  args: {
    label: 'Confirm Password',
    type: 'password',
    name: 'confirmPassword',
    autoComplete: 'new-password',
    minLength: 6,
    defaultValue: 'secret1',
    error: 'Passwords do not match',
  },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('Confirm Password');
    await expect(input).toBeInvalid();
    await expect(input).toHaveAccessibleDescription('Passwords do not match');
  },
};

export const PasswordWithForgotLink: Story = {
  render: () => (
    <Field label="Password" secondaryLabel={<Button variant="link">Forgot your password?</Button>} required>
      {(control) => <input {...control} type="password" autoComplete="current-password" />}
    </Field>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Password')).toBeRequired();
    await expect(canvas.getByRole('button', { name: 'Forgot your password?' })).toBeVisible();
  },
};
