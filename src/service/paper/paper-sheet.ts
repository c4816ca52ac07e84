// A sheet of paper signatures as an operator uploads it (docs/paper-signatures.md), its text
// read from its bytes by sheet-bytes.ts: CSV whose
// header row names the API's signer fields, one signer per row after it. Each row is checked by
// the online signers' rules (validateSigner with every country's address rules); email is the
// one field a paper row may leave blank. A row that fails is reported by its row number (the
// header is row 1, as a spreadsheet numbers them) and its fields' problems, never its values.
import { everyCountry } from '../../shared/addresses/every-country.js';
import { validateSigner } from '../../shared/signature-schema.js';
import { SIGNER_FIELDS, formatProblem } from '../../shared/signer-fields.js';
import type { SignerField, SignerInput } from '../../shared/signer-fields.js';
import { giveLoopTurn } from '../jobs/loop-slices.js';
import { readCsvRecords } from './csv-records.js';

/** The most signers one sheet may hold. */
export const PAPER_ROW_LIMIT = 1000;
/** Rows checked between turns of the event loop: a full sheet takes about 35 ms to check. */
const ROWS_PER_TURN = 200;

/** The columns a sheet must have; the other signer fields may be left out. */
const REQUIRED_COLUMNS: readonly SignerField[] = ['first_name', 'last_name', 'address', 'city', 'country_code'];

/** Stands in for a blank email while the online rules run, which require one; never stored. */
const NO_EMAIL = 'no-email@paper.invalid';

export interface SheetRow {
  rowNumber: number;
  signer: SignerInput;
}

export interface FailingRow {
  rowNumber: number;
  reasons: string[];
}

export type SheetRead = { ok: true; rows: SheetRow[]; failing: FailingRow[] } | { ok: false; problem: string };

function headerProblem(header: string[]): string | undefined {
  const known = new Set<string>(SIGNER_FIELDS);
  const unknown = header.filter((name) => !known.has(name));
  if (unknown.length > 0) return `The header row names columns that are not signer fields: ${unknown.join(', ')}. Use the API's field names, like first_name`;
  if (new Set(header).size !== header.length) return 'The header row names a column twice';
  const missing = REQUIRED_COLUMNS.filter((name) => !header.includes(name));
  if (missing.length > 0) return `The header row has no ${missing.join(', ')} column`;
  return undefined;
}

export async function readPaperSheet(text: string): Promise<SheetRead> {
  const csv = readCsvRecords(text);
  if (!csv.ok) return csv;
  const [first, ...records] = csv.records;
  if (!first) return { ok: false, problem: 'The file has no header row' };
  const header = first.map((name) => name.trim().toLowerCase());
  const problem = headerProblem(header);
  if (problem) return { ok: false, problem };
  if (records.length === 0) return { ok: false, problem: 'The file has a header row but no signers' };
  if (records.length > PAPER_ROW_LIMIT) return { ok: false, problem: `The file has ${records.length} signers: at most ${PAPER_ROW_LIMIT} fit in one batch` };
  const rows: SheetRow[] = [];
  const failing: FailingRow[] = [];
  for (const [index, cells] of records.entries()) {
    if (index > 0 && index % ROWS_PER_TURN === 0) await giveLoopTurn();
    const rowNumber = index + 2;
    if (cells.length !== header.length) {
      failing.push({ rowNumber, reasons: [`The row has ${cells.length} fields where the header has ${header.length}`] });
      continue;
    }
    // A blank cell is a field left out, as a blank field of the online form is.
    const fields: Record<string, string> = Object.fromEntries(header.flatMap((name, column) => (cells[column]!.trim() === '' ? [] : [[name, cells[column]!]])));
    const blankEmail = fields['email'] === undefined;
    const validation = validateSigner({ ...fields, email: blankEmail ? NO_EMAIL : fields['email'] }, everyCountry);
    if (!validation.success) failing.push({ rowNumber, reasons: validation.problems.map(formatProblem) });
    else rows.push({ rowNumber, signer: { ...validation.output, email: blankEmail ? '' : validation.output.email } });
  }
  return { ok: true, rows, failing };
}
