import type { ReactNode } from 'react';
import type { ToastVariant } from './Toast.variants';

/** Only one toast is shown at a time: a new toast replaces the current one (spec section 4). */
export const TOAST_LIMIT = 1;
/** A dismissed toast stays mounted (closed) for 1,000,000 ms before removal (spec section 9). */
export const TOAST_REMOVE_DELAY = 1_000_000;

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** An optional action, e.g. "Retry"; the label is also what screen readers hear. */
  action?: { label: string; onSelect: () => void };
  /** Milliseconds before the toast closes by itself; Radix's default when omitted. */
  duration?: number;
}

export interface ToastEntry extends ToastOptions {
  id: string;
  /** False once dismissed; the entry is removed TOAST_REMOVE_DELAY later. */
  open: boolean;
}

export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (options: ToastOptions) => void;
}

export interface ToastStore {
  getSnapshot: () => readonly ToastEntry[];
  subscribe: (listener: () => void) => () => void;
  toast: (options: ToastOptions) => ToastHandle;
  /** Closes one toast, or all when no id is given. */
  dismiss: (id?: string) => void;
  /** Removes one toast at once, or all when no id is given. */
  remove: (id?: string) => void;
}

interface ToastStoreOptions {
  limit?: number;
  removeDelay?: number;
}

/**
 * A small external store (read with useSyncExternalStore), so toasts can be raised from
 * anywhere the store is reachable, such as mutation callbacks, not only from components.
 */
export function createToastStore({
  limit = TOAST_LIMIT,
  removeDelay = TOAST_REMOVE_DELAY,
}: ToastStoreOptions = {}): ToastStore {
  let toasts: readonly ToastEntry[] = [];
  let nextId = 0;
  const listeners = new Set<() => void>();
  const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

  const setToasts = (next: readonly ToastEntry[]) => {
    toasts = next;
    listeners.forEach((listener) => listener());
  };

  const clearRemovalTimer = (id: string) => {
    const timer = removalTimers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    removalTimers.delete(id);
  };

  const remove = (id?: string) => {
    const removed = id === undefined ? toasts : toasts.filter((entry) => entry.id === id);
    removed.forEach((entry) => clearRemovalTimer(entry.id));
    setToasts(id === undefined ? [] : toasts.filter((entry) => entry.id !== id));
  };

  const scheduleRemoval = (id: string) => {
    if (removalTimers.has(id)) return;
    removalTimers.set(
      id,
      setTimeout(() => remove(id), removeDelay),
    );
  };

  const dismiss = (id?: string) => {
    toasts.forEach((entry) => {
      if (id === undefined || entry.id === id) scheduleRemoval(entry.id);
    });
    setToasts(toasts.map((entry) => (id === undefined || entry.id === id ? { ...entry, open: false } : entry)));
  };

  const update = (id: string, options: ToastOptions) => {
    setToasts(toasts.map((entry) => (entry.id === id ? { ...entry, ...options } : entry)));
  };

  const toast = (options: ToastOptions): ToastHandle => {
    nextId += 1;
    const id = String(nextId);
    const kept = [{ ...options, id, open: true }, ...toasts].slice(0, limit);
    // Toasts pushed out by the limit are gone for good: forget their timers too.
    toasts.filter((entry) => !kept.includes(entry)).forEach((entry) => clearRemovalTimer(entry.id));
    setToasts(kept);
    return { id, dismiss: () => dismiss(id), update: (next) => update(id, next) };
  };

  return {
    getSnapshot: () => toasts,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    toast,
    dismiss,
    remove,
  };
}
