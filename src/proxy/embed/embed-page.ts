// The HTML of an embed page: one element on its own, for hosts that allow an iframe but no script
// (README.md "In an iframe"). It loads the bundle as a host page does, and the height reporter,
// both from this proxy; everything written into it from a request is escaped.
import { languageDirection, languageOf } from '../../shared/element-languages.js';
import { RESERVED_SPACE_CSS } from '../../shared/reserved-space.js';
import type { EmbedKind, EmbedQuery } from './embed-attributes.js';
import { EMBED_TITLES } from './embed-titles.js';

/** The path of the script that tells the framing page the content's height (frame-height-script.ts). */
export const FRAME_HEIGHT_SCRIPT_PATH = '/embed/frame-height.js';
export const EMBED_STYLE_PATH = '/embed/embed-page.css';

/**
 * White, not transparent: the elements' colours then stay readable on a host page of any colour.
 * With the elements' reserved space: this sheet blocks the first frame, so the page has its final
 * height from the start and its first height message (frame-height-script.ts) is the real one.
 */
export const EMBED_STYLE = `:root { color-scheme: light; }
html { background: #fff; color: #0b0c0c; }
body { margin: 0; padding: 0.5rem; font: 1rem/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; }
.visually-hidden { position: absolute; width: 1px; height: 1px; margin: 0; padding: 0; overflow: hidden; clip-path: inset(50%); border: 0; white-space: nowrap; }
${RESERVED_SPACE_CSS}`;

const TAGS: Record<EmbedKind, string> = { sign: 'petition-sign', signatures: 'petition-signatures' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * The page's policy: scripts, styles and requests from this proxy only, nothing inline; framed
 * only by `frameAncestors` (origins the config validated, so no quote, space or semicolon).
 */
export function embedContentSecurityPolicy(frameAncestors: readonly string[]): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "connect-src 'self'",
    "style-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${frameAncestors.join(' ')}`,
  ].join('; ');
}

function documentOf(language: string, title: string, head: string, body: string): string {
  const dir = languageDirection(languageOf(language));
  return `<!doctype html>
<html lang="${escapeHtml(language)}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<base target="_blank">
<link rel="stylesheet" href="${EMBED_STYLE_PATH}">
${head}</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/**
 * The page of one element. Links open outside the frame (`<base target="_blank">`): the notice's
 * pages and the withdrawal link belong in a tab of their own, and most refuse to be framed.
 */
export function embedPage(kind: EmbedKind, petitionId: number, query: EmbedQuery, frameAncestors: readonly string[]): string {
  const title = EMBED_TITLES[kind][languageOf(query.language)];
  const attributes = [['petition-id', String(petitionId)], ...query.attributes]
    .map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${escapeHtml(value!)}"`))
    .join('');
  const head = `<script type="module" src="/petition-embed.js"></script>
<script defer src="${FRAME_HEIGHT_SCRIPT_PATH}" data-petition-id="${petitionId}" data-frame-origins="${escapeHtml(frameAncestors.join(' '))}"></script>
`;
  return documentOf(query.language, title, head, `<h1 class="visually-hidden">${escapeHtml(title)}</h1>
<${TAGS[kind]}${attributes}></${TAGS[kind]}>`);
}

/** The page for a petition this proxy does not serve: it says so, and runs no script. */
export function petitionNotFoundPage(): string {
  return documentOf('en', 'Petition not found', '', `<h1>Petition not found</h1>
<p>This petition proxy has no petition with the number in this address. Check the number in the frame's address against the proxy's configuration.</p>`);
}
