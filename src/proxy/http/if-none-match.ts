// If-None-Match as RFC 9110 §13.1.2 says a server evaluates it for a GET or HEAD: the condition
// is false (the answer is 304 Not Modified) when the field is `*` and there is a current answer,
// or when one of the listed entity tags matches the answer's by the weak comparison of §8.8.3.2
// (`W/"a"` matches `"a"`). A field that does not parse matches nothing: the full answer is sent.

/** An entity tag in a list: optional `W/`, then a quoted string of etagc (commas allowed inside). */
const LISTED_TAG = /^\s*(?:W\/)?("[\x21\x23-\x7e\x80-\xff]*")\s*(?:,|$)/;

/** Whether a request with this If-None-Match (undefined: none) already has `etag` (quoted, strong). */
export function ifNoneMatchHolds(field: string | undefined, etag: string): boolean {
  if (field === undefined) return false;
  if (field.trim() === '*') return true;
  let rest = field;
  while (rest.trim() !== '') {
    const listed = LISTED_TAG.exec(rest);
    if (!listed) return false;
    if (listed[1] === etag) return true;
    rest = rest.slice(listed[0].length);
  }
  return false;
}
