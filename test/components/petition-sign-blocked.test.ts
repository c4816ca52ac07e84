// <petition-sign> for a signer the operator's block lists refuse: the service's 403
// "This signature cannot be accepted." (src/service/abuse/submission-screen.ts), which the proxy
// passes on as it is (src/proxy/outbox/submissions.ts). The form says the signature cannot be
// accepted, never the words of an outage or of a refused site, which send campaigns false reports.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { PetitionSign } from '../../src/components/petition-embed.js';
import { part, text } from './shadow-query.js';
import { describeElement, fill, focused, loaded, signForm, submit } from './sign-form.js';
import { createPetition, failNext } from './test-petition.js';

const summary = (el: PetitionSign) => [...el.shadowRoot!.querySelectorAll('.error-summary li')].map(text);

/** The answer as the proxy sends it for a blocked signer (docs/api.md, the screening's 403). */
async function blockedNext(petitionId: number): Promise<void> {
  await failNext(petitionId, { route: 'POST /signatures', status: 403, messages: ['This signature cannot be accepted.'] });
}

describe('<petition-sign> for a blocked signer', () => {
  it('says the signature cannot be accepted, not that the site cannot collect signatures; axe finds nothing', async () => {
    const petitionId = await createPetition();
    const el = await signForm(petitionId);
    await fill(el);
    await blockedNext(petitionId);
    submit(el);
    await waitUntil(() => part(el, '.error-summary'), 'no error summary');
    expect(summary(el)).to.deep.equal(['This signature cannot be accepted.']);
    expect(text(part(el, '.error-summary'))).not.to.include('cannot collect');
    expect(focused(el)).to.equal(describeElement(part(el, '.error-summary')));
    await expect(el).to.be.accessible();
  });

  it("says it in the form's language (Arabic, German)", async () => {
    const words = { ar: 'لا يمكن قبول هذا التوقيع.', de: 'Diese Unterschrift kann nicht angenommen werden.' };
    for (const [lang, expected] of Object.entries(words)) {
      const petitionId = await createPetition();
      const el = await loaded(await fixture<PetitionSign>(html`<petition-sign petition-id=${petitionId} lang=${lang}></petition-sign>`));
      await fill(el);
      await blockedNext(petitionId);
      submit(el);
      await waitUntil(() => summary(el).join() === expected, `${lang}: ${summary(el).join()}`);
      await expect(el).to.be.accessible();
    }
  });

  it("keeps the refused site's words for any other 403", async () => {
    const petitionId = await createPetition();
    const el = await signForm(petitionId);
    await fill(el);
    await failNext(petitionId, { route: 'POST /signatures', status: 403, messages: ['This website no longer accepts signatures for this petition.'] });
    submit(el);
    await waitUntil(() => part(el, '.error-summary'), 'no error summary');
    expect(summary(el)).to.deep.equal(['This site cannot collect signatures for this petition at the moment.']);
  });
});
