// <petition-sign>'s looks: a narrow screen, the page's colour scheme, and its --petition-* styling API.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { emulateMedia, setViewport } from '@web/test-runner-commands';
import type { PetitionSign } from '../../src/components/petition-embed.js';
import { part, text } from './shadow-query.js';
import { loaded, signForm, submit } from './sign-form.js';
import { createPetition } from './test-petition.js';

describe('<petition-sign> appearance', () => {
  it('fits a 320 px wide screen, errors included', async () => {
    await setViewport({ width: 320, height: 640 });
    try {
      const el = await signForm(await createPetition({ hiddenCount: 1_234_567 }), html``);
      el.setAttribute('lang', 'de');
      await waitUntil(() => text(part(el, 'button[type="submit"]')) === 'Diese Petition unterschreiben');
      submit(el);
      await waitUntil(() => part(el, '.error-summary'));
      expect(document.documentElement.scrollWidth).to.be.at.most(320);
      for (const node of el.shadowRoot!.querySelectorAll<HTMLElement>('[part]')) {
        expect(node.getBoundingClientRect().right, node.getAttribute('part')!).to.be.at.most(320);
      }
    } finally {
      document.documentElement.removeAttribute('lang');
      await setViewport({ width: 800, height: 600 });
    }
  });

  it('follows the page colour scheme: light on a light page even when the system prefers dark; dark on a dark page', async () => {
    const petitionId = await createPetition();
    await emulateMedia({ colorScheme: 'dark' });
    try {
      const light = await signForm(petitionId);
      submit(light);
      await waitUntil(() => part(light, '.error-summary'));
      expect(getComputedStyle(part(light, '.error-message')!).color).to.equal('rgb(179, 38, 30)');
      expect(getComputedStyle(part(light, '#first_name')!).backgroundColor).to.equal('rgb(255, 255, 255)');

      const page = await fixture<HTMLElement>(html`<div style="color-scheme: dark; background: #121212; color: #f0f0f0">
        <petition-sign petition-id=${petitionId}></petition-sign>
      </div>`);
      const dark = await loaded(page.querySelector('petition-sign')!);
      submit(dark);
      await waitUntil(() => part(dark, '.error-summary'));
      expect(getComputedStyle(part(dark, '.error-message')!).color).to.equal('rgb(255, 138, 128)');
      expect(getComputedStyle(part(dark, '#first_name')!).backgroundColor).not.to.equal('rgb(255, 255, 255)');
      await expect(dark).to.be.accessible();
    } finally {
      await emulateMedia({ colorScheme: 'light' });
    }
  });

  it('takes its colours, font and radius from --petition-* properties', async () => {
    const petitionId = await createPetition();
    const el = await loaded(
      await fixture<PetitionSign>(html`<petition-sign
        petition-id=${petitionId}
        style="--petition-accent-color: rgb(10, 20, 30); --petition-radius: 9px; --petition-font: monospace"
      ></petition-sign>`),
    );
    const button = getComputedStyle(part(el, 'button[type="submit"]')!);
    expect(button.backgroundColor).to.equal('rgb(10, 20, 30)');
    expect(button.borderTopLeftRadius).to.equal('9px');
    expect(getComputedStyle(el).fontFamily).to.equal('monospace');
  });
});
