// When an element cannot work, it says why in the page and once in the console with the fix,
// and shows the editor's fallback content: no petition-id, a proxy that does not answer, a page
// origin the proxy refuses (told apart through the public embed status), a petition the proxy
// does not know, and a key that is pending, denied or revoked.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { PetitionSign, PetitionSignatures } from '../../src/components/petition-embed.js';
import '../../src/components/petition-embed.js';
import { part, text } from './shadow-query.js';
import { createPetition } from './test-petition.js';

/** The same server under another origin name: Chromium treats localhost and 127.0.0.1 apart. */
function otherOrigin(): string {
  const host = location.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
  return `${location.protocol}//${host}:${location.port}`;
}

let warnings: string[] = [];
const originalWarn = console.warn;

beforeEach(() => {
  warnings = [];
  // Only the elements' own advice: Lit's development build warns about other things too.
  console.warn = (...args: unknown[]) => {
    const line = args.map(String).join(' ');
    if (line.startsWith('<petition-')) warnings.push(line);
  };
});
afterEach(() => {
  console.warn = originalWarn;
});

async function shown(el: Element, what: string): Promise<string> {
  await waitUntil(() => text(part(el, '[part="status"]')).includes(what), `not shown: ${what}; got "${text(part(el, '[part="base"]'))}"`);
  return text(part(el, '[part="status"]'));
}

/** The console advice comes with the diagnosis's chunk (src/components/embed-diagnosis.ts). */
const warned = (count = 1) => waitUntil(() => warnings.length >= count, `no console advice: ${warnings.join(' | ')}`);

const FALLBACK = html`<a href="https://campaign.example.org/petition">Sign on our website</a>`;

describe('editor diagnostics', () => {
  it('no petition-id: said in the page, once in the console, with the fallback link shown', async () => {
    const el = await fixture<PetitionSign>(html`<petition-sign>${FALLBACK}</petition-sign>`);
    await shown(el, 'missing the number of its petition');
    el.requestUpdate();
    await el.updateComplete;
    await warned();
    expect(warnings).to.deep.equal(['<petition-sign> needs the petition\'s number: <petition-sign petition-id="42">.']);
    const slot = part<HTMLSlotElement>(el, '[part="status"] slot:not([name])')!;
    expect(slot.assignedElements().map(text)).to.deep.equal(['Sign on our website']);
    await expect(el).to.be.accessible();

    const list = await fixture<PetitionSignatures>(html`<petition-signatures></petition-signatures>`);
    await shown(list, 'missing the number of its petition');
    await warned(2);
    expect(warnings.at(-1)).to.match(/^<petition-signatures> needs the petition's number/);
  });

  it('a proxy that does not answer: names the URL it tried', async () => {
    const el = await fixture<PetitionSign>(html`<petition-sign petition-id="1" endpoint="http://127.0.0.1:9/">${FALLBACK}</petition-sign>`);
    const status = await shown(el, 'did not answer');
    expect(status).to.include('http://127.0.0.1:9/');
    expect(part(el, '[part="retry"]')).to.exist;
    await warned();
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.include('the petition proxy at http://127.0.0.1:9/ did not answer. Check the script tag');
    await expect(el).to.be.accessible();
  });

  it('a page origin the proxy refuses: told apart from an unreachable proxy, and the fix named', async () => {
    const petitionId = await createPetition();
    const endpoint = `${otherOrigin()}/refusing-proxy/`;
    const el = await fixture<PetitionSign>(html`<petition-sign petition-id=${petitionId} endpoint=${endpoint}></petition-sign>`);
    const status = await shown(el, 'cannot be shown on this website');
    expect(status).to.include(location.origin);
    expect(part(el, '[part="retry"]'), 'retrying cannot help').to.equal(null);
    await warned();
    expect(warnings).to.deep.equal([
      `<petition-sign>: the petition proxy at ${endpoint} refuses pages from ${location.origin}. Add "${location.origin}" to allowedOrigins in its configuration (the demo of npm start: npm start -- --allow-origin ${location.origin}).`,
    ]);
    // The same proxy under another name that allows this page works: the difference is the origin.
    const allowed = await fixture<PetitionSign>(html`<petition-sign petition-id=${petitionId} endpoint=${`${otherOrigin()}/`}></petition-sign>`);
    await waitUntil(() => part(allowed, '[part="count"]'), 'the allowing proxy did not load');
    await expect(el).to.be.accessible();
  });

  it('a petition the proxy does not know', async () => {
    const el = await fixture<PetitionSign>(html`<petition-sign petition-id="424242"></petition-sign>`);
    await shown(el, 'Petition 424242 is not available');
    await warned();
    expect(warnings[0]).to.include('has no petition 424242. Add it to petitions');
    const list = await fixture<PetitionSignatures>(html`<petition-signatures petition-id="424242"></petition-signatures>`);
    await shown(list, 'Petition 424242 is not available');
  });

  it('a key still pending opens "as soon as the organisers approve"; denied or revoked say this site cannot collect', async () => {
    const pending = await fixture<PetitionSign>(html`<petition-sign petition-id=${await createPetition({ keyStatus: 'pending' })}></petition-sign>`);
    await waitUntil(() => part(pending, '[part="closed"]'));
    expect(text(part(pending, '[part="closed"]'))).to.equal("This form will open as soon as the petition's organisers approve this website.");
    expect(part(pending, 'form')).to.equal(null);
    await warned();
    expect(warnings[0]).to.match(/the petition service's operator has not yet granted the petition proxy at \S+'s key for petition \d+/);
    await expect(pending).to.be.accessible();
    for (const keyStatus of ['denied', 'revoked'] as const) {
      warnings = [];
      const el = await fixture<PetitionSign>(html`<petition-sign petition-id=${await createPetition({ keyStatus })}></petition-sign>`);
      await waitUntil(() => part(el, '[part="closed"]'));
      expect(text(part(el, '[part="closed"]'))).to.equal('This website cannot collect signatures for this petition any more.');
      await warned();
      expect(warnings).to.have.length(1);
      expect(warnings[0]).to.match(new RegExp(`operator has ${keyStatus} the petition proxy at \\S+'s key`));
    }
  });
});
