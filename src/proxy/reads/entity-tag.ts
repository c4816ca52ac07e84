// The ETag of a read's answer (RFC 9110 §8.8.3), so that a browser or a cache in front of the
// proxy can ask "has it changed?" and get a 304 without the body. Strong: the tag names the exact
// bytes the proxy sends (these answers are never compressed or rewritten by it), and the stale
// mark is part of the answer too, since a fresh and a stale answer may have the same body but not
// the same X-Petition-Stale header, which a 304 would leave a cache's copy without. Web Crypto,
// so that the Worker (src/proxy/worker/) computes the same tag as Node.

/** 128 bits of the SHA-256 of the answer, in hex, quoted: `"0f3a…"`. */
export async function entityTagOf(body: string, stale: boolean): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(stale ? `stale\n${body}` : body));
  const hex = Array.from(new Uint8Array(digest, 0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `"${hex}"`;
}
