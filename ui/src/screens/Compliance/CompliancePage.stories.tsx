import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { authHandlers, channelFixtures, complianceHandlers, resetComplianceMocks } from '@hub/mocks';
import { findInToast } from '../../testing/storyToasts';
import { storyLocation, withRouter } from '../../testing/storyRouter';
import { onAPhone } from '../../testing/storyViewports';
import { CompliancePage } from './CompliancePage';

const meta = {
  title: 'Screens/Compliance',
  component: CompliancePage,
  decorators: [withRouter],
  beforeEach: () => resetComplianceMocks(),
  parameters: {
    route: '/compliance',
    msw: { handlers: { auth: authHandlers.signedInClient, compliance: complianceHandlers.withIssues } },
  },
} satisfies Meta<typeof CompliancePage>;

export default meta;
type Story = StoryObj<typeof meta>;

const issueRows = (canvas: ReturnType<typeof within>) =>
  within(canvas.getByRole('table', { name: 'Compliance issues' }))
    .getAllByRole('row')
    .slice(1);

/** Six issues on three channels: counts, each issue with its fix, and a link that opens the listing's drawer. */
export const IssuesWithTheirFixes: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Issues (6)' })).toBeVisible();
    const counts = within(canvas.getByRole('list', { name: 'Issue counts' }));
    await expect(counts.getByRole('button', { name: /^4 Errors: refused or removed/ })).toBeVisible();
    await expect(counts.getByRole('button', { name: /^2 Warnings: may be removed/ })).toBeVisible();
    await expect(counts.getByRole('button', { name: /eBay · cooperhome_store: 1 error, 1 warning/ })).toBeVisible();
    const lamp = issueRows(canvas)[0]!;
    await expect(lamp).toHaveTextContent('Title too long');
    await expect(lamp).toHaveTextContent('The title has 112 characters; eBay allows 80.');
    await expect(lamp).toHaveTextContent('Shorten the title by 32 characters.');
    await expect(within(lamp).getByText('Error')).toBeVisible();
    // The SKU opens its drawer on the Listings page, where the fix is made.
    await expect(within(lamp).getByRole('link', { name: 'Open LAMP-OAK' })).toHaveAttribute(
      'href',
      '/listings?sku=LAMP-OAK',
    );
  },
};

/** A filter narrows the list and lands in the address; the CSV follows the filters. */
export const FilteredByChannelAndSeverity: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Issues (6)' });
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Channel' }), channelFixtures.walmartPaused.id);
    await expect(await canvas.findByRole('heading', { name: 'Issues matching your filters (2)' })).toBeVisible();
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Severity' }), 'warning');
    await expect(await canvas.findByRole('heading', { name: 'Issues matching your filters (1)' })).toBeVisible();
    await expect(issueRows(canvas)[0]).toHaveTextContent('Walmart price above other channels');
    await expect(storyLocation.current.path).toBe(
      `/compliance?severity=warning&channelId=${channelFixtures.walmartPaused.id}`,
    );
    await expect(canvas.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      `/api/compliance/issues/export?severity=warning&channelId=${channelFixtures.walmartPaused.id}`,
    );
    // The counts still show everything, whatever the filters.
    await expect(canvas.getByRole('button', { name: /^4 Errors/ })).toBeVisible();
  },
};

/** A filter with nothing under it says so, and clears in one click. */
export const NothingMatchesTheFilters: Story = {
  parameters: { route: `/compliance?severity=warning&code=gtin_invalid` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'No issues match these filters' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Clear filters' }));
    await expect(await canvas.findByRole('heading', { name: 'Issues (6)' })).toBeVisible();
  },
};

/** What Amazon and eBay report by themselves, with their reasons, and prices outside a pricing rule's bounds. */
export const MarketplaceReportsAndPricesOutsideTheRule: Story = {
  parameters: { msw: { handlers: { compliance: complianceHandlers.marketplaceAndPrices } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Issues (4)' })).toBeVisible();
    const rows = issueRows(canvas);
    const vase = rows.find((r) => within(r).queryByText('VASE-TALL'))!;
    await expect(within(vase).getByText(/^Amazon suppressed this listing: We believe the main image/)).toBeVisible();
    await expect(
      within(vase).getByText('Fix what Amazon names; this clears once Amazon no longer reports it.'),
    ).toBeVisible();
    const mug = rows.find((r) => within(r).queryByText('MUG-BLUE-12'))!;
    await expect(within(mug).getByText(/below its floor 11\.50 in the pricing rule "Mugs: margin 20 %"/)).toBeVisible();
    await expect(canvas.getByRole('option', { name: 'Reported by the marketplace (2)' })).toBeInTheDocument();
    await expect(canvas.getByRole('option', { name: "Price below the rule's floor (1)" })).toBeInTheDocument();
  },
};

export const NoIssues: Story = {
  parameters: { msw: { handlers: { compliance: complianceHandlers.none } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'No issues' })).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Check all listings now' }));
    await expect(await findInToast('120 products were checked on every channel.')).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { compliance: complianceHandlers.loading } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Checking your listings...')).toBeVisible();
  },
};

export const FailsToLoad: Story = {
  parameters: { msw: { handlers: { compliance: complianceHandlers.failsToLoad } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Compliance issues could not be loaded' })).toBeVisible();
    await expect(canvas.getByText('The service is briefly unavailable. Try again.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: /try again|retry/i })).toBeVisible();
  },
};

/** The seller adds a word of their own: saved, every listing checked again; then back to the default list. */
export const RestrictedWordsEdited: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const editor = await canvas.findByRole('textbox', { name: 'Restricted words' });
    await waitFor(() => expect((editor as HTMLTextAreaElement).value).toContain('free shipping'));
    await expect(canvas.getByText(/The default list \(6 entries\)/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Save and check listings' })).toBeDisabled();
    await userEvent.clear(editor);
    await userEvent.type(editor, 'best seller\nmiracle{enter}{enter}');
    await userEvent.click(canvas.getByRole('button', { name: 'Save and check listings' }));
    await expect(await findInToast('2 words and phrases; every listing was checked again.')).toBeVisible();
    await expect(await canvas.findByText(/Your own list \(2 entries\)/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Use the default list' }));
    await expect(await canvas.findByText(/The default list \(6 entries\)/)).toBeVisible();
  },
};

/** A word past 100 characters is refused before it is sent. */
export const RestrictedWordTooLong: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const editor = await canvas.findByRole('textbox', { name: 'Restricted words' });
    await waitFor(() => expect((editor as HTMLTextAreaElement).value).toContain('free shipping'));
    await userEvent.type(editor, `{enter}${'x'.repeat(101)}`);
    await expect(canvas.getByText(/is longer than 100 characters/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Save and check listings' })).toBeDisabled();
  },
};

/** On a phone: counts two a row, filters stacked, the table scrolls sideways within its frame. */
export const IssuesOnAPhone: Story = {
  globals: onAPhone,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Issues (6)' })).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Severity' })).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth + 1);
  },
};
