import { describe, expect, it } from 'vitest';
import {
  carrierNamed,
  checkShipment,
  fulfilmentAfterShipping,
  unitsToShip,
} from '../../src/modules/orders/shipment-checks.ts';
import type { OrderLineRecord } from '../../src/db/schema/index.ts';

const carriers = [
  { code: 'USPS', name: 'USPS' },
  { code: 'UPS', name: 'UPS' },
  { code: 'FEDEX', name: 'FedEx' },
];
const lines: OrderLineRecord[] = [
  { sku: 'MUG-1', quantity: 3, price: null, cancelledQuantity: 0, lineId: 'L1' },
  { sku: 'LAMP-2', quantity: 2, price: null, cancelledQuantity: 1, lineId: 'L2' },
];
const order = {
  fulfilment: 'unshipped' as const,
  lines,
  orderedAt: new Date('2026-11-20T10:00:00Z'),
  channelKind: 'ebay' as const,
};
const now = new Date('2026-11-21T10:00:00Z');

describe('checking a shipment before it is sent', () => {
  it('ships every unit left when no lines are named: cancelled units are never shipped', () => {
    const check = checkShipment(order, 'eBay', carriers, [], { carrier: 'usps', trackingNumber: ' 9400 11 ' }, now);
    expect(check).toEqual({
      ok: true,
      carrier: carriers[0],
      trackingNumber: '9400 11',
      shippedAt: now,
      lines: [
        { lineId: 'L1', sku: 'MUG-1', quantity: 3 },
        { lineId: 'L2', sku: 'LAMP-2', quantity: 1 },
      ],
    });
  });

  it('finds a carrier by its code or its name, any case, and refuses one the marketplace does not accept', () => {
    expect(carrierNamed(carriers, 'fedex')).toEqual(carriers[2]);
    expect(carrierNamed(carriers, 'FedEx')).toEqual(carriers[2]);
    const check = checkShipment(order, 'eBay', carriers, [], { carrier: 'Pigeon Post', trackingNumber: 'P1' }, now);
    expect(check).toEqual({
      ok: false,
      message:
        '"Pigeon Post" is not a carrier eBay accepts. Choose one of eBay\'s carriers (for example USPS, UPS, FedEx).',
    });
  });

  it('counts units shipped by earlier shipments (not refused ones) and refuses more than remain', () => {
    const sent = [
      { state: 'confirmed' as const, lines: [{ lineId: 'L1', sku: 'MUG-1', quantity: 2 }] },
      { state: 'failed' as const, lines: [{ lineId: 'L1', sku: 'MUG-1', quantity: 1 }] },
    ];
    expect(unitsToShip(lines, sent)).toEqual([1, 1]);
    const tooMany = checkShipment(
      order,
      'eBay',
      carriers,
      sent,
      { carrier: 'UPS', trackingNumber: '1Z', lines: [{ lineId: 'L1', quantity: 2 }] },
      now,
    );
    expect(tooMany).toEqual({ ok: false, message: 'Line L1 (MUG-1) has 1 unit left to ship, not 2.' });
    const unknownLine = checkShipment(
      order,
      'eBay',
      carriers,
      [],
      { carrier: 'UPS', trackingNumber: '1Z', lines: [{ lineId: 'L9', quantity: 1 }] },
      now,
    );
    expect(unknownLine).toEqual({ ok: false, message: 'Line L9 is not a line of this order.' });
  });

  it('refuses a cancelled order, a malformed tracking number and a ship date in the future', () => {
    expect(
      checkShipment(
        { ...order, fulfilment: 'cancelled' },
        'eBay',
        carriers,
        [],
        { carrier: 'UPS', trackingNumber: '1Z' },
        now,
      ),
    ).toEqual({ ok: false, message: 'This order is cancelled: there is nothing to ship.' });
    expect(checkShipment(order, 'eBay', carriers, [], { carrier: 'UPS', trackingNumber: '1Z<script>' }, now).ok).toBe(
      false,
    );
    const future = new Date(now.getTime() + 3 * 86_400_000);
    expect(
      checkShipment(order, 'eBay', carriers, [], { carrier: 'UPS', trackingNumber: '1Z', shippedAt: future }, now),
    ).toEqual({
      ok: false,
      message: 'The ship date cannot be in the future.',
    });
  });

  it('needs the marketplace line ids to ship a whole order', () => {
    const unlined = { ...order, lines: [{ sku: 'MUG-1', quantity: 1, price: null, cancelledQuantity: 0 }] };
    const check = checkShipment(unlined, 'Amazon', carriers, [], { carrier: 'UPS', trackingNumber: '1Z' }, now);
    expect(check).toEqual({
      ok: false,
      message: "Amazon has not told us this order's line ids yet; the next orders read brings them.",
    });
  });
});

describe('the order status after shipping', () => {
  it('moves from unshipped to partially shipped to shipped with confirmed shipments only, never back', () => {
    const part = [{ state: 'confirmed' as const, lines: [{ lineId: 'L1', sku: 'MUG-1', quantity: 1 }] }];
    expect(fulfilmentAfterShipping(order, [])).toBe('unshipped');
    expect(fulfilmentAfterShipping(order, [{ ...part[0]!, state: 'sending' }])).toBe('unshipped');
    expect(fulfilmentAfterShipping(order, part)).toBe('partially shipped');
    const all = [
      ...part,
      {
        state: 'confirmed' as const,
        lines: [
          { lineId: 'L1', sku: 'MUG-1', quantity: 2 },
          { lineId: 'L2', sku: 'LAMP-2', quantity: 1 },
        ],
      },
    ];
    expect(fulfilmentAfterShipping(order, all)).toBe('shipped');
    expect(fulfilmentAfterShipping({ ...order, fulfilment: 'delivered' }, [])).toBe('delivered');
  });
});
