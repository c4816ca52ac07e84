// What an uploaded sheet's bytes hold: their size checked against the one limit (the bytes as
// uploaded, in the preview and again when the previewed sheet is added), then their text in the
// encoding spreadsheets write. A byte order mark says UTF-8 or UTF-16; without one, bytes that
// are valid UTF-8 are UTF-8, and any others are read as Windows-1252, which Excel writes for
// "CSV (Comma delimited)" in Western Europe and the Americas and which holds every printable
// Latin-1 character at the same byte. Guessing among more encodings by statistics (chardet)
// is unreliable on a short sheet of names, and a wrong guess reads worse than this rule.

/** The largest file accepted, in bytes: with its base64 copy in the confirming form it stays inside the console's form limit. */
export const PAPER_FILE_LIMIT_BYTES = 100 * 1024;

export type SheetEncoding = 'UTF-8' | 'UTF-16LE' | 'UTF-16BE' | 'Windows-1252';

export type SheetText = { ok: true; text: string; encoding: SheetEncoding } | { ok: false; problem: string };

const SAVE_AS_UTF8 = 'In Excel choose File, Save As, "CSV UTF-8 (Comma delimited)"; in LibreOffice tick "Edit filter settings" and pick "Unicode (UTF-8)"';

/** Windows-1252's characters at 0x80 to 0x9F, where Latin-1 has control codes (WHATWG Encoding; Node's own decoder gives Latin-1's). */
const WINDOWS_1252_HIGH = '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F'
  + '\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';

function windows1252(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += byte >= 0x80 && byte <= 0x9f ? WINDOWS_1252_HIGH[byte - 0x80] : String.fromCharCode(byte);
  return text;
}

function strictly(label: string, bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder(label, { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

export function fileSizeProblem(bytes: number): string | undefined {
  if (bytes === 0) return 'The selected file is empty';
  if (bytes > PAPER_FILE_LIMIT_BYTES) return `The file must be ${PAPER_FILE_LIMIT_BYTES / 1024} KB or smaller: split the sheet into several batches`;
  return undefined;
}

export function sheetText(bytes: Uint8Array): SheetText {
  const sizeProblem = fileSizeProblem(bytes.length);
  if (sizeProblem) return { ok: false, problem: sizeProblem };
  const [first, second, third] = bytes;
  const bom: [SheetEncoding, string, number] | undefined =
    first === 0xef && second === 0xbb && third === 0xbf ? ['UTF-8', 'utf-8', 3]
      : first === 0xff && second === 0xfe ? ['UTF-16LE', 'utf-16le', 2]
        : first === 0xfe && second === 0xff ? ['UTF-16BE', 'utf-16be', 2]
          : undefined;
  if (bom) {
    const [encoding, label, length] = bom;
    const text = strictly(label, bytes.subarray(length));
    return text === undefined ? { ok: false, problem: `The file starts as ${encoding} but is not ${encoding} throughout: ${SAVE_AS_UTF8}` } : { ok: true, text, encoding };
  }
  // UTF-16 without its mark, or a spreadsheet's own format, holds zero bytes no CSV text has.
  if (bytes.includes(0)) return { ok: false, problem: `The file is not CSV text: ${SAVE_AS_UTF8}` };
  const text = strictly('utf-8', bytes);
  return text === undefined ? { ok: true, text: windows1252(bytes), encoding: 'Windows-1252' } : { ok: true, text, encoding: 'UTF-8' };
}
