// Reads begun before the elements' code has arrived: the embed's loader starts the petition's
// GETs as it runs (embed-script/early-reads.ts), and the element's first request for the same URL
// takes that answer (petition-api.ts) instead of asking again. Kept on the global object under a
// registered symbol: the loader and the elements' chunks are separate scripts, each with its own
// copy of this module.

type EarlyReads = Map<string, Promise<Response>>;

const KEY = Symbol.for('petition-embed.early-reads');

function earlyReads(): EarlyReads {
  const holder = globalThis as { [KEY]?: EarlyReads };
  return (holder[KEY] ??= new Map());
}

/** Starts a GET of `url` unless one is already waiting to be taken. */
export function startEarlyRead(url: string): void {
  const reads = earlyReads();
  if (reads.has(url)) return;
  const response = fetch(url, { headers: { accept: 'application/json' } });
  // A failure is the taker's to handle; one never taken must not be an unhandled rejection.
  response.catch(() => undefined);
  reads.set(url, response);
}

/** The read begun for `url`, once: a later request (a refresh) asks the proxy afresh. */
export function takeEarlyRead(url: string): Promise<Response> | undefined {
  const reads = earlyReads();
  const response = reads.get(url);
  reads.delete(url);
  return response;
}
