// How every browser test here starts the system's Chromium (Debian's package; no test tool may
// download its own). Plain JS so that web-test-runner's config can import it too.
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Root needs --no-sandbox; the rest stop Chromium reaching for hosts this machine cannot reach. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];
