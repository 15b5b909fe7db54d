import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY, createToastStore } from './toastStore';

describe('toast store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('follows the spec: one toast at a time, removal 1,000,000 ms after dismissal', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
  });

  test('a new toast replaces the one on screen', () => {
    const store = createToastStore();
    store.toast({ title: 'Welcome back!' });
    store.toast({ title: 'Logged out' });
    expect(store.getSnapshot().map((entry) => entry.title)).toEqual(['Logged out']);
  });

  test('a dismissed toast closes at once and is removed after the delay', () => {
    const store = createToastStore();
    const { dismiss } = store.toast({ title: 'Verification Email Sent' });
    dismiss();
    expect(store.getSnapshot()).toEqual([expect.objectContaining({ open: false })]);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  test('dismiss() without an id closes every toast', () => {
    const store = createToastStore({ limit: 3 });
    store.toast({ title: 'A' });
    store.toast({ title: 'B' });
    store.dismiss();
    expect(store.getSnapshot().every((entry) => !entry.open)).toBe(true);
  });

  test('update changes a toast in place', () => {
    const store = createToastStore();
    const handle = store.toast({ title: 'Signing in' });
    handle.update({ title: 'Welcome back!', variant: 'success' });
    expect(store.getSnapshot()).toEqual([
      expect.objectContaining({ id: handle.id, title: 'Welcome back!', variant: 'success' }),
    ]);
  });

  test('subscribers hear every change and can unsubscribe', () => {
    const store = createToastStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.toast({ title: 'A' });
    unsubscribe();
    store.toast({ title: 'B' });
    expect(listener).toHaveBeenCalledOnce();
  });
});
