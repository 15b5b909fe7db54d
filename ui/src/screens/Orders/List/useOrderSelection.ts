import { useState } from 'react';
import type { OrderSummary } from '../../../api';
import { canShip } from '../orderTexts';

/**
 * The orders ticked for "Mark shipped": each kept with its summary (the dialog shows its number and
 * marketplace), across "Load more"; only orders with units left to ship can be ticked.
 */
export function useOrderSelection(shown: readonly OrderSummary[]) {
  const [selected, setSelected] = useState<ReadonlyMap<string, OrderSummary>>(new Map());
  const toggle = (order: OrderSummary) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(order.id)) next.delete(order.id);
      else if (canShip(order)) next.set(order.id, order);
      return next;
    });
  const toggleAll = (select: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const order of shown.filter(canShip)) {
        if (select) next.set(order.id, order);
        else next.delete(order.id);
      }
      return next;
    });
  const unselect = (ids: readonly string[]) =>
    setSelected((current) => new Map([...current].filter(([id]) => !ids.includes(id))));
  const clear = () => setSelected(new Map());
  return { selected, ids: new Set(selected.keys()), toggle, toggleAll, unselect, clear };
}
