// Right to left: in Arabic and Hebrew the elements are mirrored, measured on screen (labels and the
// submit button start at the right, the goal bar fills from the right, "Previous" sits right of
// "Next"); the page's `dir` wins over the language, the element's own `dir` over both, and a
// change of either is followed. No style of the elements names a physical side.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/components/petition-embed.js';
import type { PetitionSign, PetitionSignatures } from '../../src/components/petition-embed.js';
import ar from '../../src/components/i18n/ar.js';
import he from '../../src/components/i18n/he.js';
import { en } from '../../src/components/i18n/messages.js';
import { part, text } from './shadow-query.js';
import { createPetition } from './test-petition.js';

/** Within a pixel and a half: sub-pixel layout differs between edges. */
const near = (a: number, b: number) => Math.abs(a - b) < 1.5;

/** The box of an element's text (a label fills its grid row; its words do not). */
function textBox(node: Element): DOMRect {
  const range = document.createRange();
  range.selectNodeContents(node);
  return range.getBoundingClientRect();
}

function dirOf(el: Element): string {
  const base = part(el, '[part="base"]')!;
  expect(getComputedStyle(base).direction).to.equal(base.getAttribute('dir'));
  return base.getAttribute('dir')!;
}

async function signIn(template: ReturnType<typeof html>, submitText: string): Promise<PetitionSign> {
  const root = await fixture<HTMLElement>(template);
  const el = root.localName === 'petition-sign' ? (root as PetitionSign) : root.querySelector('petition-sign')!;
  await waitUntil(() => text(part(el, 'button[type="submit"]')) === submitText, `not "${submitText}"`);
  return el;
}

/** The form's layout starts at the right edge of the element: label, submit button, goal bar. */
function expectMirrored(el: PetitionSign): void {
  const host = el.getBoundingClientRect();
  const label = textBox(part(el, 'label[for="first_name"]')!);
  expect(near(label.right, host.right), `label ends at ${label.right}, host at ${host.right}`).to.equal(true);
  expect(label.left).to.be.greaterThan(host.left + 50);
  const button = part(el, 'button[type="submit"]')!.getBoundingClientRect();
  expect(near(button.right, host.right), `button ends at ${button.right}, host at ${host.right}`).to.equal(true);
  expect(button.left).to.be.greaterThan(host.left + 50);
  const bar = part(el, '[part="progress"]')!.getBoundingClientRect();
  const fill = part(el, '[part="progress-value"]')!.getBoundingClientRect();
  expect(fill.width).to.be.greaterThan(0);
  expect(near(fill.right, bar.right - 1), `fill ends at ${fill.right}, bar at ${bar.right}`).to.equal(true);
  expect(fill.left).to.be.greaterThan(bar.left + bar.width / 2);
}

/** The form's layout starts at the left edge. */
function expectLeftToRight(el: PetitionSign): void {
  const host = el.getBoundingClientRect();
  expect(near(textBox(part(el, 'label[for="first_name"]')!).left, host.left)).to.equal(true);
  expect(near(part(el, 'button[type="submit"]')!.getBoundingClientRect().left, host.left)).to.equal(true);
  const bar = part(el, '[part="progress"]')!.getBoundingClientRect();
  expect(near(part(el, '[part="progress-value"]')!.getBoundingClientRect().left, bar.left + 1)).to.equal(true);
}

describe('right to left', () => {
  it('<petition-sign lang="ar"> is mirrored: labels, button and the goal bar start at the right', async () => {
    const petitionId = await createPetition({ listed: 5 });
    const el = await signIn(html`<petition-sign petition-id=${petitionId} lang="ar" goal="20"></petition-sign>`, ar.submit);
    expect(dirOf(el)).to.equal('rtl');
    expectMirrored(el);
    await expect(el).to.be.accessible();
  });

  it('<petition-sign> in Hebrew, from a page with dir="rtl" and lang="he", is mirrored', async () => {
    const petitionId = await createPetition({ listed: 5 });
    const el = await signIn(html`<div dir="rtl" lang="he"><petition-sign petition-id=${petitionId} goal="20"></petition-sign></div>`, he.submit);
    expect(dirOf(el)).to.equal('rtl');
    expectMirrored(el);
    await expect(el).to.be.accessible();
  });

  it('<petition-signatures> in Arabic and Hebrew puts "Previous" to the right of "Next"', async () => {
    const petitionId = await createPetition({ listed: 12, hiddenCount: 1000 });
    for (const [lang, catalogue] of [['ar', ar], ['he', he]] as const) {
      const el = await fixture<PetitionSignatures>(html`<petition-signatures petition-id=${petitionId} mode="list" lang=${lang}></petition-signatures>`);
      await waitUntil(() => text(part(el, '[part="next"]')) === catalogue.next, `no ${lang} pager`);
      expect(dirOf(el)).to.equal('rtl');
      const previous = part(el, '[part="previous"]')!.getBoundingClientRect();
      const next = part(el, '[part="next"]')!.getBoundingClientRect();
      expect(previous.left, `${lang}: previous at ${previous.left}, next ends at ${next.right}`).to.be.greaterThan(next.right);
      await expect(el).to.be.accessible();
    }
  });

  it('an English form in a dir="rtl" page follows the page; dir="ltr" on an Arabic form overrides its language', async () => {
    const petitionId = await createPetition({ listed: 5 });
    const english = await signIn(html`<div dir="rtl"><petition-sign petition-id=${petitionId} lang="en" goal="20"></petition-sign></div>`, en.submit);
    expect(dirOf(english)).to.equal('rtl');
    expectMirrored(english);
    const arabic = await signIn(html`<petition-sign petition-id=${petitionId} lang="ar" dir="ltr" goal="20"></petition-sign>`, ar.submit);
    expect(dirOf(arabic)).to.equal('ltr');
    expectLeftToRight(arabic);
  });

  it('follows a change of dir or lang after render', async () => {
    const petitionId = await createPetition({ listed: 5 });
    const page = await fixture<HTMLElement>(html`<div><petition-sign petition-id=${petitionId} goal="20"></petition-sign></div>`);
    const el = page.querySelector('petition-sign')!;
    await waitUntil(() => text(part(el, 'button[type="submit"]')) === en.submit, 'no English form');
    expect(dirOf(el)).to.equal('ltr');
    page.setAttribute('dir', 'rtl');
    await waitUntil(() => dirOf(el) === 'rtl', 'did not follow the page to rtl');
    expectMirrored(el);
    page.removeAttribute('dir');
    await waitUntil(() => dirOf(el) === 'ltr', 'did not go back to ltr');
    el.setAttribute('lang', 'he');
    await waitUntil(() => dirOf(el) === 'rtl' && text(part(el, 'button[type="submit"]')) === he.submit, 'no Hebrew, right to left');
    el.setAttribute('dir', 'ltr');
    await waitUntil(() => dirOf(el) === 'ltr', 'its own dir did not win');
  });

  it('no style of the elements names a physical side or a width or height', () => {
    const physical = /(^|[\s;{])((margin|padding|border)-(left|right|top|bottom)|left|right|(min-|max-)?(width|height))\s*:|text-align:\s*(left|right)|float:/;
    for (const name of ['petition-sign', 'petition-signatures']) {
      const styles = (customElements.get(name) as unknown as { elementStyles: Array<{ cssText: string }> }).elementStyles;
      for (const { cssText } of styles) expect(cssText.replace(/\/\*[\s\S]*?\*\//g, ''), name).not.to.match(physical);
    }
  });
});
