// Interaction to next paint, in Chromium's own measure (Event Timing), for every keystroke in
// <petition-sign>'s form, its submit, and paging <petition-signatures>, on a fresh page at 4x CPU
// with the proof of work being solved meanwhile (it begins at the form's first focus and takes
// about 2 s at 4x: docs/benchmarks.md "Proof of work"). Each interaction's duration is the
// longest of its events' (input delay, handlers and the paint after them), from a
// PerformanceObserver of type 'event' with durationThreshold 16: a shorter one reports nothing,
// and counts as 0. Shared by test/e2e/interaction-latency.test.ts, which holds it under 200 ms,
// and bench/elements/, which reports it; both against the real stack (src/dev/stack.ts).
import type { Browser } from 'playwright-core';

/**
 * A host page with the form (its country set, so that the address rules are known) and a paged
 * list of signers side by side, all of it in the viewport (VIEWPORT): a field or button below
 * the fold would be scrolled to by the test's own focus or click, and the raster of the scrolled
 * page (in software, on a shared machine) would be counted in the keystroke's paint, where a
 * person's own scroll comes before the tap, not with it.
 */
export function interactionPage(proxyUrl: string, petitionId: number): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Campaign</title>
<script type="module" src="${proxyUrl}/petition-embed.js"></script></head>
<body><h1>Our campaign</h1><main style="display: grid; grid-template-columns: 1fr 1fr; gap: 2rem; align-items: start">
<petition-sign petition-id="${petitionId}" country="US"></petition-sign>
<petition-signatures petition-id="${petitionId}" mode="list"></petition-signatures></main></body></html>`;
}

const VIEWPORT = { width: 1280, height: 1200 };
/** Between two keys: about six a second, a quick typist's pace. */
const PACE_MS = 150;

/**
 * In the page from its first moment: Event Timing entries of interactions, and the times at which
 * the test began each action. An interaction's duration reaches the screen only after its paint,
 * which may come after the next action has begun: so each interaction is matched to the last
 * action begun before it, once the round is over.
 */
const RECORD_EVENTS = `(() => {
  const events = [];
  const observer = new PerformanceObserver((list) => events.push(...list.getEntries()));
  observer.observe({ type: 'event', durationThreshold: 16, buffered: true });
  window.takeInteractions = () =>
    [...events, ...observer.takeRecords()]
      .filter((entry) => entry.interactionId > 0)
      .map((entry) => ({ id: entry.interactionId, start: entry.startTime, duration: entry.duration }));
})();`;

interface Interaction {
  id: number;
  start: number;
  duration: number;
}

/** Each action's duration (ms): the longest of the interactions begun after it and before the next; 0 if none was reported. */
function durationsOf(actions: Array<{ name: string; at: number }>, interactions: Interaction[]): Map<string, number> {
  const durations = new Map(actions.map(({ name }) => [name, 0]));
  for (const interaction of interactions) {
    const action = actions.findLast(({ at }) => at <= interaction.start);
    if (action) durations.set(action.name, Math.max(durations.get(action.name)!, interaction.duration));
  }
  return durations;
}

const FIELDS: Array<[label: string, value: (round: number) => string]> = [
  ['First name', () => 'Katherine'],
  ['Last name', () => 'Johnson'],
  ['Email address', (round) => `katherine.${round}.${Date.now()}@example.net`],
  ['Address', () => '3 Langley Way'],
  ['Town or city', () => 'Hampton'],
  ['ZIP code', () => '23666'],
];

export interface InteractionRound {
  /** Interaction -> duration (ms). */
  durations: Map<string, number>;
  /** The proof was still being solved when the form was sent. */
  proofWaited: boolean;
}

const inShadow = (tag: string, selector: string) => `document.querySelector('${tag}').shadowRoot.querySelector('${selector}')`;

/** One run of every measured interaction on a fresh page of `url` (interactionPage) at 4x CPU; `round` makes the email unique. */
export async function interactionRound(browser: Browser, url: string, round: number): Promise<InteractionRound> {
  const actions: Array<{ name: string; at: number }> = [];
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-US' });
  try {
    const page = await context.newPage();
    // When each action begins, on the page's clock, read here rather than in the page: asking the
    // page would wait for its main thread, and so never send a key while a long task runs.
    let timeOrigin = 0;
    const act = async (name: string, action: () => Promise<unknown>) => {
      actions.push({ name, at: Date.now() - timeOrigin });
      await action();
    };
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(RECORD_EVENTS);
    await page.goto(url);
    timeOrigin = (await page.evaluate('performance.timeOrigin')) as number;
    const form = page.locator('petition-sign');
    const list = page.locator('petition-signatures');
    await form.locator('button[type="submit"]').waitFor();
    await list.locator('[part="page"]').waitFor();

    // The first focus starts the proof of work (about 2 s at 4x) and fetches the country's address
    // rules (the state becomes a list, the postal code a ZIP code): the first keys, and the submit
    // of the form with only a first name, happen while it is fetched and solved. Key after key
    // at a person's pace (PACE_MS), never waiting for the page in between, so that a key may
    // arrive while a slice of the proof (or anything else) holds the main thread.
    for (const [label, value] of FIELDS) {
      const field = form.getByLabel(label, { exact: true });
      await field.focus();
      const text = value(round);
      for (let index = 0; index < text.length; index++) {
        await act(`${label}: key ${index + 1} ("${text[index]}")`, () => page.keyboard.press(text[index]!));
        await new Promise((resolve) => setTimeout(resolve, PACE_MS));
      }
      await page.waitForFunction(`${inShadow('petition-sign', `#${await field.getAttribute('id')}`)}.value === ${JSON.stringify(text)}`);
      if (label === 'First name') {
        await act('submit with problems', async () => {
          await form.getByRole('button', { name: 'Sign this petition' }).click();
          await form.locator('.error-summary').waitFor();
        });
      }
    }
    // Chosen by script (untrusted events): no interaction of its own to lend the last key.
    await form.locator('select[name="state_province"]').selectOption('VA');
    await act('submit', () => form.getByRole('button', { name: 'Sign this petition' }).click());
    // Whether the proof was still being solved: the status says the signature waits for it.
    const proofWaited = (await form.locator('[role="status"]').textContent())?.includes('quick check') ?? false;
    await form.locator('[part="thanks"]').waitFor({ timeout: 60_000 });

    await act('next page', async () => {
      await list.locator('[part="next"]').click();
      await page.waitForFunction(`${inShadow('petition-signatures', '[part="page"]')}.textContent.startsWith('Page 2 ')`);
    });
    await act('previous page', async () => {
      await list.locator('[part="previous"]').click();
      await page.waitForFunction(`${inShadow('petition-signatures', '[part="page"]')}.textContent.startsWith('Page 1 ')`);
    });
    // Two frames after the last change: its paint, and so its duration, has been reported.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const interactions = (await page.evaluate('window.takeInteractions()')) as Interaction[];
    return { durations: durationsOf(actions, interactions), proofWaited };
  } finally {
    await context.close();
  }
}

