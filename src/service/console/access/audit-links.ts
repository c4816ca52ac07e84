// An audit entry names what it acted on by kind and id ("signature 812", "batch 3: …"): each such
// name becomes a link to the page that shows it, while it still exists (an erased signature or a
// removed block list entry stays plain text, as the entry wrote it).
import { html } from 'hono/html';
import type { Store } from '../../store/store.js';
import { CONSOLE_PATH } from '../shell/console-env.js';
import type { Html } from '../shell/layout.js';

/** The names entries use (audit-log.ts's callers); an operator has no page of their own. */
const REFERENCE = /\b(petition|signature|key request|block list entry|batch|alert) ([1-9]\d{0,14})\b/g;

type Kind = 'petition' | 'signature' | 'key request' | 'block list entry' | 'batch' | 'alert';

async function hrefOf(store: Store, kind: Kind, id: number): Promise<string | null> {
  switch (kind) {
    case 'petition':
      return (await store.petitionById.get(id)) ? `${CONSOLE_PATH}/petitions/${id}` : null;
    case 'signature':
      return (await store.signatureById.get(id)) ? `${CONSOLE_PATH}/signatures/${id}` : null;
    case 'key request':
      return (await store.authKeyRequestById.get(id)) ? `${CONSOLE_PATH}/key-requests#key-request-${id}` : null;
    case 'block list entry':
      return (await store.blockEntryById.get(id)) ? `${CONSOLE_PATH}/block-list#block-entry-${id}` : null;
    case 'batch': {
      const batch = await store.invalidationBatchById.get(id);
      return batch ? `${CONSOLE_PATH}/petitions/${batch.petition_id}/bulk-invalidation#batch-${id}` : null;
    }
    case 'alert': {
      const alert = await store.alertById.get(id);
      return alert ? `${CONSOLE_PATH}/petitions/${alert.petition_id}#alert-${id}` : null;
    }
  }
}

/** The links for every name in `texts` (a page of entries' subjects and details), each looked up once. */
export async function auditLinks(store: Store, texts: string[]): Promise<Map<string, string>> {
  const links = new Map<string, string>();
  const seen = new Set<string>();
  for (const text of texts) {
    for (const [name, kind, id] of text.matchAll(REFERENCE)) {
      if (seen.has(name)) continue;
      seen.add(name);
      const href = await hrefOf(store, kind as Kind, Number(id));
      if (href) links.set(name, href);
    }
  }
  return links;
}

/** The text with each name that has a link made one. */
export function withLinks(text: string, links: Map<string, string>): Html {
  const parts: Array<string | Html> = [];
  let at = 0;
  for (const match of text.matchAll(REFERENCE)) {
    const href = links.get(match[0]);
    if (!href) continue;
    parts.push(text.slice(at, match.index), html`<a href="${href}">${match[0]}</a>`);
    at = match.index + match[0].length;
  }
  parts.push(text.slice(at));
  return html`${parts}`;
}
