import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { AUTH_DECLINED_CLOSE_DELAY_MS, AUTH_SUCCESS_CLOSE_DELAY_MS, AuthDeclined, AuthSuccess } from './PopupResult';

const pages: [string, ComponentType, number][] = [
  ['AuthSuccess', AuthSuccess, AUTH_SUCCESS_CLOSE_DELAY_MS],
  ['AuthDeclined', AuthDeclined, AUTH_DECLINED_CLOSE_DELAY_MS],
];

test('the delays are those of the spec: 3 s on success, 5 s on declined', () => {
  expect(AUTH_SUCCESS_CLOSE_DELAY_MS).toBe(3000);
  expect(AUTH_DECLINED_CLOSE_DELAY_MS).toBe(5000);
});

describe.each(pages)('%s', (_name, Page, delay) => {
  let close: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    vi.useFakeTimers();
    close = vi.spyOn(window, 'close').mockImplementation(() => {});
  });

  afterEach(() => {
    window.opener = null;
    close.mockRestore();
    vi.useRealTimers();
  });

  test('opened by another window, it closes itself after exactly the delay', () => {
    window.opener = window;
    render(<Page />);
    vi.advanceTimersByTime(delay - 1);
    expect(close).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(close).toHaveBeenCalledTimes(1);
  });

  test('opened directly, it never closes itself', () => {
    render(<Page />);
    vi.advanceTimersByTime(delay * 10);
    expect(close).not.toHaveBeenCalled();
  });

  test('left before the delay, it does not close the window afterwards', () => {
    window.opener = window;
    const { unmount } = render(<Page />);
    unmount();
    vi.advanceTimersByTime(delay);
    expect(close).not.toHaveBeenCalled();
  });
});
