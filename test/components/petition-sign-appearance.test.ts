// <petition-sign>'s looks: a narrow screen, the page's colour scheme, and its --petition-* styling API.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { emulateMedia, setViewport } from '@web/test-runner-commands';
import type { PetitionSign } from '../../src/components/petition-embed.js';
import { part, text } from './shadow-query.js';
import { SIGNER, fill, loaded, signForm, submit } from './sign-form.js';
import { petitionSignStyles } from '../../src/components/petition-sign/petition-sign.styles.js';
import { petitionSignaturesStyles } from '../../src/components/petition-signatures/petition-signatures.styles.js';
import { createPetition } from './test-petition.js';

describe('<petition-sign> appearance', () => {
  it('fits a 320 px wide screen, errors included', async () => {
    await setViewport({ width: 320, height: 640 });
    try {
      const el = await signForm(await createPetition({ hiddenCount: 1_234_567 }), html``);
      el.setAttribute('lang', 'de');
      await waitUntil(() => text(part(el, 'label[for="first_name"]')) === 'Vorname');
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

  it('stays readable (axe color-contrast) on a dark page that does not declare color-scheme, in every state', async () => {
    const petitionId = await createPetition({ resource: { goal: 100, title: 'Dark', url: 'https://campaign.example.org/dark' } });
    for (const colorScheme of ['', 'color-scheme: dark;']) {
      const page = await fixture<HTMLElement>(html`<div style="${colorScheme} background: #0b0c0c; color: #f3f2f1; padding: 1rem">
        <petition-sign petition-id=${petitionId} country="US" show="title"></petition-sign>
      </div>`);
      const el = await loaded(page.querySelector('petition-sign')!);
      await expect(page, `form ${colorScheme}`).to.be.accessible();
      submit(el);
      await waitUntil(() => part(el, '.error-summary'));
      expect(getComputedStyle(part(el, '.error-message')!).color).to.equal('rgb(255, 138, 128)');
      await expect(page, `errors ${colorScheme}`).to.be.accessible();
      await fill(el, { ...SIGNER, email: `dark${colorScheme.length}@example.org` });
      submit(el);
      await waitUntil(() => part(el, '[part="share"]'), 'no share step');
      await expect(page, `share step ${colorScheme}`).to.be.accessible();
    }
  });

  it('uses no light-dark() colour without a plain one before it, so browsers without it keep every colour', () => {
    const sheets = [petitionSignStyles, petitionSignaturesStyles].flat().map((style) => style.cssText).join('\n');
    for (const declaration of sheets.split(/[;{}]/).filter((d) => d.includes('light-dark('))) {
      const property = declaration.split(':')[0]!.trim();
      expect(sheets, `${property} has a fallback before its light-dark()`).to.match(new RegExp(`${property}:[^;]*;\\s*${property}:[^;]*light-dark\\(`));
    }
  });

  it('takes its colours, font and radii from --petition-* properties', async () => {
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
    expect(getComputedStyle(part(el, '#first_name')!).borderTopLeftRadius).to.equal('9px');
    expect(getComputedStyle(el).fontFamily).to.equal('monospace');

    const separate = await loaded(
      await fixture<PetitionSign>(html`<petition-sign
        petition-id=${petitionId}
        style="--petition-radius: 9px; --petition-control-radius: 2px; --petition-button-radius: 20px; --petition-box-radius: 0px"
      ></petition-sign>`),
    );
    expect(getComputedStyle(part(separate, '#first_name')!).borderTopLeftRadius).to.equal('2px');
    expect(getComputedStyle(part(separate, 'button[type="submit"]')!).borderTopLeftRadius).to.equal('20px');
    expect(getComputedStyle(part(separate, '[part="progress"]')!).borderTopLeftRadius).to.equal('0px');
  });

  it('exposes parts for the checkbox, its label, the progress bar and the share step', async () => {
    const el = await signForm(await createPetition());
    for (const name of ['checkbox', 'checkbox-label', 'progress', 'progress-value', 'goal', 'submit', 'form']) {
      expect(part(el, `[part~="${name}"]`), name).to.exist;
    }
    await fill(el);
    submit(el);
    await waitUntil(() => part(el, '[part="share"]'), 'no share step');
    for (const name of ['thanks', 'share', 'share-link', 'share-button']) {
      expect(part(el, `[part~="${name}"]`), name).to.exist;
    }
  });
});
