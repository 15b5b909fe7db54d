/** The zones most sellers pick, by IANA name; the browser's own and the user's saved one are added to the list. */
export const commonTimeZones = [
  'UTC',
  'America/Los_Angeles',
  'America/Denver',
  'America/Chicago',
  'America/New_York',
  'America/Toronto',
  'America/Sao_Paulo',
  'Europe/London',
  'Europe/Paris',
  'Europe/Berlin',
  'Asia/Dubai',
  'Asia/Kolkata',
  'Asia/Shanghai',
  'Asia/Tokyo',
  'Australia/Sydney',
] as const;

/** The browser's time zone (UTC when it names none). */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The choices of the time zone select: the common ones, plus the browser's and the saved one when not among them. */
export function timeZoneChoices(browser: string, saved: string | null | undefined): string[] {
  const zones = new Set<string>(commonTimeZones);
  zones.add(browser);
  if (saved) zones.add(saved);
  return [...zones].sort((a, b) => (a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b)));
}
