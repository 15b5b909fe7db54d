import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  RUN_NEEDS_CONFIRMATION,
  authHandlers,
  channelHandlers,
  pricingHandlers,
  pricingRequests,
  resetPricingMocks,
} from '@hub/mocks';
import { findInToast } from '../../../testing/storyToasts';
import { withRouter } from '../../../testing/storyRouter';
import { onAPhone } from '../../../testing/storyViewports';
import { PricingRulesTab } from './PricingRulesTab';

const meta = {
  title: 'Screens/Listings/Pricing rules',
  component: PricingRulesTab,
  decorators: [withRouter],
  beforeEach: () => resetPricingMocks(),
  parameters: {
    route: '/listings?tab=pricing',
    msw: {
      handlers: {
        auth: authHandlers.signedInClient,
        channels: channelHandlers.mainAndTargets,
        pricing: pricingHandlers.withRule,
      },
    },
  },
} satisfies Meta<typeof PricingRulesTab>;

export default meta;
type Story = StoryObj<typeof meta>;
const page = () => within(document.body);
const rulesTable = (canvasElement: HTMLElement) => within(canvasElement).findByRole('table', { name: 'Pricing rules' });

export const RuleListed: Story = {
  play: async ({ canvasElement }) => {
    const row = within(await rulesTable(canvasElement)).getByRole('row', { name: /Marketplaces \+10 %/ });
    await expect(row).toHaveTextContent('all SKUs on Cooper Home (Amazon US), Cooper Home Walmart');
    await expect(row).toHaveTextContent('Main price + 10 %, ending in .99, at least 9.99');
    await expect(within(row).getByText('Off')).toBeVisible();
  },
};

export const NoRulesYet: Story = {
  parameters: { msw: { handlers: { pricing: pricingHandlers.none } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'No pricing rules yet' })).toBeVisible();
    await expect(canvas.getByText(/Create one, preview what it would change, then run it/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'New rule' })).toBeEnabled();
  },
};

export const NewRuleWithDryRun: Story = {
  parameters: { msw: { handlers: { pricing: pricingHandlers.none } } },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'New rule' }));
    const dialog = await page().findByRole('dialog', { name: 'New pricing rule' });
    const form = within(dialog);
    // Nothing filled in: the editor says what is missing before asking the server.
    await userEvent.click(form.getByRole('button', { name: 'Preview changes' }));
    await expect(await form.findByText('Give the rule a name.')).toBeVisible();
    await userEvent.type(form.getByRole('textbox', { name: 'Name' }), 'Marketplaces +10 %');
    await userEvent.type(form.getByRole('textbox', { name: 'Percent' }), '10');
    await userEvent.click(form.getByRole('button', { name: 'Preview changes' }));
    const preview = await form.findByRole('table', { name: 'Prices the rule would change' });
    const coaster = within(preview).getByRole('row', { name: /COASTER-CORK/ });
    await expect(coaster).toHaveTextContent('4.50');
    await expect(coaster).toHaveTextContent('9.99');
    await expect(coaster).toHaveTextContent('Held at the minimum price');
    await expect(within(preview).getAllByRole('row', { name: /MUG-BLUE-350/ })[0]).toHaveTextContent('5.04 (86.9 %)');
    await expect(form.getByText('3 of 8 prices would change.')).toBeVisible();
    await expect(form.getByText(/1 prices would move by more than 20 %/)).toBeVisible();
    await userEvent.click(form.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(pricingRequests.csv).toBe(1));
    await userEvent.click(form.getByRole('button', { name: 'Save rule' }));
    await expect(await findInToast('Run it to send its prices to your channels.')).toBeVisible();
    await expect(pricingRequests.saved).toEqual([
      expect.objectContaining({
        name: 'Marketplaces +10 %',
        action: { basis: 'main_price', change: 'percent', value: '10' },
        rounding: 'ends_99',
      }),
    ]);
    await expect(
      within(await rulesTable(canvasElement)).getByRole('row', { name: /Marketplaces \+10 %/ }),
    ).toBeVisible();
  },
};

