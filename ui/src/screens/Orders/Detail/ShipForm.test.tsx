import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { HttpResponse, http } from 'msw';
import { lastShipmentBody, orderFixtures, orderHandlers, resetOrderMocks } from '@hub/mocks';
import { server } from '../../../../msw-server';
import { createQueryClient } from '../../../api';
import { ToastProvider } from '../../../index';
import { ShipForm } from './ShipForm';

const { partialEbay, lateAmazon } = orderFixtures;

function renderForm(order = partialEbay) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <ShipForm order={order} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return within(screen.getByRole('form', { name: 'Mark shipped' }));
}

beforeEach(() => {
  resetOrderMocks();
  server.use(...orderHandlers.populated);
});
afterEach(() => server.resetHandlers());

describe('the "Mark shipped" form of an order', () => {
  test('sends the carrier and tracking number, for every unit left', async () => {
    const form = renderForm(lateAmazon);
    await userEvent.selectOptions(form.getByRole('combobox', { name: 'Carrier' }), 'Amazon Shipping');
    await userEvent.type(form.getByRole('textbox', { name: 'Tracking number' }), 'TBA304958201000');
    await userEvent.click(form.getByRole('button', { name: 'Mark shipped' }));
    // The toast (Radix also repeats its text in a live region).
    expect(await screen.findAllByText(`Order ${lateAmazon.orderNumber} marked shipped`)).not.toHaveLength(0);
    expect(lastShipmentBody()).toEqual({
      dryRun: false,
      shipments: [{ orderId: lateAmazon.id, carrier: 'Amazon Shipping', trackingNumber: 'TBA304958201000' }],
    });
  });

  test('sends the lines and units of a partial shipment, and the day it shipped', async () => {
    const form = renderForm();
    await userEvent.selectOptions(form.getByRole('combobox', { name: 'Carrier' }), 'USPS');
    await userEvent.type(form.getByRole('textbox', { name: 'Tracking number' }), '9400111899223344550001');
    const day = form.getByLabelText(/Ship date/);
    await userEvent.clear(day);
    await userEvent.type(day, '2020-03-04');
    await userEvent.click(form.getByRole('checkbox', { name: 'Only some units (a partial shipment)' }));
    await userEvent.clear(form.getByRole('spinbutton', { name: 'CH-00006 units' }));
    await userEvent.type(form.getByRole('spinbutton', { name: 'CH-00006 units' }), '2');
    await userEvent.click(form.getByRole('button', { name: 'Mark shipped' }));
    await waitFor(() => expect(lastShipmentBody()).toBeDefined());
    expect(lastShipmentBody()).toEqual({
      dryRun: false,
      shipments: [
        {
          orderId: partialEbay.id,
          carrier: 'USPS',
          trackingNumber: '9400111899223344550001',
          shippedAt: new Date(2020, 2, 4, 12).toISOString(),
          lines: [
            { lineId: partialEbay.lines[0]!.lineId, quantity: 1 },
            { lineId: partialEbay.lines[2]!.lineId, quantity: 2 },
          ],
        },
      ],
    });
  });

  test("shows the server's refusal as it words it", async () => {
    server.use(
      http.post('/api/orders/shipments', () =>
        HttpResponse.json({
          results: [
            {
              orderId: partialEbay.id,
              outcome: 'refused',
              shipmentId: null,
              message: 'Only 1 of CH-00004 left to ship on order 13-11878-48541; 2 asked.',
            },
          ],
          sending: 0,
          refused: 1,
        }),
      ),
    );
    const form = renderForm();
    await userEvent.selectOptions(form.getByRole('combobox', { name: 'Carrier' }), 'UPS');
    await userEvent.type(form.getByRole('textbox', { name: 'Tracking number' }), '1Z999AA10123456784');
    await userEvent.click(form.getByRole('button', { name: 'Mark shipped' }));
    const alert = await form.findByRole('alert');
    expect(alert).toHaveTextContent('Not marked shipped');
    expect(alert).toHaveTextContent('Only 1 of CH-00004 left to ship on order 13-11878-48541; 2 asked.');
  });

  test('shows a malformed request as the server explains it', async () => {
    server.use(
      http.post('/api/orders/shipments', () =>
        HttpResponse.json({ message: 'shipments/0/trackingNumber must match the carrier format' }, { status: 400 }),
      ),
    );
    const form = renderForm();
    await userEvent.selectOptions(form.getByRole('combobox', { name: 'Carrier' }), 'UPS');
    await userEvent.type(form.getByRole('textbox', { name: 'Tracking number' }), 'x');
    await userEvent.click(form.getByRole('button', { name: 'Mark shipped' }));
    expect(await form.findByRole('alert')).toHaveTextContent(
      'shipments/0/trackingNumber must match the carrier format',
    );
  });
});
