import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import {
  AD_RULE_PAUSE_ID,
  adRuleUndoRequests,
  channelFixtures,
  drawerAdRuleHandlers,
  resetDrawerAdRuleMocks,
  drawerAttributeHandlers,
  drawerCapHandlers,
  drawerDetail,
  drawerEditHandlers,
  drawerEditRequests,
  drawerSku,
  http,
  resetDrawerEditMocks,
} from '@hub/mocks';
import { ListingDrawer } from './ListingDrawer';

const meta = {
  title: 'Screens/Listings/SKU drawer',
  component: ListingDrawer,
  args: { sku: drawerSku, onClose: fn() },
  beforeEach: () => {
    resetDrawerEditMocks();
    drawerEditRequests.length = 0;
  },
  parameters: { msw: { handlers: { listings: drawerEditHandlers, listingEdits: [] } } },
} satisfies Meta<typeof ListingDrawer>;

export default meta;
type Story = StoryObj<typeof meta>;
const page = () => within(document.body);
const drawer = async () => page().findByRole('dialog', { name: drawerSku });
const amazon = channelFixtures.amazonTarget;

export const EditableSkuDrawer: Story = {
  play: async () => {
    const d = await drawer();
    const form = await within(d).findByRole('form', { name: 'Edit this SKU' });
    await expect(within(form).getByLabelText('Title')).toBeEnabled();
    await expect(within(form).getByLabelText('On hand')).toBeEnabled();
    // Each target has its own price and status; the main channel's price is the SKU's own.
    await expect(within(form).getByLabelText('Amazon price (USD)')).toHaveValue('');
    await expect(within(form).queryByLabelText('Shopify price (USD)')).not.toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Preview changes' }));
    await expect(
      within(form).getByText(
        'Change the title, on hand, cost, tags, an attribute, a channel’s price, how many units it offers or a status first.',
      ),
    ).toBeVisible();
    await userEvent.type(within(form).getByLabelText('Amazon price (USD)'), '1.234');
    await userEvent.click(within(form).getByRole('button', { name: 'Preview changes' }));
    await expect(
      within(form).getByText(/The Amazon price is a number above 0 with at most two decimals/),
    ).toBeVisible();
  },
};

export const DrawerEditPreview: Story = {
  play: async () => {
    const d = await drawer();
    const form = await within(d).findByRole('form', { name: 'Edit this SKU' });
    await userEvent.type(within(form).getByLabelText('Amazon price (USD)'), '27.50');
    await userEvent.click(within(form).getByRole('button', { name: 'Preview changes' }));
    const preview = await within(d).findByRole('region', { name: 'Changes to make' });
    await expect(preview).toHaveTextContent('Amazon price: from your rules → 27.50 USD');
    // A one-SKU bulk edit: this SKU, and the Amazon price only.
    await expect(drawerEditRequests.at(-1)).toMatchObject({
      channelPrices: [{ channelId: amazon.id, price: 27.5 }],
    });
    await expect(Object.keys(drawerEditRequests.at(-1)!.selection)).toEqual(['productIds']);
    await userEvent.click(within(preview).getByRole('button', { name: 'Apply' }));
    await expect(await within(d).findByText(/Undo it from the change history below/)).toBeVisible();
  },
};

/** The seller's own values of the SKU: its cost and its tags, previewed before → after like any other change. */
export const CostAndTagsPreview: Story = {
  play: async () => {
    const d = await drawer();
    const tagsNow = drawerDetail().product!.tags.join(', ');
    await expect(within(d).getByText(tagsNow)).toBeVisible();
    const form = await within(d).findByRole('form', { name: 'Edit this SKU' });
    const cost = within(form).getByLabelText('Cost (USD)');
    await userEvent.clear(cost);
    await userEvent.type(cost, '4.5');
    const tags = within(form).getByLabelText('Tags');
    await expect(tags).toHaveValue(tagsNow);
    await userEvent.clear(tags);
    await userEvent.type(tags, 'Kitchen, Summer, kitchen');
    await userEvent.click(within(form).getByRole('button', { name: 'Preview changes' }));
    const preview = await within(d).findByRole('region', { name: 'Changes to make' });
    await expect(preview).toHaveTextContent(/Cost: \d+\.\d\d USD → 4\.50 USD/);
    await expect(preview).toHaveTextContent(`Tags: ${tagsNow} → Kitchen, Summer`);
    // Each tag once, whatever its case; the cost as a number.
    await expect(drawerEditRequests.at(-1)).toMatchObject({
      cost: { value: 4.5 },
      tags: { set: ['Kitchen', 'Summer'] },
    });
    await userEvent.clear(cost);
    await userEvent.type(cost, '4.555');
    await userEvent.click(within(form).getByRole('button', { name: 'Preview changes' }));
    await expect(within(form).getByText(/Cost is a number, 0 or more, with at most two decimals/)).toBeVisible();
  },
};

/**
 * What Amazon's product type asks that the SKU lacks: a field per attribute (Amazon's values as a list where it
 * takes only those), the one it has filled in, and the seller's own other attributes; previewed name by name.
 */
