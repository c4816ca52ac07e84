// The embed pages at the HTTP boundary of a real proxy: who may frame them (frame-ancestors, with
// look-alike origins), their own policy, the attributes taken from the query (validated, escaped,
// the rest ignored) and the 404 page for a petition the proxy does not serve. Chromium's side is
// test/e2e/iframe-embed.test.ts.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Stack } from '../stack.js';

const ALLOWED = 'https://www.example.org';
const FRAMING = 'https://sites.example.net';

function directive(policy: string | undefined, name: string): string | undefined {
  return policy?.split(';').map((part) => part.trim()).find((part) => part.startsWith(`${name} `));
}

/** The element's start tag as the page writes it. */
function elementTag(body: string, tag: string): string {
  const match = new RegExp(`<${tag}[^>]*>`).exec(body);
  assert.ok(match, `no <${tag}> in:\n${body}`);
  return match[0];
}

describe('the embed pages', () => {
  let stack: Stack;
  let petition: number;
  let own: string;
  before(async () => {
    stack = await new Stack({ config: { allowedOrigins: [ALLOWED], frameOrigins: [FRAMING] } }).start();
    petition = stack.petitionIds[0]!;
    own = new URL(stack.config.publicUrl).origin;
  });
  after(() => stack.close());

  test('the form page is framed only by the proxy, the allowed origins and the framing origins, and loads scripts from the proxy only', async () => {
    const answer = await stack.call('GET', `/embed/${petition}`);
    assert.equal(answer.status, 200);
    assert.match(answer.headers['content-type']!, /^text\/html; charset=utf-8$/i);
    const policy = answer.headers['content-security-policy'];
    assert.equal(directive(policy, 'frame-ancestors'), `frame-ancestors ${own} ${ALLOWED} ${FRAMING}`);
    assert.equal(directive(policy, 'script-src'), "script-src 'self'");
    assert.equal(directive(policy, 'default-src'), "default-src 'none'");
    assert.equal(
      policy,
      `default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors ${own} ${ALLOWED} ${FRAMING}`,
    );
    assert.equal(answer.headers['x-content-type-options'], 'nosniff');
    // Its frame-ancestors follow the configuration, which may change at the next start.
    assert.equal(answer.headers['cache-control'], 'no-cache');
    assert.ok(
      answer.body.includes(`<script defer src="/embed/frame-height.js" data-petition-id="${petition}" data-frame-origins="${own} ${ALLOWED} ${FRAMING}"></script>`),
      answer.body,
    );
    assert.equal(answer.headers['x-frame-options'], undefined);
    assert.match(answer.body, /^<!doctype html>\n<html lang="en" dir="ltr">/);
    assert.match(answer.body, /<title>Sign this petition<\/title>/);
    assert.match(answer.body, /<script type="module" src="\/petition-embed\.js"><\/script>/);
    assert.match(answer.body, /<script defer src="\/embed\/frame-height\.js"/);
    // No inline script: every <script> has a src.
    assert.deepEqual([...answer.body.matchAll(/<script(?![^>]*\ssrc=)[^>]*>/g)], []);
    assert.equal(elementTag(answer.body, 'petition-sign'), `<petition-sign petition-id="${petition}">`);
  });

  test('the list page carries the same policy, and the proxy\'s other answers no frame-ancestors', async () => {
    const answer = await stack.call('GET', `/embed/${petition}/signatures?mode=list&page-size=25&sort=time_asc&refresh=0`);
    assert.equal(answer.status, 200);
    assert.equal(directive(answer.headers['content-security-policy'], 'frame-ancestors'), `frame-ancestors ${own} ${ALLOWED} ${FRAMING}`);
    assert.match(answer.body, /<title>Signatures<\/title>/);
    assert.equal(
      elementTag(answer.body, 'petition-signatures'),
      `<petition-signatures petition-id="${petition}" mode="list" page-size="25" sort="time_asc" refresh="0">`,
    );
    const health = await stack.call('GET', '/healthz');
    assert.equal(health.headers['content-security-policy'], undefined);
    assert.equal(health.headers['x-frame-options'], undefined);
  });

  test('only the element\'s documented attributes are taken, each validated; endpoint, thanks-url and the rest are ignored', async () => {
    const query = new URLSearchParams({
      country: 'gb',
      'notice-position': 'above',
      show: 'title overview title',
      goal: '5000',
      'hide-phone': '',
      'hide-reason': 'no',
      endpoint: 'https://evil.example',
      'thanks-url': `${ALLOWED}/thanks`,
      onmouseover: 'alert(1)',
      lang: 'es',
    });
    const answer = await stack.call('GET', `/embed/${petition}?${query}`);
    assert.equal(
      elementTag(answer.body, 'petition-sign'),
      `<petition-sign petition-id="${petition}" country="GB" notice-position="above" show="title overview" goal="5000" hide-phone>`,
    );
    assert.match(answer.body, /<html lang="es" dir="ltr">/);
    assert.match(answer.body, /<title>Firmar esta petición<\/title>/);

    const bad = new URLSearchParams({ country: 'GBR', 'notice-position': 'left', show: 'title script', goal: '-1', 'page-size': '10', lang: 'xx' });
    const ignored = await stack.call('GET', `/embed/${petition}?${bad}`);
    assert.equal(elementTag(ignored.body, 'petition-sign'), `<petition-sign petition-id="${petition}">`);
    assert.match(ignored.body, /<html lang="en" dir="ltr">/);

    const list = await stack.call('GET', `/embed/${petition}/signatures?${new URLSearchParams({ 'page-size': '101', mode: 'all', sort: 'name', refresh: '1e3', country: 'GB' })}`);
    assert.equal(elementTag(list.body, 'petition-signatures'), `<petition-signatures petition-id="${petition}">`);
  });

  test('a script in a query parameter is written as text, never as markup', async () => {
    const injection = '"><script>alert(1)</script><x y="';
    const answer = await stack.call('GET', `/embed/${petition}?${new URLSearchParams({ 'submit-label': injection, lang: 'en"><script>alert(2)</script>' })}`);
    assert.equal(answer.status, 200);
    assert.ok(!answer.body.includes('<script>alert'), answer.body);
    assert.equal(
      elementTag(answer.body, 'petition-sign'),
      `<petition-sign petition-id="${petition}" submit-label="&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;&#60;x y=&#34;">`,
    );
    assert.match(answer.body, /<html lang="en" dir="ltr">/);
  });

  test('share-url is taken only on an origin that may frame the page, not on a look-alike', async () => {
    const shareUrl = async (value: string) =>
      /share-url="([^"]*)"/.exec((await stack.call('GET', `/embed/${petition}?${new URLSearchParams({ 'share-url': value })}`)).body)?.[1];
    assert.equal(await shareUrl(`${ALLOWED}/save-the-park`), `${ALLOWED}/save-the-park`);
    assert.equal(await shareUrl(`${FRAMING}/petition`), `${FRAMING}/petition`);
    for (const lookAlike of ['https://www.example.org.evil.net/', 'http://www.example.org/', 'https://www.example.org:8443/', 'https://www.exampie.org/', 'javascript:alert(1)', '/relative']) {
      assert.equal(await shareUrl(lookAlike), undefined, lookAlike);
    }
  });

  test('a petition the proxy does not serve, or a script in its place, gets a 404 page (never a 500), framed by the same origins', async () => {
    for (const path of [`/embed/${petition + 1000}`, '/embed/0', `/embed/0${petition}`, '/embed/abc/signatures', '/embed/%3Cscript%3Ealert(1)%3C%2Fscript%3E', `/embed/${petition}%22%3E%3Cscript%3E`]) {
      const answer = await stack.call('GET', path);
      assert.equal(answer.status, 404, path);
      assert.match(answer.headers['content-type']!, /^text\/html/i, path);
      assert.match(answer.body, /<html lang="en" dir="ltr">[\s\S]*<title>Petition not found<\/title>/, path);
      assert.match(answer.body, /<main>\n<h1>Petition not found<\/h1>\n<p>This petition proxy has no petition with the number in this address\./, path);
      assert.equal(answer.headers['x-content-type-options'], 'nosniff', path);
      // Nothing in its head but the style sheet: no script, no element's code.
      assert.match(answer.body, /<base target="_blank">\n<link rel="stylesheet" href="\/embed\/embed-page\.css">\n<\/head>/, path);
      assert.ok(!/alert|<script/.test(answer.body), `${path}: ${answer.body}`);
      assert.equal(directive(answer.headers['content-security-policy'], 'frame-ancestors'), `frame-ancestors ${own} ${ALLOWED} ${FRAMING}`, path);
    }
  });

  test('the height script and the stylesheet are files of the proxy, with their types', async () => {
    const script = await stack.call('GET', '/embed/frame-height.js');
    assert.equal(script.status, 200);
    assert.match(script.headers['content-type']!, /^text\/javascript/);
    assert.match(script.body, /petition-embed:height/);
    assert.equal(script.headers['cache-control'], 'public, max-age=300');
    assert.equal(script.headers['x-content-type-options'], 'nosniff');
    const style = await stack.call('GET', '/embed/embed-page.css');
    assert.equal(style.status, 200);
    assert.match(style.headers['content-type']!, /^text\/css/);
    assert.equal(style.headers['cache-control'], 'public, max-age=300');
    assert.equal(style.headers['x-content-type-options'], 'nosniff');
    // White under the elements whatever the host page's colour, and their space reserved before they are defined.
    assert.match(style.body, /^:root \{ color-scheme: light; \}\nhtml \{ background: #fff;/);
    assert.match(style.body, /petition-sign:not\(:defined\)\{--_i:9;/);
    assert.deepEqual(stack.leaks(), []);
  });
});

test('a page takes any language the elements speak, region and script kept, its words and direction with it', async () => {
  const stack = await new Stack({ config: { allowedOrigins: [ALLOWED] } }).start();
  try {
    const petition = stack.petitionIds[0]!;
    const page = async (lang: string, kind = '') => (await stack.call('GET', `/embed/${petition}${kind}?${new URLSearchParams({ lang })}`)).body;
    assert.match(await page('ar'), /<html lang="ar" dir="rtl">[\s\S]*<title>وقّع هذه العريضة<\/title>/);
    assert.match(await page('he', '/signatures'), /<html lang="he" dir="rtl">[\s\S]*<title>חתימות<\/title>/);
    assert.match(await page('zh-TW'), /<html lang="zh-TW" dir="ltr">[\s\S]*<title>連署這份請願<\/title>/);
    assert.match(await page('pt_br'), /<html lang="pt-BR" dir="ltr">/);
    assert.match(await page('mt'), /<html lang="mt" dir="ltr">[\s\S]*<title>Iffirma din il-petizzjoni<\/title>/);
    // A well-formed tag of a language the elements lack is English, not a page that claims it.
    assert.match(await page('xh-ZA'), /<html lang="en" dir="ltr">[\s\S]*<title>Sign this petition<\/title>/);
    assert.match(await page('en-GB'), /<html lang="en-GB" dir="ltr">/);
  } finally {
    await stack.close();
  }
});

describe('the embed pages of a proxy with no other origin', () => {
  let stack: Stack;
  before(async () => {
    stack = await new Stack({ config: { allowedOrigins: [] } }).start();
  });
  after(() => stack.close());

  test('only the proxy itself may frame them', async () => {
    const answer = await stack.call('GET', `/embed/${stack.petitionIds[0]}`);
    assert.equal(directive(answer.headers['content-security-policy'], 'frame-ancestors'), `frame-ancestors ${new URL(stack.config.publicUrl).origin}`);
  });
});
