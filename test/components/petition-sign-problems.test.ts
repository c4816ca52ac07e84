// <petition-sign> when the proxy refuses a signature or cannot be reached: messages at the fields
// or in the summary, and what the signer typed kept.
import { expect, waitUntil } from '@open-wc/testing';
import { part, text } from './shadow-query.js';
import { SIGNER, describeElement, fill, focused, signForm, submit, valueOf } from './sign-form.js';
import { createPetition, failNext } from './test-petition.js';

describe('<petition-sign> refusals and failures', () => {
  it('places server field messages at their fields, localizes a duplicate email, keeps the data', async () => {
    const petitionId = await createPetition();
    const first = await signForm(petitionId);
    await fill(first);
    submit(first);
    await waitUntil(() => text(part(first, '[role="status"]')).includes('Thank you'));

    const second = await signForm(petitionId);
    await fill(second);
    submit(second);
    await waitUntil(() => part(second, '.error-summary'));
    expect(text(part(second, '#email-error'))).to.equal('Error: This email address has already signed this petition');
    expect(part(second, '#email')!.getAttribute('aria-invalid')).to.equal('true');
    expect(valueOf(second, 'email')).to.equal(SIGNER.email);

    await failNext(petitionId, {
      route: 'POST /signatures',
      status: 400,
      messages: ['city: Enter your town or city', 'Your request could not be read.'],
    });
    submit(second);
    await waitUntil(() => part(second, '#city-error'));
    expect(text(part(second, '.error-summary'))).to.include('Enter your town or city');
    expect(valueOf(second, 'city')).to.equal(SIGNER.city);
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
    await waitUntil(() => text(part(el, '[role="status"]')).includes('Thank you'), 'retry did not sign');
  });

  it('says so when a submission cannot even be sent (a malformed endpoint), keeping the data', async () => {
    const el = await signForm(await createPetition());
    await fill(el);
    el.endpoint = 'http://[';
    submit(el);
    await waitUntil(() => part(el, '.error-summary'), 'no message');
    expect(text(part(el, '.error-summary'))).to.include('problem on our side');
    expect(part<HTMLButtonElement>(el, 'button[type="submit"]')!.disabled).to.equal(false);
    expect(valueOf(el, 'first_name')).to.equal(SIGNER.first_name);
  });
});