export const AttributesTheCategoryAsks: Story = {
  parameters: { msw: { handlers: { listings: drawerAttributeHandlers, listingEdits: [] } } },
  play: async () => {
    const d = await drawer();
    const form = await within(d).findByRole('form', { name: 'Edit this SKU' });
    const attributes = within(form).getByRole('group', { name: 'Attributes' });
    await expect(within(attributes).getByLabelText('Colour')).toHaveValue('Blue');
    // Size and Department are missing; Colour is given.
    await expect(within(attributes).getAllByText('Missing: asked by Amazon Shirt.')).toHaveLength(2);
    await expect(within(attributes).getByText('asked by Amazon Shirt.')).toBeVisible();
    const department = within(attributes).getByLabelText('Department');
    await expect(
      within(department)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Not given', 'mens', 'womens', 'unisex-adult']);
    await expect(within(attributes).getByLabelText('Gift wrap')).toHaveValue('Yes');
    await userEvent.type(within(attributes).getByLabelText('Size'), 'M');
    await userEvent.selectOptions(department, 'mens');
    await userEvent.clear(within(attributes).getByLabelText('Gift wrap'));
    await userEvent.click(within(form).getByRole('button', { name: 'Preview changes' }));
    // Saved under the marketplace's names (the seller's own spelling for their own); an empty one is taken away.
    await expect(drawerEditRequests.at(-1)).toMatchObject({
      attributes: { set: { size: 'M', department: 'mens', 'Gift wrap': null } },
    });
    const preview = await within(d).findByRole('region', { name: 'Changes to make' });
    await expect(preview).toHaveTextContent('size: Not given → M');
    await expect(preview).toHaveTextContent('department: Not given → mens');
    await expect(preview).toHaveTextContent('Gift wrap: Yes → Not given');
  },
};

export const HistoryGroupedByBatch: Story = {
  play: async () => {
    const d = await drawer();
    const rows = await within(d).findAllByText(/^Bulk edit by Ann Lee, /);
    // One row per field: the price and the quantity of the 12:04 edit, and the earlier one.
    await expect(rows).toHaveLength(3);
    const priceRow = rows[0]!.closest('li')!;
    const results = within(within(priceRow).getByRole('list', { name: 'Result per channel' })).getAllByRole('listitem');
    await expect(results.map((r) => r.textContent)).toEqual([
      'Shopify: Confirmed',
      'Amazon: Confirmed',
      'Walmart: Confirmed',
    ]);
    // No internal id or key is shown to the seller.
    await expect(d.textContent).not.toMatch(/undo:|[0-9a-f]{8}-[0-9a-f]{4}-/);
    await expect(within(d).getByText(/^by Ben Ortiz, /)).toBeVisible();
  },
};

export const UndoFromHistory: Story = {
  play: async () => {
    const d = await drawer();
    const undos = await within(d).findAllByRole('button', { name: /^Undo Bulk edit by Ann Lee/ });
    // The batch's two rows each offer it; the undone batch does not.
    await expect(undos).toHaveLength(2);
    await userEvent.click(undos[0]!);
    const confirm = await page().findByRole('dialog', { name: /^Undo the bulk edit by Ann Lee/ });
    const values = within(confirm).getByRole('list', { name: 'Values to put back' });
    await expect(
      within(values)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['Price: 24.00 USD → 21.00 USD', 'On hand: 20 → 12']);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Undo the change' }));
    await waitFor(() => expect(page().queryByRole('dialog', { name: /^Undo the bulk edit/ })).not.toBeInTheDocument());
    await expect(await within(d).findByText(/^Undo of the bulk edit of /)).toBeVisible();
    await expect(within(d).queryByRole('button', { name: /^Undo Bulk edit by Ann Lee/ })).not.toBeInTheDocument();
    await expect(within(d).getAllByText('Undone').length).toBeGreaterThanOrEqual(3);
  },
};

/** The ad rules paused the SKU's Amazon ad when it sold out: the seller undoes it from the history, after reading what follows. */
export const AdPausedByTheRulesUndone: Story = {
  beforeEach: () => resetDrawerAdRuleMocks(),
  parameters: { msw: { handlers: { listings: drawerAdRuleHandlers } } },
  play: async () => {
    const d = await drawer();
    await expect(await within(d).findByText('Ad on Amazon: running → paused')).toBeVisible();
    await expect(within(d).getByText('out of stock')).toBeVisible();
    // Only the latest move offers Undo.
    const undos = within(d).getAllByRole('button', { name: /^Undo the ad rule's/ });
    await expect(undos.map((b) => b.getAttribute('aria-label'))).toEqual(["Undo the ad rule's pause on Amazon"]);
    await userEvent.click(undos[0]!);
    const confirm = await page().findByRole('dialog', { name: 'Run the ads on Amazon again?' });
    await expect(confirm).toHaveTextContent(
      /leave them running until the reason they paused them \(out of stock\) is over/,
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'Run the ads' }));
    await waitFor(() => expect(page().queryByRole('dialog', { name: /Run the ads/ })).not.toBeInTheDocument());
    await expect(adRuleUndoRequests).toEqual([AD_RULE_PAUSE_ID]);
    await expect(await within(d).findByText('Ad rule undone')).toBeVisible();
    // The undo reads as a move of its own, beside the rules' earlier resume.
    await expect(within(d).getAllByText('Ad on Amazon: paused → running')).toHaveLength(2);
    await expect(within(d).queryByRole('button', { name: /^Undo the ad rule's/ })).not.toBeInTheDocument();
  },
};

/** The ad moved on since the history was read: the undo is refused with the server's words, and nothing changes. */
export const AdRuleUndoRefused: Story = {
  beforeEach: () => resetDrawerAdRuleMocks({ refuse: true }),
  parameters: { msw: { handlers: { listings: drawerAdRuleHandlers } } },
  play: async () => {
    const d = await drawer();
    await userEvent.click(await within(d).findByRole('button', { name: "Undo the ad rule's pause on Amazon" }));
    const confirm = await page().findByRole('dialog', { name: 'Run the ads on Amazon again?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Run the ads' }));
    await expect(
      await within(confirm).findByText(
        'These ads have changed since the rule moved them, so there is nothing to undo.',
      ),
    ).toBeVisible();
    await expect(within(d).queryByText('Ad rule undone')).not.toBeInTheDocument();
  },
};

/** Amazon already offers at most 5 (an earlier drawer edit): the drawer shows it, and lowering it to 2 is previewed before → after. */
export const QuantityCapPreview: Story = {
  parameters: { msw: { handlers: { listings: drawerCapHandlers, listingEdits: [] } } },
  play: async () => {
    const d = await drawer();
    const card = await within(d).findByRole('article', { name: 'Amazon listing' });
    await expect(within(card).getByText('5 units')).toBeVisible();
    // The history tells the earlier cap in the seller's words.
    await expect(within(d).getByText('Amazon: no limit → offer at most 5')).toBeVisible();
    const form = await within(d).findByRole('form', { name: 'Edit this SKU' });
    const field = within(form).getByLabelText('Offer at most on Amazon');
    await expect(field).toHaveValue('5');
    // Only a whole number of units, 0 or more.
    await userEvent.clear(field);
    await userEvent.type(field, '1.5');
    await userEvent.click(within(form).getByRole('button', { name: 'Preview changes' }));
    await expect(within(form).getByText(/Offer at most on Amazon is a whole number of units, 0 or more/)).toBeVisible();
    await userEvent.clear(field);
    await userEvent.type(field, '2');
    await userEvent.click(within(form).getByRole('button', { name: 'Preview changes' }));
    const preview = await within(d).findByRole('region', { name: 'Changes to make' });
    await expect(preview).toHaveTextContent('Amazon: offer at most 5 → offer at most 2');
    await expect(drawerEditRequests.at(-1)).toMatchObject({ channelQuantityCaps: [{ channelId: amazon.id, cap: 2 }] });
    await expect(drawerEditRequests.at(-1)!.channelPrices).toBeUndefined();
    // Emptied, the cap goes: no limit, the rules decide.
    await userEvent.clear(field);
    await userEvent.click(within(form).getByRole('button', { name: 'Preview changes' }));
    await waitFor(() =>
      expect(within(d).getByRole('region', { name: 'Changes to make' })).toHaveTextContent(
        'Amazon: offer at most 5 → no limit',
      ),
    );
    await userEvent.click(
      within(within(d).getByRole('region', { name: 'Changes to make' })).getByRole('button', { name: 'Apply' }),
    );
    await expect(await within(d).findByText(/Undo it from the change history below/)).toBeVisible();
  },
};

/** Amazon fulfils this SKU from its own stock (FBA, 14 units there): its card says so, with Amazon's quantity. */
const fbaDetail = () => {
  const detail = drawerDetail();
  return {
    ...detail,
    listings: detail.listings.map((l) => (l.channelId === amazon.id ? { ...l, marketplaceQuantity: 14 } : l)),
  };
};
export const FulfilledByAmazon: Story = {
  parameters: {
    msw: {
      handlers: {
        listings: [
          http.get('/api/listings/items/{sku}', ({ response }) => response(200).json(fbaDetail())),
          ...drawerEditHandlers,
        ],
        listingEdits: [],
      },
    },
  },
  play: async () => {
    const d = await drawer();
    const card = await within(d).findByRole('article', { name: 'Amazon listing' });
    await expect(within(card).getByText('FBA')).toBeVisible();
    await expect(within(card).getByText('14 (held by Amazon)')).toBeVisible();
    await expect(
      within(card).getByText(/Amazon fulfils this offer from its own stock \(FBA\).*your stock is never sent to it/),
    ).toBeVisible();
    // Every other listing is the seller's to fulfil: no badge, no such words.
    const others = within(d)
      .getAllByRole('article')
      .filter((a) => a !== card);
    for (const other of others) await expect(within(other).queryByText(/fulfils this offer/)).not.toBeInTheDocument();
  },
};
