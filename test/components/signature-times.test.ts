// How long ago each signer signed, as <petition-signatures> says it: in words where the language
// has them ("now", "yesterday"), numbers otherwise, in the element's language.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/components/petition-embed.js';
import type { PetitionSignatures } from '../../src/components/petition-embed.js';
import { part, text } from './shadow-query.js';
import { createPetition } from './test-petition.js';

const HOUR = 3600;
const DAY = 24 * HOUR;

/** The signers' times, newest first, from a petition whose signers signed that many seconds ago. */
async function timesShown(signedSecondsAgo: number[], lang = 'en'): Promise<{ el: PetitionSignatures; times: () => string[] }> {
  const petitionId = await createPetition({ signedSecondsAgo });
  const el = await fixture<PetitionSignatures>(
    html`<petition-signatures petition-id=${petitionId} refresh="0" lang=${lang}></petition-signatures>`,
  );
  await waitUntil(() => part(el, '[part="list"]'), 'signatures did not load');
  return { el, times: () => [...el.shadowRoot!.querySelectorAll('time')].map(text) };
}

describe('<petition-signatures> times', () => {
  it('says "now" for seconds ago and "yesterday" for about a day ago, accessibly', async () => {
    const { el, times } = await timesShown([DAY + 5 * 60, 5]);
    expect(times()).to.deep.equal(['now', 'yesterday']);
    await expect(el).to.be.accessible();
  });

  it('counts minutes, hours and days with numbers, never "in …" for a signature stamped a moment ahead', async () => {
    const { times } = await timesShown([3 * DAY + HOUR, 2 * HOUR + 60, 90, 59, -2]);
    expect(times()).to.deep.equal(['now', 'now', '1 minute ago', '2 hours ago', '3 days ago']);
  });

  it('says them in German', async () => {
    const { times } = await timesShown([DAY + 5 * 60, 5], 'de');
    await waitUntil(() => times().join() === 'jetzt,gestern', `not German: ${times().join()}`);
  });
});
