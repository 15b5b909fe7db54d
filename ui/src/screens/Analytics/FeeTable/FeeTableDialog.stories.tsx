import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { feeTableScenarios } from '@hub/mocks';
import type { AnalyticsPage } from '../AnalyticsPage';
import { analyticsMeta } from '../analyticsStories';
import { findInToast } from '../../../testing/storyToasts';
import { onAPhone } from '../../../testing/storyViewports';

const meta = { title: 'Screens/Analytics/Fee table', ...analyticsMeta } satisfies Meta<typeof AnalyticsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opens the fee table from below the profit tables. */
async function openFeeTable(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('button', { name: 'Your fee table' }));
  const dialog = within(await within(document.body).findByRole('dialog', { name: 'Fee table' }));
  await dialog.findByRole('group', { name: 'Walmart' });
  return dialog;
}

/** Walmart's percent changed and saved: only Walmart is sent, the dialog closes with a toast, and opens with it again. */
export const WalmartFeeChanged: Story = {
  parameters: { msw: { handlers: { feeTable: feeTableScenarios.defaults() } } },
  play: async ({ canvasElement }) => {
    let dialog = await openFeeTable(canvasElement);
    await expect(dialog.getByRole('textbox', { name: 'Shopify: percent of the order' })).toHaveValue('2.9');
    await expect(dialog.getByRole('textbox', { name: 'Shopify: fixed per order' })).toHaveValue('0.30');
    await expect(dialog.getByText(/^Amazon reports its own fees/)).toBeVisible();
    // Shopify Payments' fees are on the order's transactions: the table stands in for other gateways only.
    await expect(dialog.getByText(/^Shopify reports its own fees/)).toBeVisible();
    // Walmart's are in its settlement report: the table stands in for an order in none a week on.
    await expect(dialog.getByText(/^Walmart reports its own fees/)).toBeVisible();
    // Nothing changed: nothing to save.
    await expect(dialog.getByRole('button', { name: 'Save fee table' })).toBeDisabled();

    const percent = dialog.getByRole('textbox', { name: 'Walmart: percent of the order' });
    await userEvent.clear(percent);
    await userEvent.type(percent, '10.5');
    await userEvent.click(dialog.getByRole('button', { name: 'Save fee table' }));
    await expect(await findInToast('Fee table saved')).toBeVisible();
    await expect(within(document.body).queryByRole('dialog', { name: 'Fee table' })).toBeNull();

    dialog = await openFeeTable(canvasElement);
    await expect(dialog.getByRole('textbox', { name: 'Walmart: percent of the order' })).toHaveValue('10.5');
    await expect(dialog.getByRole('textbox', { name: 'Amazon: percent of the order' })).toHaveValue('15');
  },
};

/** A percent over 100 and an amount with three decimals: each field says what to type, and nothing is sent. */
export const FeeTableMistyped: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openFeeTable(canvasElement);
    const percent = dialog.getByRole('textbox', { name: 'eBay: percent of the order' });
    await userEvent.clear(percent);
    await userEvent.type(percent, '130');
    const fixed = dialog.getByRole('textbox', { name: 'eBay: fixed per order' });
    await userEvent.clear(fixed);
    await userEvent.type(fixed, '0.405');
    await userEvent.click(dialog.getByRole('button', { name: 'Save fee table' }));
    await expect(percent).toHaveAccessibleDescription('Enter a percent from 0 to 100, such as 2.9.');
    await expect(fixed).toHaveAccessibleDescription('Enter an amount such as 0.30 (up to 9999.99).');
    await expect(percent).toBeInvalid();
    await expect(within(document.body).getByRole('dialog', { name: 'Fee table' })).toBeVisible();
  },
};

/** The server refuses the save: its message shows in the dialog, which stays open with what was typed. */
export const FeeTableRefused: Story = {
  parameters: { msw: { handlers: { feeTable: feeTableScenarios.refused() } } },
  play: async ({ canvasElement }) => {
    const dialog = await openFeeTable(canvasElement);
    const fixed = dialog.getByRole('textbox', { name: 'Shopify: fixed per order' });
    await userEvent.clear(fixed);
    await userEvent.type(fixed, '0.25');
    await userEvent.click(dialog.getByRole('button', { name: 'Save fee table' }));
    const alert = await dialog.findByRole('alert');
    await expect(alert).toHaveTextContent('The fee table was not saved');
    await expect(alert).toHaveTextContent('request/body/kinds/0/percent must be <= 100');
    await expect(fixed).toHaveValue('0.25');
  },
};

/** On a phone the four marketplaces' fields stack, one above the other. */
export const FeeTableOnAPhone: Story = {
  globals: onAPhone,
  play: async ({ canvasElement }) => {
    const dialog = await openFeeTable(canvasElement);
    await expect(dialog.getAllByRole('group')).toHaveLength(4);
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
  },
};
