import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { bundleHandlers, bundleSku, resetBundleMocks } from '@hub/mocks';
import { BundleComponents } from './BundleComponents';

const meta = {
  title: 'Screens/Listings/SKU drawer/Components',
  component: BundleComponents,
  args: { sku: bundleSku },
  beforeEach: () => resetBundleMocks(),
  parameters: { msw: { handlers: { bundles: bundleHandlers.editable } } },
} satisfies Meta<typeof BundleComponents>;

export default meta;
type Story = StoryObj<typeof meta>;

const section = async (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('region', { name: 'Components' });

async function add(canvasElement: HTMLElement, sku: string, units: string) {
  const form = within(canvasElement).getByRole('form', { name: 'Add a component' });
  await userEvent.clear(within(form).getByLabelText('Component SKU'));
  await userEvent.type(within(form).getByLabelText('Component SKU'), sku);
  await userEvent.clear(within(form).getByLabelText('Units per bundle'));
  await userEvent.type(within(form).getByLabelText('Units per bundle'), units);
  await userEvent.click(within(form).getByRole('button', { name: 'Add component' }));
}

const componentLines = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('list', { name: 'Components of this bundle' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

/** A SKU that is no bundle: what a bundle is, and the next step (add a component). */
export const NotABundleYet: Story = {
  play: async ({ canvasElement }) => {
    const components = await section(canvasElement);
    await expect(await within(components).findByText(/^Not a bundle\. Add components/)).toBeVisible();
    await expect(within(components).getByRole('form', { name: 'Add a component' })).toBeVisible();
    await expect(within(components).queryByRole('list', { name: 'Components of this bundle' })).not.toBeInTheDocument();
  },
};

/** Two components added: the bundle offers the least of 9 mugs ÷ 1 and 7 teas ÷ 2. */
export const BundleOfTwoComponents: Story = {
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText(/^Not a bundle\./);
    await add(canvasElement, 'MUG-1', '1');
    await expect(await within(canvasElement).findByText('Bundle available: 9')).toBeVisible();
    await add(canvasElement, 'TEA-1', '2');
    await expect(await within(canvasElement).findByText('Bundle available: 3')).toBeVisible();
    await expect(componentLines(canvasElement)).toEqual([
      'MUG-1Blue mug1 per bundle · 9 availableRemove',
      'TEA-1Green tea, 100 g2 per bundle · 7 availableRemove',
    ]);
    // The form is cleared for the next one.
    await expect(within(canvasElement).getByLabelText('Component SKU')).toHaveValue('');
  },
};

/** A component removed: the bundle offers what the one left allows. */
export const ComponentRemoved: Story = {
  beforeEach: () => resetBundleMocks('two'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Bundle available: 3')).toBeVisible();
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Remove TEA-1' }));
    await expect(await within(canvasElement).findByText('Bundle available: 9')).toBeVisible();
    await expect(componentLines(canvasElement)).toEqual(['MUG-1Blue mug1 per bundle · 9 availableRemove']);
  },
};

/** A SKU that is not in the catalogue is refused with the server's words; nothing changes. */
export const UnknownComponentRefused: Story = {
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText(/^Not a bundle\./);
    await add(canvasElement, 'NOPE-1', '1');
    await expect(await within(canvasElement).findByText('NOPE-1 is not in your catalogue')).toBeVisible();
    await expect(within(canvasElement).getByText(/^Not a bundle\./)).toBeVisible();
  },
};

/** Units per bundle must be a whole number from 1: checked before anything is sent. */
export const UnitsBelowOneRefused: Story = {
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText(/^Not a bundle\./);
    await add(canvasElement, 'MUG-1', '0');
    await expect(within(canvasElement).getByText('Units per bundle is a whole number from 1 to 9999.')).toBeVisible();
    await add(canvasElement, bundleSku, '1');
    await expect(within(canvasElement).getByText('A bundle cannot contain itself.')).toBeVisible();
  },
};

/** A SKU used in two bundles cannot become a bundle: the section says where it is used, with no form. */
export const ComponentOfOtherBundles: Story = {
  args: { sku: 'MUG-1' },
  parameters: { msw: { handlers: { bundles: bundleHandlers.componentOfBundles } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/^A component of the bundles KIT-100, KIT-200:/)).toBeVisible();
    await expect(within(canvasElement).queryByRole('form', { name: 'Add a component' })).not.toBeInTheDocument();
  },
};

/** The components could not be read: the reason, and a way to try again. */
export const ComponentsFailedToLoad: Story = {
  parameters: { msw: { handlers: { bundles: bundleHandlers.failing } } },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('The components could not be loaded');
    await expect(alert).toHaveTextContent('The service is unavailable. Try again in a moment.');
    await expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeVisible();
  },
};

export const LoadingComponents: Story = {
  parameters: { msw: { handlers: { bundles: bundleHandlers.loading } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('Loading components...');
  },
};
