import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn, expect, userEvent, within } from 'storybook/test';
import type { components } from '@contract';
import { http, listingEditHandlers } from '@hub/mocks';
import { CsvImportDialog } from './CsvImportDialog';

const meta = {
  title: 'Screens/Listings/CSV import',
  component: CsvImportDialog,
  args: { open: true, onOpenChange: fn() },
  parameters: { msw: { handlers: { listingEdits: listingEditHandlers.default } } },
} satisfies Meta<typeof CsvImportDialog>;

export default meta;
type Story = StoryObj<typeof meta>;
const page = () => within(document.body);

async function chooseFile() {
  const dialog = await page().findByRole('dialog', { name: 'Import CSV' });
  const file = new File(
    ['sku,price,quantity,title\nMUG-BLUE-350,11.50,,\nMUG-RED-350,,24,"Ceramic mug, red, 350 ml, dishwasher safe"\n'],
    'prices.csv',
    { type: 'text/csv' },
  );
  await userEvent.upload(within(dialog).getByLabelText('CSV file'), file);
  return dialog;
}

export const ChooseFile: Story = {
  play: async () => {
    const dialog = await page().findByRole('dialog', { name: 'Import CSV' });
    await expect(within(dialog).getByLabelText('CSV file')).toBeVisible();
    await expect(within(dialog).queryByRole('button', { name: /^Import/ })).not.toBeInTheDocument();
  },
};

export const ImportPreview: Story = {
  play: async () => {
    const dialog = await chooseFile();
    const table = await within(dialog).findByRole('table', { name: 'Changes to import' });
    const row = within(table).getByText('MUG-RED-350').closest('tr')!;
    await expect(row).toHaveTextContent('0→ to 24');
    await expect(within(dialog).getByText('2 rows change something.')).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Import 2 rows' })).toBeEnabled();
  },
};

export const ImportWithRowErrors: Story = {
  parameters: { msw: { handlers: { listingEdits: listingEditHandlers.importWithRowErrors } } },
  play: async () => {
    const dialog = await chooseFile();
    await expect(await within(dialog).findByText('3 rows have errors')).toBeVisible();
    await expect(within(dialog).getByText(/Nothing was imported\./)).toBeVisible();
    const table = within(dialog).getByRole('table', { name: 'Rows in error' });
    await expect(within(table).getByText('No product has the SKU MUG-GREEN.').closest('tr')).toHaveTextContent(/^7/);
    await expect(within(dialog).queryByRole('button', { name: /^Import/ })).not.toBeInTheDocument();
  },
};

export const Imported: Story = {
  play: async () => {
    const dialog = await chooseFile();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Import 2 rows' }));
    await expect(await within(dialog).findByText('Changes saved')).toBeVisible();
    await expect(within(dialog).getByText('3 values changed on 2 SKUs.')).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Undo' })).toBeEnabled();
  },
};

export const NoAccess: Story = {
  parameters: { msw: { handlers: { listingEdits: listingEditHandlers.noAccess } } },
  play: async () => {
    const dialog = await chooseFile();
    await expect(await within(dialog).findByText('You do not have access to this account.')).toBeVisible();
  },
};

export const CsvImportIgnoredColumns: Story = {
  parameters: { msw: { handlers: { listingEdits: listingEditHandlers.importIgnoredColumns } } },
  play: async () => {
    const dialog = await chooseFile();
    await expect(await within(dialog).findByText('Some columns are not imported')).toBeVisible();
    await expect(within(dialog).getByText('Ignored columns: colour, supplier.')).toBeVisible();
    await expect(within(dialog).getByText(/^Read-only columns ignored: brand, gtin/)).toBeVisible();
    // The rows still import.
    await expect(within(dialog).getByRole('button', { name: 'Import 2 rows' })).toBeEnabled();
  },
};

