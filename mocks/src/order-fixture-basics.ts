// What every order fixture shares: the clock they are dated from and the shapes of their ids.

/**
 * Orders are dated from the time the mocks load, not a fixed day: "Late" and "Due today" are worked
 * out in the browser from the real clock, so a fixed date would make every order late.
 */
export const HOUR = 3_600_000;
export const ORDERS_NOW = Math.floor(Date.now() / 60_000) * 60_000;
export const hoursAgo = (hours: number) => new Date(ORDERS_NOW - hours * HOUR).toISOString();
/** The last second of the day `at` falls on where the browser is: an order due that day and not late yet. */
export const endOfDay = (at: number) => {
  const end = new Date(at);
  end.setHours(23, 59, 59, 0);
  return end.toISOString();
};
/** The end of the day the mocks loaded on (resetOrderMocks moves it to the day a story runs on). */
export const endOfToday = () => endOfDay(ORDERS_NOW);

export const pad = (n: number, width: number) => String(n).padStart(width, '0');
export const uuid = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${pad(n, 12)}`;
export const usd = (cents: number) => ({ amount: (cents / 100).toFixed(2), currency: 'USD' });
