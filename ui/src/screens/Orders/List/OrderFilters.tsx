import { useEffect, useRef, useState } from 'react';
import type { Channel } from '../../../api';
import { Field, Input, Select } from '../../../index';
import { marketplaceNames } from '../../../shared/channels/channelTexts';
import { fulfilmentStatuses } from '../Orders.variants';
import { fulfilmentLabels } from '../orderTexts';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_LENGTH, type OrdersView } from './ordersView';
import * as page from '../OrdersPage.css';
import * as styles from './List.css';

export interface OrderFiltersProps {
  view: OrdersView;
  channels: Channel[] | undefined;
  onFilter: (changes: Partial<OrdersView>) => void;
}

/** Search (order number, buyer, SKU), channel, status, the days ordered and "Late only". */
export function OrderFilters({ view, channels, onFilter }: OrderFiltersProps) {
  const q = view.q ?? '';
  const [query, setQuery] = useState(q);

  // Typing reaches the address after a pause, once it is long enough for the server; the address
  // wins when it changes otherwise (back, reload, "Clear filters").
  useEffect(() => setQuery(q), [q]);
  // The timer calls the newest onFilter: one from the render that started it would write an address
  // from before what happened meanwhile (an order opened from the list), and drop it.
  const latestOnFilter = useRef(onFilter);
  latestOnFilter.current = onFilter;
  useEffect(() => {
    const text = query.trim();
    const next = text.length >= SEARCH_MIN_LENGTH ? text : '';
    if (next === q) return;
    const timer = setTimeout(() => latestOnFilter.current({ q: next || undefined }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // Only typing starts the timer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query]);

  const tooShort = query.trim().length > 0 && query.trim().length < SEARCH_MIN_LENGTH;
  return (
    <div className={styles.filters} role="search" aria-label="Orders">
      <div className={styles.wide}>
        <Field label="Search" hint={tooShort ? `Type at least ${SEARCH_MIN_LENGTH} characters.` : undefined}>
          {(control) => (
            <Input
              {...control}
              type="search"
              placeholder="Order number, buyer or SKU"
              maxLength={200}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
          )}
        </Field>
      </div>
      <Field label="Channel">
        {(control) => (
          <Select
            {...control}
            value={view.channelId ?? ''}
            onChange={(event) => onFilter({ channelId: event.target.value || undefined })}
          >
            <option value="">All channels</option>
            {channels?.map((channel) => (
              <option key={channel.id} value={channel.id}>
                {`${marketplaceNames[channel.kind]} · ${channel.displayName}`}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Status">
        {(control) => (
          <Select
            {...control}
            value={view.status ?? ''}
            onChange={(event) => onFilter({ status: fulfilmentStatuses.find((s) => s === event.target.value) })}
          >
            <option value="">Any status</option>
            {fulfilmentStatuses.map((status) => (
              <option key={status} value={status}>
                {fulfilmentLabels[status]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Ordered from">
        {(control) => (
          <Input
            {...control}
            type="date"
            value={view.from ?? ''}
            max={view.to}
            onChange={(event) => onFilter({ from: event.target.value || undefined })}
          />
        )}
      </Field>
      <Field label="Ordered to">
        {(control) => (
          <Input
            {...control}
            type="date"
            value={view.to ?? ''}
            min={view.from}
            onChange={(event) => onFilter({ to: event.target.value || undefined })}
          />
        )}
      </Field>
      <label className={`${page.checkLabel} ${styles.lateOnly}`}>
        <input
          type="checkbox"
          checked={view.late ?? false}
          onChange={(event) => onFilter({ late: event.target.checked || undefined })}
        />
        Late only
      </label>
    </div>
  );
}