const EBAY_CHANNEL_ID = 'c0ffee00-0000-4000-8000-00000000eba1';
/** An exported file with a new eBay price for one SKU: that channel's own price, from what the export wrote. */
const channelPricePreview: components['schemas']['CsvImportPreview'] = {
  items: [
    {
      line: 4,
      productId: 'p0000000-0000-4000-8000-000000000004',
      sku: 'MUG-GREEN-350',
      price: null,
      onHand: null,
      title: null,
      channelPrices: [
        {
          channelId: EBAY_CHANNEL_ID,
          channelKind: 'ebay',
          channelName: 'Acme Home Goods',
          currency: 'USD',
          before: '12.00',
          after: '14.50',
        },
      ],
    },
  ],
  total: 1,
  errors: [],
  notices: ['Read-only columns ignored: brand, gtin, committed, available, ebay_status, ebay_quantity.'],
};
const channelPriceImported: components['schemas']['BulkChange'] = {
  batchId: 'b47c0000-0000-4000-8000-0000000000e1',
  kind: 'csv_import',
  createdAt: '2026-03-02T10:15:00.000Z',
  skus: 1,
  values: 1,
  undoneAt: null,
  pushes: { total: 1, confirmed: 0, failed: 0, open: 1 },
};
const channelPriceHandlers = [
  http.post('/api/listings/import/preview', ({ response }) => response(200).json(channelPricePreview)),
  http.post('/api/listings/import', ({ response }) => response(201).json(channelPriceImported)),
  http.get('/api/listings/changes/{batchId}', ({ response }) => response(200).json(channelPriceImported)),
];

/** A new price in the file's ebay_price column: shown as eBay's own price, old and new, with the store's name. */
export const CsvImportChannelPrice: Story = {
  parameters: { msw: { handlers: { listingEdits: channelPriceHandlers } } },
  play: async () => {
    const dialog = await chooseFile();
    const table = await within(dialog).findByRole('table', { name: 'Changes to import' });
    await expect(within(table).getByRole('columnheader', { name: 'Channel prices' })).toBeVisible();
    const row = within(table).getByText('MUG-GREEN-350').closest('tr')!;
    await expect(row).toHaveTextContent('eBay (Acme Home Goods) $12.00→ to $14.50');
    await expect(within(dialog).getByText('1 row changes something.')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import 1 row' }));
    await expect(await within(dialog).findByText('Changes saved')).toBeVisible();
    await expect(within(dialog).getByText('1 value changed on 1 SKU.')).toBeVisible();
  },
};

/** A file that makes a SKU a bundle: its components old and new, and that Undo leaves them as imported. */
const componentsPreview: components['schemas']['CsvImportPreview'] = {
  items: [
    {
      line: 2,
      productId: 'p0000000-0000-4000-8000-000000000009',
      sku: 'MUG-GIFT-SET',
      price: null,
      onHand: null,
      title: null,
      components: { before: '', after: 'MUG-BLUE-350:1|MUG-RED-350:2' },
    },
  ],
  total: 1,
  errors: [],
  notices: [],
};
const componentsImported: components['schemas']['BulkChange'] = { ...channelPriceImported, values: 0 };
const componentsHandlers = [
  http.post('/api/listings/import/preview', ({ response }) => response(200).json(componentsPreview)),
  http.post('/api/listings/import', ({ response }) => response(201).json(componentsImported)),
  http.get('/api/listings/changes/{batchId}', ({ response }) => response(200).json(componentsImported)),
];

export const BundleComponentsUndoLeavesThem: Story = {
  parameters: { msw: { handlers: { listingEdits: componentsHandlers } } },
  play: async () => {
    const dialog = await chooseFile();
    const table = await within(dialog).findByRole('table', { name: 'Changes to import' });
    await expect(within(table).getByRole('columnheader', { name: 'Components' })).toBeVisible();
    const row = within(table).getByText('MUG-GIFT-SET').closest('tr')!;
    await expect(row).toHaveTextContent('MUG-BLUE-350:1|MUG-RED-350:2');
    await expect(within(dialog).getByText(/Undo puts back prices, on hand and titles, not components/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import 1 row' }));
    await expect(await within(dialog).findByText('Changes saved')).toBeVisible();
    await expect(within(dialog).getByText(/Undo puts back prices, on hand and titles, not components/)).toBeVisible();
  },
};
