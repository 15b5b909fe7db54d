import { describe, expect, test } from 'vitest';
import { carrierFixtures } from '@hub/mocks';
import { bulkShipmentsOf, carrierChoices, orderCount } from './bulkShip';

describe('the carriers offered for several orders', () => {
  test('lists those every marketplace takes first, then the others with the marketplaces that take them', () => {
    expect(carrierChoices(['amazon', 'ebay', 'amazon'], carrierFixtures)).toEqual([
      { code: 'UPS', label: 'UPS', everywhere: true },
      { code: 'USPS', label: 'USPS', everywhere: true },
      { code: 'FedEx', label: 'FedEx', everywhere: true },
      { code: 'DHL', label: 'DHL', everywhere: true },
      { code: 'OnTrac', label: 'OnTrac (Amazon only)', everywhere: false },
      { code: 'Amazon Shipping', label: 'Amazon Shipping (Amazon only)', everywhere: false },
      { code: 'RoyalMail', label: 'Royal Mail (eBay only)', everywhere: false },
    ]);
    const three = carrierChoices(['amazon', 'walmart', 'ebay'], carrierFixtures);
    expect(three.find((c) => c.code === 'OnTrac')?.label).toBe('OnTrac (Amazon and Walmart only)');
    expect(carrierChoices(['shopify'], carrierFixtures).every((c) => c.everywhere)).toBe(true);
    expect(carrierChoices([], carrierFixtures)).toEqual([]);
  });
});

describe('the shipments of "Mark shipped" for several orders', () => {
  const orders = [{ id: 'a' }, { id: 'b' }];

  test('one per order, with the carrier and its own tracking number', () => {
    expect(bulkShipmentsOf(orders, 'UPS', { a: ' 1Z1 ', b: '1Z2' })).toEqual({
      shipments: [
        { orderId: 'a', carrier: 'UPS', trackingNumber: '1Z1' },
        { orderId: 'b', carrier: 'UPS', trackingNumber: '1Z2' },
      ],
    });
  });

  test('says what is missing', () => {
    expect(bulkShipmentsOf(orders, '', { a: '1Z1' })).toEqual({
      errors: { carrier: 'Choose the carrier.', tracking: { b: 'Enter the tracking number.' } },
    });
  });

  test('counts the orders of CSV rows', () => {
    expect(orderCount([{ orderNumber: '#1' }, { orderNumber: '#1' }, { orderNumber: '#2' }])).toBe(2);
  });
});
