// What every HTML page of the service (the console, signers' confirmation pages) shares: one
// small stylesheet inlined, and headers that let a page run no script, load nothing from
// elsewhere, post forms only to this service and never be framed.
import { createHash } from 'node:crypto';
import type { Context } from 'hono';

export const PAGE_STYLE = `
:root { color-scheme: light; --ink: #0b0c0c; --muted: #505a5f; --line: #b1b4b6; --link: #1d4ed8; --focus: #ffdd00; --error: #b10e1e; --ok: #00703c; }
* { box-sizing: border-box; }
body { margin: 0; font: 1rem/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); background: #fff; }
a { color: var(--link); }
a:focus, button:focus, input:focus, select:focus, textarea:focus, summary:focus, [tabindex]:focus { outline: 3px solid var(--focus); outline-offset: 0; box-shadow: 0 0 0 5px var(--ink); }
.visually-hidden { position: absolute; width: 1px; height: 1px; margin: 0; padding: 0; overflow: hidden; clip-path: inset(50%); border: 0; white-space: nowrap; }
.skip-link { position: absolute; left: -999px; } .skip-link:focus { left: 1rem; top: 1rem; background: var(--focus); color: var(--ink); padding: .5rem; }
header.site { background: var(--ink); color: #fff; padding: .75rem 1rem; display: flex; flex-wrap: wrap; gap: 1rem; align-items: center; justify-content: space-between; }
header.site a { color: #fff; }
header.site nav ul { list-style: none; display: flex; flex-wrap: wrap; gap: 1rem; margin: 0; padding: 0; }
header.site form { margin: 0; }
header.site span, h1 { overflow-wrap: anywhere; }
main { max-width: 72rem; margin: 0 auto; padding: 1rem 1rem 3rem; }
main.narrow { max-width: 40rem; }
h1 { font-size: 2rem; line-height: 1.2; margin: 1rem 0; }
h2 { font-size: 1.4rem; margin: 1.5rem 0 .5rem; }
label, legend { display: block; font-weight: 700; margin-bottom: .25rem; }
.hint { color: var(--muted); margin: 0 0 .25rem; }
.field { margin-bottom: 1.25rem; }
.field-error { border-left: 5px solid var(--error); padding-left: .75rem; }
.error-message { color: var(--error); font-weight: 700; margin: 0 0 .25rem; }
input[type=text], input[type=email], input[type=password], input[type=url], input[type=number], input[type=search], input[type=datetime-local], select, textarea {
  font: inherit; width: 100%; max-width: 36rem; padding: .4rem; border: 2px solid var(--ink); border-radius: 0; }
textarea { min-height: 8rem; }
input[type=checkbox] { width: 1.5rem; height: 1.5rem; vertical-align: middle; margin-right: .5rem; }
.checkbox label { display: inline; font-weight: 400; }
button, .button { font: inherit; font-weight: 700; padding: .5rem 1rem; border: 2px solid var(--ink); background: #f3f2f1; color: var(--ink); cursor: pointer; text-decoration: none; display: inline-block; }
button.primary { background: var(--ok); color: #fff; border-color: var(--ok); }
button.warning { background: var(--error); color: #fff; border-color: var(--error); }
.error-summary { border: 5px solid var(--error); padding: 1rem; margin-bottom: 1.5rem; }
.error-summary h2 { margin-top: 0; }
.notice { border-left: 5px solid var(--link); padding: .5rem 1rem; background: #f3f2f1; margin-bottom: 1.5rem; }
table { border-collapse: collapse; width: 100%; margin-bottom: 1rem; }
.table-region { overflow-x: auto; margin-bottom: 1rem; position: relative; } /* relative: the visually hidden text in its buttons overflows this box, not the page */
.table-region table { margin-bottom: 0; }
caption { text-align: left; font-weight: 700; margin-bottom: .5rem; }
th, td { text-align: left; vertical-align: top; border-bottom: 1px solid var(--line); padding: .5rem .5rem .5rem 0; }
td.number, th.number { text-align: right; }
.actions { display: flex; flex-wrap: wrap; gap: .5rem; align-items: flex-start; }
.actions form { margin: 0; }
nav.pages ul { list-style: none; padding: 0; display: flex; gap: 1rem; }
dl.summary { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; }
dl.summary dt { font-weight: 700; }
dl.summary dd { margin: 0; overflow-wrap: anywhere; }
code { overflow-wrap: anywhere; }
`;

const STYLE_HASH = createHash('sha256').update(PAGE_STYLE).digest('base64');

export function securePageHeaders(c: Context): void {
  c.header(
    'Content-Security-Policy',
    `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
  );
  c.header('X-Frame-Options', 'DENY');
  // Console URLs carry petition and signature ids, confirmation URLs a signer's token.
  c.header('Referrer-Policy', 'no-referrer');
}
