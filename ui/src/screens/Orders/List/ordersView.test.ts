import { describe, expect, test } from 'vitest';
import { isFiltered, queryOf, readView, startOfDay, unfiltered, writeView } from './ordersView';

const amazon = '7a1c0000-0000-4000-8000-000000000002';

describe('the orders view in the address', () => {
  test('reads the filter and the sort, and ignores what it does not know', () => {
    expect(
      readView(
        `q=114-39&channelId=${amazon}&status=partially+shipped&from=2026-11-01&to=2026-11-21&late=true&sort=shipBy&order=asc&order=x`,
      ),
    ).toEqual({
      q: '114-39',
      channelId: amazon,
      status: 'partially shipped',
      from: '2026-11-01',
      to: '2026-11-21',
      late: true,
      sort: 'shipBy',
      order: 'asc',
    });
    expect(readView('q=a&channelId=nope&status=lost&from=21/11/2026&to=2026-02-30&late=yes&sort=buyer')).toEqual({
      sort: 'orderedAt',
      order: 'desc',
    });
  });

  test('writes only what differs from the default, keeping the open order', () => {
    expect(writeView('order=asc&sort=total', { sort: 'orderedAt', order: 'desc' })).toBe('');
    expect(writeView('orderId=5d0e', { q: 'chen', late: true, sort: 'total', order: 'desc' })).toBe(
      'orderId=5d0e&q=chen&late=true&sort=total&order=desc',
    );
  });

  test('round-trips through the address', () => {
    const view = readView(`status=unshipped&from=2026-11-01&sort=shipBy&order=asc&channelId=${amazon}`);
    expect(readView(writeView('', view))).toEqual(view);
  });

  test('asks the server for whole days where the user is, the last one included', () => {
    const query = queryOf({ from: '2026-11-01', to: '2026-11-21', sort: 'orderedAt', order: 'desc' });
    expect(query.from).toBe(new Date(2026, 10, 1).toISOString());
    expect(query.to).toBe(new Date(2026, 10, 22).toISOString());
    expect(startOfDay('2026-12-31', 1)).toEqual(new Date(2027, 0, 1));
    expect(queryOf({ late: true, sort: 'total', order: 'asc' })).toEqual({ late: true, sort: 'total', order: 'asc' });
  });

  test('knows a filtered view, and clears the filter keeping the sort', () => {
    expect(isFiltered({ sort: 'orderedAt', order: 'desc' })).toBe(false);
    expect(isFiltered({ late: true, sort: 'orderedAt', order: 'desc' })).toBe(true);
    expect(unfiltered({ q: 'chen', status: 'shipped', sort: 'total', order: 'asc' })).toEqual({
      sort: 'total',
      order: 'asc',
    });
  });
});
