// <petition-sign> when something is wrong: the schema's problem codes in the page's language, from
// its own validation and from the proxy's 400s, the service's own words, and failed requests.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { PetitionSign } from '../../src/components/petition-embed.js';
import { part, text } from './shadow-query.js';
import { SIGNER, describeElement, fill, focused, loaded, signForm, submit, valueOf } from './sign-form.js';
import { createPetition, failNext } from './test-petition.js';
import deMessages from '../../src/components/i18n/de.js';

/** The messages in the error summary, top to bottom. */
const summaryItems = (el: PetitionSign) => [...el.shadowRoot!.querySelectorAll('.error-summary li')].map(text);

const FIRST_NAME_LABEL: Record<string, string> = { de: 'Vorname', fr: 'Prénom' };

async function signFormIn(lang: 'de' | 'fr', petitionId: number): Promise<PetitionSign> {
  const el = await loaded(await fixture<PetitionSign>(html`<petition-sign petition-id=${petitionId} lang=${lang}></petition-sign>`));
  await waitUntil(() => text(part(el, 'label[for="first_name"]')) === FIRST_NAME_LABEL[lang], `no ${lang}`);
  return el;
}

/** A failing submission: the form is valid, and the proxy answers as scripted. */
async function submitAnswered(
  el: PetitionSign,
  petitionId: number,
  status: number,
  messages: string[],
  problems?: Array<{ field: string; code: string }>,
): Promise<void> {
  await failNext(petitionId, { route: 'POST /signatures', status, messages, problems });
  submit(el);
  await waitUntil(() => part(el, '.error-summary'), `no error summary for ${status} ${messages.join(' | ')}`);
}

