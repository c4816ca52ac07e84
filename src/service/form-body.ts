// A form body (application/x-www-form-urlencoded) read in one pass: its parameters as the URL
// Standard's parser (URLSearchParams) reads them, the first occurrence of a name winning, and
// the REQUEST_STRING its rsig signs (docs/api.md "Signing a request"): the body exactly as sent,
// without its rsig pair wherever it stands, so that any correct encoder on the client verifies.
// Reading the parameters and the request string separately parsed every submission twice.

export interface FormBody {
  /** Own data properties only: a pair named __proto__ stays plain data. */
  values: Record<string, string>;
  /** How many distinct names the body has. */
  count: number;
  requestString: string;
}

export function readFormBody(body: string): FormBody {
  const values: Record<string, string> = {};
  let count = 0;
  let requestString = '';
  let kept = 0;
  for (const segment of body.split('&')) {
    const equals = segment.indexOf('=');
    const rawName = equals < 0 ? segment : segment.slice(0, equals);
    // The rsig pair is recognised as sent, undecoded, as the signer's side drops it.
    if (rawName !== 'rsig') requestString = kept++ === 0 ? segment : `${requestString}&${segment}`;
    if (segment === '') continue;
    const name = decodeComponent(rawName);
    if (Object.hasOwn(values, name)) continue;
    const value = equals < 0 ? '' : decodeComponent(segment.slice(equals + 1));
    Object.defineProperty(values, name, { value, enumerable: true, writable: true, configurable: true });
    count++;
  }
  return { values, count, requestString };
}

/** The REQUEST_STRING of a form body: the body exactly as sent, without its `rsig` pair. */
export function formRequestString(body: string): string {
  return readFormBody(body).requestString;
}

/** One name or value: `+` is a space, then percent-decoding as UTF-8; what is not valid UTF-8 as URLSearchParams has it. */
function decodeComponent(text: string): string {
  const spaced = text.includes('+') ? text.replaceAll('+', ' ') : text;
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return new URLSearchParams(`x=${text}`).get('x')!;
  }
}