/** A rule for the SKUs holding one tag (the seller's own labels, set in a SKU's drawer, a bulk edit or the CSV). */
export const RuleForATag: Story = {
  parameters: { msw: { handlers: { pricing: pricingHandlers.none } } },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'New rule' }));
    const dialog = await page().findByRole('dialog', { name: 'New pricing rule' });
    const form = within(dialog);
    await userEvent.type(form.getByRole('textbox', { name: 'Name' }), 'Summer on marketplaces');
    await userEvent.selectOptions(form.getByRole('combobox', { name: 'SKUs' }), 'One tag');
    await userEvent.type(form.getByRole('textbox', { name: 'One tag' }), 'Summer');
    await userEvent.type(form.getByRole('textbox', { name: 'Percent' }), '5');
    await userEvent.click(form.getByRole('button', { name: 'Preview changes' }));
    await form.findByRole('table', { name: 'Prices the rule would change' });
    await userEvent.click(form.getByRole('button', { name: 'Save rule' }));
    await expect(await findInToast('Run it to send its prices to your channels.')).toBeVisible();
    await expect(pricingRequests.saved).toEqual([
      expect.objectContaining({ name: 'Summer on marketplaces', scope: { kind: 'tag', tag: 'Summer' } }),
    ]);
  },
};

export const DryRunOfASavedRule: Story = {
  play: async ({ canvasElement }) => {
    const row = within(await rulesTable(canvasElement)).getByRole('row', { name: /Marketplaces/ });
    await userEvent.click(within(row).getByRole('button', { name: 'Preview Marketplaces +10 %' }));
    const dialog = await page().findByRole('dialog', { name: 'What Marketplaces +10 % would change' });
    await expect(await within(dialog).findByRole('table', { name: 'Prices the rule would change' })).toBeVisible();
    await expect(within(dialog).getByText('Large price moves')).toBeVisible();
  },
};

export const RunAsksForConfirmation: Story = {
  parameters: { msw: { handlers: { pricing: pricingHandlers.confirmFirst } } },
  play: async ({ canvasElement }) => {
    const row = within(await rulesTable(canvasElement)).getByRole('row', { name: /Marketplaces/ });
    await userEvent.click(within(row).getByRole('button', { name: 'Run Marketplaces +10 %' }));
    const dialog = await page().findByRole('dialog', { name: 'Run Marketplaces +10 %?' });
    await expect(dialog).toHaveTextContent(RUN_NEEDS_CONFIRMATION);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Run anyway' }));
    await expect(await findInToast('3 prices on their way to your channels.')).toBeVisible();
    await expect(pricingRequests.runs).toEqual([{ confirmed: false }, { confirmed: true }]);
    await waitFor(() => expect(within(row).getByText('On')).toBeVisible());
  },
};

export const RunThenUndo: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const row = within(await rulesTable(canvasElement)).getByRole('row', { name: /Marketplaces/ });
    await userEvent.click(within(row).getByRole('button', { name: 'Run Marketplaces +10 %' }));
    await expect(
      await canvas.findByText('3 prices changed. Undo puts them back and turns the rule off.'),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Undo run' }));
    await expect(await findInToast('2 prices put back; the rule is off.')).toBeVisible();
    await expect(await canvas.findByText('COASTER-CORK on Cooper Home (Amazon US): now 5.25')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Undo run' })).not.toBeInTheDocument();
  },
};

export const RulesOnAPhone: Story = {
  globals: onAPhone,
  play: async ({ canvasElement }) => {
    await expect(await rulesTable(canvasElement)).toBeVisible();
    await expect(within(canvasElement).getByRole('button', { name: 'New rule' })).toBeVisible();
  },
};

export const RulesCouldNotLoad: Story = {
  parameters: { msw: { handlers: { pricing: pricingHandlers.failing } } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { name: 'Pricing rules could not be loaded' }),
    ).toBeVisible();
  },
};
