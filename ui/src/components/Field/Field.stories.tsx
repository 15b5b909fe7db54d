import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { Button } from '../Button/Button';
import { Field, SelectField, TextField } from './Field';

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

const accessChoices = [
  ['full', 'Full access'],
  ['read', 'Read only'],
] as const;
type Access = (typeof accessChoices)[number][0];

/** A fixed set of choices in a Field: labelled and described by it, and the choice made is handed back. */
export const ChoosingAnAccess: Story = {
  render: function Render() {
    const [access, setAccess] = useState<Access>('full');
    return (
      <>
        <SelectField
          label="Access"
          hint="Read only: GET requests, nothing changed"
          value={access}
          choices={accessChoices}
          onChange={setAccess}
        />
        <output aria-label="Chosen">{access}</output>
      </>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const select = canvas.getByRole('combobox', { name: 'Access' });
    await expect(select).toHaveAccessibleDescription('Read only: GET requests, nothing changed');
    await expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Full access', 'Read only']);
    await userEvent.selectOptions(select, 'Read only');
    await expect(canvas.getByLabelText('Chosen')).toHaveTextContent('read');
  },
};
