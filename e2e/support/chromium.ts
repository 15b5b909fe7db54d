/**
 * Debian's Chromium, headless, with the flags this closed network needs: without the background-networking ones
 * its connections to Google's hosts are refused, many at a time, at every start.
 */
export const chromiumExecutable = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
