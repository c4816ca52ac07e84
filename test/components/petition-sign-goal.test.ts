// <petition-sign> showing momentum: the bar toward the goal (or the next milestone), the
// petition's title and overview on request, and a closed petition's final count.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { PetitionSign } from '../../src/components/petition-embed.js';
import { nextMilestone } from '../../src/components/petition-sign/goal-progress.js';
import { part, text } from './shadow-query.js';
import { loaded, signForm } from './sign-form.js';
import { createPetition } from './test-petition.js';

const bar = (el: PetitionSign) => part(el, '[role="progressbar"]')!;

describe('<petition-sign> goal', () => {
  it('shows a progress bar toward the petition goal, named "3,412 of 5,000 signatures"', async () => {
    const el = await signForm(await createPetition({ listed: 12, hiddenCount: 3_400, resource: { goal: 5_000 } }));
    expect(bar(el).getAttribute('aria-label')).to.equal('3,412 of 5,000 signatures');
    expect(bar(el).getAttribute('aria-valuenow')).to.equal('3412');
    expect(bar(el).getAttribute('aria-valuemax')).to.equal('5000');
    expect(text(part(el, '.goal-text'))).to.equal('Goal: 5,000');
    const width = part(el, '[part="progress-value"]')!.getBoundingClientRect().width / bar(el).getBoundingClientRect().width;
    expect(width).to.be.closeTo(3_412 / 5_000, 0.02);
    await expect(el).to.be.accessible();
  });

  it('without a goal, aims at the next milestone above the count', async () => {
    expect([0, 99, 100, 499, 500, 999, 1_000, 4_999, 5_000, 12_345, 999_999].map(nextMilestone)).to.deep.equal([
      100, 100, 500, 500, 1_000, 1_000, 5_000, 5_000, 10_000, 50_000, 1_000_000,
    ]);
    const el = await signForm(await createPetition({ listed: 12, hiddenCount: 600 }));
    expect(bar(el).getAttribute('aria-label')).to.equal('612 of 1,000 signatures');
    expect(text(part(el, '.goal-text'))).to.equal('Next milestone: 1,000');
  });

  it('takes the page\'s own goal over the petition\'s; a goal already passed is a full bar', async () => {
    const petitionId = await createPetition({ listed: 30, resource: { goal: 20 } });
    const own = await loaded(await fixture<PetitionSign>(html`<petition-sign petition-id=${petitionId} goal="250"></petition-sign>`));
    expect(bar(own).getAttribute('aria-label')).to.equal('30 of 250 signatures');
    const passed = await signForm(petitionId);
    expect(bar(passed).getAttribute('aria-label')).to.equal('30 of 20 signatures');
    expect(bar(passed).getAttribute('aria-valuenow')).to.equal('20');
  });

  it('shows the title and overview only when asked to', async () => {
    const resource = { title: 'Save the park', overview: 'The council wants to sell it.\nWe say no.' };
    const petitionId = await createPetition({ resource });
    const plain = await signForm(petitionId);
    expect(part(plain, '[part="title"]')).to.equal(null);
    expect(part(plain, '[part="overview"]')).to.equal(null);
    const shown = await loaded(await fixture<PetitionSign>(html`<petition-sign petition-id=${petitionId} show="title overview"></petition-sign>`));
    expect(text(part(shown, 'h2[part="title"]'))).to.equal('Save the park');
    expect(part(shown, '[part="overview"]')!.textContent).to.equal(resource.overview);
    const titleOnly = await loaded(await fixture<PetitionSign>(html`<petition-sign petition-id=${petitionId} show="title"></petition-sign>`));
    expect(part(titleOnly, '[part="overview"]')).to.equal(null);
    await expect(shown).to.be.accessible();
  });

  it('a closed petition, or one past its end, says it is closed with the final count, and shows no form', async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    for (const resource of [{ status: 'closed' as const }, { end_at: past }]) {
      const el = await fixture<PetitionSign>(html`<petition-sign petition-id=${await createPetition({ listed: 7, hiddenCount: 1_000, resource })}></petition-sign>`);
      await waitUntil(() => part(el, '[part="closed"]'), `not closed: ${JSON.stringify(resource)}`);
      expect(text(part(el, '[part="closed"]'))).to.equal('This petition is closed. 1,007 people signed it.');
      expect(part(el, 'form')).to.equal(null);
      expect(part(el, '[role="progressbar"]')).to.equal(null);
      await expect(el).to.be.accessible();
    }
  });
});
