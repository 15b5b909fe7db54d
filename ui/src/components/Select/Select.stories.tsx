import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { Field } from '../Field/Field';
import { Select } from './Select';
import { selectSizes, selectWidths } from './Select.variants';

const statuses = { '': 'Any status', active: 'Active', suppressed: 'Suppressed', inactive: 'Inactive' } as const;

const meta = {
  title: 'Forms/Select',
  component: Select,
  argTypes: {
    size: { control: 'inline-radio', options: selectSizes },
    width: { control: 'inline-radio', options: selectWidths },
  },
  args: {
    'aria-label': 'Status',
    children: Object.entries(statuses).map(([value, label]) => (
      <option key={value} value={value}>
        {label}
      </option>
    )),
  },
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

/** In a Field: labelled by it, and the choice is the one shown. */
export const ChoosingAStatus: Story = {
  render: function Render(args) {
    const [status, setStatus] = useState('');
    return (
      <Field label="Status" hint="Only listings in this status.">
        {(control) => (
          <Select
            {...args}
            aria-label={undefined}
            {...control}
            value={status}
            onChange={(e) => setStatus(e.target.value)}
          />
        )}
      </Field>
    );
  },
  play: async ({ canvasElement }) => {
    const select = within(canvasElement).getByRole('combobox', { name: 'Status' });
    await expect(select).toHaveAccessibleDescription('Only listings in this status.');
    await userEvent.selectOptions(select, 'suppressed');
    await expect(select).toHaveValue('suppressed');
    await expect(within(select).getByRole('option', { name: 'Suppressed' })).toHaveProperty('selected', true);
  },
};

/** A Field's error marks the select invalid and describes it. */
export const WithAnError: Story = {
  render: (args) => (
    <Field label="Reason" error="Choose a reason." required>
      {(control) => <Select {...args} aria-label={undefined} {...control} defaultValue="" />}
    </Field>
  ),
  play: async ({ canvasElement }) => {
    const select = within(canvasElement).getByRole('combobox', { name: 'Reason' });
    await expect(select).toHaveAttribute('aria-invalid', 'true');
    await expect(select).toHaveAccessibleDescription('Choose a reason.');
    await expect(select).toBeRequired();
  },
};

/** Small and as wide as its longest choice: for a toolbar row. */
export const SmallInARow: Story = {
  args: { size: 'small', width: 'auto' },
  play: async ({ canvasElement }) => {
    const select = within(canvasElement).getByRole('combobox', { name: 'Status' });
    await expect(select).toHaveValue('');
    await expect(within(select).getAllByRole('option')).toHaveLength(4);
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('combobox', { name: 'Status' })).toBeDisabled();
  },
};
