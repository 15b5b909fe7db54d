import { describe, expect, test } from 'vitest';
import { orderFixtures } from '@hub/mocks';
import { initialShipForm, shipmentRequestOf, shippableLines } from './shipForm';

const today = '2026-11-21';
const partial = orderFixtures.partialEbay;
const [first, second, third] = partial.lines.map((line) => line.lineId!);

describe('the "Mark shipped" form', () => {
  test('starts with every unit left of each line that can be named', () => {
    const values = initialShipForm(partial, today);
    expect(values).toMatchObject({ carrier: '', trackingNumber: '', shipDate: today, partial: false });
    // 2 ordered, 1 shipped; 1 ordered, 1 shipped (nothing left); 3 ordered, none shipped.
    expect(values.quantities).toEqual({ [first!]: '1', [third!]: '3' });
    expect(second).toBeDefined();
    // A line the marketplace gave no id cannot be named in a partial shipment.
    expect(shippableLines(orderFixtures.dueTodayShopify).map((line) => line.sku)).toEqual(['CH-00007']);
  });

  test('sends the whole rest of the order: carrier and tracking, the time left to the server', () => {
    const values = { ...initialShipForm(partial, today), carrier: 'USPS', trackingNumber: ' 9400 1118 ' };
    expect(shipmentRequestOf(partial, values, today)).toEqual({
      request: { orderId: partial.id, carrier: 'USPS', trackingNumber: '9400 1118' },
    });
  });

  test('sends some lines and units for a partial shipment, and an earlier day at its noon', () => {
    const values = {
      ...initialShipForm(partial, today),
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      shipDate: '2026-11-20',
      partial: true,
      quantities: { [first!]: '0', [third!]: '2' },
    };
    expect(shipmentRequestOf(partial, values, today)).toEqual({
      request: {
        orderId: partial.id,
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
        shippedAt: new Date(2026, 10, 20, 12).toISOString(),
        lines: [{ lineId: third, quantity: 2 }],
      },
    });
  });

  test('says what is missing or wrong, and sends nothing', () => {
    const empty = initialShipForm(partial, today);
    expect(shipmentRequestOf(partial, { ...empty, carrier: 'Pony Express' }, today)).toEqual({
      errors: { carrier: 'Choose the carrier.', trackingNumber: 'Enter the tracking number.' },
    });
    const filled = { ...empty, carrier: 'USPS', trackingNumber: '94001118' };
    expect(shipmentRequestOf(partial, { ...filled, shipDate: '2026-11-22' }, today)).toEqual({
      errors: { shipDate: 'The ship date cannot be in the future.' },
    });
    expect(shipmentRequestOf(partial, { ...filled, shipDate: '' }, today)).toEqual({
      errors: { shipDate: 'Enter the day it shipped.' },
    });
    expect(
      shipmentRequestOf(partial, { ...filled, partial: true, quantities: { [first!]: '2', [third!]: '1.5' } }, today),
    ).toEqual({ errors: { quantities: { [first!]: 'Between 0 and 1.', [third!]: 'Between 0 and 3.' } } });
    expect(
      shipmentRequestOf(partial, { ...filled, partial: true, quantities: { [first!]: '0', [third!]: '0' } }, today),
    ).toEqual({ errors: { lines: 'Choose at least one unit to ship.' } });
  });
});
