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
  /** Where each pair left out of the request string starts and ends (its '&' included). */
  const dropped: Array<[number, number]> = [];
  for (let start = 0; start <= body.length; ) {
    let end = body.indexOf('&', start);
    if (end < 0) end = body.length;
    const equals = body.indexOf('=', start);
    const nameEnd = equals >= 0 && equals < end ? equals : end;
    const rawName = body.slice(start, nameEnd);
    // The rsig pair is recognised as sent, undecoded, as the signer's side drops it.
    if (rawName === 'rsig') dropped.push([start, end]);
    if (end > start) {
      const name = decodeComponent(rawName);
      if (!Object.hasOwn(values, name)) {
        const value = nameEnd < end ? decodeComponent(body.slice(nameEnd + 1, end)) : '';
        // Assigning __proto__ would set the prototype; defining it keeps it data (and only then,
        // as defining properties one by one is slow).
        if (name === '__proto__') Object.defineProperty(values, name, { value, enumerable: true, writable: true, configurable: true });
        else values[name] = value;
        count++;
      }
    }
    start = end + 1;
  }
  return { values, count, requestString: withoutRanges(body, dropped) };
}

/** The body without the rsig pairs, the others joined by '&' as they were: the usual case, one rsig last, is a slice. */
function withoutRanges(body: string, dropped: Array<[number, number]>): string {
  if (dropped.length === 0) return body;
  const [start, end] = dropped[0]!;
  if (dropped.length === 1 && end === body.length) return start === 0 ? '' : body.slice(0, start - 1);
  return body
    .split('&')
    .filter((pair) => pair.split('=', 1)[0] !== 'rsig')
    .join('&');
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