describe('<petition-sign> problem messages', () => {
  it("shows the service's own message for a 400 that names no signer field", async () => {
    const petitionId = await createPetition();
    const el = await signForm(petitionId);
    await fill(el);
    const answers = [
      ['petition_id: something the service says'],
      ['Your signature could not be accepted: this petition closed a minute ago.'],
    ];
    for (const messages of answers) {
      await submitAnswered(el, petitionId, 400, messages);
      await waitUntil(() => summaryItems(el).join() === messages.join(), `not shown: ${messages.join()}`);
      expect(text(part(el, '.error-summary'))).not.to.include('problem on our side');
      expect(focused(el)).to.equal(describeElement(part(el, '.error-summary')));
    }
    await expect(el).to.be.accessible();
  });

  it("gives the reason's limit, 1000, in its length message, and 255 for other fields", async () => {
    const el = await signForm(await createPetition());
    await fill(el);
    // Typing a thousand keys would take seconds: the values go in at their limit, one more key is typed.
    for (const [field, limit] of [['reason', 1000], ['city', 255]] as const) {
      const control = part<HTMLInputElement>(el, `#${field}`)!;
      control.value = 'a'.repeat(limit);
      control.focus();
      await sendKeys({ type: 'b' });
    }
    submit(el);
    await waitUntil(() => part(el, '.error-summary'));
    expect(summaryItems(el)).to.deep.equal([
      'Town or city must be 255 characters or fewer',
      'Reason for signing must be 1000 characters or fewer',
    ]);
    expect(text(part(el, '#reason-error'))).to.equal('Error: Reason for signing must be 1000 characters or fewer');
    expect(valueOf(el, 'reason')).to.have.length(1001);
    await expect(el).to.be.accessible();
  });

  it("says the reason's and a field's limits in German when the proxy refuses their length", async () => {
    const petitionId = await createPetition();
    const el = await signFormIn('de', petitionId);
    await fill(el);
    await submitAnswered(
      el,
      petitionId,
      400,
      ['city: Town or city must be 255 characters or fewer', 'reason: Reason for signing must be 1000 characters or fewer'],
      [{ field: 'city', code: 'too_long' }, { field: 'reason', code: 'too_long' }],
    );
    expect(summaryItems(el)).to.deep.equal(['Ort: höchstens 255 Zeichen', 'Ihre Begründung darf höchstens 1000 Zeichen lang sein']);
  });

  it("shows the proxy's hidden-character and no-letter problems in German, at their fields", async () => {
    const petitionId = await createPetition();
    const el = await signFormIn('de', petitionId);
    await fill(el);
    await submitAnswered(
      el,
      petitionId,
      400,
      [
        'first_name: Remove the hidden control or text direction characters from your first name',
        'last_name: Last name must include at least one letter',
        'reason: Remove the hidden control or text direction characters from your reason for signing',
      ],
      [
        { field: 'first_name', code: 'hidden_characters' },
        { field: 'last_name', code: 'no_letter' },
        { field: 'reason', code: 'hidden_characters' },
      ],
    );
    expect(text(part(el, '#first_name-error'))).to.equal(
      'Fehler: Entfernen Sie die unsichtbaren Steuer- oder Textrichtungszeichen aus Ihrem Vornamen',
    );
    expect(text(part(el, '#last_name-error'))).to.equal('Fehler: Ihr Nachname muss mindestens einen Buchstaben enthalten');
    expect(summaryItems(el)).to.deep.equal([
      'Entfernen Sie die unsichtbaren Steuer- oder Textrichtungszeichen aus Ihrem Vornamen',
      'Ihr Nachname muss mindestens einen Buchstaben enthalten',
      'Entfernen Sie die unsichtbaren Steuer- oder Textrichtungszeichen aus Ihrer Begründung',
    ]);
    expect(valueOf(el, 'first_name')).to.equal(SIGNER.first_name);
    await expect(el).to.be.accessible();
  });

  it('finds hidden characters and names without a letter itself, and says so in French', async () => {
    const petitionId = await createPetition();
    const el = await signFormIn('fr', petitionId);
    // A right-to-left override typed into the first name, a last name of digits only.
    await fill(el, { ...SIGNER, first_name: 'Ada\u202Eecalevol', last_name: '1234' });
    submit(el);
    await waitUntil(() => part(el, '.error-summary'));
    expect(summaryItems(el)).to.deep.equal([
      'Supprimez les caractères invisibles de contrôle ou de sens d’écriture dans votre prénom',
      'Votre nom doit contenir au moins une lettre',
    ]);
    expect(text(part(el, '#last_name-error'))).to.equal('Erreur : Votre nom doit contenir au moins une lettre');
    expect(valueOf(el, 'last_name')).to.equal('1234');
  });

  it('finds the same problems in English, in the words of the shared schema', async () => {
    const el = await signForm(await createPetition());
    await fill(el, { ...SIGNER, first_name: '42', city: 'Lon\u2066don' });
    submit(el);
    await waitUntil(() => part(el, '.error-summary'));
    expect(summaryItems(el)).to.deep.equal([
      'First name must include at least one letter',
      'Remove the hidden control or text direction characters from your town or city',
    ]);
  });

  it('lists problems in the order of the form, the country fourth, and focuses the summary', async () => {
    const el = await signForm(await createPetition());
    const { email: _email, city: _city, ...rest } = SIGNER;
    await fill(el, rest);
    const select = part<HTMLSelectElement>(el, '#country_code')!;
    select.value = '';
    select.dispatchEvent(new Event('change'));
    submit(el);
    await waitUntil(() => part(el, '.error-summary'));
    expect(summaryItems(el)).to.deep.equal(['Enter your email address', 'Select your country', 'Enter your town or city']);
    expect([...el.shadowRoot!.querySelectorAll('.error-summary a')].map((a) => a.getAttribute('href'))).to.deep.equal([
      '#email',
      '#country_code',
      '#city',
    ]);
    expect(focused(el)).to.equal(describeElement(part(el, '.error-summary')));
    await expect(el).to.be.accessible();
  });

  it("places server field messages at their fields with a 400's other words, and keeps the data", async () => {
    const petitionId = await createPetition();
    const el = await signForm(petitionId);
    await fill(el);
    await failNext(petitionId, {
      route: 'POST /signatures',
      status: 400,
      messages: ['city: Enter your town or city', 'Your request could not be read.', 'email: A message of a newer proxy'],
      problems: [{ field: 'city', code: 'required' }],
    });
    submit(el);
    await waitUntil(() => part(el, '#city-error'));
    // The words that name no field are kept beside the field's message, not dropped; a field
    // message without a code is shown as sent; field problems follow the form's order (email first).
    expect(summaryItems(el)).to.deep.equal(['Your request could not be read.', 'A message of a newer proxy', 'Enter your town or city']);
    expect(part(el, '#email')!.getAttribute('aria-invalid')).to.equal('true');
    expect(valueOf(el, 'city')).to.equal(SIGNER.city);
    expect(valueOf(el, 'email')).to.equal(SIGNER.email);
  });

  it('recognises a problem by its code, never by its English words', async () => {
    const petitionId = await createPetition();
    const el = await signFormIn('de', petitionId);
    await fill(el);
    // English words that are not the schema's, with a code: the code decides.
    await submitAnswered(el, petitionId, 400, ['city: whatever the proxy says'], [{ field: 'city', code: 'required' }]);
    expect(summaryItems(el)).to.deep.equal([deMessages.requiredCity]);
  });

  it('says what went wrong for 503, 429 and 403 answers', async () => {
    const petitionId = await createPetition();
    const el = await signForm(petitionId);
    await fill(el);
    const cases: Array<[number, string]> = [
      [503, 'problem on our side'],
      [429, 'Try again in 7 seconds'],
      [403, 'cannot collect signatures'],
    ];
    for (const [status, expected] of cases) {
      await failNext(petitionId, { route: 'POST /signatures', status, messages: ['upstream said no'], retryAfter: 7 });
      submit(el);
      await waitUntil(() => text(part(el, '.error-summary')).includes(expected), `no message for ${status}`);
      expect(focused(el)).to.equal(describeElement(part(el, '.error-summary')));
    }
    expect(valueOf(el, 'last_name')).to.equal(SIGNER.last_name);
  });

  it('keeps the data after a network failure and offers to retry', async () => {
    const petitionId = await createPetition();
    const el = await signForm(petitionId);
    await fill(el);
    await failNext(petitionId, { route: 'POST /signatures', network: true });
    submit(el);
    await waitUntil(() => part(el, '.alert'), 'no network failure message');
    expect(text(part(el, '.alert'))).to.include('Check your connection');
    expect(valueOf(el, 'address')).to.equal(SIGNER.address);
    part<HTMLButtonElement>(el, '.alert button')!.click();
    await waitUntil(() => part(el, '[part="thanks"]'), 'retry did not sign');
  });

  it('says the petition could not be loaded when the endpoint is not a URL at all', async () => {
    const el = await fixture<PetitionSign>(html`<petition-sign petition-id="1" endpoint="http://["></petition-sign>`);
    await waitUntil(() => part(el, '[part="retry"]'), 'no load failure');
    expect(text(part(el, '[part="status"]'))).to.include('could not be loaded');
    expect(part(el, 'form')).to.equal(null);
  });
});
