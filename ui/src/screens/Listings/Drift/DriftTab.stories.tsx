import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { authHandlers, driftHandlers, pushHandlers, resetPushMocks } from '@hub/mocks';
import { findInToast } from '../../../testing/storyToasts';
import { withRouter } from '../../../testing/storyRouter';
import { DriftTab } from './DriftTab';

const meta = {
  title: 'Screens/Listings/Drift',
  component: DriftTab,
  decorators: [withRouter],
  beforeEach: () => resetPushMocks(),
  parameters: {
    route: '/listings?tab=drift',
    msw: {
      handlers: { auth: authHandlers.signedInClient, drift: driftHandlers.withDrift, pushes: pushHandlers.allCaughtUp },
    },
  },
} satisfies Meta<typeof DriftTab>;

export default meta;
type Story = StoryObj<typeof meta>;
const page = () => within(document.body);
const table = () => page().getByRole('table', { name: 'Values edited on a channel' });

export const WithDrift: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Edited on a channel (3)' })).toBeVisible();
    const lamp = within(table()).getByRole('row', { name: /LAMP-OAK/ });
    // Channel, field, ours, on the channel.
    await expect(
      within(lamp)
        .getAllByRole('cell')
        .slice(1, 5)
        .map((cell) => cell.textContent),
    ).toEqual(['eBay', 'Quantity', '7', '20']);
    // Nothing selected: the bulk buttons wait.
    await expect(canvas.getByRole('button', { name: 'Accept selected' })).toBeDisabled();
    // Overwrite one: the dialog says what will happen first.
    await userEvent.click(within(lamp).getByRole('button', { name: 'Overwrite LAMP-OAK on eBay' }));
    const dialog = await page().findByRole('dialog', { name: 'Overwrite 1 value on the channel?' });
    await expect(dialog).toHaveTextContent(
      'The channel is sent the value our rules give, replacing the one set by hand.',
    );
    await expect(dialog).toHaveTextContent('LAMP-OAK on eBay: quantity goes back from 20 to our value');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Overwrite' }));
    await expect(await findInToast('1 value will be sent our value again.')).toBeVisible();
    await waitFor(() => expect(within(table()).queryByRole('row', { name: /LAMP-OAK/ })).not.toBeInTheDocument());
    await expect(canvas.getByRole('heading', { name: 'Edited on a channel (2)' })).toBeVisible();
  },
};

export const NoDrift: Story = {
  parameters: { msw: { handlers: { drift: driftHandlers.none } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'No drift' })).toBeVisible();
  },
};

export const BulkAccept: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Edited on a channel (3)' });
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select MUG-BLUE-12 on Amazon' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select VASE-TALL on Amazon' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Accept selected (2)' }));
    const dialog = await page().findByRole('dialog', { name: 'Keep 2 values set on the channel?' });
    await expect(dialog).toHaveTextContent('MUG-BLUE-12 on Amazon: price stays 12.49');
    await expect(dialog).toHaveTextContent('VASE-TALL on Amazon: price stays 35.00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep' }));
    await expect(await findInToast('2 values set on the channel are kept.')).toBeVisible();
    await waitFor(() => expect(canvas.getByRole('heading', { name: 'Edited on a channel (1)' })).toBeVisible());
    await expect(within(table()).getByRole('row', { name: /LAMP-OAK/ })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Accept selected' })).toBeDisabled();
  },
};
