// What the heavy-job tests watch while a job runs: the event loop's delay (the longest the
// service's thread was held, measured in this process, where the test service runs), and a
// console download read as it arrives, with the moment its first bytes came.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { IntervalHistogram } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ConsoleFixture } from '../console-fixture.js';

export interface LoopDelay {
  /** Stops measuring; the longest delay seen, in ms, and how many samples were taken. */
  stop(): { maxMs: number; samples: number };
}

/** Starts measuring once the histogram has taken its first sample (it takes none before a turn). */
export async function measureLoopDelay(): Promise<LoopDelay> {
  const histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  await sleep(20);
  histogram.reset();
  return {
    stop() {
      histogram.disable();
      return { maxMs: histogram.max / 1e6, samples: histogram.count };
    },
  };
}

export interface Download {
  status: number;
  /** Resolves once the first bytes of the body came. */
  started: Promise<void>;
  /** Resolves with the body's length once it has all come. */
  done: Promise<number>;
  /** The body as text (for a refusal's page). */
  text: () => Promise<string>;
  /** Stops reading and closes the connection, as a browser whose download is cancelled does. */
  abort: () => void;
}

/** POSTs a console form (its CSRF token from the petition's page) and reads the answer as it streams. */
export async function startDownload(f: ConsoleFixture, petitionId: number, action: 'delivery' | 'export'): Promise<Download> {
  await f.client.get(`/admin/petitions/${petitionId}`);
  const cookie = [...f.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const controller = new AbortController();
  const abort = () => controller.abort();
  const response = await fetch(`${f.client.origin}/admin/petitions/${petitionId}/${action}`, {
    signal: controller.signal,
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrf: f.client.csrfToken()! }).toString(),
  });
  if (response.status !== 200) {
    const body = response.text();
    return { status: response.status, started: Promise.resolve(), done: body.then((text) => text.length), text: () => body, abort };
  }
  let firstBytes!: () => void;
  const started = new Promise<void>((resolve) => (firstBytes = resolve));
  const done = (async () => {
    let bytes = 0;
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        firstBytes();
      }
    } catch (error) {
      if (!controller.signal.aborted) throw error;
    }
    firstBytes();
    return bytes;
  })();
  return { status: response.status, started, done, text: async () => '', abort };
}
